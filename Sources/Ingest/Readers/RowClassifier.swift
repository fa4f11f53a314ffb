/// Tells the rows that are not data apart from those that are: blank rows, the header repeated
/// (tables pasted together, page breaks in bank exports) and totals rows at the bottom.
struct RowClassifier {
    /// The header's cells, trimmed and lowercased; empty for files without a header.
    let header: [String]

    init(header: [String]?) {
        self.header = (header ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// Words that open a totals row, lowercased, without a trailing colon.
    static let totalWords: Set<String> = [
        "total", "totals", "sum", "sums", "subtotal", "sub-total", "sub total", "grand total", "total general",
        "totales", "total geral", "gesamt", "summe", "gesamtsumme", "insgesamt", "zwischensumme", "somme",
        "total ttc", "totale", "somma", "totaal", "som", "totalt", "summa", "sum total", "suma", "razem",
        "итого", "всего", "合计", "合計", "总计", "總計", "小计", "小計", "总和", "計",
    ]

    /// Why `cells` is not a data row, or nil when it is one.
    func skipReason(_ cells: [String]) -> Skip.Reason? {
        var blank = true
        for cell in cells where !Self.isSpace(cell) { blank = false; break }
        if blank { return .blank }
        if isRepeatedHeader(cells) { return .repeatedHeader }
        if Self.isTotals(cells) { return .totals }
        return nil
    }

    private static func isSpace(_ cell: String) -> Bool {
        cell.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    func isRepeatedHeader(_ cells: [String]) -> Bool {
        guard !header.isEmpty, cells.count >= header.count else { return false }
        for (i, name) in header.enumerated() where cells[i].trimmingCharacters(in: .whitespaces).lowercased() != name {
            return false
        }
        return cells[header.count...].allSatisfy(Self.isSpace)
    }

    /// The first filled cell is a totals word and every other cell is empty or a number.
    static func isTotals(_ cells: [String]) -> Bool {
        guard let first = cells.firstIndex(where: { !isSpace($0) }) else { return false }
        var word = cells[first].trimmingCharacters(in: .whitespaces).lowercased()
        if word.hasSuffix(":") || word.hasSuffix("：") { word.removeLast() }
        guard totalWords.contains(word.trimmingCharacters(in: .whitespaces)) else { return false }
        return cells[(first + 1)...].allSatisfy(isAmountOrEmpty)
    }

    /// `45,97 €`, `USD 120.00`, `-3`, `—`: no words beyond a currency code.
    static func isAmountOrEmpty(_ cell: String) -> Bool {
        var letters = 0, digits = 0
        for scalar in cell.unicodeScalars {
            if scalar.properties.isAlphabetic { letters += 1 } else if ("0"..."9").contains(scalar) { digits += 1 }
        }
        return letters == 0 || (digits > 0 && letters <= 3)
    }
}
