/// Reads QIF (Quicken Interchange Format) bank, card and cash accounts: records of lines each
/// starting with a code letter (`D` date, `T` or `U` amount, `P` payee, `M` memo, `L` category;
/// `N` number, `C` cleared, `A` address and `S`/`E`/`$` splits are not needed), each record ended by `^`, under a `!Type:Bank` (`CCard`, `Cash`,
/// `Oth A`, `Oth L`) header. Lists (`!Type:Cat`, `!Account` blocks) are passed over;
/// investment accounts are refused. QIF names no currency: the import's `--currency` applies.
struct QIFReader {
    var file: String

    /// Account types whose records are transactions of money in and out.
    static let cashTypes: Set<String> = ["bank", "ccard", "cash", "oth a", "oth l"]

    func read(_ text: String) throws(ReadError) -> StatementEntries {
        var entries: [StatementEntry] = []
        /// What the records under the last header are: transactions, or something passed over.
        enum Section { case none, transactions, other }
        var section = Section.none
        var investment: Int?
        var record: StatementEntry?
        var lineNumber = 0
        func close() {
            if let r = record { entries.append(r) }
            record = nil
        }
        for line in StatementText.lines(text) {
            lineNumber += 1
            guard let code = line.first else { continue }
            if code == "!" {
                close()
                let header = line.dropFirst().lowercased()
                if header.hasPrefix("type:") {
                    let kind = header.dropFirst(5).trimmingCharacters(in: .whitespaces)
                    if QIFReader.cashTypes.contains(kind) {
                        section = .transactions
                    } else {
                        if kind.hasPrefix("invst") { investment = investment ?? lineNumber }
                        section = .other
                    }
                } else if header.hasPrefix("account") {
                    section = .other
                } else if !(header.hasPrefix("option") || header.hasPrefix("clear")) {
                    throw ReadError(file: file, line: lineNumber, column: 1,
                                    "\"\(line)\" is not a QIF header (expected !Type:Bank, !Type:CCard, !Account or !Option:…)")
                }
                continue
            }
            switch section {
            case .none:
                if line.allSatisfy(\.isWhitespace) { continue }
                throw ReadError(file: file, line: lineNumber, column: 1,
                                "a QIF record before any !Type header (expected a first line such as !Type:Bank)")
            case .other:
                continue
            case .transactions:
                break
            }
            let value = StatementText.squeezed(line.dropFirst())
            if code == "^" {
                close()
                continue
            }
            if record == nil { record = StatementEntry(date: "", amount: "", line: lineNumber) }
            switch code {
            case "D": record?.date = QIFReader.date(value) ?? value
            case "T", "U": if record?.amount.isEmpty ?? true { record?.amount = value.replacingOccurrences(of: " ", with: "") }
            case "P": record?.payee = value
            // The memo is what a CSV export's Memo column holds: the reference beside the payee.
            case "M": record?.reference = value
            // The category: QIF's own word for what a payment is (`Utilities:Electric`), or
            // `[Savings]`, a transfer to that account.
            case "L": record?.type = value.hasPrefix("[") ? "transfer " + value : value
            default: break
            }
        }
        close()
        // A record without a payee is named by its memo.
        for i in entries.indices where entries[i].payee.isEmpty {
            (entries[i].text, entries[i].reference) = (entries[i].reference, "")
        }
        if entries.isEmpty, let investment {
            throw ReadError(file: file, line: investment,
                            "an investment account (!Type:Invst), not a bank statement (expected !Type:Bank, CCard, Cash, Oth A or Oth L)")
        }
        guard section != .none || !entries.isEmpty else {
            throw ReadError(file: file, line: 1, "no !Type header (expected a QIF file starting with !Type:Bank)")
        }
        return StatementEntries(layout: "QIF", entries: entries, dateOrder: nil, decimalMark: nil)
    }

    /// A QIF date with its numbers in the file's order and a four-digit year: `12/ 5'26` →
    /// `12/05/2026`, `1/2/98` → `01/02/1998`, `2026-12-05` stays ISO. Quicken writes `'`
    /// before years from 2000; a two-digit year without it below 50 is 20xx too. Nil when
    /// the value is no date of three numbers.
    static func date(_ raw: String) -> String? {
        var numbers: [Substring] = []
        var apostrophe = false
        var current = raw.startIndex
        var start: String.Index?
        while current < raw.endIndex {
            let c = raw[current]
            if c.isASCII && c.isNumber {
                if start == nil { start = current }
            } else {
                if let s = start { numbers.append(raw[s..<current]); start = nil }
                if c == "'" { apostrophe = true }
            }
            current = raw.index(after: current)
        }
        if let s = start { numbers.append(raw[s...]) }
        guard numbers.count == 3, numbers.allSatisfy({ $0.count <= 4 }) else { return nil }
        func pad(_ n: Substring) -> String { n.count == 1 ? "0" + n : String(n) }
        if numbers[0].count == 4 { return "\(numbers[0])-\(pad(numbers[1]))-\(pad(numbers[2]))" }
        var year = String(numbers[2])
        if year.count == 2, let y = Int(year) { year = String(apostrophe || y < 50 ? 2000 + y : 1900 + y) }
        guard year.count == 4 else { return nil }
        let separator = raw.contains(".") ? "." : "/"
        return pad(numbers[0]) + separator + pad(numbers[1]) + separator + year
    }
}
