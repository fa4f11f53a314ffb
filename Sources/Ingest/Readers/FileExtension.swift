/// The extension of a file name in a path, lowercased: what follows the last dot of the last
/// component ("Export.ZIP" → "zip"; ".bashrc", "notes." and "a/b" have none). Written out
/// because Foundation's `pathExtension` traps on some paths (`///a//`).
enum FileExtension {
    static func of(_ path: String) -> String {
        var name = Substring(path)
        while name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
