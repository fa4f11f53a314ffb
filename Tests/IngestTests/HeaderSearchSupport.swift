import Foundation
@testable import Ingest
import IngestTestSupport

/// The two header searches the table readers ran before they shared `HeaderFinder`, kept to
/// measure the shared one against: `subscription` is `CSVTable`'s (HeaderFinder as it was),
/// `bank` is `TransactionTable.chooseColumns`'s. Both take every record of the sample, blank
/// ones too, and answer with the header's line, or the first data row's line when there is
/// no header (`Pick.noHeader`).
enum LegacyHeaderSearch {
    enum Pick: Equatable, CustomStringConvertible {
        case header(line: Int)
        case noHeader(line: Int)
        case none

        var description: String {
            switch self {
            case .header(let line): return "header@\(line)"
            case .noHeader(let line): return "data@\(line)"
            case .none: return "-"
            }
        }
    }

    typealias Record = (cells: [String], line: Int)

    /// CSVTable's search: the first 30 non-blank records; a row naming two subscription fields,
    /// else a label row before the first data row, else no header.
    static func subscription(_ all: [Record]) -> Pick {
        let records = Array(all.filter { !$0.cells.allSatisfy { $0.trimmedSpaces().isEmpty } }.prefix(30))
        let rows = records.map { RowShape($0.cells) }
        guard let first = rows.firstIndex(where: { !$0.isBlank }) else { return .none }
        let width = HeaderFinder.commonWidth(rows)
        let dataLike = rows.map { $0.looksLikeData(width: width) }
        let firstData = dataLike.firstIndex(of: true) ?? rows.count
        var dataBefore = 0
        for index in rows.indices {
            let row = rows[index]
            if row.vocabularyHits >= 2 && (row.labels == row.nonEmpty || dataBefore == 0) { return .header(line: records[index].line) }
            if dataLike[index] { dataBefore += 1 }
        }
        if let index = rows.indices.prefix(upTo: firstData).first(where: { rows[$0].looksLikeHeader(width: width) }) {
            return .header(line: records[index].line)
        }
        if firstData < rows.count { return .noHeader(line: records[firstData].line) }
        return .header(line: records[first].line)
    }

    /// TransactionTable's search: among the first 40 records, the first that a bank layout
    /// recognises or that names a date, money and a text column; else no header, the rows read
    /// from the first non-blank one.
    static func bank(_ all: [Record]) -> Pick {
        let records = Array(all.prefix(40))
        for record in records where record.cells.count >= 2 {
            let cells = record.cells.map { $0.trimmedSpaces() }
            if BankLayout.bundled.contains(where: { $0.matches(header: cells) })
                || TransactionColumns.isTransactionHeader(TransactionColumns.detect(header: cells)) {
                return .header(line: record.line)
            }
        }
        guard let first = all.first(where: { !$0.cells.allSatisfy { $0.trimmedSpaces().isEmpty } }) else { return .none }
        return .noHeader(line: first.line)
    }

    /// The shared search, on the same records.
    static func shared(_ all: [Record]) -> Pick {
        let records = all.map { HeaderFinder.Record(cells: $0.cells, line: $0.line) }
        switch HeaderFinder().layout(of: records) {
        case .header(let index)?: return .header(line: records[index].line)
        case .noHeader(let start, _)?: return .noHeader(line: records[start].line)
        case nil: return .none
        }
    }

    /// The delimiter the probe finds in a file.
    static func delimiter(_ data: Data) throws -> String {
        let probe = try InputProbe(chunks: ChunkReader(data: data), hint: nil, guessLegacy: true, file: "t.csv")
        return String(UnicodeScalar(probe.delimiter))
    }

    /// Every record of a file as the readers tokenize it (the bank reader's probe: encoding
    /// guessed, delimiter found), cells decoded.
    static func records(_ data: Data) throws -> [Record] {
        let chunks = ChunkReader(data: data)
        let probe = try InputProbe(chunks: chunks, hint: nil, guessLegacy: true, file: "t.csv")
        var reader = try RecordReader(chunks: chunks, probe: probe, name: "t.csv", limits: ReadLimits())
        var found: [Record] = []
        while try reader.advance() {
            let record = reader.tokenizer.record
            found.append(((0..<record.count).map { TransactionTable.decode(record.field($0), encoding: probe.encoding) }, record.line))
        }
        return found
    }
}

/// Delimited files made from a seed: 0–6 preamble lines of varied kinds (titles, account
/// lines, dates, blank lines, a key/value block, a line of another width, a title padded with
/// delimiters) above a subscription or bank header (or none) and 5–30 data rows, with `,` `;`
/// tab or `|`. Each knows the line its header (or, without one, its first data row) is on.
struct SeededTable {
    enum Shape: String, CaseIterable { case subscription, bank }

    let seed: UInt64
    let shape: Shape
    let text: String
    let delimiter: String
    /// The expected answer.
    let expected: LegacyHeaderSearch.Pick
    /// The kinds of preamble lines used, for reading failures.
    let preamble: [String]

    typealias Random = SeededRandom

    init(seed: UInt64) {
        var r = Random(state: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        self.seed = seed
        shape = r.chance(50) ? .subscription : .bank
        let delimiter = r.pick([",", ";", "\t", "|"])
        self.delimiter = delimiter
        let comma = delimiter != "," && r.chance(50)

        // Columns: (header, value maker).
        typealias Column = (header: String, value: (inout Random, Int) -> String)
        func date(_ r: inout Random, _ i: Int, style: Int) -> String {
            let d = 1 + (i * 7 + r.below(3)) % 28, m = 1 + (i / 4) % 12
            switch style {
            case 0: return String(format: "2026-%02d-%02d", m, d)
            case 1: return String(format: "%02d.%02d.2026", d, m)
            default: return String(format: "%02d/%02d/2026", m, d)
            }
        }
        func money(_ r: inout Random, signed: Bool) -> String {
            let value = Double(r.below(20000) + 99) / 100 * (signed && r.chance(80) ? -1 : 1)
            let text = String(format: "%.2f", value)
            return comma ? text.replacingOccurrences(of: ".", with: ",") : text
        }
        let dateStyle = r.below(3)
        let names = ["Netflix", "Spotify", "Disney Plus", "iCloud", "Adobe CC", "YouTube Premium", "Audible", "Zeit Online",
                     "GitHub", "Notion", "Dropbox", "Headspace", "Duolingo", "NYT", "Xbox Game Pass"]
        let payees = ["NETFLIX.COM", "REWE SAGT DANKE", "Spotify AB", "AMAZON MKTPLACE", "Shell 1234", "Lidl", "PAYPAL *STEAM",
                      "Deutsche Bahn", "Stadtwerke", "Miete Oktober", "Apple.com/bill", "Uber *Trip"]
        var columns: [Column] = []
        var headerKnown = true
        if shape == .subscription {
            columns.append((r.pick(["Name", "Service", "Subscription", "Dienst", "Nombre", "App"]), { r, _ in r.pick(names) }))
            columns.append((r.pick(["Price", "Amount", "Cost", "Preis", "Precio", "Monthly fee"]), { r, _ in money(&r, signed: false) }))
            if r.chance(70) { columns.append((r.pick(["Billing cycle", "Frequency", "Cycle", "Zyklus", "Interval"]), { r, _ in r.pick(["monthly", "yearly", "weekly", "Monthly", "every 3 months"]) })) }
            if r.chance(70) { columns.append((r.pick(["Next renewal", "Next payment", "Due date", "Nächste Zahlung", "Renews"]), { r, i in date(&r, i, style: dateStyle) })) }
            if r.chance(50) { columns.append((r.pick(["Category", "Type", "Kategorie", "Tags"]), { r, _ in r.pick(["Streaming", "Music", "Cloud", "News", "Software"]) })) }
            if r.chance(30) { columns.append((r.pick(["Notes", "Comment", "Bemerkung"]), { r, _ in r.pick(["", "family plan", "shared", "", "student discount"]) })) }
            if r.chance(20) { columns.append(("Currency", { r, _ in r.pick(["EUR", "USD", "GBP"]) })) }
            if r.chance(20) { columns.append(("Status", { r, _ in r.pick(["Active", "Paused", "Cancelled"]) })) }
        } else {
            columns.append((r.pick(["Date", "Booking date", "Buchungstag", "Fecha", "Transaction Date", "Datum", "Posted Date"]),
                            { r, i in date(&r, i, style: dateStyle) }))
            if r.chance(30) { columns.append((r.pick(["Value date", "Valuta", "Wertstellung"]), { r, i in date(&r, i, style: dateStyle) })) }
            columns.append((r.pick(["Description", "Payee", "Verwendungszweck", "Concepto", "Merchant", "Details", "Beschreibung"]),
                            { r, _ in r.pick(payees) }))
            if r.chance(30) {
                columns.append((r.pick(["Debit", "Money out", "Soll"]), { r, _ in r.chance(70) ? money(&r, signed: false) : "" }))
                columns.append((r.pick(["Credit", "Money in", "Haben"]), { r, _ in r.chance(30) ? money(&r, signed: false) : "" }))
            } else {
                columns.append((r.pick(["Amount", "Betrag", "Importe", "Amount (EUR)", "Bedrag"]), { r, _ in money(&r, signed: true) }))
            }
            if r.chance(40) { columns.append((r.pick(["Balance", "Saldo", "Kontostand"]), { r, _ in money(&r, signed: false) })) }
            if r.chance(30) { columns.append((r.pick(["Reference", "Memo", "Referenz"]), { r, _ in "REF\(r.below(99999))" })) }
            if r.chance(20) { columns.append((r.pick(["Currency", "Währung"]), { r, _ in "EUR" })) }
            if r.chance(20) { columns.append((r.pick(["Type", "Category"]), { r, _ in r.pick(["Card", "Direct debit", "Transfer"]) })) }
        }
        // Some headers the vocabulary does not know: labels only, found by their shape.
        if r.chance(12) {
            headerKnown = false
            let unknown = ["Päivä", "Kohde", "Summa", "Tili", "Huom", "Laji", "Tieto", "Erä"]
            columns = columns.enumerated().map { (unknown[$0.offset % unknown.count], $0.element.value) }
        }
        let hasHeader = !r.chance(10)
        let width = columns.count

        func quoted(_ cell: String) -> String {
            cell.contains(delimiter) || cell.contains("\"") ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }
        func line(_ cells: [String]) -> String { cells.map(quoted).joined(separator: delimiter) }
        func padded(_ cells: [String]) -> String { line(cells + Array(repeating: "", count: max(0, width - cells.count))) }

        var lines: [String] = []
        var kinds: [String] = []
        let count = r.below(7)
        var usedBlock = false
        while kinds.count < count {
            let kind = r.below(9)
            switch kind {
            case 0:
                kinds.append("title")
                lines.append(r.pick(["My subscriptions", "Kontoauszug", "Statement", "Abos 2026", "Transactions export",
                                     "Umsätze Girokonto", "Subscriptions (shared with Anna)"]))
            case 1:
                kinds.append("account")
                lines.append(r.chance(50) ? "Account: \(1000 + r.below(9000))" : line(["Account", "DE\(10_000_000 + r.below(80_000_000))"]))
            case 2:
                kinds.append("date")
                lines.append(r.pick(["Exported \(date(&r, 3, style: dateStyle))", date(&r, 5, style: dateStyle),
                                     line(["Stand", date(&r, 9, style: dateStyle)]),
                                     line(["Period", date(&r, 1, style: dateStyle), date(&r, 20, style: dateStyle)])]))
            case 3:
                kinds.append("blank")
                lines.append(r.chance(50) ? "" : padded([]))
            case 4 where !usedBlock:
                usedBlock = true
                kinds.append("keyvalue")
                let pairs = [["Name", "Anna Berg"], ["IBAN", "DE89370400440532013000"], ["Currency", "EUR"],
                             ["Status", "Active"], ["Type", "Current account"], ["Owner", "Anna Berg"],
                             ["Opening balance", money(&r, signed: false)], ["Product", "Girokonto"]]
                for _ in 0..<(2 + r.below(3)) { lines.append(line(r.pick(pairs))) }
            case 5:
                kinds.append("otherwidth")
                lines.append(line(Array(repeating: "x", count: width + 2 + r.below(3)).enumerated().map { "f\($0.offset)" }))
            case 6:
                kinds.append("paddedtitle")
                lines.append(padded([r.pick(["Kontoauszug", "Subscriptions", "Report", "Umsatzanzeige"])]))
            case 7:
                kinds.append("summary")
                lines.append(line([r.pick(["Opening balance", "Anfangssaldo", "Total"]), money(&r, signed: false)]))
            default:
                kinds.append("note")
                lines.append(r.pick(["Generated by Sheets", "Do not edit", "# comment", "Export für Anna; Zeitraum Oktober"]))
            }
        }
        let headerLine = lines.count + 1
        if hasHeader { lines.append(line(columns.map(\.header))) }
        let rows = 5 + r.below(26)
        // Drawn apart, so that the tables above stay those of the seed: rows cut short (a
        // hand-made file drops trailing empty cells) and cells a person filled badly.
        var flaws = Random(state: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        let ragged = flaws.chance(25), badValues = flaws.chance(15)
        var flawKinds: [String] = []
        if ragged { flawKinds.append("raggedrows") }
        if badValues { flawKinds.append("badvalues") }
        for i in 0..<rows {
            var cells = columns.map { $0.value(&r, i) }
            if ragged, cells.count > 2, flaws.chance(20) { cells.removeLast(min(cells.count - 2, 1 + flaws.below(2))) }
            if badValues, flaws.chance(15) { cells[flaws.below(cells.count)] = flaws.pick(["n/a", "abc", "see notes", "tbd"]) }
            lines.append(line(cells))
        }
        text = lines.joined(separator: "\n") + "\n"
        preamble = kinds + flawKinds + (headerKnown ? [] : ["unknownheader"]) + (hasHeader ? [] : ["noheader"])
        expected = hasHeader ? .header(line: headerLine) : .noHeader(line: headerLine)
    }
}
