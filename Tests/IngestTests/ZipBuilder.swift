import CZlib
import Foundation

/// Builds ZIP archives in memory for tests, including hostile ones: members whose header lies
/// about their size or CRC, deflated runs of one repeated text far larger than the archive.
struct ZipBuilder {
    struct Member {
        var path: String
        /// The member's text: `head`, then `fill` repeated `repeats` times.
        var head: [UInt8]
        var fill: [UInt8] = []
        var repeats = 0
        var deflated = true
        /// Sizes and CRC written to the headers instead of the true ones.
        var declaredSize: Int?
        var declaredCRC: UInt32?
        var flags: UInt16 = 0
        /// Cuts the compressed data short by this many bytes (the headers keep the short length).
        var truncate = 0

        init(_ path: String, _ text: String = "", fill: String = "", repeats: Int = 0) {
            self.path = path
            head = Array(text.utf8)
            self.fill = Array(fill.utf8)
            self.repeats = repeats
        }

        init(_ path: String, bytes: Data) {
            self.path = path
            head = [UInt8](bytes)
        }
    }

    var members: [Member] = []

    init(_ members: [Member]) { self.members = members }

    /// The archive's bytes.
    func build() -> Data {
        var out = Data()
        var directory = Data()
        for m in members {
            let (data, crc, size) = Self.encode(m)
            let offset = out.count
            let method: UInt16 = m.deflated ? 8 : 0
            let name = Array(m.path.utf8)
            let storedCRC = m.declaredCRC ?? crc
            let storedSize = m.declaredSize ?? size
            func fields(_ d: inout Data) {
                d.u16(m.flags); d.u16(method); d.u16(0); d.u16(0)
                d.u32(storedCRC); d.u32(UInt32(data.count)); d.u32(UInt32(storedSize))
                d.u16(UInt16(name.count)); d.u16(0)
            }
            out.u32(0x0403_4B50); out.u16(20); fields(&out); out.append(contentsOf: name); out.append(data)
            directory.u32(0x0201_4B50); directory.u16(20); directory.u16(20); fields(&directory)
            directory.u16(0); directory.u16(0); directory.u16(0); directory.u32(0); directory.u32(UInt32(offset))
            directory.append(contentsOf: name)
        }
        let directoryOffset = out.count
        out.append(directory)
        out.u32(0x0605_4B50); out.u16(0); out.u16(0)
        out.u16(UInt16(members.count)); out.u16(UInt16(members.count))
        out.u32(UInt32(directory.count)); out.u32(UInt32(directoryOffset)); out.u16(0)
        return out
    }

    /// The member's stored bytes, CRC-32 and true size; the text is made and deflated a piece at a time.
    static func encode(_ m: Member) -> (Data, UInt32, Int) {
        var crc: uLong = 0
        var size = 0
        var out = Data()
        var stream = z_stream()
        if m.deflated { deflateInit2_(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        func feed(_ piece: [UInt8], finish: Bool) {
            crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            size += piece.count
            guard m.deflated else { out.append(contentsOf: piece); return }
            piece.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                repeat {
                    let made = buffer.withUnsafeMutableBufferPointer { output -> Int in
                        stream.next_out = output.baseAddress
                        stream.avail_out = uInt(output.count)
                        _ = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        return output.count - Int(stream.avail_out)
                    }
                    out.append(contentsOf: buffer[..<made])
                } while stream.avail_out == 0 || (finish && stream.avail_in > 0)
            }
        }
        feed(m.head, finish: m.repeats == 0)
        if m.repeats > 0 {
            let perPiece = max(1, (1 << 20) / max(m.fill.count, 1))
            let piece = Array([[UInt8]](repeating: m.fill, count: perPiece).joined())
            var left = m.repeats
            while left > 0 {
                let n = min(left, perPiece)
                left -= n
                feed(n == perPiece ? piece : Array(piece[..<(n * m.fill.count)]), finish: left == 0)
            }
        }
        if m.deflated { deflateEnd(&stream) }
        if m.truncate > 0 { out = out.prefix(max(0, out.count - m.truncate)) }
        return (out, UInt32(truncatingIfNeeded: crc), size)
    }
}

extension Data {
    mutating func u16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    mutating func u32(_ v: UInt32) { u16(UInt16(v & 0xFFFF)); u16(UInt16(v >> 16)) }
}
