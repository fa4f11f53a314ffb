import Foundation

/// Text reduced to one Unicode scalar per element, with the spellings people use for the same
/// thing made equal: digits of every script become ASCII digits, full-width forms become ASCII,
/// every kind of space becomes ` `, minus signs become `-`, apostrophes become `'`.
/// The parsers scan this array instead of `Character`s, which keeps them fast.
struct ScalarText {
    var scalars: [Unicode.Scalar]
    /// The first control character of the text (NUL, ESC, DEL, C1; not tab, line feed or
    /// carriage return): a value holding one is damaged, never read around.
    var firstControl: Unicode.Scalar?

    init(_ text: Substring) {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if firstControl == nil, ScalarText.isControl(scalar) { firstControl = scalar }
            if scalar.value >= 0x61C, ScalarText.isInvisible(scalar) { continue }
            out.append(ScalarText.normalize(scalar))
        }
        scalars = out
    }

    /// Direction marks (U+200E, U+200F, U+061C, embeddings and isolates), the word joiner and
    /// the byte-order mark: ICU writes them around numbers and currency symbols in right-to-left
    /// locales (`؜-‏١٬٢٣٤٫٥٠ ر.س.‏`), and they never change what a value says.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x61C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
    }

    static let empty = ScalarText(""[...])

    /// Writes a locale's own number symbols (`LocaleData.numberSymbols`) as the usual ones:
    /// marks between digits, a minus sign anywhere. True when a decimal mark was replaced.
    mutating func replaceNumberSymbols(_ symbols: [Unicode.Scalar: Unicode.Scalar]) -> Bool {
        var decimal = false
        for i in scalars.indices {
            guard let usual = symbols[scalars[i]] else { continue }
            if usual == "-" {
                scalars[i] = usual
            } else if i > 0, i + 1 < scalars.count, ScalarText.isDigit(scalars[i - 1]), ScalarText.isDigit(scalars[i + 1]) {
                scalars[i] = usual
                if usual == "." { decimal = true }
            }
        }
        return decimal
    }

    var count: Int { scalars.count }

    subscript(i: Int) -> Unicode.Scalar { scalars[i] }

    /// The scalar at `i`, or nil past either end.
    func at(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < scalars.count ? scalars[i] : nil }

    /// The scalars of `range` as a String, encoded straight into UTF-8 (the hot path of
    /// currency-sign and word look-ups).
    func string(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: range.count * 4) { buffer in
            var n = 0
            for i in range {
                UTF8.encode(scalars[i]) { byte in
                    buffer[n] = byte
                    n += 1
                }
            }
            return n
        }
    }

    static func normalize(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x80 {
            return v == 0x09 ? " " : scalar
        }
        switch v {
        case 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return " "
        case 0x2212, 0x2010, 0x2011, 0xFE63, 0xFF0D: return "-"
        case 0x2018, 0x2019, 0x02BC, 0x2032, 0xFF07: return "'"
        case 0x066B: return "."  // Arabic decimal separator
        case 0x066C: return "'"  // Arabic thousands separator: only ever groups
        case 0x2E41: return ","  // Adlam comma
        case 0xFF01...0xFF5E:
            // Full-width ASCII: ＄１，４９０ → $1,490 (but keep ￥ and ￡, outside this range).
            return Unicode.Scalar(v - 0xFEE0) ?? scalar
        default:
            break
        }
        if scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue,
           let ascii = Unicode.Scalar(0x30 + UInt32(digit)) {
            return ascii
        }
        return scalar
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    /// The letters and ASCII digits among the first `limit` scalars of `text` when those are
    /// all ASCII (each byte is then a scalar, counted without decoding); nil otherwise, for the
    /// caller's scalar loop. Agrees with `isLetter` and `isDigit`.
    static func asciiLettersAndDigits(_ text: String, limit: Int) -> (letters: Int, digits: Int)? {
        func count(_ bytes: some Sequence<UInt8>) -> (letters: Int, digits: Int)? {
            var letters = 0, digits = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                let folded = byte | 0x20
                if folded >= 0x61 && folded <= 0x7A {
                    letters += 1
                } else if byte >= 0x30 && byte <= 0x39 {
                    digits += 1
                }
            }
            return (letters, digits)
        }
        if let counted = text.utf8.withContiguousStorageIfAvailable({ count($0.prefix(limit)) }) { return counted }
        return count(text.utf8.prefix(limit))
    }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        // Vowel signs, viramas and tone marks (`ডিসেম্বর`, `ที่`) and the zero-width joiners
        // belong to the word they are written in.
        if s.properties.isAlphabetic || v == 0x200C || v == 0x200D { return true }
        let category = s.properties.generalCategory
        return category == .nonspacingMark || category == .spacingMark
    }

    /// CJK ideographs, kana and Hangul: scripts written without spaces between words.
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x3040...0x30FF).contains(v) || (0x3400...0x9FFF).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0x1100...0x11FF).contains(v) || (0xF900...0xFAFF).contains(v)
    }
}

/// Lower-cases and strips accents from a short word, ASCII fast path first.
enum WordFold {
    static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: posix)
    }

    static let posix = Locale(identifier: "en_US_POSIX")
}
