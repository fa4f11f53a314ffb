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
        if ZipArchive.looksLikeZip(head: prefix) { return .zip }
        return .text
    }

    /// The first bytes of a file, empty when it cannot be read (the reader reports that).
    static func prefix(path: String, count: Int = 16) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got > 0 {
                filled += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return Array(bytes.prefix(filled))
    }

    /// What a path names, as far as the readers care.
    enum FileType {
        /// Nothing that can be asked about.
        case missing
        /// A folder, which no reader takes: the caller lists its files.
        case folder
        /// A pipe, a device or a socket: what it gives can be read only once, or never ends.
        case stream
        /// A file (or anything else).
        case file
    }

    /// The type of what `path` names, from one `stat`.
    static func type(of path: String) -> FileType {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFIFO, S_IFCHR, S_IFSOCK: return .stream
        default: return .file
        }
    }

    /// Whether `path` names a folder (which no reader takes: the caller lists its files).
    static func isFolder(_ path: String) -> Bool {
        type(of: path) == .folder
    }
}
