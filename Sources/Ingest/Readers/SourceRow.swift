/// One data row of a table source, with where it stands in the file.
package struct SourceRow: Sendable {
    /// The cells as text, decoded; may be fewer or more than the header's columns (ragged).
    package var cells: [String]
    /// 1-based data row number (the first row after the header is 1).
    package var row: Int
    /// 1-based physical line where the row starts.
    package var line: Int

    package init(cells: [String], row: Int, line: Int) {
        self.cells = cells
        self.row = row
        self.line = line
    }

    /// The row a record of valid UTF-8 holds.
    package init(utf8 record: CSVRecord, row: Int) {
        self.init(cells: (0..<record.count).map { String(decoding: record.field($0), as: UTF8.self) },
                  row: row, line: record.line)
    }
}

/// A data row as a table hands it on: its record's bytes when they are valid UTF-8 (the text
/// as it is), so a reader of plain rows (`PlainRowBuilder`) need not make strings of them,
/// else its decoded cells.
package enum TableItem: Sendable {
    case utf8(CSVRecord, row: Int)
    case decoded(SourceRow)

    /// The row as cells.
    package var sourceRow: SourceRow {
        switch self {
        case .utf8(let record, let row): return SourceRow(utf8: record, row: row)
        case .decoded(let row): return row
        }
    }
}

/// A row the reader did not turn into data, with the reason: every input row ends as a draft
/// or as one of these.
public struct Skip: Hashable, Sendable {
    public enum Reason: String, Sendable, CaseIterable {
        case blank
        case repeatedHeader = "repeated header"
        case totals
        case preamble
        case unusable
        case notSubscription = "not a subscription"
        /// Lists: a label between blocks of rows ("Entertainment", "Bills"), which becomes the
        /// category of the rows beneath it that have none.
        case section
        /// Bank rows: a charge that belongs to no recurring series.
        case oneOff = "one-off"
        /// Bank rows: repeated charges at a merchant with no regular period.
        case irregular = "not recurring"
        /// Bank rows: money in (salary, interest, payments received).
        case income
        /// Bank rows: money moved between own accounts, card repayments, wallet top-ups.
        case transfer
        /// Bank rows: a refund, reversal or chargeback, and the charge it cancels.
        case refund
        /// Bank rows: not booked yet (pending, vorgemerkt) or declined, failed, closed.
        case pending = "pending or declined"
        /// Bank rows: a transaction the file lists again under the same id (OFX's FITID in one
        /// account, as when two overlapping downloads are joined), counted once.
        case duplicate
        /// Screenshot status bars, navigation and tab bars.
        case chrome
        /// Screenshot lines under a "Payment history" heading.
        case history = "payment history"
    }

    public var reason: Reason
    public var line: Int
    public var row: Int?
    public var detail: String?

    public init(_ reason: Reason, line: Int, row: Int? = nil, detail: String? = nil) {
        self.reason = reason
        self.line = line
        self.row = row
        self.detail = detail
    }
}

/// Skips listed up to a number per reason and counted beyond it.
struct SkipTally {
    var limit: Int
    var listed: [Skip] = []
    /// Per reason (by its place in `Skip.Reason.allCases`), the skips seen and those only counted.
    private var seen: [Int]
    private var over: [Int]
    private static let reasons = Skip.Reason.allCases
    private static let place: [Skip.Reason: Int] = Dictionary(uniqueKeysWithValues: reasons.enumerated().map { ($1, $0) })

    init(limit: Int) {
        self.limit = limit
        seen = Array(repeating: 0, count: SkipTally.reasons.count)
        over = seen
    }

    /// Every skip added, listed or only counted.
    var total: Int { seen.reduce(0, +) }

    /// The skips only counted, by reason (reasons without any left out).
    var unlisted: [Skip.Reason: Int] {
        var out: [Skip.Reason: Int] = [:]
        for (i, n) in over.enumerated() where n > 0 { out[SkipTally.reasons[i]] = n }
        return out
    }

    mutating func add(_ skip: Skip) {
        let i = SkipTally.place[skip.reason] ?? 0
        if seen[i] < limit { listed.append(skip) } else { over[i] += 1 }
        seen[i] += 1
    }

    /// How many more skips for `reason` would be listed.
    func room(for reason: Skip.Reason) -> Int {
        max(0, limit - seen[SkipTally.place[reason] ?? 0])
    }

    /// Adds `count` skips for `reason` as `add` one by one would; `listing` holds the first of
    /// them, at least `room(for: reason)` when there are that many.
    mutating func add(_ reason: Skip.Reason, count: Int, listing: some Sequence<Skip>) {
        let i = SkipTally.place[reason] ?? 0
        var n = 0
        for skip in listing {
            guard n < count && seen[i] < limit else { break }
            listed.append(skip)
            seen[i] += 1
            n += 1
        }
        over[i] += count - n
        seen[i] += count - n
    }
}

/// A file that could not be read at all: names the file, the line, what is wrong and, when a
/// setting can fix it, the remedy.
public struct ReadError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var remedy: Issue.Remedy?

    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String, remedy: Issue.Remedy? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.remedy = remedy
    }

    public var description: String {
        var where_ = file
        if let line { where_ += ":\(line)" }
        if let column { where_ += ":\(column)" }
        return "\(where_): \(message)"
    }
}

/// A table read row by row: a header found by the reader and data rows handed out one at a
/// time, so memory does not grow with the file.
package protocol TableSource: AnyObject {
    /// The name used in messages (the path as given, or the URL).
    var name: String { get }
    /// The header cells, as written (trimmed).
    var header: [String] { get }
    /// 1-based line of the header row; nil for files with no header row.
    var headerLine: Int? { get }
    /// Warnings about the whole file (encoding fallback, guessed delimiter …).
    var warnings: [Issue] { get }
    /// Rows skipped so far, with their reasons: the first ones of each reason, in line order.
    var skips: [Skip] { get }
    /// Rows skipped beyond those listed in `skips`, only counted, by reason.
    var unlistedSkips: [Skip.Reason: Int] { get }
    /// The next data row, or nil at the end.
    func nextRow() throws(ReadError) -> SourceRow?
    /// The next data row, as bytes where the source can hand them on so.
    func nextItem() throws(ReadError) -> TableItem?
    /// The next `limit` data rows or fewer, as `nextItem` gives them.
    func nextItems(limit: Int) throws(ReadError) -> [TableItem]
    /// `nextItems(limit:)` as one batch.
    func nextBatch(limit: Int) throws(ReadError) -> RecordBatch
}

extension TableSource {
    package var unlistedSkips: [Skip.Reason: Int] { [:] }

    /// Every row skipped so far, listed or only counted.
    package var skippedRows: Int { skips.count + unlistedSkips.values.reduce(0, +) }

    package func nextItem() throws(ReadError) -> TableItem? {
        try nextRow().map { .decoded($0) }
    }

    /// Up to `limit` rows, as `nextItem` gives them; empty at the end.
    package func nextItems(limit: Int) throws(ReadError) -> [TableItem] {
        var items: [TableItem] = []
        while items.count < limit, let item = try nextItem() { items.append(item) }
        return items
    }

    package func nextBatch(limit: Int) throws(ReadError) -> RecordBatch {
        try RecordBatch(nextItems(limit: limit))
    }
}
