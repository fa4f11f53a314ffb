import Testing
@testable import Ingest

/// A recurring series' cycle and next renewal, as its draft gives them: the renewal on the
/// series' own billing day, rolled forward to today, not the last charge plus a period.
@Suite struct RenewalProjectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let charges: [String]
        let today: String
        let period: Period
        let next: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "last charge moved by a weekend", charges: ["2026-06-05", "2026-07-06", "2026-08-05", "2026-09-05", "2026-10-05", "2026-11-07"],
              today: "2026-11-30", period: .monthly, next: "2026-12-05"),
        .init(name: "one missed month stays monthly", charges: ["2026-01-10", "2026-02-10", "2026-03-10", "2026-05-11", "2026-06-10", "2026-07-10", "2026-08-10"],
              today: "2026-08-20", period: .monthly, next: "2026-09-10"),
        .init(name: "a missed month among three", charges: ["2026-07-14", "2026-08-14", "2026-10-14"],
              today: "2026-10-30", period: .monthly, next: "2026-11-14"),
        .init(name: "the month's end stays the 31st", charges: ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"],
              today: "2026-07-01", period: .monthly, next: "2026-07-31"),
        .init(name: "the 30th is not the month's end", charges: ["2026-01-30", "2026-02-28", "2026-03-30", "2026-04-30", "2026-05-30", "2026-06-30"],
              today: "2026-07-01", period: .monthly, next: "2026-07-30"),
        .init(name: "the 31st charged on the 2nd", charges: ["2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30", "2027-01-02"],
              today: "2027-01-05", period: .monthly, next: "2027-01-31"),
        .init(name: "a drifting day follows the last charge", charges: ["2026-06-09", "2026-07-08", "2026-08-07", "2026-09-06", "2026-10-05", "2026-11-04"],
              today: "2026-11-30", period: .monthly, next: "2026-12-04"),
        .init(name: "a changed billing day follows the change", charges: ["2026-03-05", "2026-04-05", "2026-05-05", "2026-06-05", "2026-06-20", "2026-07-20", "2026-08-20", "2026-09-21"],
              today: "2026-09-25", period: .monthly, next: "2026-10-20"),
        .init(name: "rolled forward past today", charges: ["2026-04-05", "2026-05-05", "2026-06-08", "2026-07-05", "2026-08-05"],
              today: "2026-11-30", period: .monthly, next: "2026-12-05"),
        .init(name: "weekly on Mondays, last on a Tuesday", charges: ["2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26", "2026-11-03"],
              today: "2026-11-04", period: .weekly, next: "2026-11-09"),
        .init(name: "quarterly, last one late", charges: ["2025-12-01", "2026-03-01", "2026-06-01", "2026-09-04"],
              today: "2026-09-10", period: .quarterly, next: "2026-12-01"),
        .init(name: "yearly from two charges", charges: ["2025-11-25", "2026-11-26"],
              today: "2026-11-30", period: .yearly, next: "2027-11-25"),
    ]

    @Test(arguments: cases)
    func projectsOnTheSeriesDay(_ c: Case) throws {
        let today = try #require(CalendarDate(iso: c.today))
        let list = charges(c.charges.map { ($0, 1299) })
        let (series, leftover) = RecurrenceDetector().detect(list, knownService: true)
        #expect(leftover.isEmpty)
        let found = try #require(series.first, "no series")
        #expect(series.count == 1)
        #expect(found.fit.period == c.period)
        let builder = SeriesDraftBuilder(file: "statement.csv", context: NormalizeContext(today: today))
        let merchant = Merchant(key: "brand:Test", name: "Test", category: nil, isKnownService: true)
        let draft = builder.draft(found, merchant: merchant, currency: .eur)
        #expect(draft.nextRenewal.value?.description == c.next)
        #expect(draft.cycle.value == c.period.cycle)
    }
}
