/// Finds where a table starts among its first records, past titles, account details, key/value
/// blocks and blank lines: the header row, or no header (the first full row is data). Both
/// table readers (`CSVTable`, `TransactionTable`) ask it of the records an `InputProbe`'s
/// reading starts with, so import, validate and bank detection agree on the header.
struct HeaderFinder {
    /// Where the table starts inside the first records.
    enum Layout: Equatable {
        /// `records[index]` is the header; data follows it.
        case header(index: Int)
        /// No header row: data starts at `records[dataStart]`; `width` columns get made-up names.
        case noHeader(dataStart: Int, width: Int)
    }

    /// A record as decoded text.
    typealias Record = (cells: [String], line: Int)

    /// Non-blank records looked at: later ones do not change the answer.
    static let lookahead = 30
    /// Rows below a header (or a first data row) that must read like the table's body, when
    /// the sample has that many.
    static let bodyRun = 3

    /// The header (or the first data row) of `records`, which may hold blank records; only the
    /// first `lookahead` non-blank ones are read. Nil when all are blank.
    ///
    /// The body is judged from the lower half of the sample: its width (the most common field
    /// count) and its value columns (mostly digits: amounts, dates). A header is a row of
    /// labels of that width with a label over a value column, whose cells do not come again
    /// below it, and under which most rows read as the body. Rows that name columns (two
    /// subscription fields, or a statement's date, money and text) come first; among them the
    /// best supported wins. Without a header, data starts at the first full row the body runs
    /// on from. Samples with no value column or no body are read as before the readers shared
    /// this search (`firstNamedRow`).
    func layout(of records: [Record]) -> Layout? {
        var window = 0, filled = 0
        while window < records.count, filled < Self.lookahead {
            if !records[window].cells.allSatisfy({ $0.trimmedSpaces().isEmpty }) { filled += 1 }
            window += 1
        }
        let rows = records.prefix(window).map { RowShape($0.cells) }
        let nonBlank = rows.indices.filter { !rows[$0].isBlank }
        guard !nonBlank.isEmpty else { return nil }
        // The body is judged by the lower half of the sample, below any preamble.
        let body = TableBody(nonBlank[(nonBlank.count / 2)...].map { rows[$0] })
        // How well the rows under position `k` of `nonBlank` read as the body: two in three of
        // the next few must (a bad date or amount may sit among them).
        func support(after k: Int) -> Double? {
            let below = nonBlank[(k + 1)...].prefix(Self.bodyRun * 2)
            guard !below.isEmpty else { return nil }
            let fitting = below.filter { body.fits(rows[$0]) }.count
            guard fitting * 3 >= below.count * 2 else { return nil }
            return Double(fitting) / Double(below.count)
        }
        func isNamed(_ index: Int) -> Bool {
            rows[index].vocabularyHits >= 2 || Self.namesTransactions(records[index].cells)
        }
        // A header's cells are not values of the rows under it: a data row of labels only
        // (`Netflix,n/a,monthly`) says `monthly` again below. A header repeated whole (a
        // page break) does not count.
        func echoed(_ k: Int) -> Bool {
            let cells = records[nonBlank[k]].cells.map { $0.trimmedSpaces().lowercased() }
            for index in nonBlank[(k + 1)...].prefix(Self.bodyRun * 3) {
                let below = records[index].cells.map { $0.trimmedSpaces().lowercased() }
                if below == cells { continue }
                if zip(cells, below).contains(where: { !$0.isEmpty && $0 == $1 }) { return true }
            }
            return false
        }
        typealias Candidate = (index: Int, support: Double, nextFits: Bool)
        var named: [Candidate] = [], unnamed: [Candidate] = []
        for (k, index) in nonBlank.enumerated() where body.isHeader(rows[index]) {
            guard let support = support(after: k), !echoed(k) else { continue }
            let candidate = (index, support, body.fits(rows[nonBlank[k + 1]]))
            if isNamed(index) { named.append(candidate) } else { unnamed.append(candidate) }
        }
        // The best supported candidate, or an earlier one about as well supported with a body
        // row right under it: a key/value line that names two fields (`Status;Active`) has
        // fewer body rows under it, or the header, than the header has.
        for candidates in [named, unnamed] {
            guard let best = candidates.map(\.support).max() else { continue }
            let close = best - 1 / Double(Self.bodyRun * 2) - 0.001
            if let found = candidates.first(where: { $0.support == best || ($0.support >= close && $0.nextFits) }) {
                return .header(index: found.index)
            }
        }
        if !body.values.isEmpty,
           let k = nonBlank.indices.first(where: { body.startsData(rows, at: nonBlank[$0]) && (support(after: $0) != nil || $0 == nonBlank.count - 1) }) {
            // A row naming columns above rows that read badly (`abc` for a price, cells
            // missing) is still the header.
            if let named = nonBlank[..<k].last(where: { body.isHeader(rows[$0]) && isNamed($0) }) {
                return .header(index: named)
            }
            return .noHeader(dataStart: nonBlank[k], width: max(body.width, rows[nonBlank[k]].count))
        }
        return firstNamedRow(rows)
    }

    /// Whether cells are a bank statement's header: a bundled layout's, or naming a date,
    /// money and a text column.
    static func namesTransactions(_ cells: [String]) -> Bool {
        let trimmed = cells.map { $0.trimmedSpaces() }
        guard trimmed.filter({ !$0.isEmpty }).count >= 2 else { return false }
        return TransactionColumns.isTransactionHeader(TransactionColumns.detect(header: trimmed))
            || BankLayout.bundled.contains { $0.matches(header: trimmed) }
    }

    /// The search for samples without a body to judge by: a row naming two known columns, even
    /// below lines that looked like data (`Period;01.10.2026;31.10.2026`) unless it holds
    /// numbers below data rows; else a label row above the first data row; else no header.
    func firstNamedRow(_ rows: [RowShape]) -> Layout? {
        guard let first = rows.firstIndex(where: { !$0.isBlank }) else { return nil }
        let width = Self.commonWidth(rows)
        let dataLike = rows.map { $0.looksLikeData(width: width) }
        let firstData = dataLike.firstIndex(of: true) ?? rows.count
        var dataBefore = 0
        for index in rows.indices {
            let row = rows[index]
            if row.vocabularyHits >= 2 && (row.labels == row.nonEmpty || dataBefore == 0) { return .header(index: index) }
            if dataLike[index] { dataBefore += 1 }
        }
        if let index = rows.indices.prefix(upTo: firstData).first(where: { rows[$0].looksLikeHeader(width: width) }) {
            return .header(index: index)
        }
        if firstData < rows.count { return .noHeader(dataStart: firstData, width: max(width, rows[firstData].count)) }
        return .header(index: first)
    }

    /// The most common field count of two or more among non-blank rows (1 when there is none).
    static func commonWidth(_ rows: [RowShape]) -> Int {
        var counts: [Int: Int] = [:]
        for row in rows where !row.isBlank && row.count >= 2 { counts[row.count, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key ?? 1
    }

    /// Synthesised names for a file without a header: `Column 1` … `Column n`.
    static func columnNames(_ width: Int) -> [String] {
        (1...max(width, 1)).map { "Column \($0)" }
    }
}

/// What the rows of a sample's table look like: its width and the columns that hold values.
struct TableBody {
    let width: Int
    /// Columns where four in five filled cells of the rows of the table's width hold digits.
    let values: [Int]

    init(_ rows: [RowShape]) {
        width = HeaderFinder.commonWidth(rows)
        var digits = [Int](repeating: 0, count: width), filled = [Int](repeating: 0, count: width)
        for row in rows where row.count == width && row.isFull(width: width) {
            for c in 0..<width {
                switch row.kinds[c] {
                case .value: digits[c] += 1; filled[c] += 1
                case .label, .mixed: filled[c] += 1
                case .empty: break
                }
            }
        }
        values = (0..<width).filter { filled[$0] >= 2 && digits[$0] * 10 >= filled[$0] * 8 }
    }

    /// A row of the table's width (one more or less for a trailing delimiter) with no label
    /// in a value column.
    func fits(_ row: RowShape) -> Bool {
        guard row.count >= width - 1, row.count <= width + 1, row.isFull(width: width) else { return false }
        return values.allSatisfy { $0 >= row.count || row.kinds[$0] != .label }
    }

    /// A row that can be the first of a table without header: it fits, has the full width,
    /// and no blank line parts it from the rows below (a blank line ends a preamble).
    func startsData(_ rows: [RowShape], at index: Int) -> Bool {
        fits(rows[index]) && rows[index].count >= width && (index + 1 == rows.count || !rows[index + 1].isBlank)
    }

    /// A row of labels only, of the table's width, with a label over a value column (any
    /// label row when the table has no value column).
    func isHeader(_ row: RowShape) -> Bool {
        guard row.count >= width - 1, row.count <= width + 1, row.isFull(width: width) || (width == 1 && row.nonEmpty == 1),
              row.labels == row.nonEmpty else { return false }
        return values.isEmpty || values.contains { $0 < row.count && row.kinds[$0] == .label }
    }
}

/// What a row's cells look like, for telling headers, data and preamble apart.
struct RowShape {
    let count: Int
    let nonEmpty: Int
    /// Cells with letters and (almost) no digits: `Price`, `Next renewal`, `Address line 2`.
    let labels: Int
    /// Cells holding digits: amounts, dates, account numbers.
    let values: Int
    /// What each cell holds.
    let kinds: [Kind]
    /// The row's cells as read, for `vocabularyHits`.
    private let cells: [String]

    /// Cells that name a known column (`Price`, `Betrag`, `Nächste Abbuchung` …): labels of
    /// at most 40 bytes the vocabulary knows. Worked out when asked (of header candidates only,
    /// not of every data row).
    var vocabularyHits: Int {
        var hits = 0
        for (raw, kind) in zip(cells, kinds) where kind == .label {
            let cell = raw.trimmedSpaces()
            if cell.utf8.count <= 40, HeaderMatcher.namesAnyField(cell) { hits += 1 }
        }
        return hits
    }

    enum Kind {
        /// Nothing, or neither letters nor digits (`-`, `*`).
        case empty
        /// Letters and hardly any digits (`Price`, `Netflix`).
        case label
        /// Digits with at most a few letters (`9.99`, `EUR 10.99`, `28.11.2026`, `REF3830`).
        case value
        /// Text holding numbers (`CB SNCF 24/11`, `Account: 1234`).
        case mixed
    }

    /// The most characters of a cell looked at.
    static let scalarsRead = 4096

    init(_ cells: [String]) {
        count = cells.count
        self.cells = cells
        var nonEmpty = 0, labels = 0, values = 0
        var kinds: [Kind] = []
        kinds.reserveCapacity(cells.count)
        for raw in cells {
            let cell = raw.trimmedSpaces()
            guard !cell.isEmpty else { kinds.append(.empty); continue }
            nonEmpty += 1
            var letters = 0, digits = 0
            // What a cell holds is told from its start: a note of megabytes is not read whole.
            if let counted = ScalarText.asciiLettersAndDigits(cell, limit: RowShape.scalarsRead) {
                (letters, digits) = counted
            } else {
                for ch in cell.unicodeScalars.prefix(RowShape.scalarsRead) {
                    if ScalarText.isLetter(ch) { letters += 1 } else if ("0"..."9").contains(ch) { digits += 1 }
                }
            }
            if letters > 0 && digits * 4 < letters { labels += 1 }
            if digits > 0 { values += 1 }
            if letters > 0 && digits * 4 < letters {
                kinds.append(.label)
            } else if digits > 0 {
                kinds.append(letters <= 3 || digits >= letters ? .value : .mixed)
            } else {
                kinds.append(.empty)
            }
        }
        self.nonEmpty = nonEmpty
        self.labels = labels
        self.values = values
        self.kinds = kinds
    }

    var isBlank: Bool { nonEmpty == 0 }

    /// Filled enough to be a table row rather than a title or an `Account:;1234` line.
    func isFull(width: Int) -> Bool {
        count >= 2 && count >= width - 1 && nonEmpty >= max(2, (count + 1) / 2)
    }

    /// Every filled cell a label, and filled enough.
    func looksLikeHeader(width: Int) -> Bool {
        (isFull(width: width) || (width == 1 && nonEmpty == 1)) && labels == nonEmpty
    }

    /// At least half the filled cells hold numbers or dates.
    func looksLikeData(width: Int) -> Bool {
        isFull(width: width) && values * 2 >= nonEmpty
    }
}
