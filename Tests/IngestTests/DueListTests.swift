import Foundation
import Testing
@testable import Ingest

@Suite struct DueListTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso: text) ?? CalendarDate(dayNumber: 0) }

    static let subscriptions: [Subscription] = [
        sub("Netflix", "15.49", "USD", .monthly, "2026-12-05", row: 1),
        sub("Spotify", "10.99", "EUR", .monthly, "2026-11-30", row: 2),
        sub("Gym", "12.00", "EUR", .weekly, "2026-11-03", row: 3),  // past: moved on weekly
        sub("Domain", "15.00", "USD", .yearly, "2027-06-01", row: 4),
        sub("Donation", "5", nil, nil, "2026-12-01", row: 5),        // no cycle, no currency
        sub("Old trial", "1.00", "USD", nil, "2026-11-01", row: 6),  // past, no cycle: never due
        sub("Magazine", "4.00", "GBP", .monthly, nil, row: 7),       // no renewal
    ]

    static func sub(_ name: String, _ amount: String, _ currency: String?, _ cycle: Cycle?, _ next: String?, row: Int) -> Subscription {
        Subscription(name: name, price: Price(amount: Decimal(string: amount) ?? 0, currency: currency.flatMap(Currency.init)),
                     cycle: cycle, nextRenewal: next.map(day), category: nil, notes: nil,
                     source: Provenance(file: "subs.csv", row: row))
    }

    /// A window, then what is due in it (date and name, soonest first) and the totals.
    struct Case: Sendable, CustomTestStringConvertible {
        var today: String, days: Int
        var due: [String]
        var totals: [String]
        var notInTotals: Int
        var testDescription: String { "\(today) +\(days)" }
    }

    static let windows: [Case] = [
        Case(today: "2026-11-30", days: 0, due: ["2026-11-30 Spotify"], totals: ["EUR 10.99"], notInTotals: 0),
        Case(today: "2026-11-30", days: 7, due: ["2026-11-30 Spotify", "2026-12-01 Gym", "2026-12-01 Donation", "2026-12-05 Netflix"],
             totals: ["EUR 22.99", "USD 15.49"], notInTotals: 1),
        // A weekly subscription is due on each of its days in the window.
        Case(today: "2026-11-30", days: 8, due: ["2026-11-30 Spotify", "2026-12-01 Gym", "2026-12-01 Donation", "2026-12-05 Netflix", "2026-12-08 Gym"],
             totals: ["EUR 34.99", "USD 15.49"], notInTotals: 1),
        Case(today: "2026-12-02", days: 3, due: ["2026-12-05 Netflix"], totals: ["USD 15.49"], notInTotals: 0),
        Case(today: "2026-12-02", days: 2, due: [], totals: [], notInTotals: 0),
        // Spotify's 30th falls on May 30, outside the window; the same day keeps the file's order.
        Case(today: "2027-05-31", days: 5, due: ["2027-06-01 Gym", "2027-06-01 Domain", "2027-06-05 Netflix"],
             totals: ["EUR 12.00", "USD 30.49"], notInTotals: 0),
    ]

    @Test(arguments: windows)
    func window(_ c: Case) {
        let list = DueList(Self.subscriptions, today: Self.day(c.today), days: c.days)
        #expect(list.items.map { "\($0.date) \($0.subscription.name)" } == c.due)
        #expect(list.totals.map { "\($0.currency.code) \(DecimalText.format($0.amount, minorDigits: $0.currency.minorDigits))" } == c.totals)
        #expect(list.notInTotals == c.notInTotals)
        #expect(list.items.allSatisfy { $0.inDays == $0.date.dayNumber - Self.day(c.today).dayNumber })
    }

    /// History points (date or nil, amount, currency), the price now, then what `due` says.
    static let rises: [([(String?, String, String)], String, String?)] = [
        ([("2026-03-05", "13.83", "USD")], "15.49", "price up 12 % since 2026-03"),
        ([("2025-01-05", "9.99", "USD"), ("2026-03-05", "13.83", "USD")], "15.49", "price up 55 % since 2025-01"),
        ([("2026-03-05", "13.83", "USD"), ("2025-01-05", "9.99", "USD")], "15.49", "price up 55 % since 2025-01"),
        ([(nil, "10.00", "USD")], "15.49", "price up 55 %"),
        ([("2026-03-05", "17.99", "USD")], "15.49", nil),       // cheaper now
        ([("2026-03-05", "15.49", "USD")], "15.49", nil),       // the same
        ([("2026-03-05", "9.99", "EUR")], "15.49", nil),        // another currency: not compared
        ([("2026-03-05", "15.48", "USD")], "15.49", nil),       // under half a percent
        ([], "15.49", nil),
    ]

    @Test(arguments: rises.indices)
    func priceRise(_ i: Int) {
        let (points, now, text) = Self.rises[i]
        var sub = Self.sub("Netflix", now, "USD", .monthly, "2026-12-05", row: 1)
        sub.priceHistory = points.map { PricePoint(date: $0.0.map(Self.day), price: Price(amount: Decimal(string: $0.1) ?? 0, currency: Currency($0.2))) }
        #expect(DueList.PriceRise(sub)?.text == text)
        let list = DueList([sub], today: Self.day("2026-12-01"), days: 7)
        #expect(list.items.first?.rise?.text == text)
    }

    @Test func textNamesNothingDue() {
        let list = DueList(Self.subscriptions, today: Self.day("2026-12-02"), days: 2)
        #expect(list.text() == "Nothing renews from 2026-12-02 through 2026-12-04.\n")
    }
}
