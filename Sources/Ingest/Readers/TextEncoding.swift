#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text encodings the table reader understands.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1252 = "windows-1252"
    case windows1250 = "windows-1250"
    case gb18030 = "gb18030"

    /// Parses `utf8`, `UTF-8`, `utf16`, `cp1252`, `latin1`, `cp1250`, `gbk`, `gb2312` … as given to `--encoding`.
    public init?(userText: String) {
        let key = userText.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8": self = .utf8
        case "utf16", "utf16le", "unicode": self = .utf16LE
        case "utf16be": self = .utf16BE
        case "cp1252", "windows1252", "win1252", "latin1", "iso88591", "ansi": self = .windows1252
        case "cp1250", "windows1250", "win1250": self = .windows1250
        case "gb18030", "gbk", "gb2312", "cp936": self = .gb18030
        default: return nil
        }
    }

    /// Windows-1252 and Windows-1250: one byte a character, ASCII below 0x80.
    var isSingleByte: Bool { self == .windows1252 || self == .windows1250 }

    /// The text of `bytes` in a single-byte encoding (`isSingleByte`); UTF-8 for the others.
    func decodeSingleByte<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        switch self {
        case .windows1252: return Windows1252.decode(bytes)
        case .windows1250: return Windows1252.decode(bytes, high: Windows1252.centralEuropean)
        default: return String(decoding: Array(bytes), as: UTF8.self)
        }
    }

    /// The encoding a byte order mark names, and the mark's length.
    static func fromBOM(_ bytes: ArraySlice<UInt8>) -> (TextEncoding, Int)? {
        let b = Array(bytes.prefix(3))
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return (.utf8, 3) }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return (.utf16LE, 2) }
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return (.utf16BE, 2) }
        return nil
    }

    /// Whether bytes starting a file are UTF-16 text, by a byte order mark or by their zero bytes.
    public static func isUTF16(_ head: [UInt8]) -> Bool {
        if let (encoding, _) = fromBOM(head[...]) { return encoding != .utf8 }
        return sniffUTF16(head[...]) != nil
    }

    /// UTF-16 without a byte order mark, told by the zero bytes of ASCII text: most even (BE) or
    /// odd (LE) bytes of the first hundred are zero.
    static func sniffUTF16(_ bytes: ArraySlice<UInt8>) -> TextEncoding? {
        let head = Array(bytes.prefix(200))
        guard head.count >= 4 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (i, b) in head.enumerated() where b == 0 {
            if i % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let half = head.count / 2
        if oddZeros * 10 >= half * 7, evenZeros * 10 < half { return .utf16LE }
        if evenZeros * 10 >= half * 7, oddZeros * 10 < half { return .utf16BE }
        return nil
    }
}

/// Windows-1252 (Excel's "ANSI" on western systems) to text.
enum Windows1252 {
    /// Code points for 0x80…0x9F; the five unassigned bytes map to the C1 controls, like browsers do.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D, 0x17D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178,
    ]

    /// Windows-1252 code points for 0x80…0xFF: `high`, then ISO 8859-1's own.
    static let western: [UInt32] = high + (0xA0...0xFF).map { UInt32($0) }

    /// Windows-1250 (Central European: Polish, Czech, Slovak, Hungarian, Slovenian, Croatian …)
    /// code points for 0x80…0xFF, unassigned bytes as the C1 controls.
    static let centralEuropean: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x83, 0x201E, 0x2026, 0x2020, 0x2021, 0x88, 0x2030, 0x160, 0x2039, 0x15A, 0x164, 0x17D, 0x179,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x98, 0x2122, 0x161, 0x203A, 0x15B, 0x165, 0x17E, 0x17A,
        0xA0, 0x2C7, 0x2D8, 0x141, 0xA4, 0x104, 0xA6, 0xA7, 0xA8, 0xA9, 0x15E, 0xAB, 0xAC, 0xAD, 0xAE, 0x17B,
        0xB0, 0xB1, 0x2DB, 0x142, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0x105, 0x15F, 0xBB, 0x13D, 0x2DD, 0x13E, 0x17C,
        0x154, 0xC1, 0xC2, 0x102, 0xC4, 0x139, 0x106, 0xC7, 0x10C, 0xC9, 0x118, 0xCB, 0x11A, 0xCD, 0xCE, 0x10E,
        0x110, 0x143, 0x147, 0xD3, 0xD4, 0x150, 0xD6, 0xD7, 0x158, 0x16E, 0xDA, 0x170, 0xDC, 0xDD, 0x162, 0xDF,
        0x155, 0xE1, 0xE2, 0x103, 0xE4, 0x13A, 0x107, 0xE7, 0x10D, 0xE9, 0x119, 0xEB, 0x11B, 0xED, 0xEE, 0x10F,
        0x111, 0x144, 0x148, 0xF3, 0xF4, 0x151, 0xF6, 0xF7, 0x159, 0x16F, 0xFA, 0x171, 0xFC, 0xFD, 0x163, 0x2D9,
    ]

    /// The text of Windows-1252 `bytes` (or of another single-byte code page, given its code
    /// points for 0x80…0xFF as `high`): written out as UTF-8 bytes, then made a string once
    /// (appending scalar by scalar cost about 500 instructions a byte).
    static func decode<C: Collection>(_ bytes: C, high table: [UInt32] = western) -> String where C.Element == UInt8 {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count * 3)
        for b in bytes {
            let value = b < 0x80 ? UInt32(b) : table[Int(b) - 0x80]
            switch value {
            case 0..<0x80: utf8.append(UInt8(value))
            case 0x80..<0x800: utf8 += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
            default: utf8 += [UInt8(0xE0 | value >> 12), UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// Turns input bytes, chunk by chunk, into bytes the tokenizer can read: UTF-8 and the Windows
/// code pages pass through (both are ASCII-compatible; cells are decoded when handed out), UTF-16 and
/// GB18030 are transcoded to UTF-8, carrying split characters over to the next chunk.
struct StreamingDecoder {
    let encoding: TextEncoding
    private var pending: [UInt8] = []
    private var highSurrogate: UInt32?
    private var converter: IconvConverter?

    init(encoding: TextEncoding) throws(ReadError) {
        self.encoding = encoding
        if encoding == .gb18030 { converter = try IconvConverter(from: "GB18030") }
    }

    /// Whether `decode` gives its input back as it is and `finish` gives nothing (UTF-8,
    /// Windows-1252).
    var passesBytesThrough: Bool { encoding == .utf8 || encoding.isSingleByte }

    mutating func decode(_ chunk: [UInt8]) -> [UInt8] {
        switch encoding {
        case .utf8, .windows1252, .windows1250: return chunk
        case .utf16LE, .utf16BE: return utf16(chunk, bigEndian: encoding == .utf16BE)
        case .gb18030: return converter?.convert(chunk) ?? []
        }
    }

    /// What is left at the end of the input (an odd byte or half a character becomes U+FFFD).
    mutating func finish() -> [UInt8] {
        var out: [UInt8] = []
        if highSurrogate != nil || !pending.isEmpty, encoding == .utf16LE || encoding == .utf16BE {
            out = [0xEF, 0xBF, 0xBD]
        }
        if encoding == .gb18030 { out = converter?.finish() ?? [] }
        pending = []
        highSurrogate = nil
        return out
    }

    private mutating func utf16(_ chunk: [UInt8], bigEndian: Bool) -> [UInt8] {
        var bytes = pending
        bytes.append(contentsOf: chunk)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i + 1 < bytes.count {
            let unit = bigEndian ? UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1]) : UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
            i += 2
            if let high = highSurrogate {
                highSurrogate = nil
                if (0xDC00...0xDFFF).contains(unit) {
                    Self.appendUTF8(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &out)
                    continue
                }
                Self.appendUTF8(0xFFFD, to: &out)
            }
            if (0xD800...0xDBFF).contains(unit) {
                highSurrogate = unit
            } else if (0xDC00...0xDFFF).contains(unit) {
                Self.appendUTF8(0xFFFD, to: &out)
            } else {
                Self.appendUTF8(unit, to: &out)
            }
        }
        pending = i < bytes.count ? [bytes[i]] : []
        return out
    }

    static func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | value >> 6)); out.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | value >> 12)); out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        default:
            out.append(UInt8(0xF0 | value >> 18)); out.append(UInt8(0x80 | value >> 12 & 0x3F))
            out.append(UInt8(0x80 | value >> 6 & 0x3F)); out.append(UInt8(0x80 | value & 0x3F))
        }
    }
}

/// Converts bytes in another encoding to UTF-8 with the C library's iconv, chunk by chunk.
final class IconvConverter {
    private let handle: iconv_t
    private var pending: [UInt8] = []

    init(from encoding: String) throws(ReadError) {
        let handle = iconv_open("UTF-8", encoding)
        guard let handle, Int(bitPattern: handle) != -1 else {
            throw ReadError(file: encoding, "this system cannot decode \(encoding) (iconv has no converter for it)")
        }
        self.handle = handle
    }

    deinit { iconv_close(handle) }

    /// Converts as much as possible; a character split over the chunk end waits for the next
    /// chunk, an invalid byte becomes U+FFFD.
    func convert(_ chunk: [UInt8]) -> [UInt8] {
        var input = pending
        input.append(contentsOf: chunk)
        pending = []
        // At most three bytes out per byte in: a two-byte character becomes three UTF-8 bytes,
        // an invalid byte the three of U+FFFD. A buffer that is still short grows (E2BIG).
        var out = [UInt8](repeating: 0, count: input.count * 3 + 16)
        var written = 0
        var consumed = 0
        while consumed < input.count {
            var stop = false
            input.withUnsafeMutableBufferPointer { inBuf in
                out.withUnsafeMutableBufferPointer { outBuf in
                    guard let inBase = inBuf.baseAddress, let outBase = outBuf.baseAddress else { stop = true; return }
                    while consumed < inBuf.count {
                        var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBase + consumed).assumingMemoryBound(to: CChar.self)
                        var inLeft = inBuf.count - consumed
                        var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase + written).assumingMemoryBound(to: CChar.self)
                        var outLeft = outBuf.count - written
                        let result = iconv(handle, &inPtr, &inLeft, &outPtr, &outLeft)
                        consumed = inBuf.count - inLeft
                        written = outBuf.count - outLeft
                        if result != -1 || errno == EINVAL { stop = true; return }
                        if errno == E2BIG || outBuf.count - written < 3 { return }
                        // EILSEQ: an invalid byte; show it as U+FFFD and go on.
                        outBase[written] = 0xEF; outBase[written + 1] = 0xBF; outBase[written + 2] = 0xBD
                        written += 3
                        consumed += 1
                    }
                }
            }
            if stop { break }
            if consumed < input.count { out.append(contentsOf: repeatElement(0, count: max(out.count, 64))) }
        }
        if consumed < input.count { pending = Array(input[consumed...]) }
        return Array(out[..<written])
    }

    func finish() -> [UInt8] {
        let hadPending = !pending.isEmpty
        pending = []
        return hadPending ? [0xEF, 0xBF, 0xBD] : []
    }
}
