import Foundation

/// What a screenshot gave: drafts, and every line that went into none of them with the reason.
package struct ScreenshotResult: Sendable {
    package var drafts: [ImportDraft]
    /// One per ignored line (1-based line numbers, top to bottom).
    package var skips: [Skip]
    package var warnings: [Issue]
    /// Lines of text rebuilt from the words.
    package var lines: Int
}

/// Turns the words of a billing-page screenshot into drafts: rebuilds lines and cells, drops
/// chrome, totals and payment history, splits card grids into columns, reads tables through
/// their header row and everything else as blocks (one block per subscription).
package struct ScreenshotReader: Sendable {
    package var context: NormalizeContext

    package init(context: NormalizeContext) {
        self.context = context
    }

    static let clock = try? NSRegularExpression(pattern: #"\d{1,2}:\d{2}|\d+ ?%|\b(lte|5g|4g|wifi)\b"#)

    package func read(_ page: RecognizedPage) throws(ReadError) -> ScreenshotResult {
        let ocrLines = LineBuilder().lines(page.words)
        guard !ocrLines.isEmpty else {
            throw ReadError(file: page.image, "no text found (the image is blank or the text too small or blurred to read; try a sharper screenshot)")
        }
        let (result, lines) = read(page, ocrLines, signsLost: false)
        // Amounts shown but no price read and nothing found: the signs may have been lost
        // (`₹1,440.00` read as `1,440.00`), so amounts alone in their cells are read as prices,
        // when the currency they are in can be told (`--currency`, or the locale's region).
        if result.drafts.isEmpty, PriceFinder.signlessCurrency(context) != nil,
           !lines.contains(where: { !$0.prices.isEmpty }), ScreenshotReader.showsMoney(lines) {
            let (again, _) = read(page, ocrLines, signsLost: true)
            if !again.drafts.isEmpty { return again }
        }
        return result
    }

    /// The page read from its lines; `signsLost` is `PriceFinder.signsLost`. Returns the
    /// lines too, as read.
    private func read(_ page: RecognizedPage, _ ocrLines: [OCRLine], signsLost: Bool) -> (ScreenshotResult, [ScreenLine]) {
        let allText = ocrLines.map(\.text).joined(separator: " ")
        let chinese = allText.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
        let monthFirst = context.region.map { $0 == "US" } ?? (allText.contains("$") && !chinese)
        let cellReader = CellReader(prices: PriceFinder(context: context, chinesePage: chinese, signsLost: signsLost),
                                    dates: DateFinder(context: context, monthFirst: monthFirst))
        var lines = ocrLines.map(cellReader.read)
        assignRoles(&lines, height: page.height)
        markLabelledTotals(&lines)
        dropGroupSums(&lines)
        markBreakdowns(&lines)

        var drafts: [ImportDraft] = []
        var used = Set<Int>()
        var content = lines.filter { $0.role == .content }
        let tables = TableReader(context: context, cells: cellReader, image: page.image)
        if let header = tables.headerIndex(content) {
            let (tableDrafts, rows) = tables.read(content, header: header)
            if !tableDrafts.isEmpty {
                drafts += tableDrafts
                let taken = Set(rows.map { content[$0].index })
                used.formUnion(taken)
                for i in lines.indices where lines[i].index == content[header].index { lines[i].role = .tableHeader }
                content.removeAll { taken.contains($0.index) }
            }
        }
        let blockReader = BlockReader(image: page.image, dates: cellReader.dates)
        // A receipt, an email or a detail page: one subscription as labelled values.
        let keyValues = KeyValueReader(cells: cellReader)
        let pairs = keyValues.pairs(content)
        if drafts.isEmpty, keyValues.isDocument(content, pairs: pairs),
           let (draft, lineIndexes) = keyValues.draft(content, pairs: pairs, reader: blockReader) {
            drafts.append(draft)
            used.formUnion(lineIndexes)
            content = []
        }
        let regions = ColumnSplitter().regions(content, width: page.width)
        let blocks = regions.flatMap { region in
            let regionLines = content.compactMap { line -> ScreenLine? in
                let keep = line.cells.filter { region.contains($0.box.midX) }
                return keep.isEmpty ? nil : line.keeping(keep)
            }
            return BlockGrouper().blocks(regionLines, page: content)
        }
        /// Each block's draft as `read` makes it, with where it stands and its lines.
        func placed(_ read: ([ScreenLine]) -> ImportDraft?) -> [(Provenance.Box, ImportDraft, [Int])] {
            blocks.compactMap { block in read(block).map { ($0.provenance.first?.box ?? block[0].box, $0, block.map(\.index)) } }
        }
        var found = placed(blockReader.draft)
        // A list that shows no price at all (an App Store list with its prices hidden): blocks
        // that name a subscription's renewal or cycle are drafts whose price is missing, when
        // at least two of them repeat down the page.
        if drafts.isEmpty, found.isEmpty, !ScreenshotReader.showsMoney(lines) {
            let unpriced = placed(blockReader.unpricedDraft)
            if unpriced.count >= 2 { found = unpriced }
        }
        // Reading order: row by row across the grid, left to right within a row.
        found.sort { a, b in
            abs(a.0.minY - b.0.minY) > min(a.0.height, b.0.height) / 2 ? a.0.minY < b.0.minY : a.0.minX < b.0.minX
        }
        for (_, draft, indexes) in found {
            drafts.append(draft)
            used.formUnion(indexes)
        }
        var skips: [Skip] = []
        for line in lines where !used.contains(line.index) {
            let reason: Skip.Reason
            switch line.role {
            case .chrome: reason = .chrome
            case .totals: reason = .totals
            case .history: reason = .history
            case .tableHeader: continue
            case .content: reason = .notSubscription
            }
            skips.append(Skip(reason, line: line.index + 1, detail: line.line.text))
        }
        var warnings: [Issue] = []
        if drafts.isEmpty {
            let priced = lines.contains { !$0.prices.isEmpty }
            warnings.append(Issue("screenshot.no-subscription", .warning, priced
                ? "no subscription found: the amounts on this image are totals, balances or payment history, not subscriptions"
                : "no subscription found: \(lines.count) line\(lines.count == 1 ? "" : "s") of text, none with a price (e.g. $9.99 or 9,99 €)"))
        }
        return (ScreenshotResult(drafts: drafts, skips: skips, warnings: warnings, lines: lines.count), lines)
    }

    static let amountShape = try? NSRegularExpression(pattern: #"\d[.,]\d\d(?!\d)"#)

    /// Whether any line shows money, read as a price or not: a currency sign, `元`, or an
    /// amount with two decimals. OCR can lose a price's sign or garble it, and a page whose
    /// prices were lost so is not a page without prices.
    static func showsMoney(_ lines: [ScreenLine]) -> Bool {
        lines.contains { line in
            let text = line.line.text
            if !line.prices.isEmpty { return true }
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol || $0 == "元" }) { return true }
            return amountShape?.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
        }
    }

    /// An amount alone under a label such as "Monthly spend", "PayPal Balance" or "Average per
    /// subscription" (a summary tile) is that total, not a price: its line becomes a totals line
    /// when all of its amounts are labelled so. The label is the nearest text above the amount
    /// in its column, which need not be on the line above (a sidebar item can sit in between).
    func markLabelledTotals(_ lines: inout [ScreenLine]) {
        for i in lines.indices.dropFirst() where lines[i].role == .content && !lines[i].prices.isEmpty {
            let priced = lines[i].cells.filter { !$0.prices.isEmpty }
            let labelled = priced.filter { cell in
                guard cell.nameText == nil else { return false }
                let above = lines[..<i].flatMap(\.cells).filter { label in
                    label.box.minX < cell.box.maxX && cell.box.minX < label.box.maxX && label.box.maxY <= cell.box.minY + cell.height / 4
                }
                guard let label = above.max(by: { $0.box.maxY < $1.box.maxY }) else { return false }
                return label.prices.isEmpty
                    && cell.box.minY - label.box.maxY < 2 * max(cell.height, label.height)
                    && ScreenVocabulary.contains(ScreenVocabulary.fold(label.cell.text), any: ScreenVocabulary.totals)
            }
            if !labelled.isEmpty && labelled.count == priced.count { lines[i].role = .totals }
        }
    }

    /// The priced lines right under a heading such as "Spending by category" are the sums of a
    /// breakdown, up to the first line without an amount (the next heading).
    func markBreakdowns(_ lines: inout [ScreenLine]) {
        var inBreakdown = false
        for i in lines.indices where lines[i].role == .content {
            let line = lines[i]
            if line.prices.isEmpty {
                inBreakdown = line.cells.contains { cell in
                    let folded = ScreenVocabulary.fold(cell.cell.text)
                    return folded.split(separator: " ").count <= 4 && ScreenVocabulary.contains(folded, any: ScreenVocabulary.breakdown)
                }
            } else if inBreakdown {
                lines[i].role = .totals
            }
        }
    }

    /// A label with a count in parentheses ("Entertainment (3)", "Home & Utilities (1)") heads
    /// a group of subscriptions, and the amount beside it is the group's sum: both cells are
    /// taken out of their line (a list of subscriptions often stands on the same lines, to the
    /// right), and a line left with nothing becomes a totals line.
    func dropGroupSums(_ lines: inout [ScreenLine]) {
        for i in lines.indices where lines[i].role == .content && !lines[i].prices.isEmpty {
            var cells = lines[i].cells
            var c = 0
            while c < cells.count {
                guard ScreenshotReader.groupCount(cells[c]) else {
                    c += 1
                    continue
                }
                let owned = !cells[c].prices.isEmpty
                if !owned, c + 1 < cells.count, !cells[c + 1].prices.isEmpty, cells[c + 1].nameText == nil {
                    cells.remove(at: c + 1)
                    cells.remove(at: c)
                } else if owned {
                    cells.remove(at: c)
                } else {
                    c += 1
                }
            }
            guard cells.count < lines[i].cells.count else { continue }
            if cells.isEmpty {
                lines[i].role = .totals
            } else {
                lines[i] = lines[i].keeping(cells)
            }
        }
    }

    static let groupLabel = try? NSRegularExpression(pattern: #"\p{L}[^()]*\(\d{1,3}\)(?:\s|$)"#)

    /// True when the cell's text, prices taken out, ends in a label with a count: "Music (1)".
    static func groupCount(_ cell: ScreenCell) -> Bool {
        var text = cell.cell.text
        for price in cell.prices { text = text.replacingOccurrences(of: price.raw + price.trailing, with: " ") }
        text = text.trimmingCharacters(in: .whitespaces)
        guard let groupLabel else { return false }
        let ns = text as NSString
        return groupLabel.matches(in: text, range: NSRange(location: 0, length: ns.length))
            .contains { $0.range.location + $0.range.length >= ns.length - 1 }
    }

    /// Marks status bars, tab bars, totals and everything under a payment history heading.
    func assignRoles(_ lines: inout [ScreenLine], height: Int) {
        var historyFrom: Int?
        for i in lines.indices {
            let line = lines[i]
            let ns = line.folded as NSString
            let text = line.line.text
            let top = Double(line.box.maxY) < 0.07 * Double(height)
            let bottom = Double(line.box.minY) > 0.9 * Double(height)
            let clock = ScreenshotReader.clock?.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
            if line.prices.isEmpty && ((top && (clock || i == 0 && line.cells.allSatisfy { $0.nameText == nil }))
                || (bottom && line.cells.count >= 2)) {
                lines[i].role = .chrome
                continue
            }
            let included = ["incl", "inkl", "including", "included", "inclus", "incluido", "含税"].contains { line.folded.contains($0) }
            if !line.prices.isEmpty, !included, ScreenVocabulary.contains(line.folded, any: ScreenVocabulary.totals) {
                lines[i].role = .totals
                continue
            }
            if line.prices.isEmpty, ns.length <= 40, ScreenVocabulary.history.contains(where: {
                line.folded == $0 || line.folded.hasPrefix($0 + " ") || ($0.unicodeScalars.first.map { $0.value >= 0x3000 } ?? false) && line.folded.contains($0)
            }) {
                historyFrom = historyFrom ?? i
            }
            if historyFrom != nil { lines[i].role = .history }
        }
    }
}
