import Testing
@testable import Ingest

/// Charges from `(yyyy-mm-dd, amount)` pairs, rows in order.
func charges(_ list: [(String, Int64)]) -> [Charge] {
    list.enumerated().map { i, c in
        Charge(day: (CalendarDate(iso: c.0) ?? CalendarDate(dayNumber: 0)).dayNumber, amount: c.1 * 100, row: i + 1, line: i + 2)
    }
}

/// Monthly dates from `start` for `count` months, each moved by the day offsets given.
func monthly(_ start: String, _ count: Int, amount: Int64, drift: [Int] = []) -> [(String, Int64)] {
    let first = CalendarDate(iso: start) ?? CalendarDate(dayNumber: 0)
    return (0..<count).map { i in (first.adding(months: i).adding(days: i < drift.count ? drift[i] : 0).description, amount) }
}

@Suite struct RecurrenceDetectorTests {
    let detector = RecurrenceDetector()

    static let periods: [(String, [(String, Int64)], Period)] = [
        ("weekly", (0..<8).map { (CalendarDate(year: 2026, month: 1, day: 5)!.adding(days: 7 * $0).description, 5999) }, .weekly),
        ("biweekly", (0..<6).map { (CalendarDate(year: 2026, month: 1, day: 5)!.adding(days: 14 * $0).description, 2000) }, .biweekly),
        ("every 4 weeks is not monthly", (0..<8).map { (CalendarDate(year: 2026, month: 1, day: 5)!.adding(days: 28 * $0).description, 1700) }, .fourWeekly),
        ("monthly with drift", monthly("2026-01-15", 8, amount: 1549, drift: [0, 2, -1, 3, 0, 1, -2, 0]), .monthly),
        ("monthly at month end", monthly("2026-01-31", 6, amount: 999), .monthly),
        ("monthly with a missed month", monthly("2026-01-10", 8, amount: 999).enumerated().filter { $0.offset != 3 }.map(\.element), .monthly),
        ("quarterly", [("2025-12-01", 3600), ("2026-03-01", 3600), ("2026-06-02", 3600), ("2026-09-01", 3600)], .quarterly),
        ("semiannual", [("2025-05-01", 4900), ("2025-11-01", 4900), ("2026-05-03", 4900)], .semiannual),
    ]

    @Test(arguments: periods)
    func findsThePeriod(_ c: (String, [(String, Int64)], Period)) {
        let (series, leftover) = detector.detect(charges(c.1), knownService: false)
        #expect(series.count == 1, "\(c.0)")
        #expect(series.first?.fit.period == c.2, "\(c.0)")
        #expect(leftover.isEmpty, "\(c.0)")
    }

    @Test func twoChargesFourWeeksApartAreMonthly() {
        let (series, _) = detector.detect(charges([("2026-02-01", 999), ("2026-03-01", 999)]), knownService: true)
        #expect(series.first?.fit.period == .monthly)
    }

    @Test func yearlyFromTwoChargesOfAKnownService() {
        let (series, _) = detector.detect(charges([("2025-11-25", 13900), ("2026-11-26", 13900)]), knownService: true)
        #expect(series.first?.fit.period == .yearly)
    }

    @Test func priceIncreaseContinuesTheSeries() {
        let list = monthly("2026-01-05", 4, amount: 1549) + monthly("2026-05-05", 4, amount: 1799)
        let (series, leftover) = detector.detect(charges(list), knownService: true)
        #expect(series.count == 1)
        #expect(series.map(\.last.amount) == [179_900])
        #expect(series.first?.priceSteps.count == 2)
        #expect(leftover.isEmpty)
    }

    struct JoinCase: Sendable, CustomTestStringConvertible {
        let name: String, before: [(String, Int64)], after: [(String, Int64)]
        var testDescription: String { name }
    }

    /// Price changes: the group before and the group after, which starts after it ends.
    static let joins: [JoinCase] = [
        .init(name: "a month apart", before: monthly("2026-01-05", 4, amount: 1549), after: monthly("2026-05-05", 4, amount: 1799)),
        .init(name: "two days apart", before: monthly("2026-01-05", 4, amount: 1549), after: monthly("2026-04-07", 4, amount: 1799)),
        .init(name: "next day, doubled", before: monthly("2026-01-05", 3, amount: 999) + [("2026-03-06", 999)],
              after: [("2026-03-07", 1299), ("2026-03-08", 1299)] + monthly("2026-04-05", 3, amount: 1299)),
        .init(name: "one charge each", before: [("2026-01-05", 999)], after: [("2026-02-05", 1299)]),
        .init(name: "one charge after", before: monthly("2026-01-05", 5, amount: 999), after: [("2026-06-06", 1299)]),
        .init(name: "a year on", before: [("2025-01-05", 9900), ("2026-01-05", 9900)], after: [("2027-01-04", 11900)]),
    ]

    /// A join decided from the days before the charges are joined sees the days and period
    /// that the joined, re-sorted charges have.
    @Test(arguments: joins)
    func joinsAreDecidedFromTheDaysAlone(_ c: JoinCase) {
        let all = charges(c.before + c.after)
        let a = RecurrenceDetector.Group(Array(all.prefix(c.before.count)))
        let b = RecurrenceDetector.Group(Array(all.dropFirst(c.before.count)))
        #expect(b.first > a.lastDay)
        let joined = RecurrenceDetector.Group(a.charges + b.charges)
        let decided = RecurrenceDetector.Group(daysOf: a, then: b)
        #expect(decided.days == joined.days)
        #expect(decided.fit == joined.fit)
        #expect(a.charges + b.charges == joined.charges)
    }

    /// A supermarket's purchases (DNB fixture's Coop Extra), whose amounts joined into a
    /// "monthly plan" with a new price at every other charge, make no series; a plan's price
    /// rise still joins.
    @Test func pricesThatChangeAtMostChargesAreNoPlan() {
        let coop: [(String, Int64)] = [("2026-05-12", 40008), ("2026-05-27", 83103), ("2026-07-06", 59762), ("2026-07-17", 53251),
                                       ("2026-08-05", 72572), ("2026-08-28", 23824), ("2026-10-24", 21163), ("2026-11-03", 18394),
                                       ("2026-11-15", 72714)]
        // Amounts in cents: `charges` scales whole units to ten-thousandths.
        #expect(detector.detect(charges(coop), knownService: false).series.isEmpty)
        #expect(detector.pricedLikePurchases(charges([("2026-05-12", 400), ("2026-07-06", 597), ("2026-08-05", 725), ("2026-11-15", 727)]), occurrences: 4))
        #expect(!detector.pricedLikePurchases(charges(monthly("2026-01-05", 4, amount: 1549) + monthly("2026-05-05", 4, amount: 1799)), occurrences: 8))
        #expect(!detector.pricedLikePurchases(charges([("2026-01-05", 999), ("2026-02-05", 1299), ("2026-03-05", 1299)]), occurrences: 3))
    }

    @Test func oneDescriptorSeveralProductsSplitByAmount() {
        let list = monthly("2026-01-03", 6, amount: 299) + monthly("2026-01-17", 6, amount: 1099)
        let (series, _) = detector.detect(charges(list), knownService: false)
        #expect(series.count == 2)
        #expect(Set(series.map(\.last.amount)) == [29_900, 109_900])
    }

    @Test func oneOffAtASubscriptionMerchantStaysOut() {
        let list = monthly("2026-01-05", 6, amount: 1549) + [("2026-03-20", 2500)]
        let (series, leftover) = detector.detect(charges(list), knownService: true)
        #expect(series.first?.charges.count == 6)
        #expect(leftover.map(\.amount) == [250_000])
    }

    @Test func doubledChargeStaysInTheSeriesAndCountsOnce() {
        let list = monthly("2026-01-05", 6, amount: 1549) + [("2026-03-06", 1549)]
        let (series, leftover) = detector.detect(charges(list), knownService: true)
        #expect(series.first?.occurrences == 6)
        #expect(series.first?.charges.count == 7)
        #expect(leftover.isEmpty)
    }

    @Test func scatteredShopPurchasesMakeNoSeries() {
        let amounts: [Int64] = [1234, 5678, 2345, 1980, 8890, 1510, 4410, 2790, 3100, 1641, 6000, 1338]
        let list = amounts.enumerated().map { i, a in (CalendarDate(year: 2026, month: 1, day: 3)!.adding(days: 30 * (i / 2) + i % 2 * 9).description, a) }
        let (series, _) = detector.detect(charges(list), knownService: false)
        #expect(series.isEmpty)
    }

    @Test func everyGapASkippedChargeIsNotAShorterPeriod() {
        let list: [(String, Int64)] = [("2026-01-01", 999), ("2026-02-09", 999), ("2026-03-11", 999), ("2026-04-10", 999), ("2026-05-10", 999)]
        #expect(detector.detect(charges(list), knownService: false).series.first?.fit.period == .monthly)
    }

    @Test func twoChargesOfAnUnknownMerchantAmongOthersAreNoSeries() {
        let list: [(String, Int64)] = [("2026-01-05", 4000), ("2026-02-05", 4000), ("2026-01-20", 1200)]
        #expect(detector.detect(charges(list), knownService: false).series.isEmpty)
    }

    @Test func regularSeriesIsMoreConfidentThanAShortOne() throws {
        let long = try #require(detector.detect(charges(monthly("2026-01-05", 10, amount: 999)), knownService: false).series.first)
        let short = try #require(detector.detect(charges(monthly("2026-01-05", 3, amount: 999, drift: [0, 2, -1])), knownService: false).series.first)
        #expect(long.confidence > short.confidence)
        #expect(long.confidence >= 0.8)
    }

    @Test func stoppedSeriesIsInactive() {
        let last = CalendarDate(year: 2026, month: 5, day: 9)!
        #expect(SeriesDraftBuilder.isStopped(last: last, period: .monthly, today: CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect(!SeriesDraftBuilder.isStopped(last: last, period: .monthly, today: CalendarDate(year: 2026, month: 6, day: 20)!))
        #expect(!SeriesDraftBuilder.isStopped(last: last, period: .yearly, today: CalendarDate(year: 2026, month: 11, day: 30)!))
    }
}
