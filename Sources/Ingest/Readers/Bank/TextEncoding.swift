import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The character encodings bank exports come in, and how to turn their bytes into text.
///
/// Bridge until the shared CSV reader decodes every encoding: UTF-8 (with or without BOM),
/// UTF-16 with BOM, Windows-1252 (German and French banks) and GBK/GB18030 (Alipay, WeChat Pay).
public enum TextEncoding: String, Sendable {
    case utf8, utf16, cp1252, gbk

    /// The encoding the first bytes of a file show: a BOM, else valid UTF-8, else GBK when the
    /// high bytes come in lead/trail pairs, else Windows-1252.
    public static func sniff(_ head: [UInt8]) -> TextEncoding {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return .utf16 }
        if isUTF8(head) { return .utf8 }
        return looksLikeGBK(head) ? .gbk : .cp1252
    }

    /// Valid UTF-8, allowing a sequence cut off at the very end (the sniffed head is a prefix).
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

    /// Whole-file conversion to UTF-8 bytes for encodings that are not ASCII-compatible per
    /// byte (UTF-16) or multi-byte (GBK); nil when the conversion fails.
    static func toUTF8(_ data: [UInt8], from encoding: TextEncoding) -> [UInt8]? {
        switch encoding {
        case .utf8: return data
        case .cp1252: return Array(cp1252String(data[...]).utf8)
        case .utf16:
            return String(data: Data(data), encoding: .utf16).map { Array($0.utf8) }
        case .gbk: return iconvToUTF8(data, from: "GB18030")
        }
    }

    /// Decodes one Windows-1252 cell: ASCII as is, 0x80–0x9F through the table, the rest Latin-1.
    static func cp1252String(_ bytes: ArraySlice<UInt8>) -> String {
        var out = String.UnicodeScalarView()
        for b in bytes {
            if b < 0x80 || b >= 0xA0 {
                out.append(Unicode.Scalar(b))
            } else if let scalar = Unicode.Scalar(cp1252High[Int(b) - 0x80]) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    private static func iconvToUTF8(_ input: [UInt8], from charset: String) -> [UInt8]? {
        let cd = iconv_open("UTF-8", charset)
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var source = input
        var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
        let produced: Int? = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                var inPtr = UnsafeMutableRawPointer(src.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = src.count
                var outPtr = UnsafeMutableRawPointer(dst.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outLeft = dst.count
                while inLeft > 0 {
                    if iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) == -1 {
                        // Skip one undecodable byte rather than lose the file.
                        guard inLeft > 0, outLeft >= 3 else { return nil }
                        inPtr = inPtr.map { $0 + 1 }
                        inLeft -= 1
                    }
                }
                return dst.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[0..<produced])
    }
}
