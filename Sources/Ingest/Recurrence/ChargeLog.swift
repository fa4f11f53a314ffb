import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A merchant's charges packed as differences from the charge before, each a variable-length
/// integer: a statement's rows mostly differ from their merchant's previous charge by a few days,
/// a few rows and the same or a similar amount, so a charge takes about 6 bytes instead of 20.
/// The importer keeps every charge of a statement until its end. With a `ChargeSpool`, the
/// packed bytes go to a temporary file a block at a time and only the block being filled stays
/// in memory, so memory does not grow with the rows (the file does).
struct ChargeLog {
    private(set) var count = 0
    /// The block being filled (every byte when there is no spool).
    private var bytes: [UInt8] = []
    /// Blocks written to the spool, oldest first.
    private var blocks: [ChargeSpool.Block] = []
    private let spool: ChargeSpool?
    private var day: Int64 = 0
    private var row: Int64 = 0
    /// `line - row` of the previous charge: constant unless blank lines or multi-line records intervene.
    private var offset: Int64 = 0
    private var amount: Int64 = 0

    init(spool: ChargeSpool? = nil) {
        self.spool = spool
    }

    init(_ charges: [Charge], spool: ChargeSpool? = nil) {
        self.spool = spool
        for charge in charges { append(charge) }
    }

    mutating func append(_ charge: Charge) {
        let day = Int64(charge.day), row = Int64(charge.row), offset = Int64(charge.line) - Int64(charge.row)
        // Four varints of at most 10 bytes each, encoded on the stack and appended at once.
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        let used = withUnsafeMutableBytes(of: &scratch) { raw -> Int in
            var n = 0
            func put(_ value: Int64) {
                var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
                while rest >= 0x80 {
                    raw[n] = UInt8(truncatingIfNeeded: rest) | 0x80
                    n += 1
                    rest >>= 7
                }
                raw[n] = UInt8(rest)
                n += 1
            }
            put(day - self.day)
            put(row - self.row)
            put(offset - self.offset)
            put(charge.amount &- amount)
            return n
        }
        withUnsafeBytes(of: &scratch) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<used])) }
        self.day = day
        self.row = row
        self.offset = offset
        amount = charge.amount
        count += 1
        // A block the file did not take stays in memory, and the next try writes it too.
        if let spool, bytes.count >= ChargeSpool.blockSize, let block = spool.write(bytes) {
            blocks.append(block)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the block being filled to the spool, so that a log kept after it is complete (a
    /// series' charges, until its draft is handed on) holds only where its blocks lie.
    /// Appending afterwards still works.
    mutating func seal() {
        guard let spool, !bytes.isEmpty, let block = spool.write(bytes) else { return }
        blocks.append(block)
        bytes = []
    }

    /// The charges in the order they were appended.
    var charges: [Charge] {
        var out: [Charge] = []
        out.reserveCapacity(count)
        forEach { out.append($0) }
        return out
    }

    /// Calls `body` with each charge in the order they were appended, reading spooled blocks back.
    func forEach(_ body: (Charge) -> Void) {
        var state = (day: Int64(0), row: Int64(0), offset: Int64(0), amount: Int64(0))
        func decode(_ bytes: UnsafeBufferPointer<UInt8>) {
            var i = 0
            func take() -> Int64 {
                var value: UInt64 = 0
                var shift: UInt64 = 0
                while true {
                    let byte = bytes[i]
                    i += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
            }
            while i < bytes.count {
                state.day += take()
                state.row += take()
                state.offset += take()
                state.amount = state.amount &+ take()
                body(Charge(day: Int(state.day), amount: state.amount, row: Int(state.row), line: Int(state.row + state.offset)))
            }
        }
        if let spool, !blocks.isEmpty {
            var buffer: [UInt8] = []
            for block in blocks {
                spool.read(block, into: &buffer)
                buffer.withUnsafeBufferPointer(decode)
            }
        }
        bytes.withUnsafeBufferPointer(decode)
    }
}

/// A temporary file that charge logs write their full blocks to (and a table's rows between
/// its two passes, `RowSpool`). The file is removed from the
/// directory as soon as it is opened, so nothing is left behind however the import ends; its
/// space is freed when the spool is. Several threads may write (each write takes a lock) and
/// read (`pread` keeps no file position) at once.
final class ChargeSpool: @unchecked Sendable {
    /// Where a block lies in the file.
    struct Block {
        var offset: Int64
        var length: Int32
    }

    /// Bytes a log gathers before it writes them out: one block per merchant stays in memory.
    static let blockSize = 8192

    private let fd: Int32
    /// Guarded by `lock`.
    private var end: Int64 = 0
    private let lock = SpinningLock()

    /// A spool in `directory` (default: the system's temporary directory), its file named
    /// `prefix` and six random characters; nil when no file can be made there.
    init?(directory: String = NSTemporaryDirectory(), prefix: String = "ingest-charges-") {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array((prefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `bytes` to the file; nil when the file does not take them (a full disk): the caller
    /// keeps them in memory.
    func write(_ bytes: [UInt8]) -> Block? {
        bytes.withUnsafeBytes { write([$0]) }
    }

    /// Appends `parts` to the file back to back, as one block; nil when the file does not take
    /// them (a full disk, or a block past `Block.length`'s reach).
    func write(_ parts: [UnsafeRawBufferPointer]) -> Block? {
        let total = parts.reduce(0) { $0 + $1.count }
        guard total <= Int(Int32.max) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let block = Block(offset: end, length: Int32(total))
        var at = off_t(end)
        for part in parts where part.count > 0 {
            var done = 0
            while done < part.count {
                let n = pwrite(fd, part.baseAddress! + done, part.count - done, at)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                done += n
                at += off_t(n)
            }
        }
        end += Int64(total)
        return block
    }

    /// Fills `buffer` with the bytes written at `offset`.
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { fatalError("ingest: cannot read the temporary file back (errno \(errno))") }
            done += n
        }
    }

    /// Where `discard` has punched the file out to; touched by the one thread that reads.
    private var discarded: Int64 = 0

    /// Gives back the file's space before `offset`, which will not be read again, and the
    /// memory the kernel caches it in: punched out a whole number of pages at a time, at least
    /// a MiB at once. Those pages, freed at once, are what the next writes are given (the
    /// output's), instead of memory the machine must find afresh. Dirty pages punched out are
    /// never written to the disk. Nothing happens where the file system cannot punch holes.
    func discard(before offset: Int64) {
        let end = offset & ~4095
        guard end - discarded >= 1 << 20 else { return }
        punch(from: discarded, to: end)
        discarded = end
    }

    /// Gives back the space and cached memory of `block`, which will not be read again: the
    /// whole pages inside it. Nothing happens where the file system cannot punch holes.
    func discard(_ block: Block) {
        let start = (block.offset + 4095) & ~4095
        let end = (block.offset + Int64(block.length)) & ~4095
        guard end > start else { return }
        punch(from: start, to: end)
    }

    /// Punches out the file's pages from `start` to `end` (page edges), keeping its size.
    private func punch(from start: Int64, to end: Int64) {
        // FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, from <linux/falloc.h>.
        _ = CLibrary.fallocate?(fd, 0x02 | 0x01, off_t(start), off_t(end - start))
    }

    /// The bytes of disk the file takes up now (less than its length once punched out).
    var allocatedBytes: Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_blocks) * 512 : 0
    }

    /// Reads `block` back into `buffer`.
    func read(_ block: Block, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: Int(block.length)))
        buffer.withUnsafeMutableBytes { read(at: block.offset, into: $0) }
    }
}
