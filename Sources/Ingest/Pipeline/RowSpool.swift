import Foundation

/// The data rows of a table as its first pass read them, kept so that the second pass reads
/// them back instead of reading, decoding, splitting and classifying the file again: a batch of
/// rows (`RecordBatch`) is one block, kept by the first pass and read back in order, with the
/// brand that pass found of each row's name. The first `memoryBytes` of blocks stay in memory
/// (a small table needs no file), as long as the process's spools together hold less than
/// `MemoryBudget.shared` (an import of thousands of files keeps every file's rows until its
/// second pass); the rest go to a temporary file, made when the first of them comes. Memory
/// then holds a block at a time, and those appended ahead of their turn; the file holds about
/// 1.4 times the table's bytes.
///
/// A block is the batch's buffers made compact, since every byte is written and read back once:
/// its rows' places (`Place`: row and line counted from the block's first), the brands (none
/// when the first pass found none), the field ends as 16-bit numbers (32-bit in a block of
/// more than 64 KiB) and the bytes: 92 bytes a row of the benchmark's table instead of 112.
/// Their counts, the first row and line and the ends' width stay in memory.
final class RowSpool: @unchecked Sendable {
    /// A block kept in memory, or where it lies in the file.
    private enum Stored {
        case memory(Block)
        case file(Written)
    }

    /// Where a block lies in the file, and how many of each part it holds.
    private struct Written {
        var block: ChargeSpool.Block
        var places: Int, brands: Int, ends: Int, bytes: Int
        /// The block's first row and line, which its places count from.
        var row: Int, line: Int
        /// Whether the field ends are 16-bit numbers.
        var narrowEnds: Bool
    }

    /// A row's place as a block keeps it (`RecordBatch.Place`, 16 bytes instead of 40).
    struct Place {
        /// Counted from the block's first row and line.
        var row: UInt32
        var line: UInt32
        var bytesEnd: UInt32
        /// The row's field ends stop here; the top bit says the row was decoded.
        var endsEnd: UInt32

        static let decodedBit: UInt32 = 1 << 31
    }

    /// Bytes of blocks kept in memory before the file is made.
    static let memoryBytes = 1 << 20

    /// Bytes of blocks all spools of a process hold in memory together.
    final class MemoryBudget: @unchecked Sendable {
        static let shared = MemoryBudget(bytes: 64 << 20)
        private let lock = SpinningLock()
        private var left: Int

        init(bytes: Int) { left = bytes }

        /// Takes `bytes` from the budget; false, taking nothing, when fewer are left.
        func take(_ bytes: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard bytes <= left else { return false }
            left -= bytes
            return true
        }

        func give(_ bytes: Int) {
            lock.lock()
            left += bytes
            lock.unlock()
        }
    }

    private let directory: String
    private var memoryLeft: Int
    private let budget: MemoryBudget
    /// Bytes taken from `budget` by blocks still held.
    private var held = 0
    /// Made when the first block that does not stay in memory comes.
    private var file: ChargeSpool?
    /// Appended to in sequence order, under `lock`; read once all are appended.
    private var blocks: [Stored] = []
    /// Blocks handed out by `nextBlock` so far.
    private var read = 0

    /// A block made ready to write: a batch's parts as the file keeps them (`narrowEnds` or
    /// `wideEnds`, the other empty).
    private struct Encoded {
        var row: Int, line: Int
        var places: [Place]
        var brands: [Int32]
        var narrowEnds: [UInt16]
        var wideEnds: [UInt32]
        var bytes: [UInt8]

        /// Nil when the batch does not fit a block: 2 GiB or more of bytes or ends, or rows or
        /// lines more than 2^32 apart.
        init?(_ batch: RecordBatch, brands: [Int32]) {
            guard batch.bytes.count < Int(Int32.max), batch.ends.count < Int(Int32.max) else { return nil }
            let first = batch.places.first
            row = first?.row ?? 0
            line = first?.line ?? 0
            var places: [Place] = []
            places.reserveCapacity(batch.places.count)
            for place in batch.places {
                guard let row = UInt32(exactly: place.row - row), let line = UInt32(exactly: place.line - line) else { return nil }
                places.append(Place(row: row, line: line, bytesEnd: UInt32(place.bytesEnd),
                                    endsEnd: UInt32(place.endsEnd) | (place.decoded ? Place.decodedBit : 0)))
            }
            self.places = places
            self.brands = brands
            if batch.bytes.count <= Int(UInt16.max) {
                narrowEnds = batch.ends.map { UInt16(truncatingIfNeeded: $0) }
                wideEnds = []
            } else {
                narrowEnds = []
                wideEnds = batch.ends.map { UInt32(truncatingIfNeeded: $0) }
            }
            bytes = batch.bytes
        }
    }

    /// Guards `waiting`, `blocks` and `whole` while blocks are appended.
    private let lock = SpinningLock()
    /// Blocks appended before those ahead of them in sequence, by sequence number.
    private var waiting: [Int: Block] = [:]
    private var whole = true

    /// The memory a block held in memory takes, counted by its elements (its buffers are
    /// `compacted` to about that; their exact capacity depends on the allocator).
    static func size(_ block: Block) -> Int {
        block.rows.bytes.count + block.rows.ends.count * MemoryLayout<Int>.stride
            + block.rows.places.count * MemoryLayout<RecordBatch.Place>.stride + block.brands.count * 4
    }

    /// The block in buffers no larger than it needs: a batch's buffers are reserved for a full
    /// batch, and a small table's one batch would keep that reserve until its second pass.
    static func compacted(_ block: Block) -> Block {
        var block = block
        if block.rows.places.capacity > block.rows.places.count + 16 { block.rows.places = Array(block.rows.places[...]) }
        if block.rows.ends.capacity > block.rows.ends.count + 64 { block.rows.ends = Array(block.rows.ends[...]) }
        if block.rows.bytes.capacity > block.rows.bytes.count + 1024 { block.rows.bytes = Array(block.rows.bytes[...]) }
        return block
    }

    /// A spool holding up to `memoryBytes` of blocks in memory, the rest in a file in
    /// `directory` (default: the system's temporary directory). When no file can be made
    /// there, the spool is no longer whole once a block does not fit in memory.
    init(directory: String? = nil, memoryBytes: Int = RowSpool.memoryBytes, budget: MemoryBudget = .shared) {
        self.directory = directory ?? NSTemporaryDirectory()
        memoryLeft = memoryBytes
        self.budget = budget
    }

    deinit { budget.give(held) }

    /// Keeps batch number `sequence` (0, 1, 2 …, each once), `brands[i]` being its row `i`'s
    /// catalog brand (`-1`: none), or none at all. Batches may be appended from several threads
    /// and out of order: a block is written once those before it are, and waits in memory till
    /// then. Should the file not take a block (a full disk, a block past 2 GiB), the spool is no
    /// longer `isWhole`, and the table must be read again instead.
    func append(_ batch: RecordBatch, brands: [Int32], sequence: Int) {
        precondition(brands.isEmpty || brands.count == batch.count, "brands for every row or none")
        lock.lock()
        defer { lock.unlock() }
        precondition(sequence >= blocks.count && waiting[sequence] == nil, "each batch appended once")
        waiting[sequence] = Block(rows: batch, brands: brands)
        while var next = waiting.removeValue(forKey: blocks.count) {
            // Memory takes blocks until it is full; once one went to the file, the rest follow.
            if file == nil { next = RowSpool.compacted(next) }
            let size = RowSpool.size(next)
            if file == nil, size <= memoryLeft, budget.take(size) {
                memoryLeft -= size
                held += size
                blocks.append(.memory(next))
            } else if whole, let encoded = Encoded(next.rows, brands: next.brands), let stored = write(encoded) {
                blocks.append(.file(stored))
            } else {
                whole = false
                blocks.append(.memory(Block(rows: RecordBatch(), brands: [])))
            }
        }
    }

    /// Whether every block appended so far was kept (those before any still waiting for one
    /// ahead of them).
    var isWhole: Bool {
        lock.lock()
        defer { lock.unlock() }
        return whole
    }

    private func write(_ block: Encoded) -> Written? {
        if file == nil { file = ChargeSpool(directory: directory, prefix: "ingest-rows-") }
        guard let file else { return nil }
        let narrow = block.wideEnds.isEmpty
        func write(ends: UnsafeRawBufferPointer) -> ChargeSpool.Block? {
            block.places.withUnsafeBytes { places in
                block.brands.withUnsafeBytes { brands in
                    block.bytes.withUnsafeBytes { bytes in file.write([places, brands, ends, bytes]) }
                }
            }
        }
        let stored = narrow ? block.narrowEnds.withUnsafeBytes(write(ends:)) : block.wideEnds.withUnsafeBytes(write(ends:))
        return stored.map {
            Written(block: $0, places: block.places.count, brands: block.brands.count,
                   ends: narrow ? block.narrowEnds.count : block.wideEnds.count, bytes: block.bytes.count,
                   row: block.row, line: block.line, narrowEnds: narrow)
        }
    }

    /// The disk space the spool takes up: blocks read back are given back (`ChargeSpool.discard`).
    var allocatedBytes: Int64 { file?.allocatedBytes ?? 0 }

    /// A block as it was appended: the rows, and their brands (empty when it had none).
    struct Block: Sendable {
        var rows: RecordBatch
        var brands: [Int32]
    }

    /// The next block as it was appended; nil after the last.
    func nextBlock() -> Block? {
        guard read < blocks.count else { return nil }
        precondition(whole, "a spool that is not whole is not read")
        let kept = blocks[read]
        blocks[read] = .memory(Block(rows: RecordBatch(), brands: []))
        read += 1
        guard case .file(let stored) = kept, let file else {
            guard case .memory(let block) = kept else { return nil }
            let size = RowSpool.size(block)
            held -= size
            budget.give(size)
            return block
        }
        var offset = stored.block.offset
        /// The next `count` elements of the block.
        func part<T>(_ count: Int, _: T.Type) -> [T] {
            let array = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                file.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
                initialized = count
            }
            offset += Int64(count * MemoryLayout<T>.stride)
            return array
        }
        var rows = RecordBatch()
        rows.places = part(stored.places, Place.self).map { place in
            RecordBatch.Place(bytesEnd: Int(place.bytesEnd), endsEnd: Int(place.endsEnd & ~Place.decodedBit),
                              row: stored.row + Int(place.row), line: stored.line + Int(place.line),
                              decoded: place.endsEnd & Place.decodedBit != 0)
        }
        let brands = part(stored.brands, Int32.self)
        rows.ends = stored.narrowEnds ? part(stored.ends, UInt16.self).map { Int($0) } : part(stored.ends, UInt32.self).map { Int($0) }
        rows.bytes = part(stored.bytes, UInt8.self)
        file.discard(before: offset)
        return Block(rows: rows, brands: brands)
    }
}
