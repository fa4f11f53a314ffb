import Foundation
import Testing
@testable import Ingest

/// A statement without a currency column takes its currency from its layout, its amount's
/// header, `--currency`, or the language of its header with the way it writes numbers and
/// dates (CLDR's locales); when none decides, the import says so with the header's place.
@Suite struct StatementCurrencyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let header: String
        let rows: [String]
        var given: String? = nil
        let currency: String?
        let reason: String
        var testDescription: String { name }
    }

    static func monthly(_ format: (Int) -> String) -> [String] { (9...11).map(format) }

    static let cases: [Case] = [
        .init(name: "amount header", header: "Date,Description,Amount (GBP)",
              rows: monthly { "15/\(String(format: "%02d", $0))/2026,NETFLIX,-10.99" }, currency: "GBP", reason: "from the amount's header"),
        .init(name: "German header, decimal comma", header: "Buchungstag;Verwendungszweck;Betrag",
              rows: monthly { "15.\(String(format: "%02d", $0)).2026;NETFLIX;-17,99" }, currency: "EUR", reason: "from the German header, decimal comma"),
        .init(name: "German header, days that fit both orders", header: "Buchungstag;Verwendungszweck;Betrag",
              rows: monthly { "05.\(String(format: "%02d", $0)).2026;NETFLIX;-17,99" }, currency: "EUR", reason: "from the German header"),
        .init(name: "Swiss German: decimal point", header: "Buchungsdatum;Buchungstext;Betrag",
              rows: monthly { "15.\(String(format: "%02d", $0)).2026;NETFLIX;-17.90" }, currency: "CHF", reason: "from the German header, decimal point"),
        .init(name: "Norwegian, debit and credit columns", header: "Dato;Forklaring;Rentedato;Uttak fra konto;Innskudd på konto",
              rows: monthly { "15.\(String(format: "%02d", $0)).2026;Netflix;15.\(String(format: "%02d", $0)).2026;129,00;" }, currency: "NOK", reason: "from the Norwegian Bokmål header"),
        .init(name: "Dutch", header: "Datum,Naam / Omschrijving,Rekening,Tegenrekening,Code,Af Bij,Bedrag,Mededelingen",
              rows: monthly { "2026\(String(format: "%02d", $0))15,Netflix,NL01,NL02,IC,Af,\"10,99\",Abonnement" }, currency: "EUR", reason: "from the Dutch header"),
        .init(name: "Italian", header: "Data contabile;Data valuta;Causale;Importo",
              rows: monthly { "15/\(String(format: "%02d", $0))/2026;15/\(String(format: "%02d", $0))/2026;NETFLIX;-12,99" }, currency: "EUR", reason: "from the Italian header"),
        .init(name: "English, month first", header: "Transaction Date,Description,Amount",
              rows: monthly { "\(String(format: "%02d", $0))/15/2026,NETFLIX,-15.49" }, currency: "USD", reason: "from the English header, decimal point, dates MDY"),
        .init(name: "--currency before the header's language", header: "Buchungstag;Verwendungszweck;Betrag",
              rows: monthly { "15.\(String(format: "%02d", $0)).2026;NETFLIX;-17,99" }, given: "CHF", currency: "CHF", reason: "as given"),
        .init(name: "English, day first: undecided", header: "Transaction Date,Description,Amount",
              rows: monthly { "15/\(String(format: "%02d", $0))/2026,NETFLIX,-10.99" }, currency: nil, reason: ""),
        // This header was once taken for one US card layout, dates month first and dollars
        // whatever the file said: a UK statement's days after the 12th were unusable.
        .init(name: "plain Date,Description,Amount with pounds and days first", header: "Date,Description,Amount",
              rows: monthly { "25/\(String(format: "%02d", $0))/2026,NETFLIX,£-10.99" }, currency: "GBP", reason: "written with the amounts"),
        .init(name: "no header: undecided", header: "",
              rows: monthly { "15/\(String(format: "%02d", $0))/2026,NETFLIX,-10.99" }, currency: nil, reason: ""),
    ]

    @Test(arguments: cases)
    func currencyOfTheStatement(_ c: Case) throws {
        let text = ([c.header].filter { !$0.isEmpty } + c.rows).joined(separator: "\n") + "\n"
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!, currency: c.given.flatMap(Currency.init))
        let table = try TransactionTable(data: Data(text.utf8), name: "s.csv", context: context)
        var drafts: [ImportDraft] = []
        let report = try BankImporter(options: ImportOptions(kind: .bank, context: context)).run(table: table, name: "s.csv") { drafts.append($0) }
        #expect(drafts.count == 1, "\(report.warnings.map(\.message))")
        #expect(drafts.first?.price.value?.currency?.code == c.currency)
        #expect(c.reason.isEmpty ? table.currencyReason.isEmpty : table.currencyReason.contains(c.reason), "\(table.currencyReason)")
        let missing = report.warnings.filter { $0.code == "currency.missing" }
        if c.currency == nil {
            let message = try #require(missing.first?.message)
            #expect(message.hasPrefix(c.header.isEmpty ? "no header row, column 3" : "line 1, column 3 \"Amount\""))
            #expect(missing.first?.remedy == .chooseCurrency)
        } else {
            #expect(missing.isEmpty)
            #expect(table.currencyReason.hasPrefix("currency \(c.currency ?? "")"))
        }
    }

    @Test(arguments: [(["Buchungstag", "Verwendungszweck", "Betrag"], "de"), (["Date", "Libellé", "Montant"], "fr"),
                      (["Date", "Description", "Amount"], "en"), (["交易时间", "交易对方", "金额(元)"], "zh"),
                      (["Kirjauspäivä", "Määrä", "Saaja/Maksaja"], "fi"), (["Datum", "Saldo"], nil)])
    func languageOfAHeader(_ header: [String], _ language: String?) {
        #expect(HeaderLanguage.language(of: header) == language)
    }
}
