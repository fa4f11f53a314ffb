/// Data rows read as one batch: their cells' bytes back to back in one buffer, where each cell
/// ends, and each row's place. A row costs no allocation of its own, and code that works on a
/// whole batch reads its rows through `RecordView`s (`withRecords`), which count no references:
/// a big import's passes over a million rows do no reference counting per row.
///
/// A row the table read as text (valid UTF-8) keeps its record's bytes; a row it had to decode
/// keeps its cells' UTF-8 and is marked `decoded`. A spool block (`RowSpool`) is a batch's
/// three buffers, made compact.
package struct RecordBatch: Sendable {
    /// One row's place.
    struct Place {
        /// Where the row's bytes and field ends stop in the batch's.
        var bytesEnd: Int
        var endsEnd: Int
        var row: Int
        var line: Int
        var decoded: Bool
    }

    var bytes: [UInt8] = []
    /// Field ends, as indices into `bytes`.
    var ends: [Int] = []
    var places: [Place] = []

    package init() {}

    /// The rows a table handed on one by one, packed.
    package init(_ items: [TableItem]) {
        for item in items { append(item) }
    }

    package var count: Int { places.count }
    package var isEmpty: Bool { places.isEmpty }

    /// Appends a row as a table hands it on.
    package mutating func append(_ item: TableItem) {
        switch item {
        case .utf8(let record, let row):
            let shift = bytes.count - record.bytes.startIndex
            bytes.append(contentsOf: record.bytes)
            for end in record.ends { ends.append(end + shift) }
            places.append(Place(bytesEnd: bytes.count, endsEnd: ends.count, row: row, line: record.line, decoded: false))
        case .decoded(let source):
            for cell in source.cells {
                bytes.append(contentsOf: cell.utf8)
                ends.append(bytes.count)
            }
            places.append(Place(bytesEnd: bytes.count, endsEnd: ends.count, row: source.row, line: source.line, decoded: true))
        }
    }

    /// Appends the rows of `other`, after this batch's.
    package mutating func append(contentsOf other: RecordBatch) {
        guard !isEmpty else { self = other; return }
        let byteShift = bytes.count, endShift = ends.count
        bytes.append(contentsOf: other.bytes)
        for end in other.ends { ends.append(end + byteShift) }
        for var place in other.places {
            place.bytesEnd += byteShift
            place.endsEnd += endShift
            places.append(place)
        }
    }

    /// Row `i` as a table hands it on.
    package func item(_ i: Int) -> TableItem {
        let place = places[i]
        let bytesStart = i == 0 ? 0 : places[i - 1].bytesEnd
        let endsStart = i == 0 ? 0 : places[i - 1].endsEnd
        let record = CSVRecord(bytes: bytes[bytesStart..<place.bytesEnd], ends: ends[endsStart..<place.endsEnd], line: place.line)
        return place.decoded ? .decoded(SourceRow(utf8: record, row: place.row)) : .utf8(record, row: place.row)
    }

    /// The rows as a table hands them on.
    package var items: [TableItem] { (0..<count).map(item) }

    /// Calls `body` with views of the rows. The views point into the batch's buffers: they are
    /// valid only during the call and must not be kept.
    func withRecords<R>(_ body: (Records) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try ends.withUnsafeBufferPointer { ends in
                try places.withUnsafeBufferPointer { places in
                    try body(Records(bytes: bytes.baseAddress ?? RecordView.noBytes, ends: ends, places: places))
                }
            }
        }
    }

    /// The rows of a batch, as `withRecords` lends them.
    struct Records {
        let bytes: UnsafePointer<UInt8>
        let ends: UnsafeBufferPointer<Int>
        let places: UnsafeBufferPointer<Place>

        var count: Int { places.count }

        subscript(i: Int) -> RecordView {
            let place = places[i]
            let endsStart = i == 0 ? 0 : places[i - 1].endsEnd
            return RecordView(bytes: bytes, ends: ends.baseAddress! + endsStart,
                              start: i == 0 ? 0 : places[i - 1].bytesEnd, count: place.endsEnd - endsStart,
                              line: place.line, row: place.row, decoded: place.decoded)
        }
    }
}

/// A record seen through pointers into buffers kept elsewhere (a `RecordBatch`'s, a
/// `CSVRecord`'s): fields as `UnsafeBufferPointer`s, no reference counted. Valid only inside
/// the call that lent it (`RecordBatch.withRecords`, `CSVRecord.withView`).
struct RecordView {
    /// The buffer's start; field `i` is `bytes[start of i ..< ends[i]]`.
    let bytes: UnsafePointer<UInt8>
    /// This record's first field end.
    let ends: UnsafePointer<Int>
    /// Where the first field starts in `bytes`.
    let start: Int
    /// Number of fields (a blank line has one empty field).
    let count: Int
    /// 1-based physical line where the record starts.
    let line: Int
    /// 1-based data row number (0 where not known).
    let row: Int
    /// True for a row whose cells were decoded from another encoding (`TableItem.decoded`).
    let decoded: Bool

    /// Stands in for the buffer of a record with no bytes at all; never read.
    nonisolated(unsafe) static let noBytes = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
    /// Stands in for the ends of a record with no fields; never read.
    nonisolated(unsafe) static let noEnds = UnsafePointer(UnsafeMutablePointer<Int>.allocate(capacity: 1))

    /// The bytes of field `i`.
    @inline(__always)
    func field(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let from = i == 0 ? start : ends[i - 1]
        return UnsafeBufferPointer(start: bytes + from, count: ends[i] - from)
    }

    /// All the fields' bytes.
    var allBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + start, count: count == 0 ? 0 : ends[count - 1] - start)
    }

    /// The record as its own value, for the rare paths that keep it (drafts, messages).
    var record: CSVRecord {
        let all = Array(allBytes)
        return CSVRecord(bytes: all[...], ends: (0..<count).map { ends[$0] - start }[...], line: line)
    }

    /// The row as a table hands it on.
    var item: TableItem {
        decoded ? .decoded(SourceRow(utf8: record, row: row)) : .utf8(record, row: row)
    }
}

extension CSVRecord {
    /// Calls `body` with a view of the record (`RecordView`), for code written for batches.
    func withView<R>(row: Int = 0, decoded: Bool = false, _ body: (RecordView) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try ends.withUnsafeBufferPointer { ends in
                // The ends are indices into the slice's base array: the view's buffer starts
                // where that array would, and is read only from `self.bytes.startIndex` on.
                let base = (bytes.baseAddress ?? RecordView.noBytes) - self.bytes.startIndex
                return try body(RecordView(bytes: base, ends: ends.baseAddress ?? UnsafePointer(RecordView.noEnds),
                                           start: self.bytes.startIndex, count: ends.count, line: line, row: row,
                                           decoded: decoded))
            }
        }
    }
}
