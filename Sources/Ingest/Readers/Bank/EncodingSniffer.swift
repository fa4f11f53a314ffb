/// Tells the encoding of a bank export from its first bytes: a byte order mark, UTF-16 zero
/// bytes, valid UTF-8, GBK lead/trail byte pairs (Alipay, WeChat Pay), else Windows-1252
/// (German and French banks).
enum EncodingSniffer {
    static func sniff(_ head: [UInt8]) -> TextEncoding {
        if let (encoding, _) = TextEncoding.fromBOM(head[...]) { return encoding }
        if let utf16 = TextEncoding.sniffUTF16(head[...]) { return utf16 }
        if isUTF8(head) { return .utf8 }
        return looksLikeGBK(head) ? .gb18030 : .windows1252
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
}
