import Foundation

/// Checks one file as `ingest import` would read it: the same decision of its kind
/// (`ImportOptions.inputKind(of:)`), the same reader, and for a table the same first pass
/// (`TableImporter.prepare`: columns and column formats) and draft builder, plus the checks an
/// import does not need (encoding, header, required fields, duplicates, sign of prices, allowed
/// currencies). A bank statement is checked as a statement (`checkStatement`), a Notion export
/// ZIP as its database tables.
package struct FileValidator: Sendable {
    package var settings: ValidateSettings
    package var context: NormalizeContext
    package var sampleSize = 200
    /// `--from`: the reader for the file; nil to decide as import does.
    package var kind: SourceKind?
    /// `--encoding`; nil to tell from the bytes.
    package var encoding: TextEncoding?
    /// Caps on a table's cells, rows and columns (`--max-cell-bytes`, `--max-columns`).
    package var limits = ReadLimits()
    /// Opens a table (path, name) for each of the two passes; nil for import's opening
    /// (`ImportOptions.openTable`). Tests put a fixed table here.
    var open: (@Sendable (String, String) throws(ReadError) -> TableSource)?

    package init(settings: ValidateSettings, today: CalendarDate) {
        self.settings = settings
        self.context = NormalizeContext(today: today, locale: settings.locale, currency: settings.currency,
                                        dateOrder: settings.dateOrder)
    }

    /// The options import would read the file with.
    var importOptions: ImportOptions {
        var options = ImportOptions(kind: kind, context: context, overrides: settings.map, sampleSize: sampleSize,
                                    encoding: encoding)
        options.limits = limits
        options.remembered = settings.remembered
        return options
    }

    /// Checks the file at `file`, named `name` (default: `file`) in the findings.
    package func validate(file: String, name: String? = nil) -> FileResult {
        inspect(file: file, name: name ?? file).result
    }

    /// What validating a file decided before its rows were checked: the file's kind, each
    /// table's columns and formats (one per database of a Notion export), the statement's reader.
    struct FirstPass {
        struct Table {
            var part: String?
            var mapping: ColumnMapping
            var formats: ColumnFormats
        }
        var kind: InputKind?
        var tables: [Table] = []
        var statement: TransactionTable?
    }

    /// The findings for `file`, and what its first pass decided.
    func inspect(file: String, name: String) -> (result: FileResult, firstPass: FirstPass) {
        var result = FileResult(path: name)
        var findings = FindingList(path: name)
        var firstPass = FirstPass()
        check(file, &findings, rows: &result.rows, firstPass: &firstPass)
        result.findings = findings.items.compactMap { finding in
            guard let severity = settings.severity(of: finding.code, default: finding.severity) else { return nil }
            var finding = finding
            finding.severity = severity
            return finding
        }.sorted(by: Finding.byPosition)
        return (result, firstPass)
    }

    func check(_ file: String, _ findings: inout FindingList, rows: inout Int, firstPass: inout FirstPass) {
        let options = importOptions
        let type = InputSniffer.type(of: file)
        guard open != nil || FileManager.default.isReadableFile(atPath: file), type != .folder else {
            findings.add("file.unreadable", message: "cannot read the file")
            return
        }
        // Each check reads the file from its start: a pipe gives its bytes once, a device never ends.
        if open == nil, type == .stream {
            findings.add("file.unreadable", message: "is a pipe or a device, not a file: save what it gives to a file, or pass it as - (standard input)")
            return
        }
        let (kind, list) = open == nil ? options.openingKind(of: file, name: findings.path) : (.table(.csv), nil)
        firstPass.kind = kind
        switch kind {
        case .table:
            checkTableFile(file, &findings, rows: &rows, firstPass: &firstPass, opened: list)
        case .bankStatement:
            reportingErrors(&findings) { findings throws in
                try checkStatement(file, &findings, rows: &rows, firstPass: &firstPass)
            }
        case .notionExport:
            reportingErrors(&findings) { findings throws in
                try checkExport(file, &findings, rows: &rows, firstPass: &firstPass)
            }
        case .workbook:
            reportingErrors(&findings) { findings throws in
                try checkWorkbook(file, &findings, rows: &rows, firstPass: &firstPass)
            }
        case .screenshot:
            findings.add("file.unreadable", message: "the file is an image: validate checks tables and bank statements, not screenshots")
        }
    }

    /// Runs `body`, turning what it throws into a finding.
    func reportingErrors(_ findings: inout FindingList, _ body: (inout FindingList) throws -> Void) {
        do {
            try body(&findings)
        } catch let error as ReadError {
            let code = error.message.contains("empty") ? "file.empty" : "file.unreadable"
            findings.add(code, line: error.line, column: error.column, message: error.message, remedy: error.remedy)
        } catch let error as MappingError {
            findings.add("map.unknown-column", message: error.message)
            findings.items[findings.items.count - 1].mapping = error.mapping
        } catch {
            findings.add("file.unreadable", message: "\(error)")
        }
    }

    /// A table file's bytes (blank, not UTF-8), then its header and rows (`checkTable`);
    /// `opened` is the list reader deciding the file's kind opened on it, if any.
    func checkTableFile(_ file: String, part: String? = nil, _ findings: inout FindingList, rows: inout Int,
                        firstPass: inout FirstPass, opened: TableSource? = nil) {
        // A file is held to UTF-8 unless --encoding names another encoding or it is UTF-16 (which
        // says so with its byte order mark or its NUL bytes).
        let declared = encoding != nil && encoding != .utf8
        guard let bytes = FileBytes(path: file, checkUTF8: { head in !declared && !TextEncoding.isUTF16(Array(head.prefix(4096))) }) else {
            findings.add("file.unreadable", message: "cannot read the file")
            return
        }
        if open == nil, let signature = BinarySignature.sniff(bytes.head.prefix(BinarySignature.prefixLength)) {
            findings.add("file.unreadable", message: signature.error(file: findings.path).message)
            return
        }
        guard !bytes.blank else {
            findings.add("file.empty", message: "the file is empty (expected a header row and data rows)")
            return
        }
        if let bad = bytes.invalid {
            let (character, field) = FileBytes.position(of: bad, in: file, delimiter: InputProbe.delimiter(in: bytes.head, complete: bytes.complete))
            let hex = "0x" + String(bad.byte, radix: 16, uppercase: true)
            findings.add("file.encoding", line: bad.line, column: field, offset: character, value: hex,
                         message: "byte \(hex) at character \(character) is not valid UTF-8 (the file may be Latin-1 or Windows-1252)")
        }
        reportingErrors(&findings) { findings throws in
            try checkTable(file, part: part, &findings, rows: &rows, firstPass: &firstPass, opened: opened)
        }
    }

    func checkTable(_ file: String, part: String?, _ findings: inout FindingList, rows: inout Int,
                    firstPass: inout FirstPass, opened: TableSource?) throws {
        let options = importOptions
        func openPass() throws(ReadError) -> TableSource {
            if let open { return try open(file, findings.path) }
            return try options.openList(path: file, name: findings.path)
        }
        let first = try opened ?? openPass()
        let headerLine = first.headerLine ?? 1
        if headerLooksLikeData(first.header) {
            findings.add("header.missing", line: headerLine, column: 1, value: first.header.joined(separator: ","),
                         message: "the first row holds values, not column names")
            return
        }
        checkDuplicateHeaders(first.header, line: headerLine, &findings)
        // Import's first pass: the columns from the header and the first rows, the formats from
        // every row.
        let prepared = try TableImporter(options: options).prepare(first, spooling: true)
        let mapping = prepared.mapping
        firstPass.tables.append(FirstPass.Table(part: part, mapping: mapping, formats: prepared.formats))
        for field in settings.required where !has(field, mapping) {
            let columns = first.header.map { "\"\($0)\"" }.joined(separator: ", ")
            findings.add("field.missing", line: headerLine, value: field.rawValue,
                         message: "no column for the required field \(field.rawValue) (columns: \(columns))")
        }

        var builder = DraftBuilder(mapping: mapping, formats: prepared.formats, context: context, catalog: options.catalog,
                                   file: findings.path, part: part)
        builder.matchesBrands = false
        var rowChecks = RowChecks(settings: settings, context: context, hasCycleColumn: has(.cycle, mapping))
        // The rows again, as an import reads them (`TableImporter.readAgain`): their drafts are
        // built on two threads and checked in order.
        let built = builder
        @Sendable func build(_ batch: RecordBatch) -> [(SourceRow, ImportDraft)] {
            (0..<batch.count).map { i in
                let row = batch.item(i).sourceRow
                return (row, built.build(row))
            }
        }
        func check(_ made: [(SourceRow, ImportDraft)]) {
            for (row, draft) in made {
                rows += 1
                rowChecks.check(row, draft: draft, into: &findings)
            }
        }
        let (skips, unlisted, warnings) = try TableImporter.readAgain(prepared, open: openPass, make: { rows, _ in build(rows) },
                                                                     emit: { _, made in check(made) })
        rows += skips.count + unlisted.values.reduce(0, +)
        rowChecks.finish(into: &findings, headerLine: headerLine)
        for skip in skips where skip.reason != .blank {
            findings.add("row.skipped", line: skip.line, row: skip.row,
                         message: "row skipped: \(skip.reason.rawValue)\(skip.detail.map { " (\($0))" } ?? "")")
        }
        // The reader's encoding fallback says again what a file.encoding finding says with its position.
        let encodingReported = findings.items.contains { $0.code == "file.encoding" }
        for warning in warnings where !(encodingReported && warning.code == "encoding.fallback") {
            findings.add(warning.code.rawValue, severity: warning.severity, message: findings.strip(warning.message),
                         remedy: warning.remedy)
        }
    }

    /// Each database table of a Notion export ZIP, inflated as import inflates it; findings name
    /// the member they concern, and their lines are the member's.
    func checkExport(_ file: String, _ findings: inout FindingList, rows: inout Int, firstPass: inout FirstPass) throws {
        let export = try NotionExport(path: file, name: findings.path, limits: importOptions.zip)
        for member in export.members {
            let spooled = try export.spool(member)
            defer { spooled.remove() }
            var inMember = FindingList(path: "\(findings.path): \(member.part)")
            checkTableFile(spooled.path, part: member.part, &inMember, rows: &rows, firstPass: &firstPass)
            for var finding in inMember.items {
                finding.message = "\(member.part): \(finding.message)"
                findings.items.append(finding)
            }
        }
    }

    /// Each sheet import would read (`WorkbookImporter.choose`), checked as a table; findings
    /// name the sheet and its own row numbers.
    func checkWorkbook(_ file: String, _ findings: inout FindingList, rows: inout Int, firstPass: inout FirstPass) throws {
        let (sheets, _) = try WorkbookImporter(options: importOptions).choose(path: file, name: findings.path)
        defer { for sheet in sheets { sheet.file.remove() } }
        for sheet in sheets {
            var inSheet = FindingList(path: "\(findings.path): \(sheet.sheet.name)")
            checkTableFile(sheet.file.path, part: sheet.sheet.name, &inSheet, rows: &rows, firstPass: &firstPass)
            for var finding in inSheet.items {
                finding.message = "\(sheet.sheet.name): \(finding.message)"
                finding.line = finding.line.map(sheet.lines.row)
                findings.items.append(finding)
            }
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
        for (index, name) in header.enumerated() where name.trimmedSpaces().isEmpty {
            findings.add("header.blank", line: line, column: index + 1, value: name,
                         message: "column \(index + 1) has no name")
        }
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
                      column: Int? = nil, value: String? = nil, message: String, remedy: Issue.Remedy? = nil) {
        let level = severity ?? ValidationCheck.byCode[code]?.severity ?? .warning
        items.append(Finding(code: code, severity: level, line: line, row: row, column: column, value: value,
                             message: message, remedy: remedy))
    }

    /// `add` for a finding at a character position as well as a column number.
    mutating func add(_ code: String, line: Int, column: Int?, offset: Int, value: String, message: String) {
        add(code, line: line, column: column, value: value, message: message)
        items[items.count - 1].offset = offset
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
