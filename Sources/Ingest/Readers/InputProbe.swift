import Foundation

/// What the first bytes of a delimited file say about how to read it: the encoding (a byte
/// order mark, `--encoding`, UTF-16 told by its zero bytes, then for bank statements valid
/// UTF-8, GBK pairs or Windows-1252), the byte order mark to pass over, and the delimiter.
/// Both table readers (`CSVTable`, `TransactionTable`) start from one.
struct InputProbe {
    /// Bytes read before the encoding and the delimiter are chosen.
    static let sampleBytes = 1 << 16

    let encoding: TextEncoding
    /// Length of the byte order mark at the start of the input, 0 without one.
    let bomLength: Int
    let delimiter: UInt8
    /// The first bytes of the input, which the readers opened from the probe start with.
    let sample: [UInt8]
    /// True when `sample` is the whole input.
    let complete: Bool
    /// True when `guessLegacy` chose another encoding than UTF-8 for the sample (read without
    /// it, the input would be UTF-8 with cells falling back).
    private(set) var guessedLegacy = false

    /// `sample` is the input's first bytes (all of it when `complete`); `hint` is the encoding
    /// the user chose, which only a byte order mark overrides. `guessLegacy` reads a sample
    /// that is not valid UTF-8 as GB18030 or Windows-1252 as a whole (bank exports); without
    /// it such a file is read as UTF-8 whose invalid cells fall back to Windows-1252.
    init(sample: [UInt8], complete: Bool, hint: TextEncoding?, guessLegacy: Bool, file name: String) throws(ReadError) {
        var encoding = hint ?? .utf8
        var bom = 0
        if let (marked, length) = TextEncoding.fromBOM(sample[...]) {
            encoding = marked
            bom = length
        } else if hint == nil {
            if let utf16 = TextEncoding.sniffUTF16(sample[...]) {
                encoding = utf16
            } else if guessLegacy {
                encoding = InputProbe.legacyEncoding(Array(sample.prefix(InputProbe.sampleBytes)))
                guessedLegacy = encoding != .utf8
            }
        }
        self.encoding = encoding
        self.bomLength = bom
        self.sample = sample
        self.complete = complete
        var decoder = try InputProbe.decoder(for: encoding, file: name)
        delimiter = InputProbe.delimiter(in: InputProbe.text(of: sample, after: bom, complete: complete, decoder: &decoder), complete: complete)
    }

    /// A decoder from `encoding`, or the error naming the file when the system has none.
    static func decoder(for encoding: TextEncoding, file name: String) throws(ReadError) -> StreamingDecoder {
        do {
            return try StreamingDecoder(encoding: encoding)
        } catch {
            throw ReadError(file: name, error.message)
        }
    }

    /// The sample after the byte order mark, decoded to bytes the tokenizer reads.
    static func text(of sample: [UInt8], after bom: Int, complete: Bool, decoder: inout StreamingDecoder) -> [UInt8] {
        var text = decoder.decode(Array(sample[bom...]))
        if complete { text.append(contentsOf: decoder.finish()) }
        return text
    }

    /// Probes the first bytes of `chunks`, which then stand just past them.
    init(chunks: ChunkReader, hint: TextEncoding?, guessLegacy: Bool, file name: String) throws(ReadError) {
        var sample: [UInt8] = []
        var complete = false
        while sample.count < InputProbe.sampleBytes {
            guard let chunk = chunks.read() else { complete = true; break }
            sample.append(contentsOf: chunk)
        }
        try self.init(sample: sample, complete: complete, hint: hint, guessLegacy: guessLegacy, file: name)
    }

    // MARK: Encoding

    /// UTF-8 when the bytes are valid UTF-8, GB18030 when they are mostly GBK lead/trail pairs
    /// (Alipay, WeChat Pay), Windows-1250 when letters of Central European languages are
    /// written the way it writes them (Polish, Czech banks), else Windows-1252 (German and
    /// French banks).
    static func legacyEncoding(_ head: [UInt8]) -> TextEncoding {
        if isUTF8(head) { return .utf8 }
        if looksLikeGBK(head) { return .gb18030 }
        return looksCentralEuropean(head) ? .windows1250 : .windows1252
    }

    /// Bytes that are letters in Windows-1250 (Ł ł Ą ą Ż ż Ľ ľ Ź Ť ť) but signs in Windows-1252
    /// (£ ³ ¥ ¹ ¯ ¿ ¼ ¾ and unassigned bytes), written inside words: a letter before them
    /// and a letter after (`W£ADYS£AW`, `op³ata`); two such bytes decide it. Windows-1252 text
    /// writes those signs beside digits and spaces (`£5`, `¿Qué`), not between letters.
    static func looksCentralEuropean(_ head: [UInt8]) -> Bool {
        @inline(__always) func isLetter(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0xC0
        }
        let signs = centralEuropeanSigns
        var inside = 0
        // Every such byte is ≥ 0x80: ASCII text is passed over without a lookup.
        for i in head.indices.dropFirst().dropLast() where head[i] >= 0x80 && signs[Int(head[i])] {
            if isLetter(head[i - 1]), isLetter(head[i + 1]) || signs[Int(head[i + 1])] { inside += 1 }
        }
        return inside >= 2
    }

    /// By byte value: whether it is one of the bytes `looksCentralEuropean` counts.
    private static let centralEuropeanSigns: [Bool] = (0..<256).map {
        [0xA3, 0xB3, 0xA5, 0xB9, 0xAF, 0xBF, 0xBC, 0xBE, 0x8F, 0x8D, 0x9D].contains($0)
    }

    /// Valid UTF-8, allowing a sequence cut off at the very end (the head is a prefix).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let n: Int
            if b < 0x80 { i += 1; continue } else if b & 0xE0 == 0xC0 { n = 1 } else if b & 0xF0 == 0xE0 { n = 2 } else if b & 0xF8 == 0xF0 { n = 3 } else { return false }
            for k in 1...n {
                guard i + k < bytes.count else { return true }
                if bytes[i + k] & 0xC0 != 0x80 { return false }
            }
            i += n + 1
        }
        return true
    }

    /// GBK text is mostly pairs of bytes ≥ 0x81; Windows-1252 text has lone accented letters.
    static func looksLikeGBK(_ bytes: [UInt8]) -> Bool {
        var pairs = 0, lone = 0, i = 0
        while i < bytes.count {
            if bytes[i] >= 0x81 {
                if i + 1 < bytes.count, bytes[i + 1] >= 0x40, bytes[i + 1] != 0x7F { pairs += 1; i += 2; continue }
                lone += 1
            }
            i += 1
        }
        return pairs >= 4 && pairs > lone * 3 && Double(pairs * 2) / Double(max(1, bytes.count)) > 0.05
    }

    // MARK: Delimiter

    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
    /// Records looked at per candidate delimiter.
    static let sampleRecords = 60

    /// The candidate that splits the most records into the same number (two or more) of
    /// fields; ties go to the one giving more fields (a semicolon file with decimal commas),
    /// then to the order `,` `;` tab `|`. Commas that are decimal marks are not a candidate. `complete` says `sample` is the whole input (its last
    /// line counts even without a line end).
    static func delimiter(in sample: [UInt8], complete: Bool) -> UInt8 {
        var best = (delimiter: delimiters[0], agreeing: 0, width: 0)
        let decimalCommas = commasAreDecimalMarks(sample)
        for candidate in delimiters where !(decimalCommas && candidate == UInt8(ascii: ",")) {
            // A byte the sample does not hold splits no record: every record has one field.
            let present = sample.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { memchr($0, Int32(candidate), buffer.count) != nil } ?? false
            }
            let (agreeing, width) = present ? consistency(of: candidate, in: sample, complete: complete) : (0, 1)
            if agreeing > best.agreeing || (agreeing == best.agreeing && width > best.width) {
                best = (candidate, agreeing, width)
            }
        }
        return best.delimiter
    }

    /// Whether nine in ten commas outside quotes (at least 8) are decimal marks, a digit before
    /// and one or two after (`12,34;`), while `;`, tab or `|` is also in the sample: then the
    /// comma is not the delimiter, even where short rows or a preamble of amounts make it split
    /// more lines alike than the real one.
    static func commasAreDecimalMarks(_ sample: [UInt8]) -> Bool {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), semicolon = UInt8(ascii: ";"), tab = UInt8(ascii: "\t"),
            pipe = UInt8(ascii: "|")
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        return sample.withUnsafeBufferPointer { bytes in
            // Without another delimiter anywhere in the sample the answer is no: most files are
            // told so by a byte search.
            guard let base = bytes.baseAddress,
                  [semicolon, tab, pipe].contains(where: { memchr(base, Int32($0), bytes.count) != nil }) else { return false }
            var commas = 0, decimal = 0, quoted = false, others = false
            for i in bytes.indices {
                switch bytes[i] {
                case quote:
                    quoted.toggle()
                case comma where !quoted:
                    commas += 1
                    var digits = 0
                    while i + 1 + digits < bytes.count, digits < 3, isDigit(bytes[i + 1 + digits]) { digits += 1 }
                    if i > 0, isDigit(bytes[i - 1]), digits == 1 || digits == 2 { decimal += 1 }
                case semicolon where !quoted, tab where !quoted, pipe where !quoted:
                    others = true
                default:
                    break
                }
            }
            return others && commas >= 8 && decimal * 10 >= commas * 9
        }
    }

    /// How many non-blank records share the most common field count of two or more, and that count.
    static func consistency(of delimiter: UInt8, in sample: [UInt8], complete: Bool) -> (agreeing: Int, width: Int) {
        var tokenizer = CSVTokenizer(delimiter: delimiter)
        var counts: [Int: Int] = [:]
        var seen = 0
        sample.withUnsafeBufferPointer { buffer in
            var position = 0
            while seen < sampleRecords {
                guard tokenizer.next(buffer, position: &position) || (complete && tokenizer.finish()) else { break }
                if tokenizer.recordIsBlank { continue }
                seen += 1
                let fields = tokenizer.recordFieldCount
                if fields >= 2 { counts[fields, default: 0] += 1 }
            }
        }
        guard let top = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }) else {
            return (0, 1)
        }
        return (top.value, top.key)
    }
}
