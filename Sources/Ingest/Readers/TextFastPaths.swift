import Foundation

/// Trimming that skips Foundation's slow path for the common cell with nothing to trim. The
/// result always equals `trimmingCharacters(in:)` with the same set.
extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without work when the ends are plain ASCII.
    func trimmedSpaces() -> String {
        if Self.hasPlainEnds(utf8) { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without work when the ends are plain ASCII.
    func trimmedSpacesAndNewlines() -> String {
        if Self.hasPlainEnds(utf8) { return String(self) }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// First and last bytes are printable ASCII other than space: nothing any whitespace set
    /// could trim (non-ASCII ends take the Foundation path, since U+00A0 and others are spaces).
    private static func hasPlainEnds(_ bytes: UTF8View) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the text, compared byte for byte in UTF-8: what Foundation's
    /// `contains(_:)` answers for the short literal needles the parsers look for (`€`, `EUR`,
    /// `month`), without its locale-aware search.
    func containsBytes(_ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first else { return true }
        let hay = Array(utf8)
        guard hay.count >= n.count else { return false }
        var i = 0
        while i <= hay.count - n.count {
            if hay[i] == first {
                var j = 1
                while j < n.count && hay[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }
}
