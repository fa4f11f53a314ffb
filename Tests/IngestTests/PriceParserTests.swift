import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// One price text and what it must read as; `amount` nil means "no price".
struct PriceCase: CustomTestStringConvertible, Sendable {
    var raw: String
    var amount: String?
    var currency: String?
    var locale: String?
    var context: String?
    var column: DecimalMark?
    var cycle: Cycle?
    var issue: String?
    var note: String?

    init(_ raw: String, _ amount: String?, _ currency: String? = nil, locale: String? = nil, context: String? = nil,
         column: DecimalMark? = nil, cycle: Cycle? = nil, issue: String? = nil, note: String? = nil) {
        self.raw = raw
        self.amount = amount
        self.currency = currency
        self.locale = locale
        self.context = context
        self.column = column
        self.cycle = cycle
        self.issue = issue
        self.note = note
    }

    var testDescription: String { "\(raw) [\(locale ?? "-")]" }

    func check() {
        let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
        let parser = PriceParser(context: NormalizeContext(today: today, locale: locale, currency: context.flatMap { Currency($0) }))
        guard let amount else {
            #expect(throws: NormalizeError.self) { try parser.parse(raw[...], decimalMark: column) }
            return
        }
        do {
            let parsed = try parser.parse(raw[...], decimalMark: column)
            #expect(parsed.price.writtenAmountText == amount)
            if let currency { #expect(parsed.price.currency?.code == currency) }
            if let cycle { #expect(parsed.cycle == cycle) }
            if let issue { #expect(parsed.issues.map(\.code.rawValue).contains(issue)) } else { #expect(parsed.issues.isEmpty) }
            if let note { #expect(parsed.notes.contains(note)) }
        } catch {
            Issue.record("\(raw): \(error.message)")
        }
    }
}

@Suite struct PriceParserTests {
    static let month = Cycle.monthly

    static let main: [PriceCase] = [
        // Symbols and codes before or after, with and without spaces of every kind.
        PriceCase("€9.99", "9.99", "EUR"), PriceCase("9,99 €", "9.99", "EUR"), PriceCase("9,99\u{00A0}€", "9.99", "EUR"),
        PriceCase("1\u{202F}299,00 €", "1299.00", "EUR"), PriceCase("1\u{2009}299.00 USD", "1299.00", "USD"),
        PriceCase("EUR 1.299,00", "1299.00", "EUR"), PriceCase("usd 15.49", "15.49", "USD"),
        PriceCase("$15.49 USD", "15.49", "USD"), PriceCase("US$4.99", "4.99", "USD"), PriceCase("US $15.49", "15.49", "USD"),
        PriceCase("C$12.99", "12.99", "CAD"), PriceCase("A$14.99", "14.99", "AUD"), PriceCase("R$ 39,90", "39.90", "BRL"),
        PriceCase("£1,099.00", "1099.00", "GBP"), PriceCase("3,500円", "3500", "JPY"), PriceCase("68元/月", "68.00", "CNY", cycle: month),
        PriceCase("人民币 30 元", "30.00", "CNY"), PriceCase("RMB 198/年", "198.00", "CNY", cycle: .yearly),
        PriceCase("₹199/month", "199.00", "INR", cycle: month), PriceCase("₩9,900/월", "9900", "KRW", cycle: month),
        PriceCase("월 9,900원", "9900", "KRW", cycle: month), PriceCase("299 ₽/мес", "299.00", "RUB", cycle: month),
        PriceCase("45,00 zł", "45.00", "PLN"), PriceCase("80 Kč", "80.00", "CZK"), PriceCase("2 990 Ft/hó", "2990.00", "HUF"),
        PriceCase("CHF 1'299.00", "1299.00", "CHF"), PriceCase("29,99 lei/lună", "29.99", "RON"), PriceCase("49,99 TL", "49.99", "TRY"),
        PriceCase("₪29.90", "29.90", "ILS"), PriceCase("99.000₫", "99000", "VND", locale: "vi_VN"), PriceCase("฿99", "99.00", "THB"),
        PriceCase("₱149", "149.00", "PHP"), PriceCase("RM 17.90", "17.90", "MYR"), PriceCase("Rp 54.000", "54000.00", "IDR", locale: "id_ID"),
        PriceCase("9.99 dollars", "9.99", "USD", issue: "currency.guessed"), PriceCase("12 euros", "12.00", "EUR"),
        PriceCase("990 руб.", "990.00", "RUB"), PriceCase("99 грн", "99.00", "UAH"), PriceCase("9,99 лв.", "9.99", "BGN"),
        // Separators: shape first, then the column, then the locale, then a noted guess.
        PriceCase("1,299.50", "1299.5"), PriceCase("1.299,50", "1299.5"), PriceCase("9,99", "9.99"), PriceCase(".99", "0.99"),
        PriceCase("$0.125", "0.125", "USD", issue: "currency.guessed"), PriceCase("1.299", "1.299", locale: "en_US"),
        PriceCase("1.299", "1299", locale: "de_DE"), PriceCase("1,299", "1.299", locale: "de_DE"),
        PriceCase("1.299", "1299", issue: "price.separator-guessed"), PriceCase("1.299", "1.299", column: .point),
        PriceCase("1.299", "1299", locale: "en_US", column: .comma), PriceCase("9,99", "9.99", locale: "en_US", column: .point),
        PriceCase("₹1,19,900.00", "119900.00", "INR"), PriceCase("INR 1,19,900", "119900.00", "INR"),
        PriceCase("CHF 12.–", "12.00", "CHF"), PriceCase("129,- kr", "129.00", context: "NOK"), PriceCase("99:-", "99"),
        PriceCase("¥1,490", "1490", "JPY", locale: "fr_FR", issue: "currency.guessed"),
        // CLDR: German writes the yen as ¥ (the yuan as CN¥), so de_DE settles it.
        PriceCase("¥1,490", "1490", "JPY", locale: "de_DE"),
        // Signs and accounting forms.
        PriceCase("-15.49", "-15.49"), PriceCase("(15.49)", "-15.49"), PriceCase("15.49-", "-15.49"),
        PriceCase("−15,49 €", "-15.49", "EUR"), PriceCase("15.49 DR", "-15.49"), PriceCase("15.49 CR", "15.49"),
        PriceCase("-$15.49", "-15.49", context: "USD"), PriceCase("€-9,99", "-9.99", "EUR"), PriceCase("1.234,56- EUR", "-1234.56", "EUR"),
        // Digits of other scripts.
        PriceCase("٣٩٫٩٩ ر.س", "39.99", "SAR"), PriceCase("١٬٢٩٩٫٠٠", "1299"), PriceCase("۹۹٬۰۰۰", "99000"),
        PriceCase("₹१९९", "199.00", "INR"), PriceCase("１，４９０円", "1490", "JPY"),
        // Free, trials, first price wins, counts are no prices, cycle suffixes.
        PriceCase("Free", "0"), PriceCase("Gratis", "0"), PriceCase("免费", "0"),
        PriceCase("Free trial, then $9.99/month", "9.99", context: "USD", cycle: month, note: "free trial before the first charge"),
        PriceCase("7-day free trial, then €4.99/month", "4.99", "EUR", cycle: month),
        PriceCase("30 days free, then $5/mo", "5.00", context: "USD", cycle: month),
        PriceCase("EUR 9,99 (USD 10.49)", "9.99", "EUR"), PriceCase("£59.99 p.a.", "59.99", "GBP", cycle: .yearly),
        PriceCase("9,99 €/Monat", "9.99", "EUR", cycle: month), PriceCase("月額1,490円（税込）", "1490", "JPY", cycle: month),
        PriceCase("12 months", nil), PriceCase("From 26 to 50 €", "26.00", "EUR"), PriceCase("12,5 %", nil),
        PriceCase("Only 3 left: €4.99", "4.99", "EUR"), PriceCase("5 GB for 1,99 €", "1.99", "EUR"),
        // Dates and texts without prices.
        PriceCase("2026-12-05", nil), PriceCase("12/05/2026", nil), PriceCase("05.12.2026", nil), PriceCase("N/A", nil),
        PriceCase("Contact us", nil), PriceCase("USD", nil), PriceCase("", nil),
        // Ambiguous signs, decided by evidence.
        PriceCase("$9.99", "9.99", "CAD", locale: "en_CA"), PriceCase("$9.99", "9.99", "AUD", locale: "en_AU"),
        PriceCase("$139", "139.00", "MXN", locale: "es_MX"), PriceCase("$9.99", "9.99", "USD", issue: "currency.guessed"),
        PriceCase("$9.99", "9.99", "NZD", context: "NZD"), PriceCase("¥68/月 连续包月", "68.00", "CNY", cycle: month),
        PriceCase("¥1,490", "1490", "JPY", locale: "ja_JP"), PriceCase("¥25", "25.00", "CNY", locale: "zh_CN"),
        PriceCase("kr 99,00", "99.00", "NOK", locale: "nb_NO"), PriceCase("99 kr", "99.00", "DKK", locale: "da_DK"),
        PriceCase("99 kr/mån", "99.00", "SEK"), PriceCase("kr 99", "99.00", "SEK", issue: "currency.guessed"),
    ]

    /// Each row is a bug found while building the parser.
    static let bugsCaught: [PriceCase] = [
        // A currency code followed by `$` was read as US dollars.
        PriceCase("NZD $100.70", "100.70", "NZD"), PriceCase("SGD$4.90", "4.90", "SGD"),
        // A minus separated by a space from `$` was taken for the number's sign.
        PriceCase("- $44.99", "44.99", context: "USD"),
        // `rd` after a space was taken for an ordinal (`3rd`) and the number skipped.
        PriceCase("1 RD$", "1.00", "DOP"),
        // A stray space after the decimal comma split the number.
        PriceCase("118, 99 TL", "118.99", "TRY"),
        // Amounts written with more digits than the currency's minor unit were rounded away.
        PriceCase("€0,0049/min", "0.0049", "EUR"),
    ]

    static let knownLimits: [PriceCase] = [
        // A currency sign standing for the decimal mark.
        PriceCase("35€ 99", "35.99", "EUR"),
        // Several decimal points in a row.
        PriceCase("$..75,333", "0.75333", locale: "en_US", context: "USD"),
    ]

    @Test func reportsWhenTheColumnDecided() throws {
        let parser = PriceParser(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        #expect(try parser.parse("1.299", decimalMark: .comma).markFromColumn)
        #expect(try parser.parse("15.49 USD", decimalMark: .comma).markFromColumn == false)
        #expect(try parser.parse("9,99 €", decimalMark: .point).markFromColumn == false)
    }

    @Test(arguments: main) func reads(_ c: PriceCase) { c.check() }
    @Test(arguments: bugsCaught) func bugsStayFixed(_ c: PriceCase) { c.check() }
    @Test(arguments: knownLimits) func knownLimit(_ c: PriceCase) {
        withKnownIssue { c.check() }
    }
}

/// The byte-level fast path must agree with the full parser wherever it answers.
@Suite struct FastPriceTests {
    static let texts = [
        "9.99", "$9.99", "9,99 €", "€9.99", "EUR 1.299,00", "1,299.50", "1.299,50", "-15.49", "(12.50)", "($12.50)",
        "$-15.49", "-$15.49", "€-9,99", "£1,099.00", "$15.49 USD", "12 USD", "EUR9.99", "0.125", "1234.567",
        "1.144.000", "12", "1.299", "1,299", "1234.567.890", "1,19,900.00", "$9.99/mo", "9.99 dollars", "15.49-",
        "USD", "2026-12-05", "12.50 CR", "1 299", ".99", "  $9.99  ", "CHF 12.90", "JPY 1,490",
    ]

    @Test(arguments: texts) func agreesWithFullParser(_ text: String) throws {
        let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
        for locale in [nil, "de_DE", "en_CA"] {
            let context = NormalizeContext(today: today, locale: locale)
            guard let fast = FastPrice.parse(text[...], context: context, locale: locale.flatMap(LocaleData.named)) else { continue }
            let full = try PriceParser(context: context).parseFully(text[...])
            #expect(fast.price == full.price, "\(text) [\(locale ?? "-")]")
            #expect(fast.issues == full.issues, "\(text) [\(locale ?? "-")]")
            #expect(full.cycle == nil && full.notes.isEmpty)
        }
    }

    /// The date reader's short cut for `YYYY-MM-DD` gives the full reader's date wherever it
    /// answers, and leaves impossible days, years out of range and other shapes to it.
    @Test func plainISODatesAgreeWithFullParser() throws {
        let parser = DateParser(context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)))
        var texts = ["2026-12-05", "2024-02-29", "2023-02-29", "0000-01-01", "0001-01-01", "9999-12-31", "2026-13-01",
                     "2026-00-10", "2026-12-00", "2026-1-05", " 2026-01-05", "2026-01-05 ", "2026/01/05", "2026-01-05T10:00",
                     "20260105", "2026-01-5a", "２０２６-01-05", "2026-12-32", "1900-02-29", "2000-02-29"]
        var random = SeededRandom(state: 20)
        for _ in 0..<2000 {
            texts.append(String(format: "%04d-%02d-%02d", random.below(10_000), random.below(14), random.below(33)))
        }
        var answered = 0
        for text in texts {
            let full = Result { () throws(NormalizeError) -> ParsedDate in try parser.parseFully(text[...]) }
            guard let fast = DateParser.plainISO(text[...]) else {
                #expect(text.utf8.count != 10 || (try? full.get())?.issues.isEmpty != true
                        || text.utf8.contains { $0 != UInt8(ascii: "-") && !(0x30...0x39).contains($0) }, "\(text)")
                continue
            }
            answered += 1
            #expect(try full.get() == ParsedDate(date: fast), "\(text)")
        }
        #expect(answered > 500)
    }

    /// Price words read from an ASCII text's bytes are those read scalar by scalar.
    @Test(arguments: ["9.99", "Free", "FREE trial", "free-trial", "7-day Trial then $9.99", "Probeabo 0 EUR", "Gratis!",
                      "gratuit", "essai gratuit", "", " ", "$0 (free)", "TRIAL", "trials", "freebie", "9.99 USD/mo",
                      "Prova 30 giorni", "test", "Testphase", "a1free", "free1trial", "x_free", "teste", "PROEF",
                      "SEK 8.42", "fre", "EUR free", "Testzeitraum", "testzeitraume", "gratuitement", "Kostenlos!", "prob", "FREE"])
    func priceWordsAsScalarsRead(_ text: String) {
        #expect(PriceWords.asciiMention(text[...]) == PriceWords.scalarMention(text[...]), "\(text)")
    }

    @Test func answersTheCommonShapes() {
        let context = NormalizeContext(today: CalendarDate(dayNumber: 0))
        for text in ["9.99", "$9.99", "9,99 €", "EUR 1.299,00", "(12.50)"] {
            #expect(FastPrice.parse(text[...], context: context, locale: nil) != nil, "\(text)")
        }
        for text in ["1.299", "$9.99/mo", "1 299", "2026-12-05"] {
            #expect(FastPrice.parse(text[...], context: context, locale: nil) == nil, "\(text)")
        }
    }
}

/// Amounts written as whole minor units take a path that never calls `Decimal.description`;
/// it must write what the rounding path writes, and step aside where it cannot.
@Suite struct DecimalTextTests {
    static let amounts = ["0", "0.5", "-12.34", "9.99", "1299", "15.5", "0.05", "-0.01", "1000000", "123456789012345.67",
                          "92233720368547758.07", "99999999999999999.99", "0.0049", "-0.001", "2.345", "1e-7", "12.500"]

    @Test(arguments: amounts, [0, 2, 3])
    func wholeMinorUnitsMatchRounding(_ text: String, _ digits: Int) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let general = DecimalText.rounded(value, minorDigits: digits)
        #expect(DecimalText.format(value, minorDigits: digits) == general)
        if let fast = DecimalText.wholeMinorUnits(value, digits: digits) { #expect(fast == general) }
    }

    @Test func stepsAsideForRoundingAndOverflow() {
        #expect(DecimalText.wholeMinorUnits(Decimal(string: "0.0049")!, digits: 2) == nil)
        #expect(DecimalText.wholeMinorUnits(Decimal(string: "99999999999999999.99")!, digits: 2) == nil)
        #expect(DecimalText.wholeMinorUnits(Decimal(string: "12.5")!, digits: 3) == "12.500")
        #expect(DecimalText.wholeMinorUnits(Decimal(string: "-0.05")!, digits: 2) == "-0.05")
    }
}

/// Minor units read from a decimal's bytes (`DecimalParts`) must be Foundation's.
@Suite struct DecimalPartsTests {
    @Test func layoutHoldsHere() {
        #expect(DecimalParts.isVerified)
    }

    @Test(arguments: DecimalTextTests.amounts + ["42", "-0.05", "1.5e3", "0.000001", "18446744073709551615", "7.20"], [0, 2, 3])
    func unitsMatchFoundation(_ text: String, _ digits: Int) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(DecimalText.minorUnits(value, digits: digits) == DecimalText.foundationMinorUnits(value, digits: digits))
    }
}

/// Hostile price texts: each once read as a wrong amount (`1e30` as 30.00, 60 digits cut to
/// 38, 1000 digits as 0.00, `1<NUL>.99` as 0.99); each is now refused with the kind given.
@Suite struct PriceLimitTests {
    static let refused: [(String, NormalizeError.Kind)] = [
        ("1e30 USD", .unparseable), ("1.5E3 €", .unparseable), ("$2e-3", .unparseable),
        (String(repeating: "9", count: 60) + " USD", .outOfRange), (String(repeating: "1", count: 1000) + " USD", .outOfRange),
        ("1000000000000000 USD", .outOfRange), ("1234567890123456789", .outOfRange), ("$99999999999999999999.99", .outOfRange),
        ("1.000.000.000.000.000 €", .outOfRange),
        ("0." + String(repeating: "0", count: 20) + "1 USD", .outOfRange),
        ("1\u{0}.99 USD", .control), ("9.99\u{1B}[2J", .control), ("\u{7F}9.99 €", .control), ("9.99 \u{9B}USD", .control),
    ]

    @Test(arguments: refused)
    func refusesWithTheKind(_ raw: String, _ kind: NormalizeError.Kind) {
        let parser = PriceParser(context: NormalizeContext(today: CalendarDate(dayNumber: 20_000), currency: .usd))
        #expect { try parser.parse(raw[...]) } throws: { ($0 as? NormalizeError)?.kind == kind }
    }

    /// The largest amounts and finest decimals inside the limits read exactly.
    static let atTheLimit: [(String, String)] = [
        ("999999999999999.99 USD", "999999999999999.99"), ("000000000000000000009.99 USD", "9.99"),
        ("0.00000000000000000001 USD", "0.00000000000000000001"),
        ("999,999,999,999,999 USD", "999999999999999.00"),
    ]

    @Test(arguments: atTheLimit)
    func readsAtTheLimit(_ raw: String, _ amount: String) throws {
        let parser = PriceParser(context: NormalizeContext(today: CalendarDate(dayNumber: 20_000)))
        #expect(try parser.parse(raw[...]).price.writtenAmountText == amount)
    }

    @Test func aBadCountAfterThePriceIsFlagged() throws {
        let parser = PriceParser(context: NormalizeContext(today: CalendarDate(dayNumber: 20_000)))
        let parsed = try parser.parse("$9.99 every 0 months")
        #expect(parsed.cycle == nil)
        #expect(parsed.issues.map(\.code).contains("cycle.invalid-interval"))
    }

    /// Amounts past the limits come from other places too: canonical files and drafts files.
    @Test(arguments: ["1e30", String(repeating: "9", count: 60), String(repeating: "1", count: 1000), "1.2.3", "--5"])
    func canonicalAmountsAreChecked(_ amount: String) {
        #expect(throws: DocumentError.self) { try CanonicalReader.price(.object([("amount", .string(amount)), ("currency", .string("USD"))])) }
    }

    /// Totals of amounts at the limit, or a value too long to round to cents, never print `NaN`.
    @Test func formattingNeverWritesNaN() {
        let huge = Decimal(sign: .plus, exponent: 40, significand: 1)
        let text = DecimalText.format(huge, minorDigits: 2)
        #expect(text == "1" + String(repeating: "0", count: 40) + ".00")
        #expect(DecimalText.parse(String(repeating: "1", count: 39)) == nil)
        #expect(DecimalText.parse("1.2.3") == nil)
        #expect(DecimalText.parse("-1299.5") == Decimal(string: "-1299.5"))
    }
}
