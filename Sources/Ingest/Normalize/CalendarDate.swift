/// A calendar day with no time and no time zone, as printed on a bill: `2026-12-05`.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// The years a date read from input may have: the canonical output writes four digits.
    public static let supportedYears = 1...9999

    /// Whether the year is one of `supportedYears`; day arithmetic can step outside them.
    public var isSupported: Bool { CalendarDate.supportedYears.contains(year) }

    /// Returns nil when the day does not exist (`2026-02-30`, month 13) or its year is outside
    /// `supportedYears`.
    public init?(year: Int, month: Int, day: Int) {
        guard CalendarDate.supportedYears.contains(year), (1...12).contains(month), day >= 1,
              day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `yyyy-mm-dd`.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for day arithmetic without Foundation.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(dayNumber z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday
        return w < 0 ? w + 7 : w
    }

    /// Steps further than this many days or months from a supported date land outside
    /// `supportedYears` whatever the start; arithmetic clamps to them so that it cannot overflow.
    static let maxStepDays = 4_000_000
    static let maxStepMonths = 130_000

    /// The date `days` later (earlier when negative); check `isSupported` on a date computed
    /// from input.
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + min(max(days, -Self.maxStepDays), Self.maxStepDays))
    }

    /// Calendar month arithmetic that clamps to the month's last day (`Jan 31 + 1 month = Feb 28`).
    public func adding(months: Int) -> CalendarDate {
        let total = year * 12 + (month - 1) + min(max(months, -Self.maxStepMonths), Self.maxStepMonths)
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        let d = min(day, CalendarDate.daysIn(month: m, year: y))
        return CalendarDate(unchecked: y, m, d)
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}
