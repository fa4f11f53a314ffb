/// One record as the tokenizer produced it: the unescaped bytes of its fields back to back, where
/// each field ends, and the physical line the record starts on. A record handed on from a batch
/// (`RecordBatch.item`) is a slice of the batch's bytes, so it costs no allocation of its own.
public struct CSVRecord: Sendable {
    /// The fields' bytes, quotes removed and doubled quotes undone.
    public fileprivate(set) var bytes: ArraySlice<UInt8> = []
    /// `ends[ends.startIndex + i]` is the index in `bytes` where field `i` ends.
    public fileprivate(set) var ends: ArraySlice<Int> = []
    /// 1-based physical line where the record starts.
    public fileprivate(set) var line = 1

    public init() {}

    /// A record over bytes and field ends kept elsewhere (a batch's).
    init(bytes: ArraySlice<UInt8>, ends: ArraySlice<Int>, line: Int) {
        self.bytes = bytes
        self.ends = ends
        self.line = line
    }

    /// Number of fields (a blank line has one empty field).
    public var count: Int { ends.count }

    /// The bytes of field `i`.
    public func field(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? bytes.startIndex : ends[ends.startIndex + i - 1])..<ends[ends.startIndex + i]]
    }

    /// True when every field is empty or spaces and tabs only.
    public var isBlank: Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// An RFC 4180 tokenizer over bytes handed in chunk by chunk: quoted fields may hold delimiters,
/// doubled quotes and line ends; records end with CRLF, LF or a lone CR; the last record may lack
/// a line end. It keeps only the record being read, so memory does not grow with the input, and
/// works on any ASCII-compatible encoding (UTF-8, Windows-1252), since every byte it acts on is ASCII.
public struct CSVTokenizer: Sendable {
    private enum State: Sendable {
        case startRecord, startField, unquoted, quoted, quoteInQuoted, quotedCR, afterCR
    }

    public let delimiter: UInt8
    /// The record last completed by `next` or `finish`. It shares the tokenizer's buffers: one
    /// still held when `next` is called again makes the tokenizer start new ones.
    public var record: CSVRecord {
        CSVRecord(bytes: bytes[recordBytes...], ends: ends[recordEnds...], line: recordLine)
    }
    /// The record's bytes and field ends, as `CSVRecord` holds them; in a batch
    /// (`beginBatch`), the batch's records so far and then this one's.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Where the record starts in `bytes` and `ends`: 0 but in a batch.
    private var recordBytes = 0, recordEnds = 0
    /// True between `beginBatch` and `endBatch`: completed records are kept.
    private var batching = false
    private var recordLine = 1
    /// True when the input ended inside a quoted field.
    public private(set) var unterminatedQuote = false
    /// False when no byte of the record is past ASCII, so its bytes are text in UTF-8 and in
    /// Windows-1252 alike without a look at each; true may also mean a byte after it was.
    public private(set) var mayHoldNonASCII = false

    private var state = State.startRecord
    private var line = 1
    private var completed = false

    public init(delimiter: UInt8 = UInt8(ascii: ",")) {
        self.delimiter = delimiter
    }

    private static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// Reads `input` from `position` until a record ends (true: `record` holds it, `position` is
    /// past it) or the input runs out (false: feed the next chunk, or call `finish`).
    public mutating func next(_ input: UnsafeBufferPointer<UInt8>, position: inout Int) -> Bool {
        if completed {
            if batching {
                recordBytes = bytes.count
                recordEnds = ends.count
            } else {
                bytes.removeAll(keepingCapacity: true)
                ends.removeAll(keepingCapacity: true)
            }
            completed = false
            mayHoldNonASCII = false
        }
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
                if i > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<i])) }
                guard i < n else { return false }
                let b = input[i]
                i += 1
                endField()
                if b == delimiter {
                    state = .startField
                } else {
                    endRecord(cr: b == cr)
                    return true
                }
            case .quoted:
                let start = i
                i = Self.firstOf(quote, lf, cr, in: input, from: i, seen: &seen)
                if i > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<i])) }
                guard i < n else { return false }
                let b = input[i]
                i += 1
                if b == quote {
                    state = .quoteInQuoted
                } else {
                    bytes.append(b)
                    line += 1
                    if b == cr { state = .quotedCR }
                }
            case .quotedCR:
                state = .quoted
                if byte == lf { bytes.append(lf); i += 1 }
            case .quoteInQuoted:
                i += 1
                if byte == quote {
                    bytes.append(quote)
                    state = .quoted
                } else if byte == delimiter {
                    endField()
                    state = .startField
                } else if byte == lf || byte == cr {
                    endField()
                    endRecord(cr: byte == cr)
                    return true
                } else {
                    // `"abc"def`: not RFC 4180; keep the text as written, like most readers do.
                    seen |= UInt64(byte)
                    bytes.append(byte)
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
    public mutating func finish() -> Bool {
        switch state {
        case .startRecord, .afterCR:
            return false
        case .quoted, .quotedCR:
            unterminatedQuote = true
        case .startField, .unquoted, .quoteInQuoted:
            break
        }
        endField()
        completed = true
        state = .startRecord
        return true
    }

    /// From here on, completed records are kept one after another in `bytes` and `ends` (the
    /// start of a batch: `RecordBatch`), until `endBatch` hands them over. Call it between records.
    public mutating func beginBatch(bytes batchBytes: [UInt8], ends batchEnds: [Int]) {
        precondition(!batching && (completed || state == .startRecord || state == .afterCR), "a batch begins between records")
        bytes = batchBytes
        ends = batchEnds
        recordBytes = bytes.count
        recordEnds = ends.count
        batching = true
        completed = false
    }

    /// The records kept since `beginBatch`, the last one completed included; the tokenizer
    /// starts its next record afresh.
    public mutating func endBatch() -> (bytes: [UInt8], ends: [Int]) {
        precondition(batching && (completed || state == .startRecord || state == .afterCR), "a batch ends between records")
        defer {
            bytes = []
            ends = []
            recordBytes = 0
            recordEnds = 0
            batching = false
            completed = false
        }
        if !completed {
            // Nothing of a next record was read: drop nothing, keep the completed ones.
            bytes.removeSubrange(recordBytes...)
            ends.removeSubrange(recordEnds...)
        }
        return (bytes, ends)
    }

    /// Where the completed record stops in the batch's bytes and field ends.
    public var batchCounts: (bytes: Int, ends: Int) { (bytes.count, ends.count) }

    /// Forgets the completed record (a skipped row in a batch), or replaces its fields with
    /// `cells` (a row decoded from another encoding).
    public mutating func replaceRecord(with cells: [[UInt8]] = []) {
        precondition(completed, "only a completed record is replaced")
        bytes.removeSubrange(recordBytes...)
        ends.removeSubrange(recordEnds...)
        for cell in cells {
            bytes.append(contentsOf: cell)
            ends.append(bytes.count)
        }
    }

    /// Calls `body` with a view of the completed record. Mutating only so that a tokenizer kept
    /// in a class is not copied for the call; nothing changes.
    mutating func withRecord<R>(row: Int, _ body: (RecordView) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { b in
            try ends.withUnsafeBufferPointer { e in
                try body(RecordView(bytes: b.baseAddress ?? RecordView.noBytes, ends: (e.baseAddress ?? RecordView.noEnds) + recordEnds,
                                    start: recordBytes, count: ends.count - recordEnds, line: recordLine, row: row, decoded: false))
            }
        }
    }

    private mutating func endField() {
        ends.append(bytes.count)
    }

    private mutating func endRecord(cr: Bool) {
        line += 1
        completed = true
        state = cr ? .afterCR : .startRecord
    }
}
