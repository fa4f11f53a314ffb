import Foundation

/// Trimming that skips Foundation's slow path for the common cell with nothing to trim. The
/// result always equals `trimmingCharacters(in:)` with the same set.
extension StringProtocol where UTF8View: BidirectionalCollection, UnicodeScalarView: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without work when no end is a space.
    func trimmedSpaces() -> String {
        if hasPlainEnds() { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without work when no end is a space.
    func trimmedSpacesAndNewlines() -> String {
        if hasPlainEnds() { return String(self) }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// First and last bytes are printable ASCII other than space.
    private static func hasPlainEnds(_ bytes: UTF8View) -> Bool {
        func plain(_ first: UInt8?, _ last: UInt8?) -> Bool {
            guard let first, let last else { return true }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
        // Read in the text's own storage where it has one: `last` on a UTF-8 view walks indices.
        return bytes.withContiguousStorageIfAvailable { plain($0.first, $0.last) } ?? plain(bytes.first, bytes.last)
    }

    /// Both ends are letters, digits, symbols or punctuation (`€9.99`, `名前`), which no
    /// whitespace set holds; anything else (spaces, controls, format characters such as U+200B,
    /// which Foundation trims too) takes the Foundation path.
    private func hasPlainEnds() -> Bool {
        if Self.hasPlainEnds(utf8) { return true }
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return true }
        return Self.isVisible(first) && Self.isVisible(last)
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the text, compared byte for byte in UTF-8: what Foundation's
}

extension String {
    /// Whether the text's UTF-8 holds `byte`, searched with `memchr` in the text's own storage
    /// (cells are searched for a `(` or a `,` on every row).
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            buffer.baseAddress.map { memchr($0, Int32(byte), buffer.count) != nil } ?? false
        } ?? utf8.contains(byte)
    }
}
