import Testing
@testable import Ingest

@Suite struct ScreenshotFinderTests {
    static let context = NormalizeContext(today: screenshotToday)

    static let prices: [(String, String, String?, Bool)] = [
        ("$10.99/month", "10.99", "USD", false),
        ("9,99 €", "9.99", "EUR", false),
        ("1.299,00 € / Jahr", "1299", "EUR", false),
        ("₹1,499.00", "1499", "INR", false),
        ("¥1,490", "1490", "JPY", false),
        ("¥15.00/月", "15", "CNY", false),
        ("25元/月", "25", "CNY", false),
        ("CHF 12.90", "12.9", "CHF", false),
        ("C$18.67 /month", "18.67", "CAD", false),
        ("9834.00 HUF", "9834", "HUF", false),
        ("59.99₺", "59.99", "TRY", false),
        ("$659.88/yr ($54.99/mo)", "659.88", "USD", false),
        ("≈ €8.33", "8.33", "EUR", true),
        ("129.00/month", "129", nil, false),
        // Bugs caught: OCR read the `€` as `e`.
        ("e180.00", "180", "EUR", false),
        ("@Pay e52.00", "52", "EUR", false),
        // Bugs caught: OCR read the `₹` as `=`.
        ("=1,300.00/year", "1300", "INR", false),
        ("=129.00/month", "129", "INR", false),
        // Bugs caught: OCR without the Polish pack read the `ł` of `zł` as `t`, `i` or `l`.
        ("zt 17.48", "17.48", "PLN", false),
        ("zi 69.99", "69.99", "PLN", false),
        ("17,48 zl", "17.48", "PLN", false),
        ("29,99 zł / miesiąc", "29.99", "PLN", false),
        ("zł 8.37", "8.37", "PLN", false),
        // A dollar sign of a country, or kr, on either side of the amount (CLDR's pt_BR, es_MX, nb_NO).
        ("29,90 R$", "29.9", "BRL", false),
        ("R$ 29,90/mês", "29.9", "BRL", false),
        ("199,00 MX$", "199", "MXN", false),
        ("12,99 US$", "12.99", "USD", false),
        ("kr 99,00", "99", "SEK", false),
        ("99,00 kr.", "99", "SEK", false),
    ]

    /// `kr` is the locale's own krone or krona when it has one.
    static let krone: [(String, String)] = [("nb_NO", "NOK"), ("da_DK", "DKK"), ("sv_SE", "SEK"), ("de_DE", "SEK")]

    @Test(arguments: krone) func kroneOfTheLocale(locale: String, currency: String) throws {
        let context = NormalizeContext(today: screenshotToday, locale: locale)
        let found = try #require(PriceFinder(context: context).find(in: "kr 99,00").first)
        #expect(found.parsed.price.currency?.code == currency)
        #expect(found.parsed.price.amount.description == "99")
    }

    @Test(arguments: prices) func findsPrices(text: String, amount: String, currency: String?, derived: Bool) throws {
        let found = PriceFinder(context: Self.context).find(in: text)
        let first = try #require(found.first)
        #expect(first.parsed.price.amount.description == amount)
        #expect(first.parsed.price.currency?.code == currency)
        #expect(first.derived == derived)
    }

    static let notPrices = ["Order 4242", "•••• 4242", "Dec 5, 2026", "2 GB", "in 3 days", "200 GB (Monthly)", "Galaxy e2", "Type e10", "x =12",
                            "zt 17", "Blitz 12.50x", "Ritz1 12.99z"]

    @Test(arguments: notPrices) func ignoresNumbersWithoutCurrency(text: String) {
        #expect(PriceFinder(context: Self.context).find(in: text).isEmpty)
    }

    @Test func parenthesisedAmountIsDerived() {
        let found = PriceFinder(context: Self.context).find(in: "$659.88/yr ($54.99/mo)")
        #expect(found.map(\.derived) == [false, true])
    }

    static let cycles: [(String, Cycle)] = [
        ("/month", .monthly), ("/mo", .monthly), (" per year", .yearly), ("/yr", .yearly), (" / 1 M", .monthly),
        (" / 1 Y", .yearly), ("/ 3 M", Cycle(unit: .month, interval: 3)), ("/6mo", Cycle(unit: .month, interval: 6)),
        (" / 2 W", Cycle(unit: .week, interval: 2)), ("/mes", .monthly), (" / Monat", .monthly), (" monatlich", .monthly),
        ("/月", .monthly), ("/年", .yearly), ("/mois", .monthly), (" / J", .yearly), ("/ 24 M", Cycle(unit: .year, interval: 2)),
    ]

    @Test(arguments: cycles) func readsCycleSuffixes(text: String, cycle: Cycle) {
        #expect(CycleFinder().suffix(text) == cycle)
    }

    static let cycleWords: [(String, Cycle)] = [
        ("Individual (Monthly)", .monthly), ("Annual", .yearly), ("每月", .monthly), ("连续包年", .yearly),
        ("Quarterly", Cycle(unit: .month, interval: 3)), ("周期: 6月", Cycle(unit: .month, interval: 6)),
        ("every 2 weeks", Cycle(unit: .week, interval: 2)), ("Jährlich", .yearly), ("Mensual", .monthly),
    ]

    @Test(arguments: cycleWords) func findsCycleWords(text: String, cycle: Cycle) {
        #expect(CycleFinder().find(in: text) == cycle)
    }

    /// Bugs caught: a card's icon letter ("D" before Disney+) was read as "d", daily.
    static let notCycles = ["D", "M", "Disney+", "Next payment"]

    @Test(arguments: notCycles) func ignoresWhatIsNotACycle(text: String) {
        #expect(CycleFinder().find(in: text) == nil)
    }

    static let dates: [(String, String)] = [
        ("Renews December 5", "2026-12-05"),
        ("Renews Nov 5", "2027-11-05"),
        ("Next payment: Dec 3, 2026", "2026-12-03"),
        ("Verlängert sich am 5. Dezember 2026", "2026-12-05"),
        ("Se renueva el 5 de diciembre de 2026", "2026-12-05"),
        ("Se renouvelle le 5 décembre 2026", "2026-12-05"),
        ("下次扣费 2026年12月5日", "2026-12-05"),
        ("下次扣费 2026 12 月 8 日", "2026-12-08"),
        ("15.12.2026", "2026-12-15"),
        ("2026-12-05", "2026-12-05"),
        ("Renews Jul i8", "2027-07-18"),
        ("Aug4", "2027-08-04"),
    ]

    @Test(arguments: dates) func findsDates(text: String, iso: String) {
        let finder = DateFinder(context: Self.context, monthFirst: true)
        #expect(finder.find(in: text)?.date.description == iso)
    }

    static let notDates = ["Mar 2027", "in 3 days", "$12.99", "Plan 2"]

    @Test(arguments: notDates) func ignoresWhatIsNotADay(text: String) {
        #expect(DateFinder(context: Self.context, monthFirst: true).find(in: text) == nil)
    }

    /// Labels that end up alone in a cell when OCR wraps them, and graphics read as one letter
    /// repeated; bugs caught: "payment:" left from "Next payment:" named a card, "eee" (a
    /// widget's artwork) named the row beside it.
    static let labelsAlone = ["payment:", "Pago", "Zahlung", "Next payment", "eee", "OO"]

    @Test(arguments: labelsAlone) func labelAloneIsNoName(text: String) {
        let context = Self.context
        let reader = CellReader(prices: PriceFinder(context: context), dates: DateFinder(context: context, monthFirst: true))
        #expect(reader.nameCandidate(text) == nil)
    }

    @Test func slashDatesFollowThePageOrder() {
        #expect(DateFinder(context: Self.context, monthFirst: true).find(in: "12/05/2026")?.date.description == "2026-12-05")
        #expect(DateFinder(context: Self.context, monthFirst: false).find(in: "12/05/2026")?.date.description == "2026-05-12")
    }
}
