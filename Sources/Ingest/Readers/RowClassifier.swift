/// Tells the rows that are not data apart from those that are: blank rows, the header repeated
/// (tables pasted together, page breaks in bank exports) and totals rows at the bottom. Works on
/// the record's bytes, so data rows are recognised without decoding them first.
struct RowClassifier {
    /// The header's fields, trimmed, ASCII letters lowercased; empty for files without a header.
    private let header: [[UInt8]]

    init(header: CSVRecord?) {
        guard let header else { self.header = []; return }
        self.header = (0..<header.count).map { Self.folded(header.field($0)) }
    }

    /// Words that open a totals row, lowercased, without a trailing colon.
    static let totalWords: Set<String> = [
        "total", "totals", "sum", "sums", "subtotal", "sub-total", "sub total", "grand total", "total general",
        "totales", "total geral", "gesamt", "summe", "gesamtsumme", "insgesamt", "zwischensumme", "somme",
        "total ttc", "totale", "somma", "totaal", "som", "totalt", "summa", "sum total", "suma", "razem",
        "итого", "всего", "合计", "合計", "总计", "總計", "小计", "小計", "总和", "計",
    ]
    /// The longest totals word in UTF-8 bytes: longer first cells are never one.
    static let longestTotalWord = totalWords.map(\.utf8.count).max() ?? 0

    /// Why `record` is not a data row, or nil when it is one. `decode` turns a record into text
    /// (needed only for the rare rows that start with a totals word).
    func skipReason(_ record: CSVRecord, decode: (CSVRecord) -> [String]) -> Skip.Reason? {
        if record.isBlank { return .blank }
        if isRepeatedHeader(record) { return .repeatedHeader }
        if mayBeTotals(record), Self.isTotals(decode(record)) { return .totals }
        return nil
    }

    func isRepeatedHeader(_ record: CSVRecord) -> Bool {
        guard !header.isEmpty, record.count >= header.count else { return false }
        for (i, name) in header.enumerated() {
            let field = Self.trimmed(record.field(i))
            guard field.count == name.count, zip(field, name).allSatisfy({ Self.lower($0) == $1 }) else { return false }
        }
        return (header.count..<record.count).allSatisfy { Self.trimmed(record.field($0)).isEmpty }
    }

    /// The ASCII totals words as bytes, for the look at undecoded rows.
    static let asciiTotalWords: [[UInt8]] = totalWords.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }

    /// A cheap look at the bytes: the first filled cell is an ASCII totals word (any case, with
    /// or without a colon), or short text with other characters that only decoding can judge.
    func mayBeTotals(_ record: CSVRecord) -> Bool {
        for i in 0..<record.count {
            var field = Self.trimmed(record.field(i))
            if field.isEmpty { continue }
            guard field.count <= Self.longestTotalWord + 3 else { return false }
            if field.contains(where: { $0 >= 0x80 }) { return true }
            if field.last == UInt8(ascii: ":") { field = Self.trimmed(field.dropLast()) }
            return Self.asciiTotalWords.contains { word in
                word.count == field.count && zip(word, field).allSatisfy { $0 == Self.lower($1) }
            }
        }
        return false
    }

    /// The first filled cell is a totals word and every other cell is empty or a number.
    static func isTotals(_ cells: [String]) -> Bool {
        guard let first = cells.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
        var word = cells[first].trimmedSpaces().lowercased()
        if word.hasSuffix(":") || word.hasSuffix("：") { word.removeLast() }
        guard totalWords.contains(word.trimmedSpaces()) else { return false }
        return cells[(first + 1)...].allSatisfy(isAmountOrEmpty)
    }

    /// `45,97 €`, `USD 120.00`, `-3`, `—`: no words beyond a currency code.
    static func isAmountOrEmpty(_ cell: String) -> Bool {
        var letters = 0, digits = 0
        for scalar in cell.unicodeScalars {
            if ScalarText.isLetter(scalar) { letters += 1 } else if ("0"..."9").contains(scalar) { digits += 1 }
        }
        return letters == 0 || (digits > 0 && letters <= 3)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let b = slice.first, b == 0x20 || b == 0x09 { slice.removeFirst() }
        while let b = slice.last, b == 0x20 || b == 0x09 { slice.removeLast() }
        return slice
    }

    private static func folded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        trimmed(bytes).map(lower)
    }
}
