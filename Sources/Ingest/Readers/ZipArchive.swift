import CZlib
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Limits on what a ZIP member may inflate to, so that a small hostile archive cannot fill
/// memory or disk.
package struct ZipLimits: Hashable, Sendable {
    /// Largest inflated size of one member (`--max-member-bytes`).
    package var maxMemberBytes: Int
    /// Largest ratio of inflated to compressed bytes: deflate tops out near 1032:1, which only
    /// crafted data (or a file of one repeated byte) reaches; real exports stay under 50:1.
    package var maxRatio: Int
    /// Members smaller than this are not held to `maxRatio` (a small, very regular file).
    package var ratioFreeBytes: Int

    package init(maxMemberBytes: Int = 1 << 30, maxRatio: Int = 1000, ratioFreeBytes: Int = 8 << 20) {
        self.maxMemberBytes = maxMemberBytes
        self.maxRatio = maxRatio
        self.ratioFreeBytes = ratioFreeBytes
    }
}

/// A ZIP archive read through its central directory: stored and deflated members, data
/// descriptors (sizes come from the central directory), ZIP64 sizes and offsets. The archive is
/// read piece by piece, never whole; members are streamed out, their inflated bytes counted
/// here (no header is trusted), held to `ZipLimits` and checked against their CRC-32.
package struct ZipArchive: Sendable {
    /// One member as the central directory lists it.
    package struct Entry: Sendable {
        /// The path inside the archive, `/`-separated.
        package var path: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        package var size: Int
        var localHeaderOffset: Int

        package var isDirectory: Bool { path.hasSuffix("/") }
    }

    /// The name used in messages.
    package let name: String
    package let entries: [Entry]
    private let source: ArchiveSource

    /// A central directory larger than this is refused (about 300,000 members).
    static let maximumDirectorySize = 32 << 20
    /// How many compressed bytes are read at a time, and inflated bytes handed on at a time.
    static let inputChunk = 1 << 16
    static let outputChunk = 1 << 18

    /// True when `path` starts like a ZIP archive (`PK` and a record signature).
    package static func looksLikeZip(path: String) -> Bool {
        looksLikeZip(head: InputSniffer.prefix(path: path, count: 4))
    }

    /// `looksLikeZip(path:)` of a file's first bytes (at least four of them when it has them).
    static func looksLikeZip(head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))
    }

    /// Opens the archive at `path`; only its directory is read now.
    package init(path: String, name: String) throws(ReadError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReadError(file: name, "is a folder (expected a ZIP file)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(file: name, "cannot read the file (check that it exists and is readable)") }
        try self.init(source: ArchiveSource(fd: fd), name: name)
    }

    package init(data: Data, name: String) throws(ReadError) {
        try self.init(source: ArchiveSource(data: data), name: name)
    }

    /// A member that is itself an archive, inflated into a nameless temporary file (gone when
    /// the archive is) and opened from there.
    package init(member entry: Entry, of outer: ZipArchive, name: String, limits: ZipLimits) throws(ReadError) {
        let fd = try TemporaryFile.anonymous(what: name)
        do {
            try Self.write(entry, of: outer, limits: limits, to: fd)
        } catch {
            close(fd)
            throw error
        }
        try self.init(source: ArchiveSource(fd: fd), name: name)
    }

    private static func write(_ entry: Entry, of outer: ZipArchive, limits: ZipLimits, to fd: Int32) throws(ReadError) {
        try outer.extract(entry, limits: limits) { (bytes) throws(ReadError) in
            if let failure = writeAll(fd, bytes) {
                throw ReadError(file: outer.name, "cannot spool member \"\(entry.path)\" to a temporary file (\(String(cString: strerror(failure)))); free some disk space or set TMPDIR")
            }
        }
    }

    private init(source: ArchiveSource, name: String) throws(ReadError) {
        self.name = name
        self.source = source
        let end = try Self.findEndOfCentralDirectory(source, name: name)
        let tail = try ByteView(source, at: end, count: 22, name: name)
        var count = Int(try tail.u16(end + 10))
        var directorySize = Int(try tail.u32(end + 12))
        var directoryOffset = Int(try tail.u32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator just before the end record points at the ZIP64 end record.
            let locator = end - 20
            guard locator >= 0, let view = try? ByteView(source, at: locator, count: 20, name: name),
                  try view.u32(locator) == 0x0706_4B50 else {
                throw ByteView.corrupt(name, "the ZIP64 end record is missing")
            }
            let record = try view.int64(locator + 8)
            let zip64 = try ByteView(source, at: record, count: 56, name: name)
            guard try zip64.u32(record) == 0x0606_4B50 else { throw ByteView.corrupt(name, "the ZIP64 end record is damaged") }
            count = try zip64.int64(record + 32)
            directorySize = try zip64.int64(record + 40)
            directoryOffset = try zip64.int64(record + 48)
        }
        guard directoryOffset <= source.size, directorySize <= source.size - directoryOffset else {
            throw ByteView.corrupt(name, "the central directory lies past the end of the file (is the download complete?)")
        }
        guard directorySize <= Self.maximumDirectorySize else {
            throw ReadError(file: name, "the archive lists too many files (a central directory of \(directorySize) bytes; the limit is \(Self.maximumDirectorySize)); unzip it and import the CSV files inside")
        }
        // Each directory entry takes at least 46 bytes: a larger count is a lie.
        guard count <= directorySize / 46 else {
            throw ByteView.corrupt(name, "the central directory claims \(count) members but has room for \(directorySize / 46)")
        }
        let reader = try ByteView(source, at: directoryOffset, count: directorySize, name: name)
        var entries: [Entry] = []
        var at = directoryOffset
        for _ in 0..<count {
            guard try reader.u32(at) == 0x0201_4B50 else { throw reader.corrupt("a central directory entry is damaged") }
            let flags = try reader.u16(at + 8)
            let method = try reader.u16(at + 10)
            let crc = try reader.u32(at + 16)
            var compressed = Int(try reader.u32(at + 20))
            var size = Int(try reader.u32(at + 24))
            let nameLength = Int(try reader.u16(at + 28))
            let extraLength = Int(try reader.u16(at + 30))
            let commentLength = Int(try reader.u16(at + 32))
            var offset = Int(try reader.u32(at + 42))
            let nameBytes = try reader.bytes(at + 46, nameLength)
            let path = String(validating: nameBytes, as: UTF8.self) ?? Windows1252.decode(nameBytes)
            // ZIP64 extra field: the 64-bit values, in this order, for the fields set to 0xFFFFFFFF.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = try reader.u16(extra), length = Int(try reader.u16(extra + 2))
                if id == 1 {
                    var field = extra + 4
                    if size == 0xFFFF_FFFF { size = try reader.int64(field); field += 8 }
                    if compressed == 0xFFFF_FFFF { compressed = try reader.int64(field); field += 8 }
                    if offset == 0xFFFF_FFFF { offset = try reader.int64(field) }
                }
                extra += 4 + length
            }
            entries.append(Entry(path: path, method: method, flags: flags, crc: crc, compressedSize: compressed,
                                 size: size, localHeaderOffset: offset))
            at = extraEnd + commentLength
        }
        self.entries = entries
    }

    private static func findEndOfCentralDirectory(_ source: ArchiveSource, name: String) throws(ReadError) -> Int {
        let count = source.size
        guard count >= 22 else {
            throw ByteView.corrupt(name, count == 0 ? "the file is empty" : "the file is too short to be a ZIP archive")
        }
        // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
        let lowest = max(0, count - 22 - 0xFFFF)
        let tail = try ByteView(source, at: lowest, count: count - lowest, name: name)
        var at = count - 22
        while at >= lowest {
            if try tail.u32(at) == 0x0605_4B50 { return at }
            at -= 1
        }
        throw ByteView.corrupt(name, "no central directory found (the archive is truncated or not a ZIP file)")
    }

    /// Streams the member's bytes, inflated, to `write` a piece at a time. Stops with an error
    /// naming the member when it inflates past `limits`, past the size its header gives, or is
    /// damaged, truncated or fails its CRC-32 check.
    package func extract(_ entry: Entry, limits: ZipLimits = ZipLimits(),
                        to write: (UnsafeRawBufferPointer) throws(ReadError) -> Void) throws(ReadError) {
        let member = "member \"\(entry.path)\""
        if entry.flags & 1 != 0 { throw ReadError(file: name, "\(member) is encrypted (export it again without a password)") }
        let local = entry.localHeaderOffset
        let header = try ByteView(source, at: local, count: 30, name: name)
        guard try header.u32(local) == 0x0403_4B50 else { throw header.corrupt("the local header of \(member) is damaged") }
        let start = local + 30 + Int(try header.u16(local + 26)) + Int(try header.u16(local + 28))
        guard entry.compressedSize >= 0, start <= source.size, entry.compressedSize <= source.size - start else {
            throw ByteView.corrupt(name, "\(member) runs past the end of the file (is the download complete?)")
        }
        // An honest header that already says too much saves inflating it to find out.
        if entry.size > limits.maxMemberBytes { throw tooLarge(member, limits) }
        var produced = 0
        var crc: uLong = 0
        /// Counts and checks a piece before it is handed on.
        func take(_ piece: UnsafeRawBufferPointer, consumed: Int) throws(ReadError) {
            produced += piece.count
            if produced > limits.maxMemberBytes { throw tooLarge(member, limits) }
            if produced > limits.ratioFreeBytes, produced / max(consumed, 1) > limits.maxRatio {
                throw ReadError(file: name, "\(member) inflates to more than \(limits.maxRatio) times its compressed size "
                    + "(\(produced) bytes from \(consumed)), which no real export does; refused as a likely ZIP bomb")
            }
            if produced > entry.size {
                throw ByteView.corrupt(name, "\(member) holds more than the \(entry.size) bytes its header gives")
            }
            crc = crc32(crc, piece.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(piece.count))
            try write(piece)
        }
        switch entry.method {
        case 0:
            var at = 0
            while at < entry.compressedSize {
                let chunk = try source.read(start + at, min(Self.outputChunk, entry.compressedSize - at), name: name)
                at += chunk.count
                let done = at
                try chunk.withUnsafeBytes { raw in Result { () throws(ReadError) in try take(raw, consumed: done) } }.get()
            }
        case 8:
            try inflate(entry, from: start, member: member, take: take)
        default:
            throw ReadError(file: name, "\(member) uses compression method \(entry.method) (expected stored or deflated; re-create the ZIP with a standard tool)")
        }
        guard produced == entry.size else { throw ByteView.corrupt(name, "\(member) has the wrong size (\(produced) bytes, its header says \(entry.size))") }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc else { throw ByteView.corrupt(name, "\(member) fails its CRC-32 check") }
    }

    private func tooLarge(_ member: String, _ limits: ZipLimits) -> ReadError {
        ReadError(file: name, "\(member) inflates to more than \(limits.maxMemberBytes) bytes, the limit for one member",
                  remedy: .raiseLimit(.memberBytes, current: limits.maxMemberBytes))
    }

    /// Inflates raw deflate data (no zlib header) a chunk in, a chunk out.
    private func inflate(_ entry: Entry, from start: Int, member: String,
                         take: (UnsafeRawBufferPointer, Int) throws(ReadError) -> Void) throws(ReadError) {
        var stream = z_stream()
        var status = inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ReadError(file: name, "zlib could not start inflating \(member)") }
        defer { inflateEnd(&stream) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.outputChunk, alignment: 16)
        defer { output.deallocate() }
        var read = 0
        var input = Data()
        var inputUsed = 0
        while status != Z_STREAM_END {
            if inputUsed == input.count {
                guard read < entry.compressedSize else {
                    throw ReadError(file: name, "\(member) is truncated (its deflated data ends early); download the export again")
                }
                input = try source.read(start + read, min(Self.inputChunk, entry.compressedSize - read), name: name)
                read += input.count
                inputUsed = 0
            }
            var made = 0
            let before = inputUsed
            input.withUnsafeBytes { inRaw in
                stream.next_in = UnsafeMutablePointer(mutating: inRaw.bindMemory(to: Bytef.self).baseAddress! + before)
                stream.avail_in = uInt(inRaw.count - before)
                stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(output.count)
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                made = output.count - Int(stream.avail_out)
                inputUsed = inRaw.count - Int(stream.avail_in)
            }
            guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && made == 0 && inputUsed == input.count) else {
                throw ReadError(file: name, "\(member) is corrupt (zlib status \(status)); download the export again")
            }
            if made > 0 { try take(UnsafeRawBufferPointer(rebasing: output[..<made]), Int(stream.total_in)) }
        }
    }

    /// The member's bytes in memory, inflated and checked (for small members; `limits` bound it).
    package func contents(of entry: Entry, limits: ZipLimits = ZipLimits()) throws(ReadError) -> Data {
        var data = Data()
        try extract(entry, limits: limits) { (piece) throws(ReadError) in data.append(contentsOf: piece) }
        return data
    }

    /// The member inflated once into a temporary file, for readers that go over it twice.
    package func spool(_ entry: Entry, limits: ZipLimits = ZipLimits()) throws(ReadError) -> TemporaryFile {
        let file = try TemporaryFile(prefix: "ingest-member", what: name)
        do {
            try extract(entry, limits: limits) { (piece) throws(ReadError) in try file.write(piece, what: name) }
        } catch {
            file.remove()
            throw error
        }
        file.finishWriting()
        return file
    }
}

/// An archive's bytes, read a piece at a time: from an open file, or from memory.
final class ArchiveSource: @unchecked Sendable {
    private let fd: Int32
    private let data: Data
    let size: Int

    init(fd: Int32) {
        self.fd = fd
        data = Data()
        var info = stat()
        size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    init(data: Data) {
        fd = -1
        self.data = data
        size = data.count
    }

    deinit { if fd >= 0 { close(fd) } }

    /// `count` bytes at `offset`; an error when they are not all there.
    func read(_ offset: Int, _ count: Int, name: String) throws(ReadError) -> Data {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw ByteView.corrupt(name, "a record runs past the end of the file (is the download complete?)")
        }
        if fd < 0 {
            let base = data.startIndex
            return data.subdata(in: (base + offset)..<(base + offset + count))
        }
        var out = Data(count: count)
        var done = 0
        let ok = out.withUnsafeMutableBytes { raw -> Bool in
            while done < count {
                let n = pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        guard ok else { throw ReadError(file: name, "cannot read the archive (\(String(cString: strerror(errno))))") }
        return out
    }
}

/// Bounds-checked little-endian reads from a window of an archive's bytes, addressed by their
/// offsets in the whole archive.
struct ByteView {
    let data: Data
    let base: Int
    let name: String

    init(_ source: ArchiveSource, at offset: Int, count: Int, name: String) throws(ReadError) {
        data = try source.read(offset, count, name: name)
        base = offset
        self.name = name
    }

    static func corrupt(_ name: String, _ what: String) -> ReadError {
        ReadError(file: name, "not a readable ZIP archive: \(what)")
    }

    func corrupt(_ what: String) -> ReadError { Self.corrupt(name, what) }

    func bytes(_ at: Int, _ count: Int) throws(ReadError) -> [UInt8] {
        let from = at - base
        guard from >= 0, count >= 0, from <= data.count, count <= data.count - from else {
            throw corrupt("a record runs past the end of the file (is the download complete?)")
        }
        let start = data.startIndex
        return [UInt8](data[(start + from)..<(start + from + count)])
    }

    func u16(_ at: Int) throws(ReadError) -> UInt16 {
        let b = try bytes(at, 2)
        return UInt16(b[0]) | UInt16(b[1]) << 8
    }

    func u32(_ at: Int) throws(ReadError) -> UInt32 {
        let b = try bytes(at, 4)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    func int64(_ at: Int) throws(ReadError) -> Int {
        let b = try bytes(at, 8)
        var value: UInt64 = 0
        for i in (0..<8).reversed() { value = value << 8 | UInt64(b[i]) }
        guard value <= UInt64(Int.max / 2) else { throw corrupt("a ZIP64 size is impossible") }
        return Int(value)
    }
}
