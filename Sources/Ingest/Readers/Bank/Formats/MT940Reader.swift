/// Reads SWIFT MT940 account statements (and MT942 interim reports), bare or in SWIFT blocks
/// (`{1:…}{2:…}{4:` … `-}`): each `:61:` statement line is an entry (value date, booking date,
/// debit or credit mark, amount with a decimal comma, transaction type), and the `:86:` after it
/// names the counterparty and purpose, read with `DescriptorFields` (German `?20`–`?63`
/// subfields, SEPA keywords, `/NAME/…/REMI/…`). The currency is the opening balance's
/// (`:60F:C261031EUR…`).
struct MT940Reader {
    var file: String

    /// A field: its tag (`61`, `86`, `60F`), its text with continuation lines, and its first line.
    private struct Field {
        var tag: String
        var lines: [Substring]
        var line: Int
    }

    func read(_ text: String) throws(ReadError) -> StatementEntries {
        var entries: [StatementEntry] = []
        var currency = ""
        var last: Int?
        for field in fields(text) {
            switch field.tag {
            case "60F", "60M", "34F":
                let body = Array(field.lines.first.map(String.init) ?? "")
                // `C261031EUR1234,56` (a balance: mark, date, currency) or `EURD0,` (MT942's floor limit).
                let letters = field.tag == "34F" ? body.prefix(3) : body.dropFirst(7).prefix(3)
                if letters.count == 3, letters.allSatisfy({ $0.isASCII && $0.isUppercase }) { currency = String(letters) }
                last = nil
            case "61":
                var entry = try statementLine(field)
                entry.currency = currency
                entries.append(entry)
                last = entries.count - 1
            case "86":
                guard let index = last else { continue }
                let structured = field.lines.first.map { DescriptorFields.isSubfielded(String($0)) || $0.hasPrefix("/") } ?? false
                let info = field.lines.joined(separator: structured ? "" : " ")
                let fields = DescriptorFields(info)
                var entry = entries[index]
                if !fields.name.isEmpty { entry.payee = fields.name }
                if !fields.bookingText.isEmpty { entry.type = fields.bookingText }
                let purpose = fields.remittance.isEmpty && fields.name.isEmpty ? StatementText.squeezed(info) : fields.remittance
                entry.setPurpose(purpose.isEmpty ? entry.text : purpose, references: fields)
                if !entry.payee.isEmpty { entry.text = "" }
                entries[index] = entry
                last = nil
            default:
                last = field.tag == "86" ? last : nil
            }
        }
        return StatementEntries(layout: "MT940", entries: entries)
    }

    /// The fields of the file: a line starting `:tag:` opens one, the lines after it continue
    /// it, up to the next tag or the end of a statement (`-`). SWIFT block wrappers are dropped.
    private func fields(_ text: String) -> [Field] {
        var out: [Field] = []
        var number = 0
        for raw in StatementText.lines(text) {
            number += 1
            var line = raw
            // `{1:F01…}{2:…}{4:` before the text block, `-}` after it.
            if line.hasPrefix("{"), let body = line.range(of: "{4:") {
                line = line[body.upperBound...]
                if line.isEmpty { continue }
            }
            if line.hasPrefix("-") && line.dropFirst().allSatisfy({ $0 == "}" || $0 == " " || $0 == "-" }) { continue }
            if line.hasPrefix(":"), let close = line.dropFirst().firstIndex(of: ":") {
                let tag = line[line.index(after: line.startIndex)..<close]
                if (2...3).contains(tag.count), tag.prefix(2).allSatisfy(\.isNumber) {
                    out.append(Field(tag: String(tag), lines: [line[line.index(after: close)...]], line: number))
                    continue
                }
            }
            guard !out.isEmpty, !line.isEmpty else { continue }
            out[out.count - 1].lines.append(line)
        }
        return out
    }

    /// A `:61:` line: `YYMMDD[MMDD](C|D|RC|RD|EC|ED)[funds code]amount(N|S|F)xxx reference[//bank ref]`,
    /// its second line (supplementary details) taken as the text when no `:86:` follows.
    private func statementLine(_ field: Field) throws(ReadError) -> StatementEntry {
        let body = Array((field.lines.first ?? "").utf8)
        func fail() -> ReadError {
            let shown = String(decoding: body.prefix(40), as: UTF8.self)
            return ReadError(file: file, line: field.line, column: 5,
                             ":61:\(shown) is not a statement line (expected :61: then the value date YYMMDD, an optional booking date MMDD, C or D, the amount with a decimal comma and the type, e.g. :61:2611051105D15,49NDDTNONREF)")
        }
        func digits(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= body.count, body[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return body[r].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let yy = digits(0..<2), let vm = digits(2..<4), let vd = digits(4..<6) else { throw fail() }
        var i = 6
        var month = vm, day = vd, year = 2000 + yy
        if let bm = digits(6..<8), let bd = digits(8..<10) {
            // The booking date has no year: the value date's, or the one before or after
            // when the two dates straddle a new year.
            if bm == 12 && vm == 1 { year -= 1 } else if bm == 1 && vm == 12 { year += 1 }
            (month, day) = (bm, bd)
            i = 10
        }
        var negative: Bool
        func at(_ k: Int) -> UInt8? { k < body.count ? body[k] : nil }
        switch (at(i), at(i + 1)) {
        case (UInt8(ascii: "R"), UInt8(ascii: "C")): negative = true; i += 2
        case (UInt8(ascii: "R"), UInt8(ascii: "D")): negative = false; i += 2
        case (UInt8(ascii: "E"), UInt8(ascii: "C")): negative = false; i += 2
        case (UInt8(ascii: "E"), UInt8(ascii: "D")): negative = true; i += 2
        case (UInt8(ascii: "C"), _): negative = false; i += 1
        case (UInt8(ascii: "D"), _): negative = true; i += 1
        default: throw fail()
        }
        // An optional funds code: a letter before the amount's first digit.
        if let c = at(i), c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") { i += 1 }
        let amountStart = i
        while let c = at(i), (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: ",") { i += 1 }
        let amount = String(decoding: body[amountStart..<i], as: UTF8.self)
        guard amount.contains(","), amount.first?.isNumber == true else { throw fail() }
        var whole = amount.replacingOccurrences(of: ",", with: ".")
        if whole.hasSuffix(".") { whole += "00" }
        var entry = StatementEntry(date: "", amount: (negative ? "-" : "") + whole, line: field.line)
        // A day that does not exist is handed on as written, for the table to report.
        entry.date = CalendarDate(year: year, month: month, day: day)?.description ?? "\(year)-\(month)-\(day)"
        // `NDDT`, `NMSC`, `NTRF`: the SWIFT transaction type, then the references.
        let rest = String(decoding: body[i...], as: UTF8.self)
        if rest.count >= 4 { entry.type = String(rest.prefix(4)) }
        if field.lines.count > 1 { entry.text = StatementText.squeezed(field.lines[1...].joined(separator: " ")) }
        return entry
    }
}
