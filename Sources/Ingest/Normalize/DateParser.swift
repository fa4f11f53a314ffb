/// A date read from text, with the choices made on the way.
public struct ParsedDate: Hashable, Sendable {
    public var date: CalendarDate
    public var issues: [Issue]
    public init(date: CalendarDate, issues: [Issue] = []) {
        self.date = date
        self.issues = issues
    }
}

/// Reads "2026-12-05", "05.12.2026", "12/05/2026", "December 5, 2026", "5. Dezember".
public struct DateParser: Sendable {
    public var context: NormalizeContext

    public init(context: NormalizeContext) {
        self.context = context
    }

    static let example = "2026-12-05, 12/05/2026 or December 5, 2026"

    /// `order` is the column's decided numeric order, if any.
    public func parse(_ raw: Substring, order: DateOrder? = nil) throws(NormalizeError) -> ParsedDate {
        let text = raw.trimmingSpaces()
        guard !text.isEmpty else { throw NormalizeError(.empty, "the date is empty") }
        let head = text.prefix(10)
        if let date = CalendarDate(iso: head) { return ParsedDate(date: date) }
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" }).compactMap { Int($0) }
        if parts.count == 3 {
            let dayFirst = (order ?? .monthDayYear) == .dayMonthYear
            let (d, m) = dayFirst ? (parts[0], parts[1]) : (parts[1], parts[0])
            let y = parts[2] < 100 ? 2000 + parts[2] : parts[2]
            if let date = CalendarDate(year: y, month: m, day: d) { return ParsedDate(date: date) }
        }
        throw .notA("date", found: String(raw), example: DateParser.example)
    }
}

/// Collects a column's numeric dates to decide day/month order from all of them.
public struct DateOrderEvidence: Sendable {
    public private(set) var dayFirst = 0
    public private(set) var monthFirst = 0
    public private(set) var numericSeen = 0

    public init() {}

    public mutating func observe(_ raw: Substring) {
        let parts = raw.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" }).compactMap { Int($0) }
        guard parts.count == 3, parts[0] <= 31 else { return }
        numericSeen += 1
        if parts[0] > 12 { dayFirst += 1 }
        if parts[1] > 12 { monthFirst += 1 }
    }

    /// The order the values prove, else the locale's, else nil (ambiguous).
    public func decide(locale: String?) -> (order: DateOrder?, guessed: Bool) {
        if dayFirst > 0 && monthFirst == 0 { return (.dayMonthYear, false) }
        if monthFirst > 0 && dayFirst == 0 { return (.monthDayYear, false) }
        guard numericSeen > 0 else { return (nil, false) }
        if let locale { return (locale.hasSuffix("US") ? .monthDayYear : .dayMonthYear, true) }
        return (nil, true)
    }
}
