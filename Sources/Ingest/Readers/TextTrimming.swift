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
