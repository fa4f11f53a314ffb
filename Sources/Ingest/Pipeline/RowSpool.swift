import Foundation

/// A row as the second pass of a spooled table gets it: the row as the first pass read it, and
/// the facts that pass found when the row may read plainly.
struct SpooledItem: Sendable {
    var item: TableItem
    var facts: PlainFacts?
}

/// The data rows of a table as its first pass read them, kept in a temporary file so that the
/// second pass reads them back instead of reading, decoding, splitting and classifying the
/// file again: a batch of rows is one block, written by the first pass and read back in order.
/// Memory holds one block at a time; the file holds about twice the table's bytes.
///
/// A block is a header of three counts (rows, field ends, bytes), then the rows' fixed-size
/// places (`Place`), the field ends and the bytes. A row read as text keeps its record's bytes;
/// a row that had to be decoded keeps its cells' UTF-8.
final class RowSpool: @unchecked Sendable {
    /// One row's place in its block. Plain data only, written and read as raw bytes.
    struct Place {
        var bytesEnd: Int
        var endsEnd: Int
        var row: Int
        var line: Int
        var decoded: Bool
        /// -1 when the row has no `PlainFacts`.
        var brand: Int32
        var currency: UInt32
        var units: Int64
    }

    private let file: ChargeSpool
    private var blocks: [ChargeSpool.Block] = []
    /// Blocks handed out by `nextBlock` so far.
    private var read = 0

    /// A spool in `directory` (default: the system's temporary directory); nil when no file
    /// can be made there.
    init?(directory: String? = nil) {
        guard let file = ChargeSpool(directory: directory ?? NSTemporaryDirectory(), prefix: "ingest-rows-") else { return nil }
        self.file = file
    }

    /// One batch as a block: `facts[i]` belongs to `items[i]`.
    static func block(_ items: [TableItem], facts: [PlainFacts?]) -> [UInt8] {
        var places: [Place] = []
        var ends: [Int] = []
        var bytes: [UInt8] = []
        places.reserveCapacity(items.count)
        ends.reserveCapacity(items.count * 8)
        bytes.reserveCapacity(items.count * 64)
        for (item, facts) in zip(items, facts) {
            let row: Int, line: Int, decoded: Bool
            switch item {
            case .utf8(let record, let number):
                let shift = bytes.count - record.bytes.startIndex
                bytes.append(contentsOf: record.bytes)
                for end in record.ends { ends.append(end + shift) }
                (row, line, decoded) = (number, record.line, false)
            case .decoded(let source):
                for cell in source.cells {
                    bytes.append(contentsOf: cell.utf8)
                    ends.append(bytes.count)
                }
                (row, line, decoded) = (source.row, source.line, true)
            }
            places.append(Place(bytesEnd: bytes.count, endsEnd: ends.count, row: row, line: line, decoded: decoded,
                                brand: facts?.brand ?? -1, currency: facts?.currency ?? 0, units: facts?.units ?? 0))
        }
        var block: [UInt8] = []
        block.reserveCapacity(3 * MemoryLayout<Int>.size + places.count * MemoryLayout<Place>.stride
            + ends.count * MemoryLayout<Int>.size + bytes.count)
        for count in [places.count, ends.count, bytes.count] {
            withUnsafeBytes(of: count) { block.append(contentsOf: $0) }
        }
        places.withUnsafeBytes { block.append(contentsOf: $0) }
        ends.withUnsafeBytes { block.append(contentsOf: $0) }
        block.append(contentsOf: bytes)
        return block
    }

    /// Keeps a block; false when the file does not take it (a full disk): the spool is then
    /// of no use and the table is read again instead.
    func append(_ block: [UInt8]) -> Bool {
        guard let written = file.write(block) else { return false }
        blocks.append(written)
        return true
    }

    /// The next block as it was appended (`rows(of:)` takes it apart); nil after the last.
    func nextBlock() -> [UInt8]? {
        guard read < blocks.count else { return nil }
        var block: [UInt8] = []
        file.read(blocks[read], into: &block)
        read += 1
        return block
    }

    /// The rows a block holds.
    static func rows(of block: [UInt8]) -> [SpooledItem] {
        block.withUnsafeBytes { raw -> [SpooledItem] in
            let counts = (0..<3).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<Int>.size, as: Int.self) }
            var offset = 3 * MemoryLayout<Int>.size
            let places = (0..<counts[0]).map { i in
                raw.loadUnaligned(fromByteOffset: offset + i * MemoryLayout<Place>.stride, as: Place.self)
            }
            offset += counts[0] * MemoryLayout<Place>.stride
            let ends = (0..<counts[1]).map { i in raw.loadUnaligned(fromByteOffset: offset + i * MemoryLayout<Int>.size, as: Int.self) }
            offset += counts[1] * MemoryLayout<Int>.size
            let bytes = Array(raw[offset..<(offset + counts[2])])
            var rows: [SpooledItem] = []
            rows.reserveCapacity(places.count)
            var bytesStart = 0, endsStart = 0
            for place in places {
                let record = CSVRecord(bytes: bytes[bytesStart..<place.bytesEnd], ends: ends[endsStart..<place.endsEnd], line: place.line)
                if place.decoded {
                    rows.append(SpooledItem(item: .decoded(SourceRow(utf8: record, row: place.row)), facts: nil))
                } else {
                    let facts = place.brand < 0 ? nil : PlainFacts(brand: place.brand, currency: place.currency, units: place.units)
                    rows.append(SpooledItem(item: .utf8(record, row: place.row), facts: facts))
                }
                bytesStart = place.bytesEnd
                endsStart = place.endsEnd
            }
            return rows
        }
    }
}
