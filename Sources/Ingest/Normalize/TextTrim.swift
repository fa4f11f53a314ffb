/// Trimming and searching without bridging to NSString: the same characters as Foundation's `.whitespaces`
/// and `.whitespacesAndNewlines`, several times faster on Linux, where every cell is trimmed.
extension StringProtocol {
    /// Drops leading and trailing tabs and space separators (Unicode Zs), like `.whitespaces`.
    func trimmingSpaces() -> String { trimming(TextTrim.isSpace) }

    /// Also drops line breaks (U+000A–U+000D, U+0085, U+2028, U+2029), like `.whitespacesAndNewlines`.
    func trimmingSpacesAndNewlines() -> String { trimming(TextTrim.isSpaceOrNewline) }

    /// Whether `needle` occurs in the text, compared by UTF-8 bytes (no NSString bridging).
    func hasSubstring(_ needle: String) -> Bool {
        let pin = needle.utf8
        guard let first = pin.first else { return true }
        let hay = utf8
        var i = hay.startIndex
        while i != hay.endIndex {
            if hay[i] == first, hay[i...].starts(with: pin) { return true }
            i = hay.index(after: i)
        }
        return false
    }

    private func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
              let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return String(self) }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}

enum TextTrim {
    /// Foundation counts ZERO WIDTH SPACE (U+200B) too; spreadsheets paste it around values.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s == " " || s == "\t" }
        return s.properties.generalCategory == .spaceSeparator || s == "\u{200B}"
    }

    static func isSpaceOrNewline(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s == " " || ("\t"..."\r").contains(s) }
        switch s.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return s == "\u{85}" || s == "\u{200B}"
        }
    }
}
