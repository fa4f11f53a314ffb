import Foundation

/// What one cell says once prices, dates and cycles are found in it.
struct ScreenCell: Hashable, Sendable {
    var cell: OCRCell
    var prices: [FoundPrice]
    var date: DateFinder.Found?
    /// The text left when prices, dates and cycle words are taken out, if it could be a name.
    var nameText: String?
    /// Leading words that are an icon read as letters, not part of the name.
    var iconWords = 0

    /// OCR confidence of the words that make the name (the icon left out).
    var nameConfidence: Double {
        let words = cell.words.dropFirst(iconWords)
        return words.isEmpty ? cell.confidence : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }

    var box: Provenance.Box { cell.box }
    /// The type size of the cell's text, its icon words left out: an app icon read as "A)" in
    /// front of "Hotstar" is not the name's size.
    var height: Int {
        let words = cell.words.dropFirst(iconWords)
        return words.isEmpty ? cell.height : OCRCell.median(words.map(OCRCell.fontSize))
    }
}

/// Why a line takes no part in any draft.
enum LineRole: Hashable, Sendable {
    case content
    /// Status bar, navigation and tab bars.
    case chrome
    /// Totals, tax, balances, averages.
    case totals
    /// Under a "Payment history" heading.
    case history
    /// The header row of a table.
    case tableHeader
}

/// A line with its cells read and its role decided.
struct ScreenLine: Hashable, Sendable {
    var line: OCRLine
    var cells: [ScreenCell]
    var role: LineRole = .content
    /// Folded text of the whole line.
    var folded: String

    var index: Int { line.index }
    var box: Provenance.Box { Provenance.Box.union(cells.map(\.box)) ?? line.box }
    var height: Int { OCRCell.median(cells.flatMap { $0.cell.words.map(\.box.height) }) }
    var prices: [FoundPrice] { cells.flatMap(\.prices) }
    var hasRenewalLabel: Bool { ScreenVocabulary.contains(folded, any: ScreenVocabulary.renewal) }
    var hasTrialLabel: Bool { ScreenVocabulary.contains(folded, any: ScreenVocabulary.trial) }
    var hasPastLabel: Bool { ScreenVocabulary.contains(folded, any: ScreenVocabulary.pastDate) }

    /// The same line restricted to some of its cells (one column of a card grid).
    func keeping(_ keep: [ScreenCell]) -> ScreenLine {
        var copy = self
        copy.cells = keep
        copy.folded = ScreenVocabulary.fold(keep.map(\.cell.text).joined(separator: " "))
        return copy
    }
}

/// Reads the cells of lines: their prices, dates and name-like text.
struct CellReader: Sendable {
    var prices: PriceFinder
    var dates: DateFinder
    var cycles = CycleFinder()

    static let relative = try? NSRegularExpression(pattern:
        #"^(in )?\d+ ?(d|t|j|days?|tage?n?|dias?|jours?|weeks?|months?|hours?|h|min)( left| ago| restantes?| remaining)?$|^(today|tomorrow|yesterday|heute|morgen|hoy|manana|aujourd hui|demain)$|还剩|天后|天内"#)
    static let clock = try? NSRegularExpression(pattern: #"^\d{1,2}[:.]\d{2}( ?[ap]m)?$"#)

    /// A countdown or relative label (`25 days`, `in 3 days`, `2 T`, `还剩31天`): time left
    /// until a charge, not its billing cycle.
    /// `folded` is the text after `ScreenVocabulary.fold`.
    static func isCountdown(folded: String) -> Bool {
        guard !folded.isEmpty, let relative else { return false }
        return relative.firstMatch(in: folded, range: NSRange(location: 0, length: (folded as NSString).length)) != nil
    }

    func read(_ line: OCRLine) -> ScreenLine {
        let cells = line.cells.map(read)
        return ScreenLine(line: line, cells: cells, folded: ScreenVocabulary.fold(line.text))
    }

    func read(_ cell: OCRCell) -> ScreenCell {
        let text = cell.text
        let found = prices.find(in: text)
        let date = dates.find(in: text)
        var rest = text as NSString
        var cuts: [NSRange] = found.map { price in
            let cycleLength = cycles.suffix(price.trailing) == nil ? 0 : CellReader.cycleLength(price.trailing)
            return NSRange(location: price.offset, length: (price.raw as NSString).length + cycleLength)
        }
        if let date {
            cuts.append(NSRange(location: date.offset, length: date.length))
        }
        for cut in cuts.sorted(by: { $0.location > $1.location }) where cut.location + cut.length <= rest.length {
            rest = rest.replacingCharacters(in: cut, with: " ") as NSString
        }
        // The date offsets are in the folded text; folding keeps lengths for Latin and CJK text,
        // and a wrong cut only shortens a name candidate.
        let icon = CellReader.iconWords(cell.words)
        var restWords = (rest as String).split(separator: " ").map(String.init)
        if icon > 0, restWords.count > icon, Array(restWords.prefix(icon)) == cell.words.prefix(icon).map(\.text) {
            restWords.removeFirst(icon)
        }
        return ScreenCell(cell: cell, prices: found, date: date, nameText: nameCandidate(restWords.joined(separator: " ")),
                          iconWords: icon)
    }

    /// Labels and cycle words, longest first, plus the filler words around them.
    static let labelPhrases: [String] = (ScreenVocabulary.renewal + ScreenVocabulary.pastDate + ScreenVocabulary.history
        + CycleFinder.allWords.map(\.0) + ["date", "datum", "fecha", "on", "am", "el", "le", "at", "plan"])
        .sorted { $0.count > $1.count }

    /// How many leading words are an app icon or logo read as letters ("N", "De", "iT"): short,
    /// and much taller than the next word or set apart from it by more than a space.
    static func iconWords(_ words: [RecognizedWord]) -> Int {
        var count = 0
        while count + 1 < words.count {
            let word = words[count], next = words[count + 1]
            let short = word.text.count <= 3 && !word.text.unicodeScalars.contains { $0.value >= 0x3000 }
                && !word.text.allSatisfy(\.isNumber)
            let tall = Double(word.box.height) >= 1.5 * Double(next.box.height)
            let apart = Double(next.box.minX - word.box.maxX) >= 0.6 * Double(next.box.height)
            guard short, tall || apart else { break }
            count += 1
        }
        return count
    }

    /// The length of the cycle words right after a price (`/mo`, ` per month`).
    static func cycleLength(_ trailing: String) -> Int {
        let scalars = Array(trailing)
        var i = 0
        while i < scalars.count, scalars[i] == " " { i += 1 }
        let start = i
        var words = 0
        while i < scalars.count, words < 3 {
            if scalars[i] == " " {
                words += 1
                if words >= 2 { break }
            } else if scalars[i] == "(" || scalars[i] == "·" || scalars[i] == "|" { break }
            i += 1
        }
        return i > start ? i : 0
    }

    /// The text as a name, or nil when it is a label, button, status, counter or nothing.
    func nameCandidate(_ raw: String) -> String? {
        let trimSet = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "·•-–—|:>›»<«*,;()[]/\\=~≈#@©®™✓✔"))
        var words = raw.split(separator: " ").map(String.init).filter { !$0.trimmingCharacters(in: trimSet).isEmpty }
        // A logo often reads as one stray letter before the name ("N Netflix", "© Spotify").
        while words.count > 1, let first = words.first, first.trimmingCharacters(in: trimSet).count <= 1,
              !(first.first.map { $0.unicodeScalars.first.map { $0.value >= 0x3000 } ?? false } ?? false) {
            words.removeFirst()
        }
        // A field label before its value on one line ("Tarif Twitch Turbo", "Plan: Premium") is
        // not part of the name.
        if words.count > 1, let first = words.first {
            let label = ScreenVocabulary.fold(first)
            if ScreenVocabulary.planLabels.contains(label) || (first.hasSuffix(":") && ScreenVocabulary.fieldLabels.contains(label)) {
                words.removeFirst()
            }
        }
        let text = words.joined(separator: " ").trimmingCharacters(in: trimSet)
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        let cjk = text.unicodeScalars.contains { $0.value >= 0x3000 }
        guard letters >= (cjk ? 1 : 2) else { return nil }
        let folded = ScreenVocabulary.fold(text)
        if folded.isEmpty || ScreenVocabulary.notNames.contains(folded) || ScreenVocabulary.fieldLabels.contains(folded) { return nil }
        // One letter repeated ("eee", "oo") is a graphic read as text: a chart, dots, a logo.
        if Set(folded.filter { $0 != " " }).count == 1 { return nil }
        let ns = folded as NSString
        let all = NSRange(location: 0, length: ns.length)
        if CellReader.isCountdown(folded: folded) { return nil }
        if CellReader.clock?.firstMatch(in: folded, range: all) != nil { return nil }
        if ScreenVocabulary.contains(folded, any: ScreenVocabulary.totals) { return nil }
        // What is left once labels and cycle words are taken out must still read as a name.
        var core = " \(folded) "
        for phrase in CellReader.labelPhrases {
            core = core.replacingOccurrences(of: " \(phrase) ", with: " ")
        }
        if core.unicodeScalars.filter({ $0.properties.isAlphabetic }).count < (cjk ? 1 : 3) { return nil }
        if cycles.word(folded) != nil && folded.split(separator: " ").count <= 3 && letters <= 24 { return nil }
        if text.contains("••") || text.contains("**") || folded.hasPrefix("ending in") { return nil }
        return text
    }
}
