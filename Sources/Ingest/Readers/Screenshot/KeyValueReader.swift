/// Reads a page that shows one subscription as labelled values (a receipt, an email, a
/// subscription's detail page): "Plan  Netflix Premium", "Price" over "9,99 € (Monthly)",
/// "Next billing date: 5 Dec 2026". Labels come from the header vocabulary the table and CSV
/// readers use and the screen's renewal words, so every language those know is read.
struct KeyValueReader: Sendable {
    enum Key: Hashable, Sendable { case name, price, renewal, cycle }

    /// A label and the value it names: the rest of the label's line, or the line under it.
    struct Pair: Sendable {
        var key: Key
        var value: ScreenCell
        /// The page lines (`ScreenLine.index`) of the label and its value.
        var lines: [Int]
    }

    var cells: CellReader

    /// Labels of the product or plan a page bills: "Plan", "Product", "Tarif", "Abonnement", "套餐".
    static let nameLabels = Set(HeaderVocabulary.phrases[.name] ?? []).union(ScreenVocabulary.planLabels)
        .union(["produkt", "producto", "prodotto", "produto", "plano", "plan name", "product name", "item name"])
    static let priceLabels = Set(HeaderVocabulary.phrases[.price] ?? [])
    /// Renewal labels; a bare "Date" is left out, as a receipt's date is the day of the purchase.
    static let renewalLabels = Set(ScreenVocabulary.renewal + (HeaderVocabulary.phrases[.nextRenewal] ?? []))
        .subtracting(["date", "data", "datum", "fecha", "日期"])
    static let cycleLabels = Set(HeaderVocabulary.phrases[.cycle] ?? []).subtracting(["every", "billing"])
    /// The most words a label has ("Date of next payment").
    static let longestLabel = 4

    /// The labelled values of the lines, top to bottom.
    func pairs(_ lines: [ScreenLine]) -> [Pair] {
        var out: [Pair] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let words = line.line.words
            var found: (Pair, next: Int)?
            for count in KeyValueReader.labelLengths(words) {
                if count < words.count {
                    let value = cells.read(OCRCell(words: Array(words[count...]), line: line.index))
                    let label = KeyValueReader.folded(words.prefix(count))
                    if let key = key(label: label, value: value),
                       key != .name || KeyValueReader.setApart(words, count: count, line: line.line) || ScreenVocabulary.planLabels.contains(label) {
                        found = (Pair(key: key, value: value, lines: [line.index]), i + 1)
                        break
                    }
                } else if i + 1 < lines.count, KeyValueReader.labelLengths(lines[i + 1].line.words).isEmpty,
                          lines[i + 1].box.minY - line.box.maxY < 2 * max(line.height, lines[i + 1].height) {
                    let under = lines[i + 1]
                    let value = cells.read(OCRCell(words: under.line.words, line: under.index))
                    if let key = key(label: KeyValueReader.folded(words.prefix(count)), value: value) {
                        found = (Pair(key: key, value: value, lines: [line.index, under.index]), i + 2)
                        break
                    }
                }
            }
            if let (pair, next) = found {
                out.append(pair)
                i = next
            } else {
                i += 1
            }
        }
        return out
    }

    /// One subscription as labelled values: two different fields or more labelled, none twice
    /// (a list repeats its labels), and at most one billed amount on the page.
    func isDocument(_ lines: [ScreenLine], pairs: [Pair]) -> Bool {
        let keys = pairs.map(\.key)
        guard Set(keys).count >= 2, Set(keys).count == keys.count else { return false }
        let amounts = Set(lines.flatMap { $0.prices.filter { !$0.derived }.map(\.parsed.price) })
        return amounts.count <= 1
    }

    /// The page's one draft: the block reader's reading of all its lines, with the labelled
    /// values put first. Returns the lines used.
    func draft(_ lines: [ScreenLine], pairs: [Pair], reader: BlockReader) -> (ImportDraft, Set<Int>)? {
        let nameCell = pairs.first { $0.key == .name }?.value ?? heading(lines, above: pairs.first?.lines.first, reader: reader)
        guard let nameCell, let name = nameCell.nameText,
              var (draft, used) = reader.read(lines, name: (name, nameCell), pricesOptional: true) else { return nil }
        let provenance = draft.provenance[0]
        if let renewal = pairs.first(where: { $0.key == .renewal }), let date = renewal.value.date?.date {
            draft.nextRenewal = reader.field(raw: renewal.value.cell.text, value: date, cell: renewal.value, what: "next renewal", at: provenance)
        }
        if draft.cycle.value == nil, let labelled = pairs.first(where: { $0.key == .cycle }),
           let cycle = reader.cycles.find(in: labelled.value.cell.text) {
            draft.cycle = reader.field(raw: labelled.value.cell.text, value: cycle, cell: labelled.value, what: "cycle", at: provenance)
        }
        for pair in pairs { used.formUnion(pair.lines) }
        return (draft, used)
    }

    /// The name when no value is labelled as one: the most prominent name in the group of
    /// lines right above the first labelled value (a product over its plan), else on the whole
    /// page (its title or merchant). A name has at most five words and no e-mail address, so
    /// a banner's sentence or a sender is never taken.
    func heading(_ lines: [ScreenLine], above first: Int?, reader: BlockReader) -> ScreenCell? {
        func names(_ line: ScreenLine) -> [ScreenCell] {
            line.cells.filter { cell in
                guard let text = cell.nameText else { return false }
                return text.split(separator: " ").count <= 5 && !text.contains("@")
            }
        }
        let named = lines.map { $0.keeping(names($0)) }
        guard let start = named.firstIndex(where: { $0.index == first }) else { return reader.name(named)?.1 }
        guard let nearest = named[..<start].lastIndex(where: { !$0.cells.isEmpty }) else { return reader.name(named)?.1 }
        var top = nearest
        while top > 0, named[top].box.minY - lines[top - 1].box.maxY <= max(lines[top].height, lines[top - 1].height) {
            top -= 1
        }
        return reader.name(Array(named[top...nearest]))?.1 ?? reader.name(named)?.1
    }

    /// What the label names, judged with its value: a price label needs an amount, a renewal
    /// label a date, a cycle label a cycle, and a name label a name with neither.
    func key(label: String, value: ScreenCell) -> Key? {
        if KeyValueReader.priceLabels.contains(label), value.prices.contains(where: { !$0.derived }) { return .price }
        if KeyValueReader.renewalLabels.contains(label), value.date != nil { return .renewal }
        if KeyValueReader.nameLabels.contains(label), value.prices.isEmpty, value.date == nil, value.nameText != nil { return .name }
        if KeyValueReader.cycleLabels.contains(label), value.prices.isEmpty, cells.cycles.find(in: value.cell.text) != nil { return .cycle }
        return nil
    }

    /// True when the first `count` words stand apart from the rest: a colon after them, or a
    /// gap that makes them a cell of their own. "Plan Estándar" in one run of text is a name.
    static func setApart(_ words: [RecognizedWord], count: Int, line: OCRLine) -> Bool {
        words[count - 1].text.hasSuffix(":") || !line.cells.contains { cell in
            cell.words.contains(words[count - 1]) && cell.words.contains(words[count])
        }
    }

    /// The numbers of leading words that form a known label, longest first.
    static func labelLengths(_ words: [RecognizedWord]) -> [Int] {
        let limit = min(longestLabel, words.count)
        guard limit > 0 else { return [] }
        return (1...limit).reversed().filter { count in
            let label = folded(words.prefix(count))
            return !label.isEmpty && (nameLabels.contains(label) || priceLabels.contains(label)
                || renewalLabels.contains(label) || cycleLabels.contains(label))
        }
    }

    static func folded(_ words: ArraySlice<RecognizedWord>) -> String {
        ScreenVocabulary.fold(words.map(\.text).joined(separator: " "))
    }
}
