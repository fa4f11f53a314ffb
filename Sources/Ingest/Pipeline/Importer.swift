import Foundation

/// Imports one input (a path as the user gave it) into drafts, choosing the reader from
/// `--from`, else from the extension and content.
package struct Importer: Sendable {
    package var options: ImportOptions

    package init(options: ImportOptions) {
        self.options = options
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "bmp", "gif"]

    /// The reader for a path when `--from` is not given: from the first bytes (image, ZIP),
    /// else from the extension.
    package static func guessKind(path: String) -> SourceKind {
        guessKind(path: path, head: InputSniffer.prefix(path: path))
    }

    /// `guessKind(path:)`, given the file's first bytes (`InputSniffer.prefix`).
    static func guessKind(path: String, head: [UInt8]) -> SourceKind {
        switch InputSniffer.content(of: head) {
        case .image: return .screenshot
        case .zip: return .notion
        case .text: break
        }
        let ext = FileExtension.of(path)
        if imageExtensions.contains(ext) { return .screenshot }
        if ext == "zip" { return .notion }
        return .csv
    }

    /// A folder is not an input: its files are (`InputExpander.importable(under:)`).
    static func refuseFolder(_ path: String, name: String) throws(ReadError) {
        guard InputSniffer.isFolder(path) else { return }
        throw ReadError(file: name, "is a folder, not a file: give the files in it", remedy: .listFolder)
    }

    /// True when the file is a bank file format (OFX, QIF, CAMT, MT940), or its header clearly
    /// names a transaction table (date, description and amount, or a known bank layout) and
    /// nothing subscription-like; see
    /// `TransactionColumns.looksLikeTransactions`. One probe of the first bytes decides the
    /// encoding and the delimiter for both readers it uses.
    /// `probing` false builds the whole statement reader before looking at its header, as
    /// before the header test: tests hold both ways to the same answers.
    package static func looksLikeBankStatement(path: String, limits: ReadLimits = ReadLimits(), probing: Bool = true) -> Bool {
        guard let chunks = try? ChunkReader(path: path, display: path),
              let probe = try? InputProbe(chunks: chunks, hint: nil, guessLegacy: true, file: path) else { return false }
        return looksLikeBankStatement(path: path, chunks: chunks, probe: probe, limits: limits, probing: probing)
    }

    /// `looksLikeBankStatement`, reading on from a probe of the file's first bytes; `chunks`
    /// stand just past them.
    static func looksLikeBankStatement(path: String, chunks: ChunkReader, probe: InputProbe, limits: ReadLimits,
                                       probing: Bool = true) -> Bool {
        let context = NormalizeContext(today: CalendarDate(dayNumber: 0))
        // OFX, QIF, CAMT and MT940 files are statements by their content, whatever their name.
        if TransactionTable.format(of: probe) != nil { return true }
        guard let table = try? TransactionTable(chunks: chunks, probe: probe, name: path, context: context, limits: limits,
                                                probing: probing) else { return false }
        if table.layout != nil { return true }
        if table.header.first?.hasPrefix("Column ") == true {
            // No header row: the values decide. A date, an amount and a payee charged again and
            // again make a statement (HSBC's three columns); a list of services does not. The
            // rows are the statement reader's own sample (the table reader may take the first
            // row of a headerless file for a header).
            let rows = table.sampledRows()
            let roles = TransactionColumns.detect(values: rows)
            return roles[.date] != nil && roles[.amount] != nil
                && (TransactionColumns.repeatsLikeStatement(roles, rows) || TransactionColumns.repeatsLikeStatement(roles, rows, byMerchant: true))
        }
        let rows = sampleRows(path: path, probe: probe, under: table.header, limits: limits)
        return TransactionColumns.looksLikeTransactions(header: table.header, rows: rows)
    }

    /// Whether the CSV file at `path` is a bank statement (as `looksLikeBankStatement` answers),
    /// and the list reader opened on the way when it is not. One probe of the first bytes and
    /// one header search serve both readers where they read alike: a file in UTF-8 (or marked
    /// by its byte order mark) whose header, as the list reader finds it, is no bank layout's
    /// and names no date, amount and description, or a subscription word, is a list
    /// (`TransactionColumns.headerRulesOutStatement`). Every other file is asked of the
    /// statement reader in full; `list` is nil when the probe failed, the file looks like a
    /// program or image (`BinarySignature`), or `--encoding` was given.
    package static func openDeciding(path: String, name: String, options: ImportOptions) -> (statement: Bool, list: TableSource?) {
        guard options.encoding == nil, let chunks = try? ChunkReader(path: path, display: name),
              let probe = try? InputProbe(chunks: chunks, hint: nil, guessLegacy: true, file: name) else {
            return (looksLikeBankStatement(path: path, limits: options.limits), nil)
        }
        if TransactionTable.format(of: probe) != nil { return (true, nil) }
        /// The statement reader's answer from the same probe, on the file read anew past it.
        func full() -> Bool {
            guard let again = try? ChunkReader(path: path, display: path), again.skip(probe.sample.count) else { return false }
            return looksLikeBankStatement(path: path, chunks: again, probe: probe, limits: options.limits)
        }
        guard !probe.guessedLegacy, BinarySignature.sniff(probe.sample.prefix(BinarySignature.prefixLength)) == nil,
              let table = try? CSVTable(chunks: chunks, probe: probe, name: name, limits: options.limits),
              let list = try? RecordGroups.wrap(table) else { return (full(), nil) }
        if headerRulesOutStatement(table.header) { return (false, list) }
        return full() ? (true, nil) : (false, list)
    }

    /// Whether a header the list reader found is no bank layout's and names no date, amount and
    /// description, or a subscription word; remembered per header, which the files of a team share.
    static func headerRulesOutStatement(_ header: [String]) -> Bool {
        if let known = headerDecisions.value(for: header) { return known }
        let answer = header.first?.hasPrefix("Column ") != true && !BankLayout.bundled.contains(where: { $0.matches(header: header) })
            && TransactionColumns.headerRulesOutStatement(header, roles: TransactionColumns.detect(header: header))
        headerDecisions.store(answer, for: header)
        return answer
    }

    private static let headerDecisions = MemoCache<[String], Bool>(limit: 4096)

    /// Up to 200 data rows under `header`, read with the table reader from what `probe` found,
    /// for the value test of `looksLikeTransactions`; none when that reader finds another
    /// header row.
    static func sampleRows(path: String, probe: InputProbe, under header: [String], limits: ReadLimits) -> [[String]] {
        guard let chunks = try? ChunkReader(path: path, display: path), chunks.skip(probe.sample.count),
              let table = try? CSVTable(chunks: chunks, probe: probe, name: path, limits: limits), table.header == header else { return [] }
        var rows: [[String]] = []
        while rows.count < 200, let row = try? table.nextRow() { rows.append(row.cells) }
        return rows
    }

    /// Reads `path` (a file; the caller spools stdin to a file first) and hands each draft on.
    /// `prepared` is what `runNames` learnt of the same plain table; `plain` takes the rows of
    /// a table that read cleanly (`TableImporter.run`).
    package func run(path: String, name: String? = nil, prepared: PreparedTable? = nil, plain: PlainSink? = nil,
                    emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        try run(path: path, name: name, prepared: prepared, archive: nil, plain: plain, emit: emit)
    }

    /// `run`, with the members of a Notion export that `runNames` inflated (`archive`).
    func run(path: String, name: String?, prepared: PreparedTable?, archive: PreparedExport?, plain: PlainSink?,
             emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let display = name ?? path
        if RemoteLink.isRemote(path) { return try runRemote(path, name: display, prepared: prepared, emit: emit) }
        try Importer.refuseFolder(path, name: display)
        // A table `runNames` prepared was already found not to be a statement.
        // The list reader deciding the kind opened is the first pass's (none when `runNames`
        // prepared the table).
        let opening = prepared == nil ? options.openingKind(of: path, name: display) : (kind: options.inputKind(of: path, mayBeStatement: false), list: nil)
        let input = opening.kind
        var list = opening.list
        if input == .workbook {
            return try WorkbookImporter(options: options).run(path: path, name: display, prepared: archive, emit: emit)
        }
        let kind = input.sourceKind
        switch kind {
        case .bank:
            let table = try options.openStatement(path: path, name: display)
            return try BankImporter(options: options).run(table: table, name: display, emit: emit)
        case .notion where InputKind.isArchive(path):
            return try ExportImporter(options: options).run(path: path, name: display, prepared: archive, emit: emit)
        case .csv, .sheets, .notion:
            return try TableImporter(options: options).run(name: display, kind: kind, prepared: prepared, plain: plain, open: {
                defer { list = nil }
                return try list ?? options.openList(path: path, name: display)
            }, emit: emit)
        case .screenshot:
            return try readScreenshot(path: path, name: display, emit: emit)
        }
    }

    /// The pass that counts duplicates before a streamed `run`: `count` gets the hash of
    /// `DraftMerger.key` of every draft the input makes (nil for one never merged). Plain
    /// tables build only names and statuses, and their columns and formats, decided in the
    /// same pass, are returned so that `run` reads the table once more instead of twice; other
    /// inputs are imported in full. A bank statement's full import is returned, for the
    /// streamed pass to replay rather than read the statement again: its drafts are known only
    /// after the last row, and their provenance waits in the importer's temporary file.
    @discardableResult
    package func runNames(path: String, name: String? = nil, count: (UInt64?) throws -> Void) throws -> RecordedImport? {
        let display = name ?? path
        if !RemoteLink.isRemote(path) { try Importer.refuseFolder(path, name: display) }
        let (input, list) = RemoteLink.isRemote(path) ? (nil, nil) : options.openingKind(of: path, name: display)
        if input == .workbook {
            // Written out once: the sheets the counting pass read go on to the import.
            return .archive(try WorkbookImporter(options: options).prepare(path: path, name: display, count: count))
        }
        let kind = input?.sourceKind ?? options.kind ?? .csv
        let catalog = options.catalog
        func hash(_ draft: ImportDraft) -> UInt64? { DraftMerger.key(draft, catalog: catalog).map(DraftMerger.hash) }
        switch kind {
        case .csv, .sheets, .notion:
            if RemoteLink.isRemote(path) {
                // Fetched once: the file the counting pass reads goes on to the import.
                let (_, file) = try fetch(path, name: display)
                do {
                    var prepared = try TableImporter(options: options).runNames(name: display, open: {
                        try CSVTable(path: file.path, name: display, limits: options.limits)
                    }, count: count)
                    prepared.fetched = file
                    return .prepared(prepared)
                } catch {
                    file.remove()
                    options.fetchedLinks.failed(path, error)
                    throw error
                }
            }
            if InputKind.isArchive(path) {
                // Inflated once: the members the counting pass read go on to the import.
                guard kind == .notion else { break }
                return .archive(try ExportImporter(options: options).prepare(path: path, name: display, count: count))
            }
            let prepared = try TableImporter(options: options).runNames(name: display, open: {
                try list ?? options.openList(path: path, name: display)
            }, count: count)
            return .prepared(prepared)
        case .bank where !RemoteLink.isRemote(path):
            let table = try options.openStatement(path: path, name: display)
            let (drafts, report) = try BankImporter(options: options).read(table: table, name: display)
            for draft in drafts.withoutProvenance { try count(hash(draft)) }
            return .finished(drafts: drafts, report: report)
        case .bank:
            var drafts: [ImportDraft] = []
            let report = try run(path: path, name: name) { draft in
                drafts.append(draft)
                try count(hash(draft))
            }
            return .finished(drafts: BankDrafts(drafts), report: report)
        case .screenshot: break
        }
        _ = try run(path: path, name: name) { try count(hash($0)) }
        return nil
    }

    /// A link: fetched once into a temporary file, which both of the table reader's passes read
    /// (`prepared`, from `runNames`, holds the file that pass fetched). Provenance keeps the link
    /// as given and the tab it points at.
    func runRemote(_ link: String, name: String, prepared: PreparedTable?, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let (remote, file) = try prepared?.fetched.map { (try RemoteLink.parse(link), $0) } ?? fetch(link, name: name)
        defer { file.remove() }
        let kind: SourceKind
        if case .sheets = remote { kind = .sheets } else { kind = .csv }
        return try TableImporter(options: options).run(name: name, kind: kind, part: remote.part, prepared: prepared, open: {
            try CSVTable(path: file.path, name: name, limits: options.limits)
        }, emit: emit)
    }

    /// Fetches `link` into a temporary file, unless this import already failed on it (then the
    /// same error, without asking the server again).
    func fetch(_ link: String, name: String) throws -> (RemoteLink, TemporaryFile) {
        if let failure = options.fetchedLinks.failure(link) { throw failure }
        do {
            let remote = try RemoteLink.parse(link)
            return (remote, try RemoteFetcher(options: options.fetch).fetch(remote))
        } catch let error as SheetsLinkError {
            throw options.fetchedLinks.failed(link, ReadError(file: name, error.message))
        } catch let error as FetchError {
            throw options.fetchedLinks.failed(link, ReadError(file: name, error.message, remedy: error.remedy))
        }
    }

    /// OCR through `options.recognizer`, then `ScreenshotReader`: one report per image.
    func readScreenshot(path: String, name: String, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        guard let recognizer = options.recognizer else {
            throw ReadError(file: name, "this build has no OCR engine, so screenshots cannot be read (install Tesseract and rebuild, or import a CSV export instead)")
        }
        let page = try recognizer.recognize(path: path, name: name)
        let result = try ScreenshotReader(context: options.context).read(page)
        for var draft in result.drafts {
            // The service and category the catalog knows of the name shown, as a list's row gets them.
            options.catalog.enrich(&draft)
            try emit(draft)
        }
        return ImportReport(source: name, kind: .screenshot, rows: 1, drafts: result.drafts.count,
                            skips: result.skips, warnings: result.warnings)
    }
}

extension Importer {
    /// The column mapping of each table in the file at `path` (a table, each sheet a workbook
    /// imports, each database of a Notion export), as the import would choose it; none for a bank
    /// statement or an image. For `--save-map`.
    package func tableMappings(path: String, name: String? = nil) throws -> [ColumnMapping] {
        let display = name ?? path
        try Importer.refuseFolder(path, name: display)
        let importer = TableImporter(options: options)
        switch options.inputKind(of: path) {
        case .table:
            return [try importer.mapping(for: options.openList(path: path, name: display)).0]
        case .workbook:
            let workbooks = WorkbookImporter(options: options)
            let (sheets, _) = try workbooks.choose(path: path, name: display)
            defer { for sheet in sheets { sheet.file.remove() } }
            return try sheets.map { try importer.mapping(for: workbooks.open($0, name: display)).0 }
        case .notionExport:
            let export = try NotionExport(path: path, name: display, limits: options.zip)
            return try export.members.map { member in
                let file = try export.spool(member)
                defer { file.remove() }
                return try importer.mapping(for: options.openList(path: file.path, name: "\(display): \(member.part)")).0
            }
        case .bankStatement, .screenshot:
            return []
        }
    }
}
