import Foundation

/// One record of a delimited file: its cells as byte slices (quotes removed) and its line.
struct ByteRecord {
    var cells: [ArraySlice<UInt8>]
    /// 1-based physical line where the record starts.
    var line: Int

    var isBlank: Bool { cells.allSatisfy { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } } }
}

/// The cells of the record `DelimitedRecords.advance()` last read, as ranges of the reader's
/// buffer: a row costs no array of cells. The buffer is held by value, so a view stays valid
/// after the reader moves on; one kept across a refill makes the reader copy its buffer.
struct RecordCells: RandomAccessCollection {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    var startIndex: Int { 0 }
    var endIndex: Int { ranges.count }
    subscript(position: Int) -> ArraySlice<UInt8> { bytes[ranges[position]] }

    var isBlank: Bool { ranges.allSatisfy { bytes[$0].allSatisfy { $0 == 0x20 || $0 == 0x09 } } }

    init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
    }

    /// A sampled record's cells copied into bytes of their own.
    init(_ record: ByteRecord) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for cell in record.cells {
            let start = bytes.count
            bytes += cell
            ranges.append(start..<bytes.count)
        }
        self.init(bytes: bytes, ranges: ranges)
    }
}

/// Streams records out of a delimited file in fixed-size chunks, so memory does not grow with
/// the file: quotes, doubled quotes, CRLF and line breaks inside quotes are handled.
///
/// Bridge for bank statements (`;` and tab delimiters, non-UTF-8 bytes) until the shared CSV
/// reader streams and sniffs dialects.
///
/// A value type: a reader held in a local variable while a batch of records is read costs no
/// run-time exclusivity check per property touched, as a class's stored properties would.
struct DelimitedRecords {
    let delimiter: UInt8
    private var buffer: [UInt8]
    private var position = 0
    private var line = 1
    private let handle: FileHandle?
    private var atEnd: Bool
    /// Cell ranges of the current record, reused from record to record.
    private var ranges: [Range<Int>] = []
    /// Cells of the current record holding doubled quotes.
    private var doubledCells: [Int] = []
    /// A record with doubled quotes, unescaped into its own bytes (the buffer is never rewritten,
    /// so slices handed out earlier stay valid).
    private var unescaped: RecordCells?
    /// 1-based line where the current record starts.
    private(set) var recordLine = 0
    /// The limits records are held to.
    let limits: ReadLimits
    /// Why reading stopped before the end of the file: a record past a limit, or binary data.
    /// `advance()` then says false.
    private(set) var failure: Failure?
    /// Bytes of the file before `buffer`.
    private var bufferStart = 0

    enum Failure: Equatable {
        case overflow(CSVTokenizer.Overflow, line: Int, column: Int)
        /// A NUL byte at this offset in the file: binary data, not text.
        case binary(offset: Int, line: Int)

        /// The error to report for file `name`.
        func error(file name: String, limits: ReadLimits) -> ReadError {
            switch self {
            case .overflow(let kind, let line, let column):
                return limits.error(kind, file: name, line: line, column: column)
            case .binary(let offset, let line):
                return ReadError(file: name, line: line, "looks like binary data, not a text table (a NUL byte at byte \(offset), line \(line)); if it is a table, remove the NUL bytes")
            }
        }
    }
    /// Bytes read at a time: rows handed to another thread keep their chunk alive, so chunks
    /// stay small.
    static let chunkSize = 1 << 20

    /// Reads from a file handle, starting with the bytes already read from it.
    init(handle: FileHandle?, head: [UInt8], atEnd: Bool, delimiter: UInt8, limits: ReadLimits = ReadLimits()) {
        self.handle = handle
        self.buffer = head
        self.atEnd = atEnd || handle == nil
        self.delimiter = delimiter
        self.limits = limits
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        endAtNUL(from: 0)
    }

    /// Reads bytes held in memory.
    init(bytes: [UInt8], delimiter: UInt8, limits: ReadLimits = ReadLimits()) {
        self.init(handle: nil, head: bytes, atEnd: true, delimiter: delimiter, limits: limits)
    }

    private mutating func refill() -> Bool {
        guard !atEnd, failure == nil, let handle else { return false }
        // A record still open past the row limit is an error, not more buffering.
        if buffer.count - position > limits.maxRecordBytes {
            failure = .overflow(.record, line: line, column: 1)
            return false
        }
        let chunk = (try? handle.read(upToCount: DelimitedRecords.chunkSize)) ?? nil
        guard let chunk, !chunk.isEmpty else { atEnd = true; return false }
        bufferStart += position
        buffer.removeSubrange(0..<position)
        position = 0
        let old = buffer.count
        buffer.append(contentsOf: chunk)
        endAtNUL(from: old)
        return true
    }

    /// Cuts the buffer at its first NUL byte from `start`, if any: the bytes before it are
    /// read, then reading stops with `.binary`.
    private mutating func endAtNUL(from start: Int) {
        guard start < buffer.count, let at = buffer[start...].firstIndex(of: 0) else { return }
        let lines = buffer[position..<at].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        pendingBinary = .binary(offset: bufferStart + at, line: line + lines)
        buffer.removeSubrange(at...)
        atEnd = true
    }

    /// The binary data found past the buffer's end, reported once the bytes before it are read.
    private var pendingBinary: Failure?

    /// The next record, nil at the end of the file, as slices that keep their bytes after the
    /// reader moves on (for the records a table samples before it streams).
    mutating func next() -> ByteRecord? {
        guard advance() else { return nil }
        let cells = self.cells
        return ByteRecord(cells: Array(cells), line: recordLine)
    }

    /// Reads the next record into `cells` and `recordLine`; false at the end of the file.
    mutating func advance() -> Bool {
        guard failure == nil else { return false }
        while true {
            if position >= buffer.count, !refill() { return finished(false) }
            if scan() { return checked() }
            if !refill() { return failure == nil ? finished(scan(final: true)) : false }
        }
    }

    /// At the end of the buffered bytes: binary data found after them stops the reading.
    private mutating func finished(_ found: Bool) -> Bool {
        if found { return checked() }
        if let pendingBinary { failure = pendingBinary }
        return false
    }

    /// The record just scanned, held to the cell and column limits.
    private mutating func checked() -> Bool {
        if ranges.count > limits.maxColumns {
            failure = .overflow(.columns, line: recordLine, column: limits.maxColumns + 1)
            return false
        }
        if let column = ranges.firstIndex(where: { $0.count > limits.maxCellBytes }) {
            failure = .overflow(.cell, line: recordLine, column: column + 1)
            return false
        }
        return true
    }

    /// The cells of the record `advance()` read last.
    var cells: RecordCells { unescaped ?? RecordCells(bytes: buffer, ranges: ranges) }

    /// Scans one record from `position` into `ranges`; false when the buffer ends before the
    /// record does (unless `final`), leaving `position` where it was.
    private mutating func scan(final: Bool = false) -> Bool {
        // Local arrays, swapped in and out and handed on `inout`: no closure captures them, so
        // their accesses are checked when compiled rather than at run time.
        var ranges: [Range<Int>] = []
        var doubledCells: [Int] = []
        swap(&ranges, &self.ranges)
        swap(&doubledCells, &self.doubledCells)
        ranges.removeAll(keepingCapacity: true)
        doubledCells.removeAll(keepingCapacity: true)
        let delimiter = self.delimiter, start = position
        let found = buffer.withUnsafeBufferPointer { buffer in
            DelimitedRecords.scan(buffer, from: start, delimiter: delimiter, final: final, ranges: &ranges, doubledCells: &doubledCells)
        }
        swap(&ranges, &self.ranges)
        swap(&doubledCells, &self.doubledCells)
        guard let found else {
            self.ranges.removeAll(keepingCapacity: true)
            return false
        }
        unescaped = self.doubledCells.isEmpty ? nil : unescape(self.ranges, doubled: self.doubledCells)
        recordLine = line
        line += 1 + found.newlines
        position = found.next
        return true
    }

    /// Eight bytes with `byte` in each.
    @inline(__always)
    private static func spread(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word`, and no other bit.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    /// One record of `buffer` from `start`: its cells into `ranges` (quotes removed), the cells
    /// with doubled quotes into `doubledCells`; nil when the buffer ends first (unless `final`).
    /// The bytes are read eight at a time: a mask marks the quotes, delimiters and line breaks
    /// among them, and only those are looked at, in order.
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, final: Bool,
                     ranges: inout [Range<Int>], doubledCells: inout [Int]) -> (end: Int, next: Int, newlines: Int)? {
        let n = buffer.count
        var cellStart = start
        var inQuotes = false
        var quoted = false
        var doubled = false
        var newlines = 0
        /// Bytes before this one are done with (the second quote of a doubled pair).
        var next = start
        let quotes = spread(0x22), delimiters = spread(delimiter), newlineBytes = spread(0x0A), returns = spread(0x0D)
        var i = start
        while i < n {
            var mask: UInt64
            if i + 8 <= n, let base = UnsafeRawPointer(buffer.baseAddress) {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                mask = zeroBytes(word ^ quotes) | zeroBytes(word ^ delimiters) | zeroBytes(word ^ newlineBytes) | zeroBytes(word ^ returns)
            } else {
                // The last bytes, one at a time: the same mask built byte by byte.
                mask = 0
                for k in 0..<(n - i) {
                    let c = buffer[i + k]
                    if c == 0x22 || c == delimiter || c == 0x0A || c == 0x0D { mask |= 0x80 << (8 * UInt64(k)) }
                }
            }
            while mask != 0 {
                let p = i + mask.trailingZeroBitCount >> 3
                mask &= mask - 1
                if p < next { continue }
                let c = buffer[p]
                next = p + 1
                if inQuotes {
                    if c == 0x22 {
                        if p + 1 < n, buffer[p + 1] == 0x22 {
                            doubled = true
                            next = p + 2
                            continue
                        }
                        if p + 1 >= n && !final { return nil }
                        inQuotes = false
                    } else if c == 0x0A {
                        newlines += 1
                    }
                    continue
                }
                if c == 0x22 {
                    inQuotes = true
                    quoted = true
                } else if c == delimiter {
                    finishCell(buffer, cellStart, p, quoted: quoted, doubled: doubled, ranges: &ranges, doubledCells: &doubledCells)
                    quoted = false
                    doubled = false
                    cellStart = p + 1
                } else {
                    var after = p + 1
                    if c == 0x0D {
                        if p + 1 >= n && !final { return nil }
                        if p + 1 < n, buffer[p + 1] == 0x0A { after = p + 2 }
                    }
                    finishCell(buffer, cellStart, p, quoted: quoted, doubled: doubled, ranges: &ranges, doubledCells: &doubledCells)
                    return (p, after, newlines)
                }
            }
            i = min(i + 8, n)
        }
        guard final, n > start || !ranges.isEmpty else { return nil }
        finishCell(buffer, cellStart, n, quoted: quoted, doubled: doubled, ranges: &ranges, doubledCells: &doubledCells)
        return (n, n, newlines)
    }

    /// Ends the cell from `cellStart` to `end`: a quoted cell's content lies between its first
    /// and last quote.
    @inline(__always)
    private static func finishCell(_ buffer: UnsafeBufferPointer<UInt8>, _ cellStart: Int, _ end: Int, quoted: Bool, doubled: Bool,
                                   ranges: inout [Range<Int>], doubledCells: inout [Int]) {
        guard quoted else {
            ranges.append(cellStart..<end)
            return
        }
        var lo = cellStart
        while lo < end, buffer[lo] != 0x22 { lo += 1 }
        var hi = end
        while hi > lo + 1, buffer[hi - 1] != 0x22 { hi -= 1 }
        if doubled { doubledCells.append(ranges.count) }
        ranges.append(hi > lo + 1 ? (lo + 1)..<(hi - 1) : lo..<lo)
    }

    /// The record's cells copied into bytes of their own, each doubled quote in the cells
    /// listed in `doubled` turned into one.
    private func unescape(_ ranges: [Range<Int>], doubled: [Int]) -> RecordCells {
        var bytes: [UInt8] = []
        var copied: [Range<Int>] = []
        for (index, range) in ranges.enumerated() {
            let start = bytes.count
            var read = range.lowerBound
            while read < range.upperBound {
                bytes.append(buffer[read])
                if doubled.contains(index), buffer[read] == 0x22, read + 1 < range.upperBound, buffer[read + 1] == 0x22 { read += 1 }
                read += 1
            }
            copied.append(start..<bytes.count)
        }
        return RecordCells(bytes: bytes, ranges: copied)
    }

    /// The delimiter that splits the first lines into the same number of cells most often:
    /// preamble lines and summary lines disagree, the table agrees.
    static func sniffDelimiter(_ head: [UInt8]) -> UInt8 {
        let candidates: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]
        var best: (UInt8, Int) = (0x2C, -1)
        for candidate in candidates {
            var reader = DelimitedRecords(bytes: Array(head.prefix(1 << 16)), delimiter: candidate, limits: ReadLimits(maxColumns: Int.max))
            var counts: [Int: Int] = [:]
            var seen = 0
            while seen < 40, let record = reader.next() {
                seen += 1
                if record.cells.count > 1 { counts[record.cells.count, default: 0] += 1 }
            }
            let score = counts.max { a, b in a.value * 100 + a.key < b.value * 100 + b.key }.map { $0.value * 100 + min($0.key, 99) } ?? 0
            if score > best.1 { best = (candidate, score) }
        }
        return best.0
    }
}
