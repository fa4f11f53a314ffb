import Foundation

/// Tells what a file holds from its first bytes, so a screenshot saved without an extension or
/// a ZIP renamed `.csv` still reaches the right reader.
enum InputSniffer {
    enum Content: Equatable {
        case image, zip, text
    }

    static func content(of prefix: [UInt8]) -> Content {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            prefix.count >= offset + magic.count && Array(prefix[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
            || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) || starts(Array("BM".utf8)) && prefix.count > 14 && prefix[6...9].allSatisfy({ $0 == 0 }) {
            return .image
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return .zip }
        return .text
    }

    /// The first bytes of a file, empty when it cannot be read (the reader reports that).
    static func prefix(path: String, count: Int = 16) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }

    /// Whether `path` names a folder (which no reader takes: the caller lists its files).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A pipe, a device or a socket: what it gives can be read only once, or never ends.
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }
}
