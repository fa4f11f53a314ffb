import CZlib
import Foundation

/// A ZIP archive read through its central directory: stored and deflated members, data
/// descriptors (sizes come from the central directory), ZIP64 sizes and offsets, CRC-32 checked.
public struct ZipArchive: Sendable {
    /// One member as the central directory lists it.
    public struct Entry: Sendable {
        /// The path inside the archive, `/`-separated.
        public var path: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        public var size: Int
        var localHeaderOffset: Int

        public var isDirectory: Bool { path.hasSuffix("/") }
    }

    /// The name used in messages.
    public let name: String
    public let entries: [Entry]
    private let bytes: Data

    /// Archives larger than this are refused rather than inflated (a corrupt size or a ZIP bomb).
    static let maximumMemberSize = 1 << 31

    /// True when `path` starts like a ZIP archive (`PK` and a record signature).
    public static func looksLikeZip(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 4))
        return head.count == 4 && head[0] == 0x50 && head[1] == 0x4B
            && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))
    }

    /// Opens the archive at `path` (mapped, not read whole).
    public init(path: String, name: String) throws(ReadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ReadError(file: name, "cannot read the file (check that it exists and is readable)")
        }
        try self.init(data: data, name: name)
    }

    public init(data: Data, name: String) throws(ReadError) {
        self.name = name
        self.bytes = data
        let reader = ByteView(data: data, name: name)
        let end = try Self.findEndOfCentralDirectory(reader)
        var count = Int(try reader.u16(end + 10))
        var directorySize = Int(try reader.u32(end + 12))
        var directoryOffset = Int(try reader.u32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator just before the end record points at the ZIP64 end record.
            let locator = end - 20
            guard locator >= 0, try reader.u32(locator) == 0x0706_4B50 else {
                throw reader.corrupt("the ZIP64 end record is missing")
            }
            let record = try reader.int64(locator + 8)
            guard try reader.u32(record) == 0x0606_4B50 else { throw reader.corrupt("the ZIP64 end record is damaged") }
            count = try reader.int64(record + 32)
            directorySize = try reader.int64(record + 40)
            directoryOffset = try reader.int64(record + 48)
        }
        guard directoryOffset + directorySize <= data.count else {
            throw reader.corrupt("the central directory lies past the end of the file (is the download complete?)")
        }
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

    private static func findEndOfCentralDirectory(_ reader: ByteView) throws(ReadError) -> Int {
        let count = reader.data.count
        guard count >= 22 else {
            throw reader.corrupt(count == 0 ? "the file is empty" : "the file is too short to be a ZIP archive")
        }
        // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
        var at = count - 22
        let lowest = max(0, count - 22 - 0xFFFF)
        while at >= lowest {
            if try reader.u32(at) == 0x0605_4B50 { return at }
            at -= 1
        }
        throw reader.corrupt("no central directory found (the archive is truncated or not a ZIP file)")
    }

    /// The member's bytes, inflated and checked against its CRC-32.
    public func contents(of entry: Entry) throws(ReadError) -> Data {
        let reader = ByteView(data: bytes, name: name)
        let where_ = "member \"\(entry.path)\""
        if entry.flags & 1 != 0 { throw ReadError(file: name, "\(where_) is encrypted (export it again without a password)") }
        guard entry.size <= Self.maximumMemberSize, entry.compressedSize <= bytes.count else {
            throw reader.corrupt("\(where_) declares an impossible size")
        }
        let local = entry.localHeaderOffset
        guard try reader.u32(local) == 0x0403_4B50 else { throw reader.corrupt("the local header of \(where_) is damaged") }
        let start = local + 30 + Int(try reader.u16(local + 26)) + Int(try reader.u16(local + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw reader.corrupt("\(where_) runs past the end of the file (is the download complete?)")
        }
        let base = bytes.startIndex
        let stored = bytes[(base + start)..<(base + start + entry.compressedSize)]
        let output: Data
        switch entry.method {
        case 0:
            output = Data(stored)
        case 8:
            output = try Inflater.inflate(stored, expectedSize: entry.size, name: name, member: entry.path)
        default:
            throw ReadError(file: name, "\(where_) uses compression method \(entry.method) (expected stored or deflated; re-create the ZIP with a standard tool)")
        }
        guard output.count == entry.size else { throw reader.corrupt("\(where_) has the wrong size") }
        let crc = output.withUnsafeBytes { raw -> UInt32 in
            UInt32(truncatingIfNeeded: crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
        guard crc == entry.crc else { throw reader.corrupt("\(where_) fails its CRC-32 check") }
        return output
    }
}

/// Inflates raw deflate data (no zlib header) with zlib.
enum Inflater {
    static func inflate(_ input: Data, expectedSize: Int, name: String, member: String) throws(ReadError) -> Data {
        var output = Data(count: expectedSize + 1)
        var stream = z_stream()
        var status = inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ReadError(file: name, "zlib could not start inflating member \"\(member)\"") }
        defer { inflateEnd(&stream) }
        var produced = 0
        input.withUnsafeBytes { inRaw in
            output.withUnsafeMutableBytes { outRaw in
                stream.next_in = UnsafeMutablePointer(mutating: inRaw.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(inRaw.count)
                stream.next_out = outRaw.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(outRaw.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = outRaw.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else {
            throw ReadError(file: name, "member \"\(member)\" is corrupt or truncated (zlib status \(status)); download the export again")
        }
        output.count = produced
        return output
    }
}

/// Bounds-checked little-endian reads from an archive's bytes.
struct ByteView {
    let data: Data
    let name: String

    func corrupt(_ what: String) -> ReadError {
        ReadError(file: name, "not a readable ZIP archive: \(what)")
    }

    func bytes(_ at: Int, _ count: Int) throws(ReadError) -> [UInt8] {
        guard at >= 0, count >= 0, at + count <= data.count else {
            throw corrupt("a record runs past the end of the file (is the download complete?)")
        }
        let base = data.startIndex
        return [UInt8](data[(base + at)..<(base + at + count)])
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
