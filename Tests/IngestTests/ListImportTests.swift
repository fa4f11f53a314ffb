import Foundation
import Testing
@testable import Ingest

/// Lists keep what the user wrote: names as written, a catalog service beside them, the row's
/// own category, its status; and their columns are found by plain headers first.
@Suite struct ListImportTests {
    // MARK: Catalog matches

    struct MatchCase: Sendable, CustomTestStringConvertible {
        let text: String, service: String?, confidence: Double
        var testDescription: String { text }
    }

    static let matches: [MatchCase] = [
        .init(text: "Netflix", service: "Netflix", confidence: 1),
        .init(text: "NETFLIX.COM", service: "Netflix", confidence: 1),
        .init(text: "Netflix Premium", service: "Netflix", confidence: 0.9),
        .init(text: "iCloud+ 200 GB", service: "Apple iCloud+", confidence: 0.9),
        .init(text: "Google One 2 TB", service: "Google One", confidence: 0.9),
        .init(text: "GitHub Copilot", service: "GitHub", confidence: 1),
        .init(text: "1Password Families", service: "1Password", confidence: 1),
        .init(text: "Duolingo Super", service: "Duolingo", confidence: 0.7),
    ]

    /// Texts a list does not take as a catalog service: only part of a longer brand name beside
    /// words that name no plan.
    static let weak: [String] = ["Adobe Fonts", "Adobe Dimension"]

    @Test(arguments: matches) func listNamesMatchServices(_ c: MatchCase) throws {
        let found = try #require(BrandCatalog.bundled.listMatch(c.text))
        #expect(found.brand.name == c.service)
        #expect(found.confidence == c.confidence)
    }

    @Test(arguments: weak) func aSharedFirstWordIsNoMatch(_ text: String) {
        #expect(BrandCatalog.bundled.listMatch(text) == nil)
        #expect(BrandCatalog.bundled.match(text) != nil, "the word matcher still finds the brand, weakly")
    }

    /// Service ids are made from the catalog's names, and unique in the bundled catalog.
    @Test func serviceIdsAreStableAndUnique() {
        #expect(BrandCatalog.Brand(name: "Disney+", category: .streaming).id == "disney-plus")
        #expect(BrandCatalog.Brand(name: "Apple iCloud+", category: .cloud).id == "apple-icloud-plus")
        #expect(BrandCatalog.Brand(name: "AT&T", category: .utilities).id == "at-and-t")
        let ids = BrandCatalog.bundled.brands.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    // MARK: Names as written

    /// (csv row under `Name,Price,Billing,Category`, name, service, category, categoryText)
    static let written: [(String, String, String?, Category?, String?)] = [
        ("iCloud+ 200 GB,$2.99,Monthly,\"Cloud, Storage\"", "iCloud+ 200 GB", "Apple iCloud+", .cloud, "Cloud, Storage"),
        ("Google One 2 TB,$9.99,Monthly,", "Google One 2 TB", "Google One", .cloud, nil),
        ("GitHub Copilot,$10.00,Monthly,Development", "GitHub Copilot", "GitHub", .software, "Development"),
        ("1Password Families,$59.88,Yearly,Security", "1Password Families", "1Password", .utilities, "Security"),
        ("  Netflix   Premium ,$22.99,Monthly,streaming", "Netflix Premium", "Netflix", .streaming, nil),
        ("Adobe Fonts,$22.99,Monthly,", "Adobe Fonts", nil, nil, nil),
        ("Fibre 500 Mbit,€39.99,Monthly,Internet", "Fibre 500 Mbit", nil, .utilities, "Internet"),
        ("Car insurance,€420.00,Yearly,", "Car insurance", nil, .finance, nil),
    ]

    @Test(arguments: written) func namesStayAsWritten(_ row: String, _ name: String, _ service: String?, _ category: Category?,
                                                     _ text: String?) throws {
        let (drafts, _) = try importCSV("Name,Price,Billing,Category\n\(row)\n")
        let sub = try #require(drafts.first.flatMap(Subscription.init(draft:)))
        #expect(sub.name == name)
        #expect(sub.service?.name == service)
        #expect(sub.category == category)
        #expect(sub.categoryText == text)
        #expect(sub.notes == nil, "no Plan: note")
    }

    /// The canonical JSON writes the service after the notes, its confidence as a short number.
    @Test func serviceIsWrittenAfterTheNotes() throws {
        let (drafts, _) = try importCSV("Name,Price,Billing\niCloud+ 200 GB,$2.99,Monthly\n")
        let sub = try #require(drafts.first.flatMap(Subscription.init(draft:)))
        let text = CanonicalJSON.text([sub])
        #expect(text.contains("""
              "notes": null,
              "service": {
                "id": "apple-icloud-plus",
                "name": "Apple iCloud+",
                "category": "cloud",
                "manageURL": "https://support.apple.com/en-us/108047",
                "confidence": 0.9
              },
        """))
        let read = try CanonicalReader.read(text, file: "x.json")
        #expect(read.map(\.service) == [sub.service])
    }

    // MARK: Status

    /// (status cell, draft status, lifecycle, next renewal): a cancelled or paused row keeps its date.
    static let statuses: [(String, ImportDraft.Status, Subscription.Status?, String)] = [
        ("Active", .pending, .active, "2026-12-01"),
        ("Cancelled", .inactive, .cancelled, "2026-10-01"),
        ("Expired", .inactive, .cancelled, "2026-10-01"),
        ("Paused", .inactive, .paused, "2026-10-01"),
        ("Free trial", .pending, .trial, "2026-12-01"),
        ("", .pending, nil, "2026-12-01"),
    ]

    @Test(arguments: statuses) func statusComesThrough(_ cell: String, _ status: ImportDraft.Status, _ lifecycle: Subscription.Status?,
                                                      _ next: String) throws {
        let (drafts, _) = try importCSV("Name,Price,Billing,Next renewal,Status\nHeadspace,$12.99,Monthly,2026-10-01,\(cell)\n")
        #expect(drafts[0].status == status)
        #expect(drafts[0].lifecycle == lifecycle)
        #expect(drafts[0].nextRenewal.value?.description == next)
        let sub = try #require(Subscription(draft: drafts[0]))
        #expect(sub.status == (lifecycle == .active ? nil : lifecycle))
    }

    @Test func cancelledAndPausedCountNowhere() {
        func sub(_ status: Subscription.Status?) -> Subscription {
            Subscription(name: "X", price: Price(amount: 10, currency: .usd), cycle: Cycle(unit: .month, interval: 1),
                         nextRenewal: nil, category: nil, notes: nil, source: Provenance(file: "t.csv", row: 1), status: status)
        }
        let summary = Summary([sub(nil), sub(.trial), sub(.cancelled), sub(.paused)])
        #expect(summary.active == 2)
        #expect(summary.totals.map(\.monthly) == [20])
        #expect(summary.notInTotals == 0)
        #expect(CanonicalJSON.text([sub(.cancelled)]).contains("\"status\": \"cancelled\""))
        #expect(!CanonicalJSON.text([sub(.active)]).contains("\"status\""))
    }

    /// An end date before today is a cancelled row; one still to come is not.
    @Test(arguments: [("2026-09-30", ImportDraft.Status.inactive), ("2027-01-31", .pending)])
    func endDateInThePastMeansCancelled(_ end: String, _ status: ImportDraft.Status) throws {
        let (drafts, report) = try importCSV("Name,Price,Cycle,Next payment,Cancellation Date\nHulu,$7.99,monthly,2026-12-03,\(end)\n")
        #expect(report.mapping?[.endDate] == 4)
        #expect(drafts[0].status == status)
        #expect(drafts[0].lifecycle == (status == .inactive ? .cancelled : nil))
    }

    // MARK: Columns

    /// (header and rows, field, column the field must take)
    static let columns: [(String, Field, Int?)] = [
        // Names repeat, URLs differ: the plain header still wins.
        ("Name,Website,Price\nNetflix,https://netflix.com/a,$9.99\nNetflix,https://netflix.com/b,$15.49\nNetflix,https://netflix.com,$22.99\n", .name, 0),
        ("Website,Name,Price\nhttps://netflix.com/a,Netflix,$9.99\nhttps://netflix.com/b,Netflix,$15.49\n", .name, 1),
        // A plain header over a mostly empty column does not win: the next plainest does.
        ("Name,Service,Price\n,Netflix,$9.99\n,Hulu,$7.99\nX,Disney+,$8.99\n", .name, 1),
        // camelCase, snake_case and dotted headers are words.
        ("friendlyName,amount,next_payment_date,billing.cycle\nMy TV,15.49,2026-12-05,monthly\n", .name, 0),
        ("friendlyName,amount,next_payment_date,billing.cycle\nMy TV,15.49,2026-12-05,monthly\n", .nextRenewal, 2),
        ("friendlyName,amount,next_payment_date,billing.cycle\nMy TV,15.49,2026-12-05,monthly\n", .cycle, 3),
        ("title,price,cycleCount,cycleUnit,firstBill\nGym,30,2,Week,2026-11-02\n", .cycleInterval, 2),
        ("title,price,cycleCount,cycleUnit,firstBill\nGym,30,2,Week,2026-11-02\n", .startDate, 4),
    ]

    @Test(arguments: columns) func plainHeadersWin(_ csv: String, _ field: Field, _ column: Int?) throws {
        let (_, report) = try importCSV(csv)
        #expect(report.mapping?[field] == column)
    }

    /// (csv, today, cycle, next renewal) for cycles split or spelt as other apps write them.
    static let cycles: [(String, String, String, String)] = [
        ("Name,Price,Currency,Billing Frequency,Billing Cycle,Next Bill Date\nGym,30,USD,45,Day,2026-12-10\n", "2026-11-30", "45 days", "2026-12-10"),
        ("name,amount_min,currency_code,date,repeat_freq,skip\nGym,30,EUR,2026-11-10,weekly,1\n", "2026-11-30", "2 weeks", "2026-12-08"),
        ("title,price,currency,cycleCount,cycleUnit,firstBill\nGym,30,EUR,3,Month,2026-01-31\n", "2026-11-30", "3 months", "2027-01-31"),
        ("name,price,currency,recurrency,customRecurrency,next\nGym,30,EUR,custom,3,2026-12-10\nHulu,7.99,EUR,monthly,,2026-12-05\n", "2026-11-30", "3 months", "2026-12-10"),
        ("name,price,currency,recurrency,customRecurrency,next\nGym,30,EUR,custom,every 2 weeks,2026-12-10\nHulu,7.99,EUR,monthly,,2026-12-05\n", "2026-11-30", "2 weeks", "2026-12-10"),
        ("payee_name,amount,frequency,date_next\nGym,-30000,everyOtherWeek,2026-12-04\nHulu,-7990,twiceAYear,2026-12-09\n", "2026-11-30", "2 weeks", "2026-12-04"),
    ]

    @Test(arguments: cycles) func cyclesFromOtherApps(_ csv: String, _ today: String, _ cycle: String, _ next: String) throws {
        let (drafts, _) = try importCSV(csv, today: today)
        #expect(drafts[0].cycle.value?.description == cycle)
        #expect(drafts[0].nextRenewal.value?.description == next)
    }

    /// Cycle enums other apps export: (text, unit, interval).
    @Test(arguments: [
        ("everyOtherWeek", Cycle.Unit.week, 2), ("every4Weeks", .week, 4), ("twiceAYear", .month, 6),
        ("half_yearly", .month, 6), ("biannually", .month, 6), ("biennially", .year, 2), ("everyOtherYear", .year, 2),
        ("every3Months", .month, 3), ("everyOtherMonth", .month, 2),
    ] as [(String, Cycle.Unit, Int)])
    func cycleEnums(_ text: String, _ unit: Cycle.Unit, _ interval: Int) throws {
        #expect(try CycleParser().parse(text[...]) == Cycle(unit: unit, interval: interval))
    }

    @Test func startDateIsCountedForwardAndSaidSo() throws {
        let (drafts, _) = try importCSV("Name,Price,Cycle,Start date\nGym,$30,monthly,2025-01-31\n", today: "2026-11-30")
        #expect(drafts[0].nextRenewal.value?.description == "2026-11-30")
        #expect(drafts[0].nextRenewal.issues.contains { $0.code == "date.rolled-forward" && $0.message.contains("start date 2025-01-31") })
    }

    /// A scheduled-transaction export: outflows negative in milliunits, income and a transfer among them.
    @Test func outflowsAreThePrices() throws {
        let csv = """
        payee_name,amount,frequency,date_next,transfer_account_id
        Netflix,-15490,monthly,2026-12-05,
        Employer,3200000,monthly,2026-12-25,
        Transfer : Savings,-500000,monthly,2026-12-01,acc-9
        Spotify,-11990,monthly,2026-12-09,

        """
        let (drafts, _) = try importCSV(csv)
        #expect(drafts.map(\.price.value?.amountText) == ["15.49", "3200", "500", "11.99"])
        #expect(drafts.map(\.status) == [.pending, .rejected, .rejected, .pending])
        #expect(drafts.allSatisfy { !$0.price.issues.contains { $0.code == "price.negative" } })
    }

    /// Amounts whole in tens but below 1000, or with decimals, are not thousandths.
    @Test func smallOutflowsAreWhole() throws {
        let (drafts, _) = try importCSV("Name,Amount,Recurring\nNetflix,-15.49,Every month\nHulu,-7.99,Every month\n")
        #expect(drafts.map(\.price.value?.amountText) == ["15.49", "7.99"])
    }

    /// A bare ¥ by all the evidence: (csv, currency, still a guess).
    @Test(arguments: [
        // 日本経済新聞 is Nikkei, a service sold only in Japan: the yen, no guess.
        ("Name,Price,Cycle\n日本経済新聞,¥4277,monthly\n東京電力,\"¥5,000\",monthly\n", "JPY", false),
        // Kanji without kana, no service of one market, whole thousands: the yen, still a guess.
        ("Name,Price,Cycle\n東京電力,¥4277,monthly\n大阪電力,\"¥5,000\",monthly\n", "JPY", true),
        ("Name,Price,Cycle\n日本経済新聞,¥4277,monthly\n東京ガス,\"¥5,000\",monthly\n", "JPY", false),
        ("Name,Price,Cycle\n爱奇艺,¥25.00,monthly\n腾讯视频,¥30.00,monthly\n", "CNY", false),
        ("Name,Price,Cycle\n爱奇艺,25元,monthly\n", "CNY", false),
        ("Name,Price,Cycle\nネットフリックス,¥1490,monthly\n", "JPY", false),
        ("Name,Price,Cycle\nNetflix,¥1490,monthly\n", "JPY", true),
        // An English header: the services sold in one market decide.
        ("Service,Price,Billing\nNetflix,¥1490,monthly\nU-NEXT,¥2189,monthly\nd Anime Store,¥550,monthly\n", "JPY", false),
        ("Service,Price,Billing\niQIYI,¥25,monthly\nBilibili,¥15,monthly\nNetflix,¥30,monthly\n", "CNY", false),
        // As many of each: no evidence, the guess stays.
        ("Service,Price,Billing\nU-NEXT,¥2189,monthly\niQIYI,¥25,monthly\n", "JPY", true),
        // Kanji without kana and a Chinese service: the yuan.
        ("名称,价格,周期\n爱奇艺,¥2500,每月\n网飞,¥3000,每月\n", "CNY", false),
    ] as [(String, String, Bool)])
    func bareYenByEvidence(_ csv: String, _ code: String, _ guessed: Bool) throws {
        let (drafts, _) = try importCSV(csv)
        #expect(drafts.allSatisfy { $0.price.value?.currency?.code == code })
        #expect(drafts.allSatisfy { $0.price.issues.contains { $0.code == "currency.guessed" } == guessed })
    }

    @Test func serviceKeysNameEmptyRows() throws {
        let csv = "friendlyName,providerKey,amount,billing.cycle\nMy TV,netflix,15.49,monthly\n,disney_plus,9.99,monthly\n,zorblax-tv,9.99,monthly\nFamily music,spotify,16.99,monthly\n"
        let (drafts, _) = try importCSV(csv)
        #expect(drafts.map(\.name.value) == ["My TV", "Disney+", "Zorblax Tv", "Family music"])
        #expect(drafts.map(\.service?.name) == ["Netflix", "Disney+", nil, "Spotify"])
    }

    @Test func sectionRowsGiveTheirLabelAsCategory() throws {
        let csv = """
        Service,Cost,Frequency,Category
        Entertainment,,,
        Netflix,$15.49,Monthly,
        Crunchyroll,$7.99,Monthly,Anime
        Bills,,,
        Water,$30.00,Monthly,
        Total,$53.48,,

        """
        let (drafts, report) = try importCSV(csv)
        #expect(drafts.map(\.name.value) == ["Netflix", "Crunchyroll", "Water"])
        #expect(drafts.map(\.category.value) == [.streaming, .other, .bills])
        #expect(drafts.map(\.category.raw) == ["Entertainment", "Anime", "Bills"])
        #expect(report.skips.filter { $0.reason == .section }.map(\.detail) == ["Entertainment", "Bills"])
    }

    /// A row with only a name is a section only where the table has prices; a list of names stays a list.
    @Test func aListOfNamesHasNoSections() throws {
        let (drafts, _) = try importCSV("Name,Notes\nNetflix,\nHulu,\n")
        #expect(drafts.count == 2)
    }

    // MARK: Calendar

    @Test func calendarTakesTheServicesManageLink() {
        var sub = Subscription(name: "Family TV", price: nil, cycle: nil, nextRenewal: nil, category: nil, notes: nil,
                               source: Provenance(file: "t.csv", row: 1))
        #expect(RenewalCalendar.manageLink(sub, catalog: .bundled) == nil)
        sub.service = Subscription.Service(id: "netflix", name: "Netflix", category: .streaming,
                                           manageURL: "https://www.netflix.com/account", confidence: 0.7)
        #expect(RenewalCalendar.manageLink(sub, catalog: .bundled) == "https://www.netflix.com/account")
        sub = Subscription(name: "Adobe Fonts", price: nil, cycle: nil, nextRenewal: nil, category: nil, notes: nil,
                           source: Provenance(file: "t.csv", row: 1))
        #expect(RenewalCalendar.manageLink(sub, catalog: .bundled) == nil, "a weak match gives no link")
    }
}
