import Foundation

/// A delimited text file read as a table, streamed in chunks: encoding from the byte order mark
/// (or the hint), delimiter and header row found from the first lines, then data rows one at a
/// time. Blank rows, lines above the header, repeated headers and totals rows become `Skip`s.
package final class CSVTable: TableSource {
    package let name: String
    @exclusivity(unchecked) package private(set) var header: [String] = []
    package private(set) var headerLine: Int?
    package private(set) var warnings: [Issue] = []
    /// The first skips of each reason (`listedSkipsPerReason`), in line order; the others are
    /// only counted (`unlistedSkips`), so a file of millions of blank lines holds no list of them.
    package var skips: [Skip] { tally.listed.sorted { $0.line < $1.line } }
    package var unlistedSkips: [Skip.Reason: Int] { tally.unlisted }
    /// Skips listed one by one per reason.
    package static let listedSkipsPerReason = 200
    private var tally = SkipTally(limit: CSVTable.listedSkipsPerReason)
    /// The caps records are held to.
    package let limits: ReadLimits
    /// The encoding the file was read in (UTF-8 also when some cells fell back to Windows-1252).
    package let encoding: TextEncoding
    /// The delimiter found: `,` `;` tab or `|`.
    package let delimiter: Character
    /// Data rows handed out so far whose cell count differs from the header's.
    @exclusivity(unchecked) package private(set) var raggedRows = 0

    /// Chunks, decoding, the tokenizer and the limits. The state touched for every record is
    /// not checked for overlapping access at run time (the checks cost about 3% of a
    /// million-row import): a table is read by one thread at a time, and no method holds it
    /// while calling out to code that could touch it.
    @exclusivity(unchecked) private var reader: RecordReader
    @exclusivity(unchecked) private var lookahead: [CSVRecord] = []
    @exclusivity(unchecked) private var lookaheadPosition = 0
    @exclusivity(unchecked) private var classifier = RowClassifier(header: nil)
    @exclusivity(unchecked) private var rowNumber = 0
    private var fellBack = false
    /// What a cell that is not valid UTF-8 is read as: Windows-1250 when the file's first bytes
    /// write Central European letters its way (`InputProbe.looksCentralEuropean`), else Windows-1252.
    private var fallback: TextEncoding = .windows1252

    /// Reads the file at `path`; `name` is used in messages (default: the path). `encoding`
    /// forces an encoding; a byte order mark still wins.
    package convenience init(path: String, name: String? = nil, encoding: TextEncoding? = nil,
                            limits: ReadLimits = ReadLimits()) throws(ReadError) {
        let display = name ?? path
        try self.init(reader: ChunkReader(path: path, display: display), name: display, encoding: encoding, limits: limits)
    }

    /// Reads a table held in memory (a ZIP member, a download).
    package convenience init(data: Data, name: String, encoding: TextEncoding? = nil, limits: ReadLimits = ReadLimits()) throws(ReadError) {
        try self.init(reader: ChunkReader(data: data), name: name, encoding: encoding, limits: limits)
    }

    private convenience init(reader chunks: ChunkReader, name: String, encoding hint: TextEncoding?, limits: ReadLimits) throws(ReadError) {
        let probe = try InputProbe(chunks: chunks, hint: hint, guessLegacy: false, file: name)
        try self.init(chunks: chunks, probe: probe, name: name, limits: limits)
    }

    /// Reads on from what `probe` found in the first bytes of `chunks`.
    init(chunks: ChunkReader, probe: InputProbe, name: String, limits: ReadLimits) throws(ReadError) {
        self.name = name
        self.limits = limits
        encoding = probe.encoding
        if InputProbe.looksCentralEuropean(Array(probe.sample.prefix(InputProbe.sampleBytes))) { fallback = .windows1250 }
        delimiter = Character(Unicode.Scalar(probe.delimiter))
        reader = try RecordReader(chunks: chunks, probe: probe, name: name, limits: limits)
        reader.tokenizer.countsEmptyLines = true
        try findHeader()
    }

    /// Reads the first records until `HeaderFinder.lookahead` of them hold something. Blank
    /// ones are skips at once and are not kept: a file of blank lines costs no memory per line.
    private func findHeader() throws(ReadError) {
        // Also bounded in bytes: thirty rows of a few MiB each are not held to find a header.
        var bytes = 0
        while lookahead.count < HeaderFinder.lookahead, bytes < Self.batchBytes, try readRecord() {
            let (blank, line) = reader.tokenizer.withRecord(row: 0) { (RowClassifier.isBlank($0.allBytes), $0.line) }
            if blank { tally.add(Skip(.blank, line: line)) } else {
                lookahead.append(reader.tokenizer.record)
                bytes += lookahead[lookahead.count - 1].bytes.count
            }
        }
        let records = lookahead.map { (cells: decodeCells($0), line: $0.line) }
        guard let layout = HeaderFinder().layout(of: records) else {
            throw ReadError(file: name, "the file is empty (expected a header row and data rows)")
        }
        let dataStart: Int
        switch layout {
        case .header(let index):
            header = records[index].cells.map { $0.trimmedSpaces() }
            headerLine = records[index].line
            classifier = RowClassifier(header: lookahead[index])
            dataStart = index + 1
            reportAbove(records[..<index])
        case .noHeader(let start, let width):
            header = HeaderFinder.columnNames(width)
            dataStart = start
            reportAbove(records[..<start])
            warnings.append(Issue("csv.no-header", .info,
                "no header row found (the first rows hold dates and numbers); columns are named Column 1 to Column \(width) and chosen from their values"))
        }
        lookaheadPosition = dataStart
    }

    /// Lines above the header (or the first data row) are a title, account details or blank.
    private func reportAbove(_ records: ArraySlice<HeaderFinder.Record>) {
        for record in records {
            let filled = record.cells.map { $0.trimmedSpaces() }.filter { !$0.isEmpty }
            if filled.isEmpty {
                tally.add(Skip(.blank, line: record.line))
            } else {
                tally.add(Skip(.preamble, line: record.line, detail: String(filled.joined(separator: " ").prefix(60))))
            }
        }
    }

    package func nextRow() throws(ReadError) -> SourceRow? {
        try nextData().map { SourceRow(cells: decodeCells($0), row: rowNumber, line: $0.line) }
    }

    /// The next data row, left as bytes when they are the text already: valid UTF-8 (ASCII
    /// also in a Windows-1252 file), which `decode` would read as it is.
    package func nextItem() throws(ReadError) -> TableItem? {
        guard let record = try nextData() else { return nil }
        if isText(record) { return .utf8(record, row: rowNumber) }
        return .decoded(SourceRow(cells: decodeCells(record), row: rowNumber, line: record.line))
    }

    /// Up to `limit` data rows, as `nextItem` gives them one by one. Empty at the end.
    package func nextItems(limit: Int) throws(ReadError) -> [TableItem] {
        try nextBatch(limit: limit).items
    }

    /// Up to `limit` data rows as one batch, each as `nextItem` gives it: the tokenizer writes
    /// each record straight into the batch's buffers, where a row that turns out not to be data
    /// is taken out again. Empty at the end.
    package func nextBatch(limit: Int) throws(ReadError) -> RecordBatch {
        if let failure { throw failure }
        var batch = RecordBatch()
        batch.places.reserveCapacity(limit)
        // The rows the header search read ahead come first, copied in.
        while batch.count < limit, !lookahead.isEmpty, let record = try nextData() {
            batch.append(isText(record) ? .utf8(record, row: rowNumber)
                : .decoded(SourceRow(cells: decodeCells(record), row: rowNumber, line: record.line)))
        }
        guard batch.count < limit else { return batch }
        reader.tokenizer.beginBatch(bytes: batch.bytes, ends: batch.ends)
        // A batch also ends once its bytes pass `batchBytes`, so that batches of big rows
        // queued between threads stay small.
        while batch.count < limit, reader.tokenizer.batchCounts.bytes < Self.batchBytes, try readRecord() {
            let ascii = !reader.tokenizer.mayHoldNonASCII
            let (look, count, line, text) = reader.tokenizer.withRecord(row: 0) { record in
                (classifier.look(at: record), record.count, record.line, ascii || isText(record.allBytes))
            }
            let reason = look.reason { decodeCells(reader.tokenizer.record) }
            if let reason {
                skip(reason, reader.tokenizer.record)
                reader.tokenizer.replaceRecord()
                continue
            }
            rowNumber += 1
            if count != header.count { raggedRows += 1 }
            if !text { reader.tokenizer.replaceRecord(with: decodeCells(reader.tokenizer.record).map { Array($0.utf8) }) }
            let (bytesEnd, endsEnd) = reader.tokenizer.batchCounts
            batch.places.append(RecordBatch.Place(bytesEnd: bytesEnd, endsEnd: endsEnd, row: rowNumber, line: line, decoded: !text))
        }
        (batch.bytes, batch.ends) = reader.tokenizer.endBatch()
        return batch
    }

    /// Bytes a batch of rows grows to before it is handed on, whatever its row count.
    static let batchBytes = 4 << 20

    /// Whether a record's bytes are its text already: valid UTF-8 (ASCII also in a
    /// Windows-1252 file), which `decode` would read as it is.
    private func isText(_ record: CSVRecord) -> Bool {
        record.bytes.withUnsafeBufferPointer(isText)
    }

    private func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        encoding.isSingleByte ? bytes.allSatisfy({ $0 < 0x80 }) : UTF8Check.isValid(bytes)
    }

    private func skip(_ reason: Skip.Reason, _ record: CSVRecord) {
        guard tally.room(for: reason) > 0 else { return tally.add(Skip(reason, line: record.line)) }
        let detail = reason == .totals ? decodeCells(record).first { !$0.isEmpty }.map { String($0.prefix(60)) } : nil
        tally.add(Skip(reason, line: record.line, detail: detail))
    }

    /// The next record that is a data row; the others become skips.
    private func nextData() throws(ReadError) -> CSVRecord? {
        while let record = try nextRecord() {
            if let reason = record.withView({ classifier.skipReason($0) { decodeCells(record) } }) {
                skip(reason, record)
                continue
            }
            rowNumber += 1
            if record.count != header.count { raggedRows += 1 }
            return record
        }
        return nil
    }

    /// The next record, from the header search's lookahead first, then from the file.
    private func nextRecord() throws(ReadError) -> CSVRecord? {
        if lookaheadPosition < lookahead.count {
            let record = lookahead[lookaheadPosition]
            lookaheadPosition += 1
            if lookaheadPosition == lookahead.count {
                lookahead = []
                lookaheadPosition = 0
            }
            return record
        }
        guard try readRecord() else { return nil }
        return reader.tokenizer.record
    }

    /// Moves the tokenizer on to the next record (`RecordReader.advance`); the empty lines it
    /// passed over are counted as blank rows.
    @inline(__always)
    private func readRecord() throws(ReadError) -> Bool {
        defer { countEmptyLines() }
        let found = try reader.advance()
        if found, let line = reader.unterminatedQuoteLine, !warnedUnterminated {
            warnedUnterminated = true
            warnings.append(Issue("csv.unterminated-quote", .warning,
                "line \(line): a quoted cell opened on this line never closes; the rest of the file was read into it (check the quotes)"))
        }
        return found
    }

    private var warnedUnterminated = false

    /// The error the table stopped on.
    private var failure: ReadError? { reader.failure }

    /// Empty lines the tokenizer passed over are blank rows, counted as skips.
    @inline(__always)
    private func countEmptyLines() {
        let (count, first) = reader.tokenizer.takeEmptyLines()
        guard count > 0 else { return }
        tally.add(.blank, count: count, listing: (first..<(first + count)).lazy.map { Skip(.blank, line: $0) })
    }

    private func decodeCells(_ record: CSVRecord) -> [String] {
        var cells: [String] = []
        cells.reserveCapacity(record.count)
        let base = record.bytes.startIndex
        record.bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for end in record.ends {
                cells.append(decode(UnsafeBufferPointer(rebasing: bytes[start..<(end - base)]), line: record.line))
                start = end - base
            }
        }
        return cells
    }

    /// UTF-8 when the bytes are valid UTF-8, else the fallback encoding (with a warning, once).
    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> String {
        if encoding.isSingleByte { return encoding.decodeSingleByte(bytes) }
        var ascii = true
        for b in bytes where b >= 0x80 { ascii = false; break }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if !fellBack {
            fellBack = true
            warnings.append(Issue("encoding.fallback", .warning,
                "line \(line) is not valid UTF-8; read the file as \(fallback == .windows1250 ? "Windows-1250" : "Windows-1252")",
                remedy: .chooseEncoding))
        }
        return fallback.decodeSingleByte(bytes)
    }
}

/// Whether bytes are well-formed UTF-8, as `String(validating:)` judges, without making a
/// string: the ranges of the Unicode standard's table 3-7 (no overlong forms, no surrogates,
/// nothing past U+10FFFF).
enum UTF8Check {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIllFormed(buffer) == nil
    }

    /// Where the first ill-formed sequence starts, and whether it is only cut short by the end
    /// of the bytes (a sequence the next chunk of a file may complete); nil when all is well-formed.
    static func firstIllFormed(_ buffer: UnsafeBufferPointer<UInt8>) -> (index: Int, truncated: Bool)? {
        var i = 0
        let n = buffer.count
        // ASCII, the common case, eight bytes at a time: no byte has its high bit set.
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            while i + 8 <= n, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        }
        /// Whether the `count` bytes after `i` continue the sequence (the first within `low...high`),
        /// and whether the bytes ran out before a wrong one was seen.
        func continues(_ count: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> (ok: Bool, truncated: Bool) {
            for k in 1...count {
                guard i + k < n else { return (false, true) }
                let (l, h): (UInt8, UInt8) = k == 1 ? (low, high) : (0x80, 0xBF)
                guard buffer[i + k] >= l, buffer[i + k] <= h else { return (false, false) }
            }
            return (true, false)
        }
        while i < n {
            let b = buffer[i]
            let length: Int
            let check: (ok: Bool, truncated: Bool)
            switch b {
            case 0x00...0x7F:
                i += 1
                continue
            case 0xC2...0xDF:
                (length, check) = (2, continues(1))
            case 0xE0...0xEF:
                (length, check) = (3, continues(2, b == 0xE0 ? 0xA0 : 0x80, b == 0xED ? 0x9F : 0xBF))
            case 0xF0...0xF4:
                (length, check) = (4, continues(3, b == 0xF0 ? 0x90 : 0x80, b == 0xF4 ? 0x8F : 0xBF))
            default:
                return (i, false)
            }
            guard check.ok else { return (i, check.truncated) }
            i += length
        }
        return nil
    }
}
