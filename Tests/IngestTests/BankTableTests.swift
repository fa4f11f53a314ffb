import Foundation
import Testing
@testable import Ingest

/// Imports a statement text through the bank pipeline.
func importBank(_ text: String, today: String = "2026-11-30", encoding: String.Encoding = .utf8,
                locale: String? = nil) throws -> (drafts: [ImportDraft], report: ImportReport) {
    let context = NormalizeContext(today: CalendarDate(iso: today) ?? CalendarDate(dayNumber: 0), locale: locale)
    let data = text.data(using: encoding) ?? Data()
    let table = try TransactionTable(data: data, name: "s.csv", context: context)
    var drafts: [ImportDraft] = []
    let report = try BankImporter(options: ImportOptions(kind: .bank, context: context)).run(table: table, name: "s.csv") { drafts.append($0) }
    return (drafts, report)
}

func table(_ text: String, encoding: String.Encoding = .utf8) throws -> TransactionTable {
    try TransactionTable(data: text.data(using: encoding) ?? Data(), name: "s.csv",
                         context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!))
}

func transactions(_ t: TransactionTable) -> [Transaction] {
    var out: [Transaction] = []
    while let item = t.next() { if case .transaction(let x) = item { out.append(x) } }
    return out
}

@Suite struct BankTableTests {
    /// Statement → amounts of its rows as read (positive = money out), in ten-thousandths / 100.
    static let signCases: [(String, String, [Int64])] = [
        ("signed", "Date,Description,Amount,Balance\n01/05/2026,NETFLIX,-15.49,100.00\n01/06/2026,SALARY,2000.00,2100.00\n", [1549, -200000]),
        ("card, charges positive", "Date,Description,Amount\n" + String(repeating: "01/05/2026,SHOP,12.00\n", count: 6) + "01/07/2026,PAYMENT THANK YOU,-100.00\n",
         [1200, 1200, 1200, 1200, 1200, 1200, -10000]),
        ("debit and credit columns", "Date;Libellé;Débit euros;Crédit euros\n05/01/2026;CB SPOTIFY;10,99;\n06/01/2026;VIR SALAIRE;;2 480,00\n", [1099, -248000]),
        ("Af/Bij", "\"Datum\",\"Naam / Omschrijving\",\"Rekening\",\"Tegenrekening\",\"Code\",\"Af Bij\",\"Bedrag (EUR)\",\"Mutatiesoort\",\"Mededelingen\"\n\"20260105\",\"Spotify AB\",\"NL1\",\"NL2\",\"IC\",\"Af\",\"10,99\",\"Incasso\",\"x\"\n\"20260106\",\"ACME\",\"NL1\",\"NL2\",\"OV\",\"Bij\",\"100,00\",\"Overschrijving\",\"x\"\n", [1099, -10000]),
        ("Soll/Haben indicator", "Buchungstag;Empfänger;Betrag;Soll/Haben\n05.01.2026;Netflix;13,99;S\n06.01.2026;Gehalt;3.150,00;H\n", [1399, -315000]),
        ("trailing minus", "Buchungstag;Empfänger;Betrag\n05.01.2026;Netflix;13,99-\n06.01.2026;Netflix;13,99-\n", [1399, 1399]),
    ]

    @Test(arguments: signCases)
    func signConventions(_ c: (String, String, [Int64])) throws {
        let read = transactions(try table(c.1))
        #expect(read.map { $0.amount / 100 } == c.2, "\(c.0)")
    }

    @Test func layoutIsRecognisedFromItsHeader() throws {
        let t = try table("Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\nDEBIT,11/02/2026,NETFLIX.COM,-15.49,DEBIT_CARD,100.00,\n")
        #expect(t.layout == "Chase checking")
        #expect(transactions(t).first?.date == CalendarDate(year: 2026, month: 11, day: 2))
    }

    @Test func preambleAndSummaryLinesAreSkipped() throws {
        let text = "\"Girokonto\";\"DE02\"\n\"\"\n\"Kontostand vom 30.11.2026:\";\"2.345,67 €\"\n\nBuchungsdatum;Empfänger;Verwendungszweck;Betrag\n05.01.26;Netflix;Abo;-13,99\nSumme;;;-13,99\n"
        let t = try table(text)
        var skips: [Skip.Reason] = []
        var count = 0
        while let item = t.next() {
            switch item {
            case .skip(let s): skips.append(s.reason)
            case .transaction: count += 1
            }
        }
        #expect(count == 1)
        #expect(skips.filter { $0 == .preamble }.count == 2)
        #expect(skips.filter { $0 == .blank }.count == 2)
        #expect(skips.contains(.totals))
    }

    @Test func windows1252AndDecimalComma() throws {
        let t = try table("Dato;Tekst;Beløb;Saldo;Status;Afstemt\n03.01.2026;Fitness World BS;-299,00;1.000,00;Udført;Nej\n", encoding: .windowsCP1252)
        #expect(t.encoding == .windows1252)
        let x = transactions(t)
        #expect(x.first?.text == "Fitness World BS")
        #expect(x.first?.amount == 2_990_000)
    }

    @Test func exportWithoutHeaderRow() throws {
        let t = try table("\"11/02/2026\",\"-15.49\",\"*\",\"\",\"PURCHASE AUTHORIZED ON 11/01 NETFLIX.COM CA S385 CARD 1234\"\n\"11/03/2026\",\"-4.50\",\"*\",\"\",\"SQ *COFFEE\"\n")
        #expect(t.layout == "Wells Fargo (no header)")
        #expect(transactions(t).count == 2)
    }

    @Test func gbkWithPreambleAndIncomeExpenseColumn() throws {
        let t = try TransactionTable(data: try FixtureFolder.data("bank/alipay.csv"), name: "alipay.csv",
                                     context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect(t.layout == "Alipay")
        #expect(t.encoding == .gb18030)
        var preamble = 0, neutral = 0
        var first: Transaction?
        while let item = t.next() {
            switch item {
            case .skip(let s) where s.reason == .preamble: preamble += 1
            case .skip(let s) where s.reason == .transfer: neutral += 1
            case .transaction(let x) where first == nil: first = x
            default: break
            }
        }
        #expect(preamble == 4)
        #expect(neutral > 0)
        #expect(first?.payee.isEmpty == false)
    }

    @Test func autoDetectionIsConservative() {
        #expect(TransactionColumns.looksLikeTransactions(header: ["Date", "Description", "Amount"]))
        #expect(TransactionColumns.looksLikeTransactions(header: ["Buchungstag", "Auftraggeber/Empfänger", "Verwendungszweck", "Betrag"]))
        #expect(!TransactionColumns.looksLikeTransactions(header: ["Date", "Description", "Amount", "Billing cycle"]))
        #expect(!TransactionColumns.looksLikeTransactions(header: ["Name", "Price", "Cycle", "Next renewal"]))
        #expect(!TransactionColumns.looksLikeTransactions(header: ["Service", "Amount", "Next payment date"]))
    }

    /// Headers of exports with no bundled layout, and subscription lists that share their
    /// Status and Category columns: (header, is a statement).
    static let autoDetected: [([String], Bool)] = [
        (["Transaction Date", "Posted Date", "Card No.", "Description", "Category", "Debit", "Credit"], true),
        (["Status", "Date", "Description", "Debit", "Credit"], true),
        (["Date", "Counter Party", "Reference", "Type", "Amount (GBP)", "Balance (GBP)", "Spending Category", "Notes"], true),
        (["Radnr", "Clnr", "Kontonr", "Produkt", "Valuta", "Bokfdag", "Transdag", "Valutadag", "Referens", "Beskrivning", "Belopp", "Bokfört saldo"], true),
        (["Kirjauspäivä", "Arvopäivä", "Määrä EUROA", "Laji", "Selitys", "Saaja/Maksaja", "Saajan tilinumero", "Viite", "Viesti"], true),
        (["Dato", "Forklaring", "Rentedato", "Ut fra konto", "Inn på konto"], true),
        (["Data contabile", "Data valuta", "Causale", "Descrizione", "Uscite", "Entrate"], true),
        (["Name", "Amount", "Date", "Category", "Status"], false),
        (["Description", "Amount", "Start date", "Status"], false),
        (["Payee", "Amount", "Date", "Spending category"], false),
    ]

    @Test(arguments: autoDetected)
    func sharedWordsNeedAStatementRole(_ header: [String], _ statement: Bool) {
        #expect(TransactionColumns.looksLikeTransactions(header: header) == statement)
    }

    /// A header with Category and no statement-only column (Mint) is settled by its rows: a
    /// payee charged again and again is a statement, names listed once are subscriptions.
    @Test func repeatedPayeesMakeAStatement() {
        let header = ["Date", "Description", "Original Description", "Amount", "Transaction Type", "Category", "Account Name"]
        let payees = ["Netflix", "Spotify", "Starbucks", "Netflix", "Target", "Spotify", "Netflix", "Uber", "Shell", "Spotify"]
        let statement = payees.enumerated().map { i, p in ["11/\(i + 1)/2026", p, p.uppercased(), "9.99", "debit", "Entertainment", "Card"] }
        #expect(!TransactionColumns.looksLikeTransactions(header: header))
        #expect(TransactionColumns.looksLikeTransactions(header: header, rows: statement))
        let list = ["Netflix", "Spotify", "Disney+", "Hulu", "iCloud", "Dropbox", "Notion", "Gym", "Audible", "Max"]
            .map { ["12/05/2026", $0, $0, "9.99", "debit", "Streaming", "Card"] }
        #expect(!TransactionColumns.looksLikeTransactions(header: header, rows: list))
    }

    /// A type column of debit/credit words gives the sign of unsigned amounts (Mint).
    @Test(arguments: [(["debit", "credit", "debit", "debit", "Debit", "credit", "debit", "debit"], true),
                      (["debit", "debit", "debit", "debit", "debit", "debit", "debit", "debit"], false),
                      (["debit", "credit", "card", "debit", "debit", "credit", "debit", "debit"], false),
                      (["DR", "CR", "DR", "DR", "DR", "CR", "DR", "DR", ""], true),
                      (["debit", "credit"], false)])
    func typeColumnSaysDebitOrCredit(_ values: [String], _ says: Bool) {
        #expect(TransactionTable.saysDebitOrCredit(values) == says)
    }

    @Test func mintTypeColumnSignsTheAmounts() throws {
        var csv = "Date,Description,Original Description,Amount,Transaction Type,Category,Account Name\n"
        for month in 1...9 {
            csv += "0\(month)/05/2026,Netflix,NETFLIX.COM,15.49,debit,Entertainment,Card\n"
            csv += "0\(month)/15/2026,Acme Payroll,ACME CORP PAYROLL,3200.00,credit,Income,Checking\n"
        }
        let table = try TransactionTable(data: Data(csv.utf8), name: "mint.csv", context: NormalizeContext(today: CalendarDate(iso: "2026-11-30")!))
        var charges = 0, credits = 0
        while let item = table.next() {
            if case .transaction(let t) = item { if t.amount > 0 { charges += 1 } else { credits += 1 } }
        }
        #expect(charges == 9 && credits == 9)
    }

    /// Commerzbank's only text column is Buchungstext: it is the description there; beside a
    /// Verwendungszweck (Sparkasse) it stays the type. Boursorama's camel-cased header maps.
    @Test func bookingTextIsTheDescriptionWhenNothingElseIs() {
        let commerzbank = TransactionColumns.detect(header: ["Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung", "IBAN Kontoinhaber", "Kategorie"])
        #expect(commerzbank[.description] == 3 && commerzbank[.type] == 2 && commerzbank[.amount] == 4 && commerzbank[.date] == 0)
        let bookingTextOnly = TransactionColumns.detect(header: ["Buchungstag", "Wertstellung", "Buchungstext", "Betrag"])
        #expect(bookingTextOnly[.description] == 2 && bookingTextOnly[.type] == nil)
        #expect(TransactionColumns.isTransactionHeader(commerzbank))
        let sparkasse = TransactionColumns.detect(header: ["Buchungstag", "Buchungstext", "Verwendungszweck", "Betrag"])
        #expect(sparkasse[.type] == 1 && sparkasse[.reference] == 2)
        let boursorama = TransactionColumns.detect(header: ["dateOp", "dateVal", "label", "category", "categoryParent", "amount", "comment", "accountNum", "accountLabel", "accountbalance"])
        #expect(boursorama[.date] == 0 && boursorama[.valueDate] == 1 && boursorama[.description] == 2 && boursorama[.amount] == 5 && boursorama[.balance] == 9)
    }

    /// Without a header, a second date column is not the amount.
    @Test func aValueDateIsNoAmountWithoutAHeader() {
        let rows = (1...12).map { ["\($0 + 10).11.2026", "\($0 + 12).11.2026", "NETFLIX.COM", "-15,49"] }
        let roles = TransactionColumns.detect(values: rows)
        #expect(roles[.date] == 0 && roles[.amount] == 3 && roles[.description] == 2)
    }

    /// "Valuta" beside a value-date column is the currency; alone it is the value date.
    @Test func valutaIsTheCurrencyBesideAValueDate() {
        let swedbank = TransactionColumns.detect(header: ["Radnr", "Valuta", "Bokfdag", "Transdag", "Valutadag", "Beskrivning", "Belopp"])
        #expect(swedbank[.currency] == 1 && swedbank[.valueDate] == 4)
        let german = TransactionColumns.detect(header: ["Buchungstag", "Valuta", "Text", "Betrag"])
        #expect(german[.valueDate] == 1 && german[.currency] == nil)
    }

    @Test(arguments: [("Amount (EUR)", "EUR"), ("Betrag (€)", "EUR"), ("金额（元）", "CNY"), ("Määrä EUROA", "EUR"),
                      ("Amount (GBP)", "GBP"), ("Bedrag (EUR)", "EUR"), ("Amount", nil), ("Amount in", nil), ("Belopp", nil),
                      ("Betrag TL", nil), ("Column 3", nil), ("Debit USD", "USD")] as [(String, String?)])
    func currencyInAnAmountHeader(_ header: String, _ code: String?) {
        #expect(TransactionColumns.currency(inHeader: header)?.code == code)
    }

    /// A sign or code with one meaning, written in every amount cell that has one, is the
    /// statement's currency; `¥` (yen or yuan) and two different ones are not.
    @Test(arguments: [(["£12.34", "", "£1,200.00"], "GBP"), (["-43,00 PLN", "1 234,56 PLN"], "PLN"), (["-12,50 €"], "EUR"),
                      (["¥25.00", "¥3.00"], nil), (["€3.00", "£4.00"], nil), (["12.34", "-5.00"], nil), ([], nil)] as [([String], String?)])
    func currencyWrittenWithTheAmounts(_ cells: [String], _ code: String?) {
        #expect(TransactionTable.currencyWritten(in: cells)?.code == code)
    }

    /// Nationwide's export: English words and day-first dates leave the currency open, the pound
    /// signs in the amounts settle it (the English header alone would guess the dollar).
    @Test func poundSignsInTheAmountsAreTheCurrency() throws {
        var csv = "\"Date\",\"Transaction type\",\"Description\",\"Paid out\",\"Paid in\",\"Balance\"\n"
        for month in ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep"] {
            csv += "\"04 \(month) 2026\",\"Visa purchase\",\"NETFLIX.COM\",\"£10.99\",\"\",\"£1,234.56\"\n"
        }
        let table = try TransactionTable(data: Data(csv.utf8), name: "nationwide.csv", context: NormalizeContext(today: CalendarDate(iso: "2026-11-30")!))
        var currencies: [String?] = []
        while let item = table.next() {
            if case .transaction(let t) = item { currencies.append(t.currency?.code) }
        }
        #expect(currencies.count == 9 && currencies.allSatisfy { $0 == "GBP" })
    }

    /// Headers of exports added with their words: ING Germany's bare `Buchung`, PostFinance's
    /// `Avisierungstext` and debits as `Lastschrift in CHF`, mBank's Polish `#Kwota`.
    @Test func headerWordsOfIngGermanyPostFinanceAndMBank() {
        let ing = TransactionColumns.detect(header: ["Buchung", "Valuta", "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Saldo", "Währung", "Betrag", "Währung"])
        #expect(ing[.date] == 0 && ing[.valueDate] == 1 && ing[.payee] == 2 && ing[.reference] == 4 && ing[.amount] == 7 && ing[.balance] == 5)
        let postfinance = TransactionColumns.detect(header: ["Datum", "Bewegungstyp", "Avisierungstext", "Gutschrift in CHF", "Lastschrift in CHF", "Label", "Kategorie"])
        #expect(postfinance[.date] == 0 && postfinance[.description] == 2 && postfinance[.credit] == 3 && postfinance[.debit] == 4)
        let mbank = TransactionColumns.detect(header: ["#Data operacji", "#Opis operacji", "#Rachunek", "#Kategoria", "#Kwota", "#Saldo po operacji", ""])
        #expect(mbank[.date] == 0 && mbank[.description] == 1 && mbank[.account] == 2 && mbank[.amount] == 4 && mbank[.balance] == 5)
        #expect(HeaderLanguage.language(of: ["#Data operacji", "#Opis operacji", "#Rachunek", "#Kategoria", "#Kwota"]) == "pl")
    }
}

@Suite struct BankImporterTests {
    static let statement = """
        Date,Description,Amount,Balance
        11/05/2025,NETFLIX.COM 866-579-7172 CA,-15.49,0
        12/05/2025,NETFLIX.COM 866-579-7172 CA,-15.49,0
        01/05/2026,Netflix.com Los Gatos CA,-15.49,0
        02/05/2026,NETFLIX.COM 866-579-7172 CA,-17.99,0
        02/06/2026,NETFLIX.COM 866-579-7172 CA,-17.99,0
        02/09/2026,NETFLIX.COM 866-579-7172 CA,17.99,0
        03/05/2026,NETFLIX.COM 866-579-7172 CA,-17.99,0
        01/15/2026,ADOBE *CREATIVE CLOUD,-59.99,0
        02/15/2026,ADOBE *CREATIVE CLOUD,-59.99,0
        03/15/2026,ADOBE *CREATIVE CLOUD,-59.99,0
        01/01/2026,RENT PAYMENT ACME PROPERTY MGMT,-1850.00,0
        02/01/2026,RENT PAYMENT ACME PROPERTY MGMT,-1850.00,0
        03/01/2026,RENT PAYMENT ACME PROPERTY MGMT,-1850.00,0
        01/14/2026,ACME CORP PAYROLL,3120.55,0
        01/20/2026,ONLINE TRANSFER TO SAV XXXXXX1234,-200.00,0
        01/21/2026,WHOLEFDS MKT 10234,-54.23,0
        """

    @Test func everyRowEndsInADraftOrASkip() throws {
        let (drafts, report) = try importBank(Self.statement, today: "2026-03-20")
        let inDrafts = drafts.reduce(0) { $0 + $1.provenance.count }
        #expect(inDrafts + report.skips.count == report.rows)
        #expect(report.rows == 16)
    }

    @Test func draftCarriesLatestPriceHistoryAndNextRenewal() throws {
        let (drafts, _) = try importBank(Self.statement, today: "2026-03-20")
        let netflix = try #require(drafts.first { $0.name.value == "Netflix" })
        #expect(netflix.price.value?.amountText == "17.99")
        #expect(netflix.cycle.value == .monthly)
        #expect(netflix.nextRenewal.value == CalendarDate(year: 2026, month: 4, day: 5))
        #expect(netflix.priceHistory.map { $0.price.amountText } == ["15.49", "17.99"])
        #expect(netflix.provenance.count == 5)
        #expect(netflix.category.value == .streaming)
    }

    @Test func reasonsForSkippedRows() throws {
        let (_, report) = try importBank(Self.statement, today: "2026-03-20")
        let reasons = Dictionary(grouping: report.skips, by: \.reason).mapValues(\.count)
        #expect(reasons[.refund] == 2)
        #expect(reasons[.notSubscription] == 3)
        #expect(reasons[.income] == 1)
        #expect(reasons[.transfer] == 1)
        #expect(reasons[.oneOff] == 1)
    }

    @Test func stoppedSeriesIsAnInactiveDraft() throws {
        let (drafts, _) = try importBank(Self.statement, today: "2026-11-30")
        let adobe = try #require(drafts.first { $0.name.value?.hasPrefix("Adobe") == true })
        #expect(adobe.status == .inactive)
        #expect(adobe.statusReason?.contains("2026-03-15") == true)
    }

    @Test func pendingRowsAreSkipped() throws {
        let text = "Buchungstag;Status;Empfänger;Betrag\n05.01.26;Gebucht;Netflix;-13,99\n05.02.26;Vorgemerkt;Netflix;-13,99\n"
        let (_, report) = try importBank(text)
        #expect(report.skips.contains { $0.reason == .pending })
    }

    @Test func summaryLineCountsByReason() throws {
        let (_, report) = try importBank(Self.statement, today: "2026-03-20")
        #expect(report.line == "16 rows → 2 drafts, 8 skipped (1 income, 3 not a subscription, 1 one-off, 2 refund, 1 transfer)")
    }
}

/// Runs of digits past `Int64` (IBANs, reference numbers) once trapped while a statement was
/// sniffed, on every CSV import; they are now "not an amount" and "not a date".
@Suite struct BankDigitLimitTests {
    static let forty = "1234567890123456789012345678901234567890"

    @Test(arguments: [forty, "-" + forty, "12345678901234.00", "99999999999999999999,99", "1" + String(repeating: "0", count: 13) + ".5"])
    func longAmountsAreNoAmounts(_ text: String) {
        #expect(FastAmount.read(Array(text.utf8)[...], mark: nil) == nil)
        #expect(FastAmount.read(Array(text.utf8)[...], mark: .comma) == nil)
    }

    @Test func amountsBelowTheLimitAreExact() {
        #expect(FastAmount.read(Array("-9999999999999.9999".utf8)[...], mark: .point) == -99_999_999_999_999_999)
        #expect(FastAmount.read(Array("15,49".utf8)[...], mark: nil) == 154_900)
        #expect(FastAmount.read(Array("0.123456789".utf8)[...], mark: .point) == 1234)
    }

    @Test(arguments: [forty, "\(forty)-01-01", "01/01/\(forty)", "\(forty) Nov 2026", "2026-11-\(forty)", "99999999-01-01"])
    func longDatePartsAreNoDates(_ text: String) {
        let bytes = Array(text.utf8)[...]
        _ = FastDate.parts(bytes)
        for order in [DateOrder.dayMonthYear, .monthDayYear, .yearMonthDay, nil] {
            #expect(FastDate.date(bytes, order: order) == nil)
        }
    }

    /// A statement with a reference column of 40 digits, and such digits in the date and amount
    /// of two rows: the series is found, the two rows are skipped as unusable.
    @Test func statementWithReferenceNumbersImports() throws {
        let text = try String(contentsOf: FixtureFolder.url("hostile/bank-reference-numbers.csv"), encoding: .utf8)
        let (drafts, report) = try importBank(text, today: "2026-07-01")
        #expect(drafts.map { $0.name.value } == ["Netflix"])
        #expect(report.skips.count == 2)
    }

    /// The same column in a subscriptions table, read with and without `--from bank`.
    @Test(arguments: [SourceKind?.none, .csv, .bank])
    func tableWithReferenceNumbersImports(_ kind: SourceKind?) throws {
        let path = FixtureFolder.url("hostile/reference-numbers.csv").path
        let options = ImportOptions(kind: kind, context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!))
        var drafts: [ImportDraft] = []
        do {
            _ = try Importer(options: options).run(path: path, name: "reference-numbers.csv") { drafts.append($0) }
        } catch {
            // As a bank statement the table has no amount column: a clear error, never a trap.
            #expect(kind == .bank, "\(error)")
            return
        }
        #expect(drafts.compactMap(\.name.value) == ["Netflix", "Spotify", "Dropbox"])
        let preview = PreviewTable(drafts: drafts, policy: .all).table(width: 100, color: false)
        #expect(preview.contains("Dropbox"))
    }
}
