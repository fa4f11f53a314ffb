import Foundation

/// The data rows of a table as its first pass read them, kept in a temporary file so that the
/// second pass reads them back instead of reading, decoding, splitting and classifying the
/// file again: a batch of rows (`RecordBatch`) is one block, written by the first pass and read
/// back in order, with the brand that pass found of each row's name. Memory holds one block at
/// a time; the file holds about twice the table's bytes.
///
/// A block is the batch's buffers made compact, since every byte is written and read back once:
/// its rows' places (`Place`), the brands (none when the first pass found none), the field ends
/// as 32-bit numbers and the bytes. Their counts stay in memory.
final class RowSpool: @unchecked Sendable {
    /// Where a block lies in the file, and how many of each part it holds.
    private struct Stored {
        var block: ChargeSpool.Block
        var places: Int, brands: Int, ends: Int, bytes: Int
    }

    /// A row's place as a block keeps it (`RecordBatch.Place`, 24 bytes instead of 40).
    struct Place {
        var row: Int
        var line: Int
        var bytesEnd: UInt32
        /// The row's field ends stop here; the top bit says the row was decoded.
        var endsEnd: UInt32

        static let decodedBit: UInt32 = 1 << 31
    }

    private let file: ChargeSpool
    /// Appended to by one thread at a time; read once all are appended.
    private var blocks: [Stored] = []
    /// Blocks handed out by `nextBlock` so far.
    private var read = 0

    /// A spool in `directory` (default: the system's temporary directory); nil when no file
    /// can be made there.
    init?(directory: String? = nil) {
        guard let file = ChargeSpool(directory: directory ?? NSTemporaryDirectory(), prefix: "ingest-rows-") else { return nil }
        self.file = file
    }

    /// Keeps a batch, `brands[i]` being its row `i`'s catalog brand (`-1`: none), or none at
    /// all; false when the file does not take it (a full disk, a block past 2 GiB): the spool
    /// is then of no use and the table is read again instead.
    func append(_ batch: RecordBatch, brands: [Int32]) -> Bool {
        precondition(brands.isEmpty || brands.count == batch.count, "brands for every row or none")
        guard batch.bytes.count < Int(Int32.max), batch.ends.count < Int(Int32.max) else { return false }
        let places = batch.places.map { place in
            Place(row: place.row, line: place.line, bytesEnd: UInt32(place.bytesEnd),
                  endsEnd: UInt32(place.endsEnd) | (place.decoded ? Place.decodedBit : 0))
        }
        let ends = batch.ends.map { UInt32(truncatingIfNeeded: $0) }
        let stored = places.withUnsafeBytes { places in
            brands.withUnsafeBytes { brands in
                ends.withUnsafeBytes { ends in
                    batch.bytes.withUnsafeBytes { bytes in file.write([places, brands, ends, bytes]) }
                }
            }
        }
        guard let stored else { return false }
        blocks.append(Stored(block: stored, places: places.count, brands: brands.count, ends: ends.count, bytes: batch.bytes.count))
        return true
    }

    /// The disk space the spool takes up: blocks read back are given back (`ChargeSpool.discard`).
    var allocatedBytes: Int64 { file.allocatedBytes }

    /// A block as it was appended: the rows, and their brands (empty when it had none).
    struct Block: Sendable {
        var rows: RecordBatch
        var brands: [Int32]
    }

    /// The next block as it was appended; nil after the last.
    func nextBlock() -> Block? {
        guard read < blocks.count else { return nil }
        let stored = blocks[read]
        read += 1
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
                              row: place.row, line: place.line, decoded: place.endsEnd & Place.decodedBit != 0)
        }
        let brands = part(stored.brands, Int32.self)
        rows.ends = part(stored.ends, UInt32.self).map { Int($0) }
        rows.bytes = part(stored.bytes, UInt8.self)
        file.discard(before: offset)
        return Block(rows: rows, brands: brands)
    }
}
