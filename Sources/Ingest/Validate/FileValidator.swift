import Foundation

/// Checks one file's bytes the way `ingest import` would read them: the same reader, column
/// detection, column formats and draft builder, plus the checks an import does not need
/// (encoding, header, required fields, duplicates, sign of prices, allowed currencies).
public struct FileValidator: Sendable {
    public var settings: ValidateSettings
    public var context: NormalizeContext
    public var sampleSize = 200
    /// Opens the reader on the file's bytes (called twice, as the importer does).
    var open: @Sendable (Data, String) throws(ReadError) -> TableSource = { data, name throws(ReadError) in
        try CSVTable(data: data, name: name)
    }

    public init(settings: ValidateSettings, today: CalendarDate) {
        self.settings = settings
        self.context = NormalizeContext(today: today, locale: settings.locale, currency: settings.currency,
                                        dateOrder: settings.dateOrder)
    }

    /// `data` nil: the file could not be read.
    public func validate(path: String, data: Data?) -> FileResult {
        var result = FileResult(path: path)
        var findings = FindingList(path: path)
        if let data {
            check(data, &findings, rows: &result.rows)
        } else {
            findings.add("file.unreadable", message: "cannot read the file")
        }
        result.findings = findings.items.compactMap { finding in
            guard let severity = settings.severity(of: finding.code, default: finding.severity) else { return nil }
            var finding = finding
            finding.severity = severity
            return finding
        }.sorted(by: Finding.byPosition)
        return result
    }

    func check(_ data: Data, _ findings: inout FindingList, rows: inout Int) {
        guard data.contains(where: { !TextBytes.isSpace($0) }) else {
            findings.add("file.empty", message: "the file is empty (expected a header row and data rows)")
            return
        }
        if let bad = TextBytes.firstInvalidUTF8(data) {
            findings.add("file.encoding", line: bad.line, column: bad.column, value: bad.bytes,
                         message: "byte \(bad.bytes) is not valid UTF-8 (the file may be Latin-1 or Windows-1252)")
        }
        do {
            try checkTable(data, &findings, rows: &rows)
        } catch let error as ReadError {
            let code = error.message.contains("empty") ? "file.empty" : "file.unreadable"
            findings.add(code, line: error.line, column: error.column, message: error.message)
        } catch let error as MappingError {
            findings.add("map.unknown-column", message: error.message)
        } catch {
            findings.add("file.unreadable", message: "\(error)")
        }
    }

    func checkTable(_ data: Data, _ findings: inout FindingList, rows: inout Int) throws {
        let first = try open(data, findings.path)
        let headerLine = first.headerLine ?? 1
        if headerLooksLikeData(first.header) {
            findings.add("header.missing", line: headerLine, column: 1, value: first.header.joined(separator: ","),
                         message: "the first row holds values, not column names")
            return
        }
        checkDuplicateHeaders(first.header, line: headerLine, &findings)
        let importer = TableImporter(options: ImportOptions(context: context, overrides: settings.map, sampleSize: sampleSize))
        let (mapping, samples) = try importer.mapping(for: first)
        for field in settings.required where !has(field, mapping) {
            let columns = first.header.map { "\"\($0)\"" }.joined(separator: ", ")
            findings.add("field.missing", line: headerLine, value: field.rawValue,
                         message: "no column for the required field \(field.rawValue) (columns: \(columns))")
        }
        var formats = ColumnFormats(mapping: mapping)
        for row in samples { formats.observe(row) }
        while let row = try first.nextRow() { formats.observe(row) }

        let second = try open(data, findings.path)
        var builder = DraftBuilder(mapping: mapping, formats: formats, context: context, file: findings.path)
        builder.matchesBrands = false
        var rowChecks = RowChecks(settings: settings, context: context, hasCycleColumn: has(.cycle, mapping))
        while let row = try second.nextRow() {
            rows += 1
            rowChecks.check(row, draft: builder.build(row), into: &findings)
        }
        rowChecks.finish(into: &findings, headerLine: headerLine)
        rows += second.skippedRows
        for skip in second.skips where skip.reason != .blank {
            findings.add("row.skipped", line: skip.line, row: skip.row,
                         message: "row skipped: \(skip.reason.rawValue)\(skip.detail.map { " (\($0))" } ?? "")")
        }
        // The reader's encoding fallback says again what a file.encoding finding says with its position.
        let encodingReported = findings.items.contains { $0.code == "file.encoding" }
        for warning in second.warnings where !(encodingReported && warning.code == "encoding.fallback") {
            findings.add(warning.code.rawValue, severity: warning.severity, message: findings.strip(warning.message))
        }
    }

    func has(_ field: Field, _ mapping: ColumnMapping) -> Bool {
        if mapping[field] != nil { return true }
        if field == .cycle { return mapping[.cycleUnit] != nil }
        return false
    }

    /// A first row at least half of whose cells hold digits and read as prices or dates is data,
    /// not a header (header words such as "Monthly" would read as cycles, so cycles do not count).
    func headerLooksLikeData(_ header: [String]) -> Bool {
        let cells = header.filter { !$0.isEmpty }
        guard !cells.isEmpty else { return false }
        let prices = PriceParser(context: context), dates = DateParser(context: context)
        let valueLike = cells.filter { cell in
            cell.contains(where: \.isNumber)
                && ((try? dates.parse(cell[...])) != nil || (try? prices.parse(cell[...])) != nil)
        }
        return valueLike.count * 2 >= cells.count
    }

    func checkDuplicateHeaders(_ header: [String], line: Int, _ findings: inout FindingList) {
        var seen: [String: Int] = [:]
        for (index, name) in header.enumerated() where !name.isEmpty {
            let key = HeaderVocabulary.fold(name)
            if let earlier = seen[key] {
                findings.add("header.duplicate", line: line, column: index + 1, value: name,
                             message: "column \(index + 1) has the same name as column \(earlier + 1)")
            } else {
                seen[key] = index
            }
        }
    }
}

/// Findings collected for one file, with the file's name stripped from pipeline messages.
struct FindingList {
    let path: String
    var items: [Finding] = []

    mutating func add(_ code: String, severity: Issue.Severity? = nil, line: Int? = nil, row: Int? = nil,
                      column: Int? = nil, value: String? = nil, message: String) {
        let level = severity ?? ValidationCheck.byCode[code]?.severity ?? .warning
        items.append(Finding(code: code, severity: level, line: line, row: row, column: column, value: value, message: message))
    }

    /// Pipeline messages start with `file:line:col: `; the finding carries the position itself.
    func strip(_ message: String) -> String { split(message).text }

    /// The message without its `file:line:col: ` prefix, and the column the prefix named.
    func split(_ message: String) -> (column: Int?, text: String) {
        guard message.hasPrefix(path) else { return (nil, message) }
        let rest = message.dropFirst(path.count)
        guard let colon = rest.range(of: ": ") else { return (nil, message) }
        let position = rest[..<colon.lowerBound]
        guard position.allSatisfy({ $0 == ":" || $0.isNumber }) else { return (nil, message) }
        let numbers = position.split(separator: ":").compactMap { Int($0) }
        return (numbers.count == 2 ? numbers[1] : nil, String(rest[colon.upperBound...]))
    }
}

/// Byte-level checks on the raw file.
enum TextBytes {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The first byte sequence that is not UTF-8, with its line, column and hex.
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int, bytes: String)? {
        if String(data: data, encoding: .utf8) != nil { return nil }
        let bytes = [UInt8](data)
        var i = 0, line = 1, lineStart = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            let valid = length > 0 && i + length <= bytes.count
                && bytes[(i + 1)..<(i + length)].allSatisfy { $0 & 0xC0 == 0x80 }
            if !valid {
                let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).count + 1
                return (line, column, "0x" + String(b, radix: 16, uppercase: true))
            }
            if b == 0x0A { line += 1; lineStart = i + 1 }
            i += length
        }
        return (line, 1, "?")
    }
}
