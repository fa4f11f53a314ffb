import Foundation

/// The data rows of a table as its first pass read them, kept in a temporary file so that the
/// second pass reads them back instead of reading, decoding, splitting and classifying the
/// file again: a batch of rows (`RecordBatch`) is one block, written by the first pass and read
/// back in order, with the facts that pass found of its rows. Memory holds one block at a time;
/// the file holds about twice the table's bytes.
///
/// A block is the batch's buffers as they are: its rows' places, the facts (none when the
/// first pass found none), the field ends and the bytes. Their counts stay in memory.
final class RowSpool: @unchecked Sendable {
    /// Where a block lies in the file, and how many of each part it holds.
    private struct Stored {
        var block: ChargeSpool.Block
        var places: Int, facts: Int, ends: Int, bytes: Int
    }

    private let file: ChargeSpool
    private var blocks: [Stored] = []
    /// Blocks handed out by `nextBlock` so far.
    private var read = 0

    /// A spool in `directory` (default: the system's temporary directory); nil when no file
    /// can be made there.
    init?(directory: String? = nil) {
        guard let file = ChargeSpool(directory: directory ?? NSTemporaryDirectory(), prefix: "ingest-rows-") else { return nil }
        self.file = file
    }

    /// Keeps a batch, `facts[i]` being its row `i`'s (or none at all); false when the file does
    /// not take it (a full disk): the spool is then of no use and the table is read again
    /// instead.
    func append(_ batch: RecordBatch, facts: [PlainFacts?]) -> Bool {
        precondition(facts.isEmpty || facts.count == batch.count, "facts for every row or none")
        let stored = batch.places.withUnsafeBytes { places in
            facts.withUnsafeBytes { facts in
                batch.ends.withUnsafeBytes { ends in
                    batch.bytes.withUnsafeBytes { bytes in file.write([places, facts, ends, bytes]) }
                }
            }
        }
        guard let stored else { return false }
        blocks.append(Stored(block: stored, places: batch.places.count, facts: facts.count,
                             ends: batch.ends.count, bytes: batch.bytes.count))
        return true
    }

    /// A block as it was appended: the rows, and their facts (empty when it had none).
    struct Block: Sendable {
        var rows: RecordBatch
        var facts: [PlainFacts?]
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
        rows.places = part(stored.places, RecordBatch.Place.self)
        let facts = part(stored.facts, PlainFacts?.self)
        rows.ends = part(stored.ends, Int.self)
        rows.bytes = part(stored.bytes, UInt8.self)
        return Block(rows: rows, facts: facts)
    }
}
