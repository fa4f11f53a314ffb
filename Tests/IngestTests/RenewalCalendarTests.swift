import Foundation
import Testing
@testable import Ingest

private func day(_ text: String) -> CalendarDate {
    CalendarDate(iso: text) ?? CalendarDate(dayNumber: 0)
}

@Suite struct RenewalScheduleTests {
    /// An anchor and cycle, then its first renewals as ingest computes them.
    struct Case: Sendable, CustomTestStringConvertible {
        var anchor: String, cycle: Cycle, renewals: [String]
        var testDescription: String { "\(anchor) every \(cycle)" }
    }

    static let main: [Case] = [
        Case(anchor: "2026-01-31", cycle: .monthly, renewals: ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]),
        Case(anchor: "2028-01-30", cycle: .monthly, renewals: ["2028-01-30", "2028-02-29", "2028-03-30", "2028-04-30"]),
        Case(anchor: "2027-01-29", cycle: .monthly, renewals: ["2027-01-29", "2027-02-28", "2027-03-29"]),
        Case(anchor: "2026-11-30", cycle: Cycle(unit: .month, interval: 3), renewals: ["2026-11-30", "2027-02-28", "2027-05-30", "2027-08-30"]),
        Case(anchor: "2028-02-29", cycle: .yearly, renewals: ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]),
        Case(anchor: "2026-12-28", cycle: .weekly, renewals: ["2026-12-28", "2027-01-04", "2027-01-11"]),
        Case(anchor: "2026-12-31", cycle: Cycle(unit: .day, interval: 10), renewals: ["2026-12-31", "2027-01-10", "2027-01-20"]),
    ]

    @Test(arguments: main)
    func renewals(_ c: Case) {
        let schedule = RenewalSchedule(anchor: day(c.anchor), cycle: c.cycle)
        #expect((0..<c.renewals.count).map { schedule.renewal($0).description } == c.renewals)
        let through = day(c.renewals[c.renewals.count - 1])
        #expect(schedule.renewals(from: day(c.anchor), through: through).map(\.description) == c.renewals)
    }

    /// The import's roll-forward and the schedule are one rule: for every anchor day of a
    /// year and every cycle, rolling to a later day gives the schedule's first renewal then.
    @Test(arguments: [Cycle.monthly, Cycle(unit: .month, interval: 3), .yearly, .weekly, Cycle(unit: .day, interval: 10)])
    func rollForwardIsTheSchedule(_ cycle: Cycle) {
        let today = day("2027-06-15")
        for offset in 0..<366 {
            let anchor = day("2026-01-01").adding(days: offset)
            let schedule = RenewalSchedule(anchor: anchor, cycle: cycle)
            let rolled = DraftBuilder.rolled(anchor, by: cycle, to: today)
            #expect(rolled.0 == schedule.first(onOrAfter: today).date)
            #expect(rolled.0 == schedule.renewal(rolled.times))
            #expect(rolled.0 >= today && schedule.renewal(rolled.times - 1) < today)
        }
    }

    /// What the RRULE's `BYMONTHDAY=28…D;BYSETPOS=-1` says, read directly: each renewal falls
    /// on day D, or the month's last day when the month is shorter; without a month-end day,
    /// on the anchor's day.
    @Test(arguments: 1...31)
    func monthEndDayIsTheClamp(_ anchorDay: Int) {
        for cycle in [Cycle.monthly, Cycle(unit: .month, interval: 3), .yearly] {
            let month = cycle.unit == .year ? 2 : 1
            guard let anchor = CalendarDate(year: 2028, month: month, day: anchorDay) else { continue }
            let schedule = RenewalSchedule(anchor: anchor, cycle: cycle)
            for n in 0..<48 {
                let date = schedule.renewal(n)
                let wanted = schedule.monthEndDay ?? anchor.day
                #expect(date.day == min(wanted, CalendarDate.daysIn(month: date.month, year: date.year)), "\(anchor) \(cycle) #\(n): \(date)")
            }
        }
    }
}

@Suite struct RecurrenceRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var anchor: String, cycle: Cycle, until: String?, rule: String
        var testDescription: String { rule }
    }

    static let main: [Case] = [
        Case(anchor: "2026-12-05", cycle: .monthly, until: nil, rule: "FREQ=MONTHLY"),
        Case(anchor: "2026-12-28", cycle: .monthly, until: nil, rule: "FREQ=MONTHLY"),
        Case(anchor: "2026-12-29", cycle: .monthly, until: nil, rule: "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1"),
        Case(anchor: "2026-11-30", cycle: .monthly, until: nil, rule: "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1"),
        Case(anchor: "2026-01-31", cycle: .monthly, until: nil, rule: "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
        Case(anchor: "2026-01-31", cycle: Cycle(unit: .month, interval: 3), until: nil, rule: "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
        Case(anchor: "2026-01-05", cycle: Cycle(unit: .month, interval: 3), until: "2027-06-30", rule: "FREQ=MONTHLY;INTERVAL=3;UNTIL=20270630"),
        Case(anchor: "2028-02-29", cycle: .yearly, until: nil, rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"),
        Case(anchor: "2026-03-31", cycle: .yearly, until: nil, rule: "FREQ=YEARLY"),
        Case(anchor: "2026-03-31", cycle: Cycle(unit: .year, interval: 2), until: nil, rule: "FREQ=YEARLY;INTERVAL=2"),
        Case(anchor: "2026-12-05", cycle: .weekly, until: nil, rule: "FREQ=WEEKLY"),
        Case(anchor: "2026-12-05", cycle: Cycle(unit: .week, interval: 2), until: nil, rule: "FREQ=WEEKLY;INTERVAL=2"),
        Case(anchor: "2026-12-31", cycle: Cycle(unit: .day, interval: 30), until: nil, rule: "FREQ=DAILY;INTERVAL=30"),
    ]

    @Test(arguments: main)
    func rule(_ c: Case) {
        let rule = RecurrenceRule(RenewalSchedule(anchor: day(c.anchor), cycle: c.cycle), until: c.until.map(day))
        #expect(rule.value == c.rule)
    }
}

@Suite struct ICalendarTextTests {
    static let escapes: [(String, String)] = [
        ("Netflix", "Netflix"), ("a,b;c", "a\\,b\\;c"), ("back\\slash", "back\\\\slash"),
        ("one\ntwo", "one\\ntwo"), ("one\r\ntwo", "one\\ntwo"), ("one\rtwo", "one\\ntwo"),
        ("tab\there", "tab\there"), ("bell\u{07}gone", "bellgone"), ("Café — 日本", "Café — 日本"),
    ]

    @Test(arguments: escapes)
    func escaping(_ raw: String, _ escaped: String) {
        #expect(ICalendarText.escaped(raw) == escaped)
    }

    /// A line of `count` copies of `piece` after a 12-byte name: every physical line at most 75
    /// octets, continuations start with a space, and unfolding gives the line back.
    static let folds: [(String, Int)] = [("a", 10), ("a", 63), ("a", 64), ("a", 300), ("é", 100), ("日", 100), ("😀", 60), ("a日", 77)]

    @Test(arguments: folds)
    func folding(_ piece: String, _ count: Int) {
        let line = "DESCRIPTION:" + String(repeating: piece, count: count)
        let folded = ICalendarText.folded(line)
        #expect(folded.hasSuffix("\r\n"))
        let physical = folded.utf8.split(separator: 0x0A).map { Array($0) }
        for (i, bytes) in physical.enumerated() {
            #expect(bytes.last == 0x0D)
            #expect(bytes.count - 1 <= 75, "line \(i) has \(bytes.count - 1) octets")
            #expect(String(validating: bytes.dropLast(), as: UTF8.self) != nil, "line \(i) cuts a character")
            if i > 0 { #expect(bytes.first == 0x20) }
        }
        let unfolded = folded.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "")
        #expect(unfolded == line)
        #expect(line.utf8.count > 75 || physical.count == 1)
    }

    static let durations: [(Int, String)] = [
        (540, "PT9H"), (540 - 1440, "-PT15H"), (540 - 3 * 1440, "-P2DT15H"), (540 - 7 * 1440, "-P6DT15H"),
        (-1440, "-P1D"), (0, "PT0S"), (1110 - 2 * 1440, "-P1DT5H30M"), (30, "PT30M"),
    ]

    @Test(arguments: durations)
    func duration(_ minutes: Int, _ text: String) {
        #expect(ICalendarText.duration(minutes: minutes) == text)
    }
}

@Suite struct RenewalCalendarTests {
    static func sub(_ name: String, _ amount: Decimal?, _ currency: String?, _ cycle: Cycle?, row: Int = 1) -> Subscription {
        Subscription(name: name, price: amount.map { Price(amount: $0, currency: currency.flatMap(Currency.init)) },
                     cycle: cycle, nextRenewal: day("2026-12-05"), category: nil, notes: nil,
                     source: Provenance(file: "subs.csv", row: row))
    }

    static func uids(_ subs: [Subscription]) -> [String] {
        var uids = RenewalCalendar.UIDs(stamp: day("2026-11-30"), catalog: .bundled)
        return subs.map { uids.next(for: $0) }
    }

    /// The UID follows the service, cycle and currency, not the price, date, row or spelling.
    @Test func uidStability() {
        let base = Self.uids([Self.sub("Netflix", 15.49, "USD", .monthly)])[0]
        #expect(base.hasSuffix("@ingest") && base.count == 16 + 7)
        let same: [Subscription] = [
            Self.sub("Netflix", 17.99, "USD", .monthly, row: 9),
            Self.sub("NETFLIX.COM", 15.49, "USD", .monthly),
            Self.sub("Netflix Premium", 22.99, "USD", .monthly),
        ]
        for s in same { #expect(Self.uids([s])[0] == base, "\(s.name)") }
        let different: [Subscription] = [
            Self.sub("Netflix", 15.49, "EUR", .monthly), Self.sub("Netflix", 15.49, "USD", .yearly),
            Self.sub("Spotify", 15.49, "USD", .monthly), Self.sub("Netflix", nil, nil, .monthly),
        ]
        for s in different { #expect(Self.uids([s])[0] != base, "\(s.name) \(String(describing: s.cycle))") }
        // Two of the same service in one file: the second gets its own UID, the first keeps its.
        let twice = Self.uids([Self.sub("Netflix", 15.49, "USD", .monthly), Self.sub("Netflix", 9.99, "USD", .monthly)])
        #expect(twice[0] == base && twice[1] != base)
    }

    @Test func sameInputSameBytes() {
        let subs = [Self.sub("Netflix", 15.49, "USD", .monthly), Self.sub("Gym", 30, "EUR", nil)]
        let a = RenewalCalendar(stamp: day("2026-11-30"), catalog: .bundled).make(subs).text
        let b = RenewalCalendar(stamp: day("2026-11-30"), catalog: .bundled).make(subs).text
        #expect(a == b)
        #expect(a.contains("DTSTAMP:20261130T000000Z\r\n"))
        #expect(a.contains("SUMMARY:Netflix — 15.49 USD\r\n"))
        #expect(a.contains("URL:https://www.netflix.com/account\r\n"))
        // No cycle: one event, no RRULE.
        #expect(a.components(separatedBy: "RRULE:").count == 2)
    }

    @Test func leftOut() {
        var none = Self.sub("Gym", 30, "EUR", .monthly, row: 4)
        none.nextRenewal = nil
        var calendar = RenewalCalendar(stamp: day("2026-11-30"), catalog: .bundled)
        calendar.until = day("2026-12-01")
        let (text, skipped, events) = calendar.make([none, Self.sub("Netflix", 15.49, "USD", .monthly)])
        #expect(events == 0)
        #expect(skipped.map(\.index) == [0, 1])
        #expect(skipped.map(\.reason) == ["no next renewal", "next renewal 2026-12-05 is after 2026-12-01"])
        #expect(!text.contains("BEGIN:VEVENT"))
    }
}
