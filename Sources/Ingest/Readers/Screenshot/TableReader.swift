/// Reads a screenshot of a table (a spreadsheet, a Notion database): a header row whose cells
/// name fields, then rows whose words fall under the header cells. Columns are mapped with
/// `ColumnDetector`, as for CSV files.
struct TableReader: Sendable {
    var context: NormalizeContext
    var cells: CellReader
    var image: String

    static let fields: [Field] = [.name, .price, .cycle, .nextRenewal, .currency, .category, .status, .startDate]

    /// The index (in `lines`) of a header row: at least three cells, two of them field names,
    /// one of them the price. A line tucked under a priced line (closer than its own height) is
    /// a row's subtitle ("AI Tools · Yearly · /month"), not the head of a table.
    func headerIndex(_ lines: [ScreenLine]) -> Int? {
        lines.indices.first { i in
            let line = lines[i]
            guard line.cells.count >= 3, line.prices.isEmpty else { return false }
            if i > 0, !lines[i - 1].prices.isEmpty, line.box.minY - lines[i - 1].box.maxY < line.height { return false }
            var named = 0, price = false
            for cell in line.cells {
                let best = TableReader.fields.map { ($0, HeaderMatcher.score(field: $0, header: cell.cell.text).0) }
                    .max { $0.1 < $1.1 }
                if let best, best.1 >= 0.75 {
                    named += 1
                    if best.0 == .price { price = true }
                }
            }
            return named >= 2 && price
        }
    }

    /// Drafts from the rows under the header at `header`; returns the indexes (in `lines`) of
    /// the rows used, header included.
    func read(_ lines: [ScreenLine], header: Int) -> (drafts: [ImportDraft], used: [Int]) {
        let head = lines[header]
        let titles = head.cells.map { $0.cell.text }
        // Column i spans from halfway after the previous header cell to halfway before the next.
        var bounds: [Int] = []
        for i in head.cells.indices.dropFirst() {
            bounds.append((head.cells[i - 1].box.maxX + head.cells[i].box.minX) / 2)
        }
        func column(_ x: Int) -> Int { bounds.firstIndex { x < $0 } ?? bounds.count }
        let rowHeight = Double(head.height)
        var rows: [(cells: [[RecognizedWord]], lines: [Int], source: [ScreenLine])] = []
        var bottom = head.box.maxY
        for i in (header + 1)..<lines.count {
            let line = lines[i]
            guard line.role == .content, Double(line.box.minY - bottom) < 4 * rowHeight else { break }
            if ScreenVocabulary.contains(line.folded, any: ScreenVocabulary.totals) && !line.prices.isEmpty { break }
            var split = [[RecognizedWord]](repeating: [], count: titles.count)
            for cell in line.line.cells { split[column(cell.box.midX)] += cell.words }
            if split[0].isEmpty, var last = rows.popLast() {
                for (c, words) in split.enumerated() { last.cells[c] += words }
                last.lines.append(i)
                last.source.append(line)
                rows.append(last)
            } else {
                rows.append((split, [i], [line]))
            }
            bottom = line.box.maxY
        }
        let samples = rows.map { $0.cells.map { $0.map(\.text).joined(separator: " ") } }
        guard let mapping = try? ColumnDetector(context: context).detect(header: titles, samples: samples),
              let nameColumn = mapping[.name], let priceColumn = mapping[.price] else { return ([], []) }
        var drafts: [ImportDraft] = []
        var used = [header]
        let reader = BlockReader(image: image, dates: cells.dates)
        for row in rows {
            let cellOf = { (c: Int) -> ScreenCell in self.cells.read(OCRCell(words: row.cells[c], line: row.lines[0])) }
            let name = cellOf(nameColumn)
            var price = cellOf(priceColumn)
            if price.prices.isEmpty, let currencyColumn = mapping[.currency] {
                price = cells.read(OCRCell(words: row.cells[priceColumn] + row.cells[currencyColumn], line: row.lines[0]))
            }
            if price.prices.isEmpty, !price.cell.words.isEmpty, let parsed = try? PriceParser(context: context).parse(Substring(price.cell.text)) {
                price.prices = [FoundPrice(parsed: parsed, raw: price.cell.text, offset: 0, trailing: "", derived: false)]
            }
            guard let nameText = name.nameText ?? (name.cell.words.isEmpty ? nil : name.cell.text), let found = price.prices.first else { continue }
            let box = Provenance.Box.union(row.source.map(\.box)) ?? name.box
            let provenance = Provenance(file: image, line: row.lines[0] + 1, box: box)
            var draft = ImportDraft(provenance: [provenance])
            draft.name = reader.field(raw: name.cell.text, value: nameText, cell: name, what: "name", at: provenance)
            draft.price = reader.field(raw: found.raw, value: found.parsed.price, cell: price, what: "price", at: provenance)
            draft.price.issues += found.parsed.issues
            if let negative = PriceChecks.negative(found.parsed.price, at: provenance.location()) { draft.price.issues.append(negative) }
            if let cycle = CycleFinder().suffix(found.trailing) {
                draft.cycle = reader.field(raw: price.cell.text, value: cycle, cell: price, what: "cycle", at: provenance)
            } else if let c = mapping[.cycle] {
                let cell = cellOf(c)
                if let cycle = CycleFinder().find(in: cell.cell.text) {
                    draft.cycle = reader.field(raw: cell.cell.text, value: cycle, cell: cell, what: "cycle", at: provenance)
                }
            }
            if let c = mapping[.nextRenewal] {
                let cell = cellOf(c)
                if let date = cell.date?.date {
                    draft.nextRenewal = reader.field(raw: cell.cell.text, value: date, cell: cell, what: "next renewal", at: provenance)
                }
            }
            drafts.append(draft)
            used += row.lines
        }
        return (drafts, used)
    }
}
