/// Finds the header row among a table's first records, past titles, account details and blank
/// lines, or decides that the file has no header (its first full row is data).
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

    /// Records looked at before giving up the search.
    static let lookahead = 30

    func layout(of records: [Record]) -> Layout? {
        let rows = records.map { RowShape($0.cells) }
        guard let first = rows.firstIndex(where: { !$0.isBlank }) else { return nil }
        let width = Self.commonWidth(rows)
        let dataLike = rows.map { $0.looksLikeData(width: width) }
        let firstData = dataLike.firstIndex(of: true) ?? rows.count
        // A row naming two known columns is the header, even below lines that looked like data
        // (`Period;01.10.2026;31.10.2026`), unless it holds numbers below data rows (then it is data).
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

/// What a row's cells look like, for telling headers, data and preamble apart.
struct RowShape {
    let count: Int
    let nonEmpty: Int
    /// Cells with letters and (almost) no digits: `Price`, `Next renewal`, `Address line 2`.
    let labels: Int
    /// Cells holding digits: amounts, dates, account numbers.
    let values: Int
    /// Cells that name a known column (`Price`, `Betrag`, `Nächste Abbuchung` …).
    let vocabularyHits: Int

    init(_ cells: [String]) {
        count = cells.count
        var nonEmpty = 0, labels = 0, values = 0, hits = 0
        for raw in cells {
            let cell = raw.trimmedSpaces()
            guard !cell.isEmpty else { continue }
            nonEmpty += 1
            var letters = 0, digits = 0
            for ch in cell.unicodeScalars {
                if ScalarText.isLetter(ch) { letters += 1 } else if ("0"..."9").contains(ch) { digits += 1 }
            }
            if letters > 0 && digits * 4 < letters { labels += 1 }
            if digits > 0 { values += 1 }
            // Header words have letters and hardly any digits: only those cells are looked up.
            if letters > 0 && digits * 4 < letters, cell.utf8.count <= 40, HeaderMatcher.namesAnyField(cell) {
                hits += 1
            }
        }
        self.nonEmpty = nonEmpty
        self.labels = labels
        self.values = values
        self.vocabularyHits = hits
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
