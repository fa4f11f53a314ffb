import Testing
@testable import Ingest

/// One date text and what it must read as (`expected` nil: must be rejected).
struct DateCase: CustomTestStringConvertible, Sendable {
    var raw: String
    var expected: String?
    var locale: String?
    var order: DateOrder?
    var issue: String?

    init(_ raw: String, _ expected: String?, locale: String? = nil, order: DateOrder? = nil, issue: String? = nil) {
        self.raw = raw
        self.expected = expected
        self.locale = locale
        self.order = order
        self.issue = issue
    }

    var testDescription: String { "\(raw) [\(locale ?? "-")]" }

    /// Today is Monday 2026-11-30 in every case.
    func check() {
        let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
        let parser = DateParser(context: NormalizeContext(today: today, locale: locale))
        guard let expected else {
            #expect(throws: NormalizeError.self) { try parser.parse(raw[...], order: order) }
            return
        }
        do {
            let parsed = try parser.parse(raw[...], order: order)
            #expect(parsed.date.description == expected)
            if let issue { #expect(parsed.issues.map(\.code.rawValue) == [issue]) } else { #expect(parsed.issues.isEmpty) }
        } catch {
            Issue.record("\(raw): \(error.message)")
        }
    }
}

@Suite struct DateParserTests {
    static let main: [DateCase] = [
        // ISO 8601: the calendar date as written, no zone conversion.
        DateCase("2026-12-05", "2026-12-05"), DateCase("2026-12-05T23:30:00-08:00", "2026-12-05"),
        DateCase("2026-12-05T00:30:00+09:00", "2026-12-05"), DateCase("20261205", "2026-12-05"),
        DateCase("20030925T104941-0300", "2003-09-25"), DateCase("2026/12/05", "2026-12-05"), DateCase("2026.12.05", "2026-12-05"),
        // Numeric order: the value's own proof, then the column, then the locale, then a noted guess.
        DateCase("13/04/2026", "2026-04-13"), DateCase("04/13/2026", "2026-04-13"),
        DateCase("03/04/2026", "2026-03-04", locale: "en_US"), DateCase("03/04/2026", "2026-04-03", locale: "en_GB"),
        DateCase("03.04.2026", "2026-04-03", locale: "de_DE"), DateCase("5/12/2026", "2026-12-05", locale: "es_MX"),
        DateCase("03/04/2026", "2026-04-03", locale: "en_US", order: .dayMonthYear),
        DateCase("13/04/2026", "2026-04-13", order: .monthDayYear),
        DateCase("03/04/2026", "2026-03-04", issue: "date.ambiguous"), DateCase("03.04.2026", "2026-04-03", issue: "date.ambiguous"),
        DateCase("04/04/2026", "2026-04-04"),
        // Two-digit years: 00–68 → 20xx, 69–99 → 19xx.
        DateCase("05.12.26", "2026-12-05", locale: "de_DE"), DateCase("04.04.95 00:22", "1995-04-04", locale: "de_DE"),
        DateCase("31-Dec-00", "2000-12-31"), DateCase("Wed, July 10, '96", "1996-07-10"), DateCase("1/1/69", "1969-01-01", locale: "en_US"),
        // Month names, abbreviations, ordinals, weekdays, times and zones around them.
        DateCase("December 5, 2026", "2026-12-05"), DateCase("Dec. 5th, 2026", "2026-12-05"),
        DateCase("the 5th of December, 2026", "2026-12-05"), DateCase("Saturday, December 5, 2026", "2026-12-05"),
        DateCase("Thu Sep 25 10:36:28 BRST 2003", "2003-09-25"), DateCase("8:25 a.m. Dec. 12, 2014", "2014-12-12"),
        DateCase("13NOV2017", "2017-11-13"), DateCase("2003-Sep-25", "2003-09-25"),
        DateCase("5 de diciembre de 2026", "2026-12-05"), DateCase("5. Dezember 2026", "2026-12-05"),
        DateCase("15. Jänner 2027", "2027-01-15", locale: "de_AT"), DateCase("1er décembre 2026", "2026-12-01", locale: "fr_FR"),
        DateCase("1º de dezembro de 2026", "2026-12-01", locale: "pt_BR"), DateCase("sabato 5 dicembre 2026", "2026-12-05"),
        DateCase("zaterdag 5 december 2026", "2026-12-05"), DateCase("lørdag den 5. december 2026", "2026-12-05"),
        DateCase("5. desember 2026", "2026-12-05"), DateCase("lördag 5 december 2026", "2026-12-05"),
        DateCase("21 сентября 2021г., вторник", "2021-09-21"), DateCase("5 grudnia 2026", "2026-12-05"),
        DateCase("14-Aralık-2012, 20:56", "2012-12-14"), DateCase("23. März 18.37 Uhr", "2027-03-23"),
        // Chinese, Japanese, Korean; Japanese eras.
        DateCase("2026年12月5日", "2026-12-05"), DateCase("2016年3月20日(日) 21時40分", "2016-03-20"),
        DateCase("2026년 12월 5일 토요일", "2026-12-05"), DateCase("令和8年12月5日", "2026-12-05"),
        DateCase("平成31年4月30日", "2019-04-30"), DateCase("2026. 12. 5.", "2026-12-05"),
        // Year-less dates: the next occurrence on or after today.
        DateCase("Nov 30", "2026-11-30"), DateCase("Nov 29", "2027-11-29"), DateCase("Feb 29", "2028-02-29"),
        DateCase("12月5日", "2026-12-05"), DateCase("5.12.", "2026-12-05", locale: "de_DE"), DateCase("12/5", "2026-12-05", locale: "en_US"),
        // Relative phrases, calendar arithmetic clamped to the month's end.
        DateCase("today", "2026-11-30"), DateCase("tomorrow", "2026-12-01"), DateCase("yesterday", "2026-11-29"),
        DateCase("in 3 days", "2026-12-03"), DateCase("in 2 weeks", "2026-12-14"), DateCase("in 1 month", "2026-12-30"),
        DateCase("in 3 months", "2027-02-28"), DateCase("3 days ago", "2026-11-27"), DateCase("in 1 year 2 months", "2028-01-30"),
        DateCase("mañana", "2026-12-01"), DateCase("übermorgen", "2026-12-02"), DateCase("demain", "2026-12-01"),
        DateCase("明天", "2026-12-01"), DateCase("后天", "2026-12-02"), DateCase("今天", "2026-11-30"),
        DateCase("vor 2 Monaten", "2026-09-30"), DateCase("il y a 2 jours", "2026-11-28"), DateCase("3天后", "2026-12-03"),
        DateCase("2週間前", "2026-11-16"), DateCase("3달 전", "2026-08-30"), DateCase("om 3 uker", "2026-12-21"),
        // Weekdays: alone the next occurrence from today; after "next" the day of next week.
        DateCase("next Monday", "2026-12-07"), DateCase("Monday", "2026-11-30"), DateCase("Friday", "2026-12-04"),
        DateCase("nächsten Montag", "2026-12-07"), DateCase("lundi prochain", "2026-12-07"), DateCase("下周一", "2026-12-07"),
        DateCase("Jeu 15:12", "2026-12-03", locale: "fr_FR"),
        DateCase("next month", "2026-12-30"), DateCase("next week", "2026-12-07"), DateCase("Renews on the 5th", "2026-12-05"),
        DateCase("the 30th", "2026-11-30"),
        // Two numbers are a year-less date only as `12/5` or `5.12.`; `10.12` is a price.
        DateCase("10.12", nil), DateCase("12-05", nil),
        // Billing-page wording.
        DateCase("Next billing date: December 5, 2026", "2026-12-05"), DateCase("Renews Dec 5", "2026-12-05"),
        DateCase("Nächste Zahlung am 05.12.2026", "2026-12-05", locale: "de_DE"),
        DateCase("Se renueva el 5 de diciembre", "2026-12-05"), DateCase("次回請求日 2026/12/05", "2026-12-05"),
        DateCase("续费日期 2026-12-05", "2026-12-05"), DateCase("下次扣费日期：2026年12月5日", "2026-12-05"),
        // Impossible and unreadable dates throw; nothing falls back to today.
        DateCase("31 April 2015", nil), DateCase("2026-02-30", nil), DateCase("2027-02-29", nil), DateCase("2026-13-01", nil),
        DateCase("32/01/2026", nil), DateCase("00/00/0000", nil), DateCase("12/09/18567", nil), DateCase("04/04/32/423", nil),
        DateCase("never", nil), DateCase("monthly", nil), DateCase("N/A", nil), DateCase("", nil),
        DateCase("Aug 7, 2014Aug 7, 2014", nil),
    ]

    static let bugsCaught: [DateCase] = [
        // "ago" is also Spanish/Italian for August: relative phrases must win.
        DateCase("a week ago", "2026-11-23"), DateCase("13 Ago, 2014", "2014-08-13"),
        // Minutes after a dotted hour were read as a day (`18.37 Uhr`).
        DateCase("Donnerstag, 8. Januar 2015 um 07:17", "2015-01-08"),
        // A weekday that contradicts the date is reported, the date kept.
        DateCase("Friday, December 5, 2026", "2026-12-05", issue: "date.weekday-mismatch"),
    ]

    static let knownLimits: [DateCase] = [
        // Hours and minutes are not counted in relative phrases.
        DateCase("in 36 hours", "2026-12-02"),
        // "last Monday" (the previous week's) is not read.
        DateCase("last Monday", "2026-11-23"),
    ]

    @Test(arguments: main) func reads(_ c: DateCase) { c.check() }
    @Test(arguments: bugsCaught) func bugsStayFixed(_ c: DateCase) { c.check() }
    @Test(arguments: knownLimits) func knownLimit(_ c: DateCase) {
        withKnownIssue { c.check() }
    }

    /// The date part of a text that ends with a time of day (what the draft builder remembers
    /// a clean reading by); nil for any other ending.
    @Test(arguments: [
        ("July 9, 2027 6:30 AM", "July 9, 2027"), ("09.07.2027 18:30", "09.07.2027"), ("2027-07-09 06:30:15", "2027-07-09"),
        ("9/7/2027 6:30PM", "9/7/2027"), ("5. Dezember 2026 0:00", "5. Dezember 2026"), ("Dec 5 12:00 pm", "Dec 5"),
        ("July 9, 2027", nil), ("6:30", nil), (" 6:30", nil), ("July 9 24:00", nil), ("July 9 6:60", nil), ("July 9  6:30", nil),
        ("July 9, 2027 6:30 +0100", nil), ("1:2:3:45", nil), ("July 9 6:30:15:20", nil), ("July 9 123:30", nil), ("July 9,6:30", nil),
        ("July 9 6:3", nil), ("AM", nil), ("", nil),
    ] as [(String, String?)])
    func timeOfDayIsCutOff(_ c: (String, String?)) {
        #expect(DateParser.withoutTimeOfDay(c.0) == c.1, "\(c.0)")
    }

    /// Every date text of the tables above with times of day after it: where one time gives a
    /// clean reading (no issue), every time gives the same one, so a clean reading remembered
    /// by the date part (`DraftBuilder.parseDate`) is the reading of any time that day.
    @Test func timesOfOneDayReadAlike() {
        let times = ["0:00", "6:30 AM", "11:59 PM", "23:59:59", "12:00pm", "9:05", "10:30 am", "7:45:00 PM"]
        let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
        var clean = 0
        for c in Self.main + Self.bugsCaught {
            let parser = DateParser(context: NormalizeContext(today: today, locale: c.locale))
            var readings: [String: ParsedDate?] = [:]
            for time in times {
                let text = "\(c.raw) \(time)"
                guard DateParser.withoutTimeOfDay(text) == c.raw else { continue }
                readings[time] = try? parser.parse(text[...], order: c.order)
            }
            guard let first = readings.values.compactMap({ $0 }).first(where: { $0.issues.isEmpty }) else { continue }
            clean += 1
            for (time, reading) in readings.sorted(by: { $0.key < $1.key }) {
                #expect(reading == first, "\(c.raw) \(time): \(String(describing: reading)) against \(first)")
            }
        }
        #expect(clean > 40, "\(clean) date texts read cleanly with a time")
    }

    @Test func reportsWhenTheColumnDecided() throws {
        let parser = DateParser(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        #expect(try parser.parse("03/04/2026", order: .dayMonthYear).orderFromColumn)
        #expect(try parser.parse("13/04/2026", order: .monthDayYear).orderFromColumn == false)
        #expect(try parser.parse("2026-12-05", order: .monthDayYear).orderFromColumn == false)
    }

    @Test func columnEvidenceDecidesOrder() {
        var evidence = DateOrderEvidence()
        for value in ["03/04/2026", "13/04/2026", "2026-12-05"] { evidence.observe(value[...]) }
        #expect(evidence.decide(locale: nil).order == .dayMonthYear)
        #expect(evidence.decide(locale: nil).guessed == false)
        var unproven = DateOrderEvidence()
        unproven.observe("03/04/2026")
        #expect(unproven.decide(locale: "en_US").order == .monthDayYear)
        #expect(unproven.decide(locale: nil).order == nil)
        #expect(unproven.decide(locale: nil).guessed)
    }
}

/// Hostile date texts: counts past `Int` once trapped or wrapped (`in 99999999999999999999
/// days` gave the year 2739933, which breaks the schema's date pattern); every date read now
/// falls in 0001–9999 or is refused.
@Suite struct DateLimitTests {
    static let refused: [(String, NormalizeError.Kind)] = [
        ("in 99999999999999999999 days", .outOfRange), ("99999999999999999999 days ago", .outOfRange),
        ("in 9999999 days", .outOfRange), ("in 99999999999 months", .outOfRange), ("in 3000000 weeks", .outOfRange),
        ("0000-01-01", .outOfRange), ("1/1/99999999999999999999", .unparseable), ("2026-12-05\u{0}", .control),
        ("99999年12月5日", .impossible), ("12/05/10000", .unparseable),
    ]

    @Test(arguments: refused)
    func refusesWithTheKind(_ raw: String, _ kind: NormalizeError.Kind) {
        let parser = DateParser(context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect { try parser.parse(raw[...]) } throws: { ($0 as? NormalizeError)?.kind == kind }
    }

    @Test func relativeDatesStopAtTheLastSupportedDay() throws {
        let last = DateParser(context: NormalizeContext(today: CalendarDate(year: 9999, month: 12, day: 31)!))
        #expect(try last.parse("today").date.description == "9999-12-31")
        #expect { try last.parse("tomorrow") } throws: { ($0 as? NormalizeError)?.kind == .outOfRange }
        let first = DateParser(context: NormalizeContext(today: CalendarDate(year: 1, month: 1, day: 1)!))
        #expect { try first.parse("yesterday") } throws: { ($0 as? NormalizeError)?.kind == .outOfRange }
    }

    @Test func calendarArithmeticNeverTraps() {
        let day = CalendarDate(year: 2026, month: 11, day: 30)!
        #expect(CalendarDate(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(day.adding(days: .max).isSupported == false)
        #expect(day.adding(days: .min).isSupported == false)
        #expect(day.adding(months: .max).isSupported == false)
        #expect(Cycle(unit: .week, interval: .max).advance(day, times: .max).isSupported == false)
        #expect(Cycle(unit: .year, interval: 3).advance(day, times: -2).description == "2020-11-30")
    }

    /// Rolling a past renewal forward counts the cycles from the distance; it agrees with
    /// stepping one cycle at a time.
    static let rolls: [(String, Cycle)] = [
        ("1900-01-01", Cycle(unit: .day)), ("2026-01-31", .monthly), ("2024-02-29", .yearly), ("2020-03-15", Cycle(unit: .week, interval: 2)),
        ("2026-11-29", Cycle(unit: .month, interval: 1000)), ("1999-12-31", Cycle(unit: .month, interval: 7)), ("2026-11-30", .weekly),
    ]

    @Test(arguments: rolls)
    func rollingForwardMatchesStepping(_ start: String, _ cycle: Cycle) {
        let today = CalendarDate(year: 2026, month: 11, day: 30)!
        let date = CalendarDate(iso: start)!
        var times = 0
        var next = date
        while next < today { times += 1; next = cycle.advance(date, times: times) }
        let rolled = DraftBuilder.rolled(date, by: cycle, to: today)
        #expect(rolled.0 == next)
        #expect(rolled.times == times)
    }
}
