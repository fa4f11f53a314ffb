import Foundation
import Testing
@testable import Ingest

/// A statement file in Fixtures/bank-formats and what reading it must give: the layout the
/// report names, the transactions read, a few of them field by field (on their line in the
/// file), the skips by reason, and the recurring series found.
struct FormatCase: Sendable, CustomTestStringConvertible {
    struct Row: Sendable {
        var line: Int
        var date: String
        /// Ten-thousandths, positive for money out (as `Transaction.amount`).
        var amount: Int64
        var currency: String?
        var payee: String
        var text: String = ""
        var reference: String = ""
        var type: String = ""
    }

    var file: String
    var layout: String
    var count: Int
    var rows: [Row]
    /// The series found, as "name price" (inactive ones too).
    var series: [String]
    var currency: String? = nil
    var today = "2026-09-30"
    var testDescription: String { file }
}

/// A broken file and the error it gives: its line (and column when the format has one), and
/// words the message must hold.
struct BrokenCase: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var column: Int?
    var says: String
    var testDescription: String { file }
}

@Suite struct StatementFormatTests {
    static let files: [FormatCase] = [
        .init(file: "ofx1-checking.ofx", layout: "OFX 1.x (SGML)", count: 17, rows: [
            .init(line: 43, date: "2026-05-05", amount: 154_900, currency: "USD", payee: "NETFLIX.COM", reference: "NETFLIX.COM 866-579-7172 CA", type: "POS"),
            .init(line: 72, date: "2026-05-19", amount: 421_700, currency: "USD", payee: "TRADER JOE&S #540", type: "POS"),
            .init(line: 79, date: "2026-05-22", amount: 2_500_000, currency: "USD", payee: "CHECK 1043", type: "CHECK"),
            .init(line: 65, date: "2026-05-15", amount: -31_205_500, currency: "USD", payee: "ACME CORP PAYROLL", type: "DIRECTDEP"),
        ], series: ["Netflix 15.49", "Spotify 11.99"]),
        .init(file: "ofx2-creditcard.ofx", layout: "OFX 2.x (XML)", count: 8, rows: [
            .init(line: 21, date: "2026-06-04", amount: 109_900, currency: "GBP", payee: "Netflix.com", reference: "Netflix.com Amsterdam", type: "DEBIT"),
            .init(line: 36, date: "2026-06-14", amount: 116_100, currency: "EUR", payee: "SPOTIFY P2B3C4D5E6", type: "DEBIT"),
            .init(line: 67, date: "2026-08-18", amount: 640_000, currency: "GBP", payee: "M&S SIMPLY FOOD", type: "DEBIT"),
        ], series: ["Netflix 10.99"]),
        .init(file: "chase-card.qfx", layout: "QFX (OFX 1.x (SGML))", count: 13, rows: [
            .init(line: 14, date: "2026-07-08", amount: 200_000, currency: "USD", payee: "OPENAI *CHATGPT SUBSCR", type: "DEBIT"),
            .init(line: 16, date: "2026-07-23", amount: 513_900, currency: "USD", payee: "WHOLEFDS MKT #10234", reference: "NEW YORK NY", type: "DEBIT"),
        ], series: ["ChatGPT Plus 20.00", "Planet Fitness 24.99"]),
        .init(file: "quicken-us.qif", layout: "QIF", count: 12, rows: [
            .init(line: 13, date: "2026-06-02", amount: 18_500_000, currency: "USD", payee: "ACME PROPERTY MGMT", reference: "June rent", type: "Housing:Rent"),
            .init(line: 38, date: "2026-06-21", amount: 1_200_000, currency: "USD", payee: "Safeway #1234", type: "Groceries"),
            .init(line: 47, date: "2026-06-25", amount: 3_000_000, currency: "USD", payee: "Transfer to savings", type: "transfer [Savings]"),
            .init(line: 77, date: "2026-12-05", amount: 450_000, currency: "USD", payee: "REI #123"),
        ], series: ["Disney+ 13.99"], currency: "USD"),
        .init(file: "moneyplex-de.qif", layout: "QIF", count: 8, rows: [
            .init(line: 2, date: "2026-06-03", amount: 109_900, currency: "EUR", payee: "Spotify AB", reference: "Ihr Einkauf bei Spotify AB"),
            .init(line: 17, date: "2026-06-28", amount: -31_500_000, currency: "EUR", payee: "ACME GmbH", reference: "Gehalt"),
            .init(line: 27, date: "2026-07-13", amount: 12_345_600, currency: "EUR", payee: "Müller Küchen GmbH", reference: "Küche Anzahlung"),
        ], series: ["Spotify 10.99"], currency: "EUR"),
        .init(file: "camt053-sparkasse.xml", layout: "CAMT.053", count: 12, rows: [
            .init(line: 29, date: "2026-07-06", amount: 159_900, currency: "EUR", payee: "Netflix International B.V.",
                  reference: "Netflix Monatsabo 4711-0815 MREF M-4711-0815 CRED NL98ZZZ123456780000", type: "FOLGELASTSCHRIFT"),
            .init(line: 197, date: "2026-07-28", amount: -31_500_000, currency: "EUR", payee: "ACME GmbH", reference: "Gehalt Juli", type: "GUTSCHR. UEBERWEISUNG"),
            // The returned direct debit (RvslInd) is money back in.
            .init(line: 220, date: "2026-09-04", amount: -249_000, currency: "EUR", payee: "RSG Group GmbH McFit",
                  reference: "Ruecklastschrift Mitgliedsbeitrag MREF MCFIT-123456 CRED DE29ZZZ00000012345", type: "RUECKLASTSCHRIFT"),
            // A batch booking: two transactions, each with its own amount.
            .init(line: 245, date: "2026-08-20", amount: 300_000, currency: "EUR", payee: "Stadtbibliothek Muenchen", reference: "Jahresgebuehr Leseausweis", type: "SAMMEL-LS"),
            .init(line: 245, date: "2026-08-20", amount: 123_000, currency: "EUR", payee: "Deutsche Post AG", reference: "Porto Nachnahme", type: "SAMMEL-LS"),
        ], series: ["McFit 24.90", "Netflix 15.99"]),
        .init(file: "camt052-ing.xml", layout: "CAMT.052", count: 5, rows: [
            .init(line: 9, date: "2026-07-16", amount: 109_900, currency: "EUR", payee: "Spotify AB",
                  reference: "Spotify Premium P0A9X MREF SP-778899 CRED SE12ZZZ556703748501"),
        ], series: ["Spotify 10.99"]),
        .init(file: "mt940-sparkasse.sta", layout: "MT940", count: 12, rows: [
            .init(line: 5, date: "2026-07-06", amount: 159_900, currency: "EUR", payee: "Netflix International B.V.",
                  reference: "Netflix Monatsabo 4711-0815 MREF M-4711-0815 CRED NL98ZZZ123456780000", type: "FOLGELASTSCHRIFT"),
            .init(line: 13, date: "2026-07-15", amount: 680_000, currency: "EUR", payee: "Stadtwerke München GmbH",
                  reference: "Abschlag Strom Vertragskonto 2001234 MREF SWM-2001234 CRED DE13ZZZ00000012345", type: "FOLGELASTSCHRIFT"),
            // A reversed debit (RD) is money in; a line with no :86: keeps its supplementary details.
            .init(line: 47, date: "2026-09-09", amount: -159_900, currency: "EUR", payee: "Netflix International B.V.",
                  reference: "Ruecklastschrift Netflix MREF M-4711-0815 CRED NL98ZZZ123456780000", type: "RUECKLASTSCHRIFT"),
            .init(line: 52, date: "2026-09-25", amount: 400_000, currency: "EUR", payee: "", text: "/OCMT/EUR40,00/", type: "NMSC"),
        ], series: ["Netflix 15.99"]),
        .init(file: "mt940-barclays.940", layout: "MT940", count: 10, rows: [
            .init(line: 6, date: "2026-07-01", amount: 249_900, currency: "GBP", payee: "", text: "PUREGYM LTD LEEDS DIRECT DEBIT REF PG-99812", type: "NDDT"),
            .init(line: 10, date: "2026-07-10", amount: 120_000, currency: "GBP", payee: "", text: "GUARDIAN NEWS & MEDIA DIRECT DEBIT REF GNM-1183-2", type: "NDDT"),
        ], series: ["PureGym 24.99", "The Guardian 12.00"]),
    ]

    static func context(_ c: FormatCase) -> NormalizeContext {
        NormalizeContext(today: CalendarDate(iso: c.today) ?? CalendarDate(dayNumber: 0), currency: c.currency.flatMap { Currency($0) })
    }

    @Test(arguments: files)
    func readsTransactions(_ c: FormatCase) throws {
        let path = FixtureFolder.url("bank-formats/" + c.file).path
        let table = try TransactionTable(path: path, name: c.file, context: Self.context(c))
        #expect(table.layout == c.layout)
        let read = transactions(table)
        #expect(read.count == c.count)
        for row in c.rows {
            let match = read.first { $0.line == row.line && $0.amount == row.amount }
            guard let t = match else {
                Issue.record("\(c.file): no transaction of \(row.amount) on line \(row.line); lines read: \(read.map(\.line))")
                continue
            }
            #expect(t.date.description == row.date, "\(c.file):\(row.line)")
            #expect(t.currency?.code == row.currency, "\(c.file):\(row.line)")
            #expect(t.payee == row.payee, "\(c.file):\(row.line)")
            #expect(t.text == row.text, "\(c.file):\(row.line)")
            #expect(t.reference == row.reference, "\(c.file):\(row.line)")
            #expect(t.type == row.type, "\(c.file):\(row.line)")
        }
    }

    @Test(arguments: files)
    func findsSeries(_ c: FormatCase) throws {
        let path = FixtureFolder.url("bank-formats/" + c.file).path
        let context = Self.context(c)
        let table = try TransactionTable(path: path, name: c.file, context: context)
        var found: [String] = []
        let report = try BankImporter(options: ImportOptions(kind: .bank, context: context)).run(table: table, name: c.file) { draft in
            let price = draft.price.value.map { NSDecimalNumber(decimal: $0.amount).stringValue } ?? ""
            found.append("\(draft.name.value ?? "") \(price)")
        }
        let expected = c.series.map { s in
            let cut = s.lastIndex(of: " ") ?? s.endIndex
            return String(s[..<cut]) + " " + (Decimal(string: String(s[cut...].dropFirst())).map { NSDecimalNumber(decimal: $0).stringValue } ?? "")
        }
        #expect(found.sorted() == expected.sorted())
        // Every transaction is in a series or a skip.
        #expect(report.rows == c.count)
    }

    static let broken: [BrokenCase] = [
        .init(file: "ofx-truncated.ofx", line: 58, says: "<STMTTRN> opened on line 58 is not closed"),
        .init(file: "camt-mismatched-tag.xml", line: 12, column: 30, says: "a closing tag does not match"),
        .init(file: "camt-cut-off.xml", line: 38, says: "the file ends inside <Refs>"),
        .init(file: "camt-no-statement.xml", line: 1, says: "no BkToCstmrStmt"),
        .init(file: "mt940-bad-statement-line.sta", line: 7, column: 5, says: "is not a statement line (expected :61: then the value date"),
        .init(file: "qif-investment.qif", line: 1, says: "an investment account (!Type:Invst)"),
        .init(file: "qif-no-type.qif", line: 2, column: 1, says: "a QIF record before any !Type header"),
    ]

    @Test(arguments: broken)
    func brokenFileIsALocatedError(_ c: BrokenCase) {
        let path = FixtureFolder.url("bank-formats/broken/" + c.file).path
        do {
            _ = try TransactionTable(path: path, name: c.file, context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
            Issue.record("\(c.file) was read without an error")
        } catch {
            #expect(error.file == c.file)
            #expect(error.line == c.line, "\(error.message)")
            #expect(error.column == c.column, "\(error.message)")
            #expect(error.message.contains(c.says), "\(error.message)")
        }
    }

    /// What the first bytes say: a format, or nil for a table (and for look-alikes).
    static let sniffCases: [(String, StatementFormat?)] = [
        ("OFXHEADER:100\r\nDATA:OFXSGML\r\n", .ofx),
        ("\u{FEFF}<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"220\"?>\n<OFX>", .ofx),
        ("  <OFX>\n<SIGNONMSGSRSV1>", .ofx),
        ("<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">", .camt),
        ("<Document><BkToCstmrAcctRpt>", .camt),
        ("!Type:Bank\nD12/ 5'26\n", .qif),
        ("!Account\nNChecking\n", .qif),
        ("{1:F01BARCGB22AXXX0000000000}{2:O940}{4:\n:20:STMT\n:25:1\n:60F:C260701GBP1,00\n", .mt940),
        (":20:STARTUMSE\r\n:25:74061813/0100033626\r\n:28C:00009/001\r\n:60F:C260630EUR2345,67\r\n", .mt940),
        (":20: is how the note starts\nno statement here\n", nil),
        ("Date,Description,Amount\n2026-01-05,NETFLIX,-15.49\n", nil),
        ("<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03\">", nil),
        ("<html><body>OFX</body></html>", nil),
    ]

    @Test func sniffsFormatFromContent() {
        for (text, format) in Self.sniffCases {
            #expect(StatementFormat.sniff(Array(text.utf8)) == format, "\(text.prefix(30))")
        }
    }

    /// QIF dates in their written forms → the table's numbers in the file's order.
    static let qifDates: [(String, String?)] = [
        ("12/ 5'26", "12/05/2026"), (" 6/15'26", "06/15/2026"), ("1/2/98", "01/02/1998"), ("1/2/05", "01/02/2005"),
        ("12/5/2026", "12/05/2026"), ("05.12.2026", "05.12.2026"), ("5.12.26", "05.12.2026"), ("2026-12-05", "2026-12-05"),
        ("12-5-26", "12/05/2026"), ("Dec 5 2026", nil), ("", nil),
    ]

    @Test func readsQIFDates() {
        for (raw, expected) in Self.qifDates {
            #expect(QIFReader.date(raw) == expected, "\(raw)")
        }
    }

    /// Structured descriptor text → counterparty, remittance, booking text, mandate, creditor id.
    static let descriptorCases: [(String, DescriptorFields)] = [
        ("105?00FOLGELASTSCHRIFT?109248?20EREF+E2E1MREF+M-42CRED+DE98?21ZZZ09999999999SVWZ+Netflix A?22bo?32Netflix International?33 B.V.",
         fields(name: "Netflix International B.V.", remittance: "Netflix Abo", booking: "FOLGELASTSCHRIFT", e2e: "E2E1", mandate: "M-42", creditor: "DE98ZZZ09999999999")),
        ("/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL12ZZZ123/NAME/Spotify AB/MARF/998877/REMI/Spotify Premium/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/EREF/NOTPROVIDED",
         fields(name: "Spotify AB", remittance: "Spotify Premium", booking: "SEPA Incasso algemeen doorlopend", e2e: "NOTPROVIDED", mandate: "998877", creditor: "NL12ZZZ123")),
        ("EREF+SPOT100 MREF+SP-778899 CRED+SE12ZZZ556703748501 SVWZ+Spotify Premium",
         fields(remittance: "Spotify Premium", e2e: "SPOT100", mandate: "SP-778899", creditor: "SE12ZZZ556703748501")),
        ("SVWZ+Miete Juli ABWA+Hausverwaltung Schmidt", fields(name: "Hausverwaltung Schmidt", remittance: "Miete Juli")),
        ("PUREGYM LTD LEEDS DIRECT DEBIT", fields(remittance: "PUREGYM LTD LEEDS DIRECT DEBIT")),
        // Words that only look like keywords are text: no plus sign after them.
        ("CREDIT CARD PAYMENT SVWZ", fields(remittance: "CREDIT CARD PAYMENT SVWZ")),
    ]

    static func fields(name: String = "", remittance: String = "", booking: String = "", e2e: String = "", mandate: String = "",
                       creditor: String = "") -> DescriptorFields {
        var f = DescriptorFields()
        f.name = name
        f.remittance = remittance
        f.bookingText = booking
        f.endToEnd = e2e
        f.mandate = mandate
        f.creditorId = creditor
        return f
    }

    @Test func readsDescriptorFields() {
        for (text, expected) in Self.descriptorCases {
            #expect(DescriptorFields(text) == expected, "\(text.prefix(40))")
        }
    }

    /// Which descriptors are read as structured: the byte scan finds what the fields reader reads.
    @Test(arguments: [
        ("EREF+SPOT100 MREF+SP-778899", true), ("?20EREF+NOTPROVIDEDMREF+X", true), ("Miete SVWZ+Juli", true),
        ("105?00FOLGELASTSCHRIFT?20X", true), ("/TRTP/SEPA/NAME/Spotify AB/REMI/x", true),
        ("+SVWZ", false), ("SVWZ +Juli", false), ("svwz+juli", false), ("NETFLIX.COM 12/30 #45195 LOS GATOS CA", false),
        ("ORIG CO NAME:HULU ORIG ID:0000123 DESC DATE:261130", false), ("C++ COURSE", false), ("", false),
    ])
    func structuredDescriptors(_ text: String, _ structured: Bool) {
        #expect(DescriptorFields.isStructured(text) == structured)
    }

    /// Without `--from`, the probe that picks readers takes each format as a bank statement,
    /// whatever the file's name.
    @Test func detectedAsStatementWithoutFrom() throws {
        for file in ["ofx1-checking.ofx", "chase-card.qfx", "quicken-us.qif", "camt053-sparkasse.xml", "mt940-barclays.940"] {
            let source = FixtureFolder.url("bank-formats/" + file)
            let renamed = FileManager.default.temporaryDirectory.appendingPathComponent("statement-\(UUID().uuidString).txt")
            try FileManager.default.copyItem(at: source, to: renamed)
            defer { try? FileManager.default.removeItem(at: renamed) }
            #expect(ImportOptions(context: NormalizeContext(today: CalendarDate(dayNumber: 0))).inputKind(of: renamed.path) == .bankStatement, "\(file)")
        }
    }
}

/// OFX's FITID is unique within an account: the same id again in the same account is the
/// same transaction (overlapping downloads joined), marked a duplicate of the first; in
/// another account, or without an id, it is a transaction of its own.
@Suite struct OFXDuplicateTests {
    static func statement(_ accounts: [(String, [(String, String)])]) -> String {
        var text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n"
        for (account, transactions) in accounts {
            text += "<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<ACCTID>\(account)\n</BANKACCTFROM>\n<BANKTRANLIST>\n"
            for (fitid, date) in transactions {
                text += "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>\(date)\n<TRNAMT>-15.49\n"
                if !fitid.isEmpty { text += "<FITID>\(fitid)\n" }
                text += "<NAME>NETFLIX.COM\n</STMTTRN>\n"
            }
            text += "</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n"
        }
        return text + "</BANKMSGSRSV1>\n</OFX>\n"
    }

    static let cases: [(String, [(String, [(String, String)])], [String])] = [
        ("one account, overlapping", [("111", [("A1", "20261005"), ("A2", "20261105")]), ("111", [("A2", "20261105"), ("A3", "20261205")])],
         ["", "", "duplicate of line 21 (FITID A2)", ""]),
        ("two accounts, same ids", [("111", [("A1", "20261005")]), ("222", [("A1", "20261005")])], ["", ""]),
        ("no ids", [("111", [("", "20261005"), ("", "20261005")])], ["", ""]),
    ]

    @Test(arguments: cases)
    func marksTheSecondOfAnId(_ c: (String, [(String, [(String, String)])], [String])) throws {
        let entries = try OFXReader(file: "s.ofx").read(Self.statement(c.1)).entries
        #expect(entries.map(\.status) == c.2, "\(c.0)")
    }
}
