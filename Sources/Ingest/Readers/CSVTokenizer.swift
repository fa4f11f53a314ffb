/// One record as the tokenizer produced it: the unescaped bytes of its fields back to back, where
/// each field ends, and the physical line the record starts on. A record handed on from a batch
/// (`RecordBatch.item`) is a slice of the batch's bytes, so it costs no allocation of its own.
package struct CSVRecord: Sendable {
    /// The fields' bytes, quotes removed and doubled quotes undone.
    package fileprivate(set) var bytes: ArraySlice<UInt8> = []
    /// `ends[ends.startIndex + i]` is the index in `bytes` where field `i` ends.
    package fileprivate(set) var ends: ArraySlice<Int> = []
    /// 1-based physical line where the record starts.
    package fileprivate(set) var line = 1

    package init() {}

    /// A record over bytes and field ends kept elsewhere (a batch's).
    init(bytes: ArraySlice<UInt8>, ends: ArraySlice<Int>, line: Int) {
        self.bytes = bytes
        self.ends = ends
        self.line = line
    }

    /// Number of fields (a blank line has one empty field).
    package var count: Int { ends.count }

    /// The bytes of field `i`.
    package func field(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? bytes.startIndex : ends[ends.startIndex + i - 1])..<ends[ends.startIndex + i]]
    }

    /// True when every field is empty or spaces and tabs only.
    package var isBlank: Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// An RFC 4180 tokenizer over bytes handed in chunk by chunk: quoted fields may hold delimiters,
/// doubled quotes and line ends; records end with CRLF, LF or a lone CR; the last record may lack
/// a line end. It keeps only the record being read (or, in a batch, the batch's records), so
/// memory does not grow with the input, and works on any ASCII-compatible encoding (UTF-8,
/// Windows-1252), since every byte it acts on is ASCII.
///
/// It writes the fields' bytes and ends into memory it owns, through pointers: appending to
/// arrays cost a call and a uniqueness check per field, a tenth of reading a big file. Hence
/// not copyable: the memory is its own, freed with it.
package struct CSVTokenizer: ~Copyable {
    private enum State: Sendable {
        case startRecord, startField, unquoted, quoted, quoteInQuoted, quotedCR, afterCR
    }

    package let delimiter: UInt8
    /// The record last completed by `next` or `finish`, copied out of the tokenizer's memory.
    package var record: CSVRecord {
        let bytes = [UInt8](UnsafeBufferPointer(start: self.bytes + recordBytes, count: byteCount - recordBytes))
        let ends = UnsafeBufferPointer(start: self.ends + recordEnds, count: endCount - recordEnds).map { $0 - recordBytes }
        return CSVRecord(bytes: bytes[...], ends: ends[...], line: recordLine)
    }
    /// `record.count`, read in place: the record is not copied out.
    package var recordFieldCount: Int { endCount - recordEnds }
    /// `record.isBlank`, read in place.
    package var recordIsBlank: Bool {
        UnsafeBufferPointer(start: bytes + recordBytes, count: byteCount - recordBytes).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
    /// The record's bytes and field ends (`byteCount` and `endCount` of them), each end an
    /// index into `bytes`; in a batch (`beginBatch`), the batch's records so far and then
    /// this one's.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var ends: UnsafeMutablePointer<Int>
    private var byteCount = 0, byteCapacity = 1024
    private var endCount = 0, endCapacity = 64
    /// Where the record starts in `bytes` and `ends`: 0 but in a batch.
    private var recordBytes = 0, recordEnds = 0
    /// True between `beginBatch` and `endBatch`: completed records are kept.
    private var batching = false
    private var recordLine = 1
    /// True when the input ended inside a quoted field.
    package private(set) var unterminatedQuote = false
    /// False when no byte of the record is past ASCII, so its bytes are text in UTF-8 and in
    /// Windows-1252 alike without a look at each; true may also mean a byte after it was.
    package private(set) var mayHoldNonASCII = false

    /// What a record ran past, when it did: `next` and `finish` then stop, and the reader
    /// reports it (`ReadLimits`).
    package enum Overflow: Sendable, Equatable {
        case cell, record, columns
    }

    /// Set when the record being read ran past a limit: its line and the 1-based column where
    /// it did. Nothing more is read.
    package private(set) var overflow: (kind: Overflow, line: Int, column: Int)?
    /// The limits records are held to.
    package let limits: ReadLimits
    /// Where the field being read starts in `bytes`.
    private var fieldStart = 0
    /// `byteCount` may grow to this without a look at the capacity or the limits: the least
    /// of the capacity, the cell's limit and the record's.
    private var byteLimit = 0
    /// False while a decoded record is written back (`replaceRecord`): its cells passed the
    /// limits already, as the file's bytes.
    private var checking = true

    /// When true, empty lines (LF, CRLF or a lone CR where a record would start) are not
    /// handed out as records but counted in `emptyLines`: a file of millions of them costs a
    /// few nanoseconds a line. The caller takes the count after each `next` (`takeEmptyLines`).
    package var countsEmptyLines = false
    /// Empty lines passed over since the count was last taken, and the first one's line.
    private var emptyLines = 0, firstEmptyLine = 0

    /// The empty lines passed over since the last call (`countsEmptyLines`), and the line of
    /// the first: they are consecutive.
    package mutating func takeEmptyLines() -> (count: Int, firstLine: Int) {
        defer { emptyLines = 0 }
        return (emptyLines, firstEmptyLine)
    }

    private var state = State.startRecord
    private var line = 1
    private var completed = false

    package init(delimiter: UInt8 = UInt8(ascii: ","), limits: ReadLimits = ReadLimits()) {
        self.delimiter = delimiter
        self.limits = limits
        bytes = .allocate(capacity: byteCapacity)
        ends = .allocate(capacity: endCapacity)
        updateByteLimit()
    }

    /// The physical line the tokenizer has reached (1-based).
    package var currentLine: Int { line }

    @inline(__always)
    private mutating func updateByteLimit() {
        byteLimit = checking
            ? min(byteCapacity, fieldStart &+ limits.maxCellBytes, recordBytes &+ limits.maxRecordBytes)
            : byteCapacity
    }

    deinit {
        bytes.deallocate()
        ends.deallocate()
    }

    /// Appends a run of field bytes; false, appending nothing, when the cell or the record
    /// would pass its limit (`overflow` says which).
    @inline(__always)
    private mutating func append(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let from = run.baseAddress else { return true }
        if byteCount + run.count > byteLimit, !makeRoom(for: run.count) { return false }
        (bytes + byteCount).update(from: from, count: run.count)
        byteCount += run.count
        return true
    }

    /// Appends one field byte; false as `append(_:)` for a run.
    @inline(__always)
    private mutating func append(_ byte: UInt8) -> Bool {
        if byteCount + 1 > byteLimit, !makeRoom(for: 1) { return false }
        bytes[byteCount] = byte
        byteCount += 1
        return true
    }

    /// Grows `bytes` for `count` more, or says the cell or record would pass its limit.
    private mutating func makeRoom(for count: Int) -> Bool {
        let needed = byteCount + count
        if checking {
            if needed - fieldStart > limits.maxCellBytes {
                overflow = (.cell, recordLine, endCount - recordEnds + 1)
                return false
            }
            if needed - recordBytes > limits.maxRecordBytes {
                overflow = (.record, recordLine, endCount - recordEnds + 1)
                return false
            }
        }
        if needed > byteCapacity {
            byteCapacity = max(needed, byteCapacity * 2)
            Self.move(&bytes, count: byteCount, toCapacity: byteCapacity)
        }
        updateByteLimit()
        return true
    }

    /// Moves the first `count` elements at `pointer` into new memory of `capacity` elements.
    private static func move<T>(_ pointer: inout UnsafeMutablePointer<T>, count: Int, toCapacity capacity: Int) {
        let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        grown.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = grown
    }

    private static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// Reads `input` from `position` until a record ends (true: `record` holds it, `position` is
    /// past it) or the input runs out (false: feed the next chunk, or call `finish`).
    package mutating func next(_ input: UnsafeBufferPointer<UInt8>, position: inout Int) -> Bool {
        if completed {
            if batching {
                recordBytes = byteCount
                recordEnds = endCount
            } else {
                byteCount = 0
                endCount = 0
            }
            completed = false
            mayHoldNonASCII = false
            fieldStart = byteCount
            updateByteLimit()
        }
        guard overflow == nil else { return false }
        let quote = Self.quote, lf = Self.lf, cr = Self.cr, delimiter = self.delimiter
        var i = position
        let n = input.count
        /// The bytes looked at, or-ed together: their top bit says whether one was past ASCII.
        var seen: UInt64 = 0
        defer {
            position = i
            if seen & 0x8080_8080_8080_8080 != 0 { mayHoldNonASCII = true }
        }
        while i < n {
            let byte = input[i]
            switch state {
            case .afterCR:
                state = .startRecord
                if byte == lf { i += 1; continue }
            case .startRecord:
                if countsEmptyLines, byte == lf || byte == cr {
                    if emptyLines == 0 { firstEmptyLine = line }
                    emptyLines += 1
                    line += 1
                    i += 1
                    if byte == cr { state = .afterCR }
                    continue
                }
                recordLine = line
                state = .startField
            case .startField:
                if byte == quote {
                    state = .quoted
                    i += 1
                } else {
                    state = .unquoted
                }
            case .unquoted:
                // The hot loop: copy a run of ordinary bytes at once.
                let start = i
                i = Self.firstOf(delimiter, lf, cr, in: input, from: i, seen: &seen)
                if i > start, !append(UnsafeBufferPointer(rebasing: input[start..<i])) { return false }
                guard i < n else { return false }
                let b = input[i]
                i += 1
                guard endField() else { return false }
                if b == delimiter {
                    state = .startField
                } else {
                    endRecord(cr: b == cr)
                    return true
                }
            case .quoted:
                let start = i
                i = Self.firstOf(quote, lf, cr, in: input, from: i, seen: &seen)
                if i > start, !append(UnsafeBufferPointer(rebasing: input[start..<i])) { return false }
                guard i < n else { return false }
                let b = input[i]
                i += 1
                if b == quote {
                    state = .quoteInQuoted
                } else {
                    guard append(b) else { return false }
                    line += 1
                    if b == cr { state = .quotedCR }
                }
            case .quotedCR:
                state = .quoted
                if byte == lf {
                    guard append(lf) else { return false }
                    i += 1
                }
            case .quoteInQuoted:
                i += 1
                if byte == quote {
                    guard append(quote) else { return false }
                    state = .quoted
                } else if byte == delimiter {
                    guard endField() else { return false }
                    state = .startField
                } else if byte == lf || byte == cr {
                    guard endField() else { return false }
                    endRecord(cr: byte == cr)
                    return true
                } else {
                    // `"abc"def`: not RFC 4180; keep the text as written, like most readers do.
                    seen |= UInt64(byte)
                    guard append(byte) else { return false }
                    state = .unquoted
                }
            }
        }
        return false
    }

    /// The index of the first of bytes `a`, `b` or `c` in `input` from `start`, or its count.
    static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var seen: UInt64 = 0
        return firstOf(a, b, c, in: input, from: start, seen: &seen)
    }

    /// `firstOf`, or-ing into `seen` every byte it looks at (the bytes before the one found,
    /// and some after it in the same word). Eight bytes are looked at at a time: a word has
    /// one of them where `word ^ spread(x)` has a zero byte.
    @inline(__always)
    static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, in input: UnsafeBufferPointer<UInt8>, from start: Int,
                        seen: inout UInt64) -> Int {
        let n = input.count
        var i = start
        if let base = UnsafeRawPointer(input.baseAddress) {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let spreadA = 0x0101_0101_0101_0101 &* UInt64(a), spreadB = 0x0101_0101_0101_0101 &* UInt64(b),
                spreadC = 0x0101_0101_0101_0101 &* UInt64(c)
            /// The high bit of each zero byte of `word`, and no other bit.
            func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & low) &+ low) | word | low) }
            while i + 8 <= n {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                seen |= word
                let mask = zeroBytes(word ^ spreadA) | zeroBytes(word ^ spreadB) | zeroBytes(word ^ spreadC)
                if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < n {
            let byte = input[i]
            seen |= UInt64(byte)
            if byte == a || byte == b || byte == c { return i }
            i += 1
        }
        return n
    }

    /// At the end of the input: completes the last record when the file did not end with a line
    /// end (true: `record` holds it).
    package mutating func finish() -> Bool {
        guard overflow == nil else { return false }
        switch state {
        case .startRecord, .afterCR:
            return false
        case .quoted, .quotedCR:
            unterminatedQuote = true
        case .startField, .unquoted, .quoteInQuoted:
            break
        }
        guard endField() else { return false }
        completed = true
        state = .startRecord
        return true
    }

    /// From here on, completed records are kept one after another, after the batch's
    /// `bytes` and `ends` so far (the start of a batch: `RecordBatch`), until `endBatch` hands
    /// them all over. Call it between records.
    package mutating func beginBatch(bytes batchBytes: [UInt8], ends batchEnds: [Int]) {
        precondition(!batching && (completed || state == .startRecord || state == .afterCR), "a batch begins between records")
        byteCount = 0
        endCount = 0
        checking = false
        batchBytes.withUnsafeBufferPointer { _ = append($0) }
        for end in batchEnds { appendEnd(end) }
        checking = true
        recordBytes = byteCount
        recordEnds = endCount
        fieldStart = byteCount
        updateByteLimit()
        batching = true
        completed = false
    }

    /// The records kept since `beginBatch`, the last one completed included, as a batch's
    /// bytes and field ends; the tokenizer starts its next record afresh.
    package mutating func endBatch() -> (bytes: [UInt8], ends: [Int]) {
        precondition(batching && (completed || state == .startRecord || state == .afterCR), "a batch ends between records")
        // With no record completed, nothing of a next one was read: the completed ones are kept.
        let keptBytes = completed ? byteCount : recordBytes, keptEnds = completed ? endCount : recordEnds
        let batch = ([UInt8](UnsafeBufferPointer(start: bytes, count: keptBytes)),
                     [Int](UnsafeBufferPointer(start: ends, count: keptEnds)))
        byteCount = 0
        endCount = 0
        recordBytes = 0
        recordEnds = 0
        fieldStart = 0
        updateByteLimit()
        batching = false
        completed = false
        return batch
    }

    /// Where the completed record stops in the batch's bytes and field ends.
    package var batchCounts: (bytes: Int, ends: Int) { (byteCount, endCount) }

    /// Forgets the completed record (a skipped row in a batch), or replaces its fields with
    /// `cells` (a row decoded from another encoding).
    package mutating func replaceRecord(with cells: [[UInt8]] = []) {
        precondition(completed, "only a completed record is replaced")
        byteCount = recordBytes
        endCount = recordEnds
        checking = false
        fieldStart = byteCount
        for cell in cells {
            cell.withUnsafeBufferPointer { _ = append($0) }
            _ = endField()
        }
        checking = true
        updateByteLimit()
    }

    /// Calls `body` with a view of the completed record, valid during the call.
    func withRecord<R>(row: Int, _ body: (RecordView) throws -> R) rethrows -> R {
        try body(RecordView(bytes: UnsafePointer(bytes), ends: UnsafePointer(ends) + recordEnds,
                            start: recordBytes, count: endCount - recordEnds, line: recordLine, row: row, decoded: false))
    }

    /// Ends the field being read; false when the record would pass its column limit.
    @inline(__always)
    private mutating func endField() -> Bool {
        if checking, endCount - recordEnds >= limits.maxColumns {
            overflow = (.columns, recordLine, endCount - recordEnds + 1)
            return false
        }
        appendEnd(byteCount)
        fieldStart = byteCount
        updateByteLimit()
        return true
    }

    @inline(__always)
    private mutating func appendEnd(_ end: Int) {
        if endCount == endCapacity {
            endCapacity *= 2
            Self.move(&ends, count: endCount, toCapacity: endCapacity)
        }
        ends[endCount] = end
        endCount += 1
    }

    private mutating func endRecord(cr: Bool) {
        line += 1
        completed = true
        state = cr ? .afterCR : .startRecord
    }
}

/// Caps on what one table may hold, so that a broken or hostile file costs bounded memory: a
/// file that passes one stops with an error naming its line and column instead of being held
/// whole.
package struct ReadLimits: Sendable, Equatable {
    /// Bytes one cell may hold (`--max-cell-bytes`, default 1 MiB).
    package var maxCellBytes: Int
    /// Fields one row may hold (`--max-columns`, default 10,000).
    package var maxColumns: Int
    /// Bytes one row may hold, its cells together: 16 MiB, or one cell's limit when that is more.
    package var maxRecordBytes: Int { max(maxCellBytes, 16 << 20) }
    /// Bytes read from standard input, which is kept in a temporary file (`--max-input-bytes`,
    /// default 4 GiB).
    package var maxInputBytes = 4 << 30

    package static let defaultMaxCellBytes = 1 << 20
    package static let defaultMaxColumns = 10_000

    package init(maxCellBytes: Int = ReadLimits.defaultMaxCellBytes, maxColumns: Int = ReadLimits.defaultMaxColumns) {
        self.maxCellBytes = max(1, maxCellBytes)
        self.maxColumns = max(1, maxColumns)
    }

    /// The error for a record that ran past a limit (`CSVTokenizer.overflow`).
    func error(_ overflow: CSVTokenizer.Overflow, file: String, line: Int, column: Int) -> ReadError {
        switch overflow {
        case .cell:
            return ReadError(file: file, line: line, column: column,
                "a cell longer than \(ReadLimits.size(maxCellBytes)) (a quote left open, or not a table?)",
                remedy: .raiseLimit(.cellBytes, current: maxCellBytes))
        case .record:
            return ReadError(file: file, line: line, column: column,
                "a row longer than \(ReadLimits.size(maxRecordBytes)) (a quote left open, or not a table?)",
                remedy: .raiseLimit(.rowBytes, current: maxRecordBytes))
        case .columns:
            return ReadError(file: file, line: line, column: column,
                "a row of more than \(maxColumns) columns (the wrong delimiter, or not a table?)",
                remedy: .raiseLimit(.columns, current: maxColumns))
        }
    }

    /// `1 MiB`, `512 KiB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }
}
