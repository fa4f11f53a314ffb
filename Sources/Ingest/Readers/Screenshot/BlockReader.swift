import Foundation

/// Turns one block of lines (one card, row or panel) into a draft: the billed price, the
/// block's most prominent name, the cycle and the renewal date, each with its OCR confidence.
struct BlockReader: Sendable {
    var image: String
    var dates: DateFinder
    var cycles = CycleFinder()

    static let lowConfidence = 0.8
    static let inactiveWords = ["cancelled", "canceled", "expired", "paused", "ended", "gekundigt", "abgelaufen",
                                "pausiert", "cancelada", "cancelado", "caducada", "vencida", "annule", "annulee",
                                "expire", "已取消", "已过期", "已失效"]

    /// The draft for a block, nil when it holds no usable price or no name.
    func draft(_ block: [ScreenLine]) -> ImportDraft? {
        // A banner's offer ("Save 30% with yearly", "开通年卡立省30元") shows an amount but is no subscription.
        guard let named = name(block), !ScreenVocabulary.contains(ScreenVocabulary.fold(named.0), any: ScreenVocabulary.promotion) else { return nil }
        return read(block, name: named, pricesOptional: false)?.0
    }

    /// The draft of a block on a page that shows no price at all, its price missing: only when
    /// the block names its renewal (a date under a renewal label) or its cycle, which is what
    /// tells a subscription from any other name on a page.
    func unpricedDraft(_ block: [ScreenLine]) -> ImportDraft? {
        guard let named = name(block), let draft = read(block, name: named, pricesOptional: true)?.0 else { return nil }
        let labelledRenewal = block.contains { $0.hasRenewalLabel } && draft.nextRenewal.value != nil
        return labelledRenewal || draft.cycle.value != nil ? draft : nil
    }

    /// The draft for lines whose name is already chosen, and the lines (`ScreenLine.index`) its
    /// values came from; nil when there is no price, unless `pricesOptional` (a page that
    /// shows no price gives a draft whose price is missing).
    func read(_ block: [ScreenLine], name named: (String, ScreenCell), pricesOptional: Bool) -> (ImportDraft, Set<Int>)? {
        let billed = billedPrice(block)
        guard billed != nil || pricesOptional, let first = block.first else { return nil }
        let (name, nameCell) = named
        let box = Provenance.Box.union(block.map(\.box)) ?? first.box
        let firstLine = (block.map(\.index).min() ?? 0) + 1
        let provenance = Provenance(file: image, line: firstLine, box: box)
        var draft = ImportDraft(provenance: [provenance])
        var used: Set<Int> = [nameCell.cell.line]
        draft.name = field(raw: name, value: name, confidence: nameCell.nameConfidence, what: "name", at: provenance)
        if billed == nil {
            draft.price.issues.append(Issue(.priceMissing, .warning,
                "\(provenance.location()): no price is shown for \(name); enter it in the review or the drafts file"))
        }
        if let (price, priceCell) = billed {
            used.insert(priceCell.cell.line)
            draft.price = field(raw: price.raw, value: price.parsed.price, cell: priceCell, what: "price", at: provenance)
            // The price parser's notes (a guessed "$") name no place: say which image and line.
            draft.price.issues += price.parsed.issues.map { $0.located(provenance.location()) }
            if let negative = PriceChecks.negative(price.parsed.price, at: provenance.location()) { draft.price.issues.append(negative) }
        }
        if let (price, priceCell) = billed, let cycle = cycles.suffix(price.trailing) {
            draft.cycle = field(raw: price.raw + price.trailing, value: cycle, cell: priceCell, what: "cycle", at: provenance)
        } else if let (cycle, cell) = cycleElsewhere(block, skipping: billed?.1) {
            used.insert(cell.cell.line)
            draft.cycle = field(raw: cell.cell.text, value: cycle, cell: cell, what: "cycle", at: provenance)
        }
        if let (date, cell) = renewal(block) {
            used.insert(cell.cell.line)
            draft.nextRenewal = field(raw: cell.cell.text, value: date, cell: cell, what: "next renewal", at: provenance)
        }
        if let (date, cell) = trialEnd(block) {
            used.insert(cell.cell.line)
            draft.trialEnds = field(raw: cell.cell.text, value: date, cell: cell, what: "trial end", at: provenance)
            // With no renewal shown, the first charge is the day the trial ends.
            if draft.nextRenewal.value == nil { draft.nextRenewal = draft.trialEnds }
            DraftBuilder.checkTrial(&draft, today: dates.context.today, at: provenance)
        }
        let folded = block.map(\.folded).joined(separator: " ")
        if let word = BlockReader.inactiveWords.first(where: { ScreenVocabulary.matches(folded, $0) }) {
            draft.status = .inactive
            draft.statusReason = word
            draft.lifecycle = .cancelled
        }
        return (draft, used)
    }

    func field<V>(raw: String, value: V, cell: ScreenCell, what: String, at provenance: Provenance) -> DraftField<V> {
        field(raw: raw, value: value, confidence: cell.cell.confidence, what: what, at: provenance)
    }

    /// A field with its OCR confidence (0…1); below 0.8 it carries `ocr.low-confidence`.
    func field<V>(raw: String, value: V, confidence: Double, what: String, at provenance: Provenance) -> DraftField<V> {
        var issues: [Issue] = []
        if confidence < BlockReader.lowConfidence {
            let shown = String(format: "%.2f", confidence)
            issues.append(Issue("ocr.low-confidence", .warning,
                                "\(provenance.location()): \(what) \"\(raw)\" was read with confidence \(shown); check it"))
        }
        return DraftField(raw: raw, value: value, confidence: confidence, issues: issues)
    }

    /// The billed price: amounts in parentheses or after "≈" are equivalents, and so is the same
    /// amount shown again as a headline ("$9.99/mo" over "$119.88/yr ($9.99/mo)"); of several
    /// amounts the one with its own period wins, then the one in smaller type (apps print the
    /// per-month equivalent large and the billed price small).
    func billedPrice(_ block: [ScreenLine]) -> (FoundPrice, ScreenCell)? {
        let all = block.flatMap { line in line.cells.flatMap { cell in cell.prices.map { ($0, cell) } } }
        let equivalents = Set(all.filter { $0.0.derived }.map { $0.0.parsed.price })
        let stated = all.filter { !$0.0.derived }
        let restated = stated.filter { !equivalents.contains($0.0.parsed.price) }
        let billed = restated.isEmpty ? stated : restated
        let pool = billed.isEmpty ? all : billed
        guard pool.count > 1 else { return pool.first }
        let withCycle = pool.filter { cycles.suffix($0.0.trailing) != nil }
        let choices = withCycle.isEmpty ? pool : withCycle
        let distinct = Set(choices.map { $0.0.parsed.price })
        guard distinct.count > 1 else { return choices.first }
        return choices.min { a, b in
            a.1.height != b.1.height ? a.1.height < b.1.height : a.1.box.minY < b.1.box.minY
        }
    }

    /// The most prominent name-like text: the tallest, then the highest, then the leftmost.
    /// `words` bounds how many words the name may have (a banner's sentence is no name).
    func name(_ block: [ScreenLine], words: ClosedRange<Int>? = nil) -> (String, ScreenCell)? {
        let cells = BlockGrouper.nameCells(block).filter { cell in
            words.map { $0.contains(cell.nameText?.split(separator: " ").count ?? 0) } ?? true
        }
        guard let tallest = cells.map(\.height).max() else { return nil }
        let prominent = cells.filter { Double($0.height) >= Double(tallest) * 0.8 }
        let best = prominent.min { a, b in
            abs(a.box.minY - b.box.minY) > tallest / 2 ? a.box.minY < b.box.minY : a.box.minX < b.box.minX
        }
        guard let best, let text = best.nameText else { return nil }
        return (text, best)
    }

    /// A cycle written anywhere else in the block ("Monthly", "Individual (Yearly)", "连续包月 25元").
    func cycleElsewhere(_ block: [ScreenLine], skipping priceCell: ScreenCell?) -> (Cycle, ScreenCell)? {
        for line in block {
            for cell in line.cells where !cell.prices.contains(where: { $0.derived }) {
                if cell != priceCell, let cycle = cell.prices.lazy.compactMap({ self.cycles.suffix($0.trailing) }).first {
                    return (cycle, cell)
                }
                var text = cell.cell.text
                for price in cell.prices { text = text.replacingOccurrences(of: price.raw + price.trailing, with: " ") }
                if CellReader.isCountdown(folded: ScreenVocabulary.fold(text.trimmingCharacters(in: .whitespaces))) { continue }
                if let cycle = cycles.find(in: text) { return (cycle, cell) }
            }
        }
        return nil
    }

    /// The day a free trial ends: a date on a line labelled "Trial ends", "Free trial until" …,
    /// or on the line under such a label.
    func trialEnd(_ block: [ScreenLine]) -> (CalendarDate, ScreenCell)? {
        var labelAbove = false
        for line in block {
            let dated = line.cells.first { $0.date != nil }
            if let cell = dated, let date = cell.date?.date, line.hasTrialLabel || labelAbove { return (date, cell) }
            labelAbove = line.hasTrialLabel && dated == nil
        }
        return nil
    }

    /// The renewal date: a date on a line labelled "Renews", "Next billing date" … (or on the
    /// line under such a label), else the first date not labelled as past.
    func renewal(_ block: [ScreenLine]) -> (CalendarDate, ScreenCell)? {
        var fallback: (CalendarDate, ScreenCell)?
        var labelAbove = false
        for (i, line) in block.enumerated() {
            let dated = line.cells.first { $0.date != nil }
            // "Trial ends Dec 5" (or "Free trial expires …") is the trial's end, not a renewal.
            if line.hasTrialLabel {
                labelAbove = false
                continue
            }
            if let cell = dated, let date = cell.date?.date {
                if line.hasRenewalLabel || labelAbove { return (date, cell) }
                if fallback == nil && !line.hasPastLabel { fallback = (date, cell) }
            }
            // "Renews on 18" / "December 2026": a date wrapped over two lines. The label's cell is
            // the last one without an amount (a row's price can stand to its right).
            if line.hasRenewalLabel, i + 1 < block.count, let last = line.cells.last(where: { $0.prices.isEmpty }),
               let next = block[i + 1].cells.first,
               let date = dates.find(in: last.cell.text + " " + next.cell.text)?.date {
                return (date, last)
            }
            labelAbove = line.hasRenewalLabel && dated == nil
        }
        return fallback
    }
}
