/// Which reader handles an input.
public enum SourceKind: String, Sendable, CaseIterable {
    case notion, sheets, csv, bank, screenshot
}

/// Everything an import needs to know besides the input itself.
public struct ImportOptions: Sendable {
    /// nil: choose from the file's extension and content.
    public var kind: SourceKind?
    /// The kinds of recurring bank series imported (`--kinds`); the others are reported as
    /// skips. Subscriptions only by default.
    public var kinds: Set<ImportDraft.Kind> = [.subscription]
    public var context: NormalizeContext
    /// `--map field=Header`.
    public var overrides: [Field: String]
    /// Rows read before the columns are chosen.
    public var sampleSize: Int
    /// Reads screenshots; nil when this build or caller has no OCR engine.
    public var recognizer: (any TextRecognizer)?
    /// Column mappings saved for shapes of table (`"mappings"` in `ingest.json`): a table whose
    /// header matches one, imported without `--map`, is mapped as saved.
    package var remembered: [RememberedMapping] = []
    /// `--sheet`: the workbook sheet to import, by name or 1-based number; nil for every sheet
    /// that holds a list.
    package var sheet: String?
    /// `--encoding`: the text encoding of CSV inputs; nil to tell from the bytes.
    public var encoding: TextEncoding?
    /// Limits and base URL for inputs given as links (`fetchTimeout`, `maxDownloadBytes`).
    package var fetch = FetchOptions()
    /// What a member of a ZIP input may inflate to.
    package var zip = ZipLimits()
    /// The links this import could not fetch or read, shared by its copies of the options.
    package var fetchedLinks = FetchedLinks()
    /// Caps on a table's cells, rows and columns (`maxCellBytes`, `maxColumns`), and on standard input's bytes.
    package var limits = ReadLimits()
    /// Bytes one cell of a table may hold (1 MiB unless set); a row may hold 16 MiB or one
    /// cell's limit when that is more.
    public var maxCellBytes: Int {
        get { limits.maxCellBytes }
        set { limits.maxCellBytes = max(1, newValue) }
    }
    /// Fields one row of a table may hold (10,000 unless set).
    public var maxColumns: Int {
        get { limits.maxColumns }
        set { limits.maxColumns = max(1, newValue) }
    }
    /// Seconds a link's answer is waited for (20 unless set).
    public var fetchTimeout: Double {
        get { fetch.timeout }
        set { fetch.timeout = newValue }
    }
    /// Bytes a link's download may hold (50 MB unless set).
    public var maxDownloadBytes: Int {
        get { fetch.maxBytes }
        set { fetch.maxBytes = newValue }
    }
    /// Where a table's rows are kept between its two passes (`RowSpool`); nil for the
    /// system's temporary directory. A directory where no file can be made means the second
    /// pass reads the table again.
    public var spoolDirectory: String?
    /// Bytes of a table's rows kept in memory between its two passes before the spool's
    /// temporary file is made (`RowSpool.memoryBytes`).
    package var spoolMemoryBytes = RowSpool.memoryBytes
    /// The brands rows are named and categorised by, and drafts of one service told apart
    /// with: `BrandCatalog.bundled` unless set.
    public var catalog: BrandCatalog {
        get { givenCatalog ?? .bundled }
        set { givenCatalog = newValue }
    }
    /// The catalog set, if any. The bundled one is looked up only when an import reads it, so
    /// that making options does not wait for it to be built.
    private var givenCatalog: BrandCatalog?

    public init(kind: SourceKind? = nil, context: NormalizeContext, overrides: [Field: String] = [:],
                sampleSize: Int = 200, recognizer: (any TextRecognizer)? = nil, encoding: TextEncoding? = nil) {
        self.kind = kind
        self.context = context
        self.overrides = overrides
        self.sampleSize = sampleSize
        self.recognizer = recognizer
        self.encoding = encoding
    }
}

/// What the duplicate-counting pass learnt about an input, so that the import does not read
/// it again for the same thing.
package enum RecordedImport: Sendable {
    /// A finished import (a bank statement, whose drafts are known only after its last row):
    /// its drafts in the order they are handed on, and its report.
    case finished(drafts: BankDrafts, report: ImportReport)
    /// A table's chosen columns and column formats, decided while counting: the import goes
    /// straight to building drafts.
    case prepared(PreparedTable)
    /// A Notion export's members, inflated once, with their columns and formats decided.
    case archive(PreparedExport)
}

/// A table's column mapping and the formats decided from all of each column's values: what
/// the first of `TableImporter.run`'s two passes works out.
package struct PreparedTable: Sendable {
    package var mapping: ColumnMapping
    package var formats: ColumnFormats
    /// The data rows as the first pass read them, when it could keep them (`RowSpool`).
    var spool: RowSpool?
    /// For a link, the body the first pass fetched, which the import reads instead of fetching again.
    var fetched: TemporaryFile?
    /// What the first pass's reader skipped and warned of: the second pass, reading the spool,
    /// reports these.
    package var skips: [Skip] = []
    /// Skips only counted, beyond those listed.
    package var unlistedSkips: [Skip.Reason: Int] = [:]
    package var warnings: [Issue] = []
    /// Notes on how the columns were chosen (a saved mapping used), for the import's report.
    package var notes: [Issue] = []

    package init(mapping: ColumnMapping, formats: ColumnFormats) {
        self.mapping = mapping
        self.formats = formats
    }

    init(mapping: ColumnMapping, formats: ColumnFormats, spool: RowSpool?, skips: [Skip], warnings: [Issue]) {
        self.mapping = mapping
        self.formats = formats
        self.spool = spool
        self.skips = skips
        self.warnings = warnings
    }
}

/// What happened to one input: rows read, drafts made, rows skipped and why.
public struct ImportReport: Sendable {
    public var source: String
    public var kind: SourceKind
    public var rows: Int
    public var drafts: Int
    public var skips: [Skip]
    /// Skips only counted, not listed (tables and bank statements list the first 200 per reason).
    public var unlistedSkips: [Skip.Reason: Int] = [:]
    public var warnings: [Issue]
    package var mapping: ColumnMapping?

    /// The 0-based column each field was read from, for a table (empty for other inputs).
    public var columns: [Field: Int] { mapping?.choices.mapValues(\.column) ?? [:] }
    /// The table's header, as the file wrote it (empty for other inputs).
    public var header: [String] { mapping?.header ?? [] }

    package init(source: String, kind: SourceKind, rows: Int = 0, drafts: Int = 0, skips: [Skip] = [],
                warnings: [Issue] = [], mapping: ColumnMapping? = nil) {
        self.source = source
        self.kind = kind
        self.rows = rows
        self.drafts = drafts
        self.skips = skips
        self.warnings = warnings
        self.mapping = mapping
    }

    /// `12 rows → 10 drafts, 2 skipped (1 blank, 1 totals)`; for screenshots
    /// `1 image → 4 drafts, 3 lines ignored (2 chrome, 1 totals)`.
    public var line: String {
        if kind == .screenshot {
            var text = "\(rows) image\(rows == 1 ? "" : "s") → \(drafts) draft\(drafts == 1 ? "" : "s"), "
            text += "\(skips.count) line\(skips.count == 1 ? "" : "s") ignored"
            if !skips.isEmpty { text += " (\(ImportReport.counts(skips)))" }
            return text
        }
        var text = "\(rows) row\(rows == 1 ? "" : "s") → \(drafts) draft\(drafts == 1 ? "" : "s")"
        var counts: [String: Int] = [:]
        for skip in skips { counts[skip.reason.rawValue, default: 0] += 1 }
        for (reason, n) in unlistedSkips { counts[reason.rawValue, default: 0] += n }
        let total = counts.values.reduce(0, +)
        if total > 0 {
            let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            text += ", \(total) skipped (\(parts.joined(separator: ", ")))"
        } else {
            text += ", 0 skipped"
        }
        return text
    }

    /// `1 blank, 1 totals`: skips counted by reason, reasons in alphabetical order.
    static func counts(_ skips: [Skip]) -> String {
        var counts: [String: Int] = [:]
        for skip in skips { counts[skip.reason.rawValue, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
}
