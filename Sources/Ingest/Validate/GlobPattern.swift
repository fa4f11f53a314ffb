/// A path pattern with `*` (any characters but `/`), `?` (one character but `/`) and `**`
/// (any number of folders), matched against `/`-separated relative paths. A pattern without `/`
/// matches the file name in any folder, as in `.gitignore`.
package struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    package let text: String
    private let parts: [Substring]

    package init(_ text: String) {
        self.text = text
        var trimmed = Substring(text)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        let split = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        parts = split.count == 1 && !text.contains("/") ? ["**", split[0]] : split
    }

    package var description: String { text }

    /// True when `text` has a wildcard, so the shell did not (or could not) expand it.
    package static func hasWildcard(_ text: String) -> Bool {
        text.contains("*") || text.contains("?")
    }

    package func matches(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        let components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        return GlobPattern.match(parts[...], components[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchName(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One path component against one pattern component (`*`, `?`, literal characters).
    private static func matchName(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var starP: Int?, starN = 0
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                starP = p
                starN = n
                p += 1
            } else if let star = starP {
                p = star + 1
                starN += 1
                n = starN
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
