import Foundation

/// Turns `ingest validate` arguments into a sorted list of files: files as given, folders
/// searched recursively for `*.csv` and `*.tsv`, and patterns with `*`, `?` or `**` that the
/// shell left unexpanded. Reads the file system; the rest of validation does not.
package enum InputExpander {
    static let tableExtensions: Set<String> = ["csv", "tsv"]

    /// A path that names nothing, or a pattern that matches nothing.
    package struct NotFound: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package static func expand(_ arguments: [String]) throws(NotFound) -> [String] {
        var files = Set<String>()
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: argument, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    // A folder that holds no table checks nothing: in CI that is a mistake (a
                    // wrong path, or the files not checked out), not a pass.
                    let found = tables(under: argument)
                    guard !found.isEmpty else {
                        throw NotFound(description: "\(argument): no .csv or .tsv file in this folder or below it; name the folder that holds the tables")
                    }
                    files.formUnion(found)
                } else {
                    files.insert(argument)
                }
            } else if GlobPattern.hasWildcard(argument) {
                let matched = glob(argument)
                guard !matched.isEmpty else { throw NotFound(description: "\(argument): no file matches this pattern") }
                files.formUnion(matched)
            } else {
                throw NotFound(description: "\(argument): no such file or folder")
            }
        }
        return files.sorted()
    }

    /// Shard `index` (1-based) of `count`: the files whose path, as spelled, hashes to it
    /// (64-bit FNV-1a of the UTF-8 bytes, the same on every machine). The `count` shards of one
    /// list are disjoint and together hold every file, so CI jobs given the same arguments and
    /// `--shard 1/N` … `N/N` check each file once.
    package static func shard(_ files: [String], index: Int, of count: Int) -> [String] {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index) of \(count)")
        return files.filter { Int(FNV1a.hash($0) % UInt64(count)) == index - 1 }
    }

    /// What `ingest import` reads from a folder: tables, archives and images.
    package static let importableExtensions: Set<String> = tableExtensions.union(["txt", "zip"]).union(Workbook.extensions).union(Importer.imageExtensions)

    /// The files below `folder` that import reads, sorted, as `folder/relative/path`.
    package static func importable(under folder: String) -> [String] {
        walk(folder).filter { importableExtensions.contains(FileExtension.of($0)) }.sorted()
    }

    /// The `.csv`/`.tsv` files below `folder`, as `folder/relative/path`.
    static func tables(under folder: String) -> [String] {
        walk(folder).filter { tableExtensions.contains(FileExtension.of($0)) }
    }

    /// Every file below `folder`, hidden folders (`.git`) left out: regular files, and links,
    /// pipes or devices that are not folders (a link to a folder is not followed; a broken link
    /// is left out). A folder given as a link is read. Read with `readdir`, whose entry types
    /// spare a `stat` per file; the caller sorts.
    static func walk(_ folder: String) -> [String] {
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        var out: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? folder : prefix + relative) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_REG):
                    out.append(prefix + path)
                case Int32(DT_DIR):
                    if !name.hasPrefix(".") { pending.append(path) }
                default:
                    // A link, a pipe, or a file system that does not say: asked of the file.
                    var info = stat()
                    guard lstat(prefix + path, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        if !name.hasPrefix(".") { pending.append(path) }
                    } else if info.st_mode & S_IFMT != S_IFLNK {
                        out.append(prefix + path)
                    } else if stat(prefix + path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                        out.append(prefix + path)
                    }
                }
            }
        }
        return out
    }

    /// Files matching `pattern`, searched from the folder before its first wildcard.
    static func glob(_ pattern: String) -> [String] {
        let absolute = pattern.hasPrefix("/")
        let components = pattern.split(separator: "/").map(String.init)
        let fixed = components.prefix { !GlobPattern.hasWildcard($0) }
        let root = (absolute ? "/" : "") + fixed.joined(separator: "/")
        let rest = components.dropFirst(fixed.count).joined(separator: "/")
        let matcher = GlobPattern(rest.contains("/") || rest.hasPrefix("**") ? rest : "./" + rest)
        let base = root.isEmpty ? "." : root
        let prefix = base == "." ? "" : (base.hasSuffix("/") ? base : base + "/")
        return walk(base).filter { matcher.matches(String($0.dropFirst(prefix.count))) }
    }
}
