/// Tells the rows that are not data apart from those that are: blank rows, the header repeated
/// (tables pasted together, page breaks in bank exports) and totals rows at the bottom. Works on
/// the record's bytes, so data rows are recognised without decoding them first.
struct RowClassifier {
    /// The header's fields, trimmed, ASCII letters lowercased, back to back, and where each
    /// ends; empty for files without a header.
    private let header: [UInt8]
    private let headerEnds: [Int]

    init(header: CSVRecord?) {
        guard let header else { (self.header, headerEnds) = ([], []); return }
        var bytes: [UInt8] = [], ends: [Int] = []
        header.withView { record in
            for i in 0..<record.count {
                bytes += Self.trimmed(record.field(i)).map(Self.lower)
                ends.append(bytes.count)
            }
        }
        (self.header, headerEnds) = (bytes, ends)
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

    /// Why `record` is not a data row, or nil when it is one. `decode` gives the record as text
    /// (needed only for the rare rows that start with a totals word).
    func skipReason(_ record: RecordView, decode: () -> [String]) -> Skip.Reason? {
        look(at: record).reason(decode)
    }

    /// What the bytes alone tell of a record.
    enum Look {
        case data
        case skip(Skip.Reason)
        /// Its first cell may be a totals word: `isTotals` on its text decides.
        case mayBeTotals

        /// Why the record is not a data row, or nil; `decode` gives its text, only asked for
        /// when the bytes could not tell.
        func reason(_ decode: () -> [String]) -> Skip.Reason? {
            switch self {
            case .data: return nil
            case .skip(let reason): return reason
            case .mayBeTotals: return RowClassifier.isTotals(decode()) ? .totals : nil
            }
        }
    }

    /// `skipReason` without the decoding, which the caller does when told `.mayBeTotals`:
    /// a batch's loop then passes no closure, and holds no references for it, per row.
    func look(at record: RecordView) -> Look {
        if Self.isBlank(record.allBytes) { return .skip(.blank) }
        if isRepeatedHeader(record) { return .skip(.repeatedHeader) }
        return Self.mayBeTotals(record) ? .mayBeTotals : .data
    }

    /// True when every field is empty or spaces and tabs only.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b != 0x20 && b != 0x09 { return false }
        return true
    }

    func isRepeatedHeader(_ record: RecordView) -> Bool {
        let columns = headerEnds.count
        guard columns > 0, record.count >= columns, Self.trimmed(record.field(0)).count == headerEnds[0] else { return false }
        return header.withUnsafeBufferPointer { header in
            var start = 0
            for i in 0..<columns {
                let field = Self.trimmed(record.field(i)), end = headerEnds[i]
                guard field.count == end - start else { return false }
                for k in 0..<field.count where Self.lower(field[k]) != header[start + k] { return false }
                start = end
            }
            return (columns..<record.count).allSatisfy { Self.trimmed(record.field($0)).isEmpty }
        }
    }

    /// The ASCII totals words as bytes, by their length, for the look at undecoded rows.
    static let asciiTotalWords: [[[UInt8]]] = {
        var byLength = [[[UInt8]]](repeating: [], count: longestTotalWord + 1)
        for word in totalWords.sorted() where word.utf8.allSatisfy({ $0 < 0x80 }) { byLength[word.utf8.count].append(Array(word.utf8)) }
        return byLength
    }()

    /// A cheap look at the bytes: the first filled cell is an ASCII totals word (any case, with
    /// or without a colon), or short text with other characters that only decoding can judge.
    /// Static, so a call per row holds no references to the header's arrays.
    static func mayBeTotals(_ record: RecordView) -> Bool {
        for i in 0..<record.count {
            var field = Self.trimmed(record.field(i))
            if field.isEmpty { continue }
            guard field.count <= Self.longestTotalWord + 3 else { return false }
            if field.contains(where: { $0 >= 0x80 }) { return true }
            if field.last == UInt8(ascii: ":") { field = Self.trimmed(UnsafeBufferPointer(rebasing: field.dropLast())) }
            guard field.count < Self.asciiTotalWords.count else { return false }
            return Self.asciiTotalWords[field.count].contains { word in zip(word, field).allSatisfy { $0 == Self.lower($1) } }
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

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var from = 0, to = bytes.count
        while from < to, bytes[from] == 0x20 || bytes[from] == 0x09 { from += 1 }
        while to > from, bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09 { to -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[from..<to])
    }
}
