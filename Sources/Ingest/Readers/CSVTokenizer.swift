/// One record as the tokenizer produced it: the unescaped bytes of its fields back to back, where
/// each field ends, and the physical line the record starts on.
public struct CSVRecord: Sendable {
    /// The fields' bytes, quotes removed and doubled quotes undone.
    public fileprivate(set) var bytes: [UInt8] = []
    /// `ends[i]` is the end offset of field `i` in `bytes`.
    public fileprivate(set) var ends: [Int] = []
    /// 1-based physical line where the record starts.
    public fileprivate(set) var line = 1

    public init() {}

    /// Number of fields (a blank line has one empty field).
    public var count: Int { ends.count }

    /// The bytes of field `i`.
    public func field(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
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
    /// The record last completed by `next` or `finish`.
    public private(set) var record = CSVRecord()
    /// True when the input ended inside a quoted field.
    public private(set) var unterminatedQuote = false

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
            record.bytes.removeAll(keepingCapacity: true)
            record.ends.removeAll(keepingCapacity: true)
            completed = false
        }
        let quote = Self.quote, lf = Self.lf, cr = Self.cr, delimiter = self.delimiter
        var i = position
        let n = input.count
        defer { position = i }
        while i < n {
            let byte = input[i]
            switch state {
            case .afterCR:
                state = .startRecord
                if byte == lf { i += 1; continue }
            case .startRecord:
                record.line = line
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
                while i < n {
                    let b = input[i]
                    if b == delimiter || b == lf || b == cr { break }
                    i += 1
                }
                if i > start { record.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<i])) }
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
                while i < n {
                    let b = input[i]
                    if b == quote || b == lf || b == cr { break }
                    i += 1
                }
                if i > start { record.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<i])) }
                guard i < n else { return false }
                let b = input[i]
                i += 1
                if b == quote {
                    state = .quoteInQuoted
                } else {
                    record.bytes.append(b)
                    line += 1
                    if b == cr { state = .quotedCR }
                }
            case .quotedCR:
                state = .quoted
                if byte == lf { record.bytes.append(lf); i += 1 }
            case .quoteInQuoted:
                i += 1
                if byte == quote {
                    record.bytes.append(quote)
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
                    record.bytes.append(byte)
                    state = .unquoted
                }
            }
        }
        return false
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

    private mutating func endField() {
        record.ends.append(record.bytes.count)
    }

    private mutating func endRecord(cr: Bool) {
        line += 1
        completed = true
        state = cr ? .afterCR : .startRecord
    }
}
