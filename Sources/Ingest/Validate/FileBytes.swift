import Foundation

/// What `ingest validate` checks of a table file's bytes before reading it as a table: whether
/// it holds anything but spaces, and where its first byte that is not UTF-8 is. The file is read
/// a chunk at a time, so a file of any size takes the same memory.
struct FileBytes {
    /// The first bytes of the file (up to `headBytes`).
    var head: [UInt8] = []
    /// Whether `head` is the whole file.
    var complete = true
    /// True when no byte is other than a space, a tab or a line end.
    var blank = true
    /// The first byte that is not UTF-8, when the file was checked for it.
    var invalid: Invalid?

    struct Invalid: Equatable {
        /// 1-based.
        var line: Int
        /// The byte's offset in the file, and where its line starts.
        var offset: Int
        var lineStart: Int
        var byte: UInt8
    }

    static let headBytes = 1 << 16
    static let chunkBytes = 1 << 20

    /// Reads the file at `path`: its first `headBytes`, then `chunkBytes` at a time; nil when
    /// it cannot be opened. `checkUTF8` decides from the first bytes whether the file is held to UTF-8.
    init?(path: String, headBytes: Int = FileBytes.headBytes, chunkBytes: Int = FileBytes.chunkBytes,
          checkUTF8: ([UInt8]) -> Bool) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        // The file's size, when known, sizes the buffers: a small file is read into a small one.
        var info = stat()
        var left = fstat(fileno(file), &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : Int.max
        /// Up to `limit` bytes, fewer only at the end of the file.
        func read(_ wanted: Int) -> [UInt8] {
            // One byte more than the size says, so that a file that grew is still read on.
            let limit = min(wanted, left == Int.max ? wanted : left + 1)
            var bytes = [UInt8](repeating: 0, count: limit)
            var count = 0
            while count < limit {
                let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress! + count, 1, limit - count, file) }
                guard got > 0 else { break }
                count += got
            }
            bytes.removeSubrange(count...)
            // A file that grew past its size is read on at full chunks.
            if left != Int.max { left = count == limit && limit < wanted ? Int.max : max(0, left - count) }
            return bytes
        }
        head = read(headBytes)
        var next = read(chunkBytes)
        complete = next.isEmpty
        let checking = checkUTF8(head)
        /// The bytes at hand start at file offset `base`; `lineStart` is the offset after the last line end.
        var buffer = head, base = 0, lineStart = 0, line = 1
        while true {
            let atEnd = next.isEmpty
            if blank { blank = buffer.allSatisfy(TextBytes.isSpace) }
            var end = buffer.count
            if checking, let bad = buffer.withUnsafeBufferPointer(UTF8Check.firstIllFormed) {
                // A sequence cut by the end of the chunk is checked again with the next chunk.
                guard bad.truncated && !atEnd else {
                    // Reported once, at its first byte (which is not blank, so nothing is left to tell).
                    Self.countLines(buffer[..<bad.index], base: base, line: &line, lineStart: &lineStart)
                    invalid = Invalid(line: line, offset: base + bad.index, lineStart: lineStart, byte: buffer[bad.index])
                    return
                }
                end = bad.index
            }
            Self.countLines(buffer[..<end], base: base, line: &line, lineStart: &lineStart)
            if atEnd { return }
            base += end
            buffer = Array(buffer[end...]) + next
            next = read(chunkBytes)
        }
    }

    /// Counts the line ends in `bytes` (which start at file offset `base`), moving `lineStart`
    /// past the last.
    static func countLines(_ bytes: ArraySlice<UInt8>, base: Int, line: inout Int, lineStart: inout Int) {
        var lines = 0, last: Int?
        bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) in
            guard let start = UnsafeRawPointer(buffer.baseAddress) else { return }
            var at = 0
            while at < buffer.count, let found = memchr(start + at, 0x0A, buffer.count - at) {
                let newline = UnsafeRawPointer(found) - start
                lines += 1
                last = newline
                at = newline + 1
            }
        }
        line += lines
        if let last { lineStart = base + last + 1 }
    }

    /// The 1-based character (Unicode scalar) position of `invalid` in its line, and its 1-based
    /// field: the delimiters outside quotes before it on the line, plus one. The line is read
    /// again from its start, a chunk at a time.
    static func position(of invalid: Invalid, in path: String, delimiter: UInt8) -> (character: Int, field: Int) {
        var character = 1, field = 1, quoted = false
        guard let file = fopen(path, "rb"), fseek(file, invalid.lineStart, SEEK_SET) == 0 else { return (1, 1) }
        defer { fclose(file) }
        var left = invalid.offset - invalid.lineStart
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while left > 0 {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, min(chunkBytes, left), file) }
            guard count > 0 else { break }
            for byte in chunk[..<count] {
                if byte & 0xC0 != 0x80 { character += 1 }
                if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == delimiter, !quoted { field += 1 }
            }
            left -= count
        }
        return (character, field)
    }
}

/// Byte-level checks on the raw file.
enum TextBytes {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
