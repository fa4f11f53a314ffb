extension DateParser {
    /// A run of numbers joined by one kind of mark: `12/05/2026`, `05.12.26`, `2026. 3. 4.`,
    /// `25 09 03`, `12/5`.
    struct NumberGroup {
        var values: [DateToken] = []
        var separator = ""
        /// A `.` follows the last number (`5.12.`).
        var closedByDot = false
    }

    static func numberGroups(_ tokens: [DateToken]) -> [NumberGroup] {
        var groups: [NumberGroup] = []
        var i = 0
        while i < tokens.count {
            guard tokens[i].isNumber, !tokens[i].isTime else { i += 1; continue }
            var group = NumberGroup(values: [tokens[i]])
            var j = i + 1
            while j < tokens.count {
                var separator: String
                var next = j
                if tokens[j].kind == .mark, ["/", ".", "-"].contains(tokens[j].text) {
                    separator = tokens[j].text
                    next = j + 1
                } else if tokens[j].isNumber, tokens[j].spaceBefore {
                    separator = " "
                } else {
                    break
                }
                guard next < tokens.count, tokens[next].isNumber, !tokens[next].isTime else { break }
                if group.values.count == 1 { group.separator = separator }
                guard separator == group.separator else { break }
                group.values.append(tokens[next])
                j = next + 1
            }
            group.closedByDot = j < tokens.count && tokens[j].isMark(".")
            groups.append(group)
            i = j
        }
        return groups
    }

    func numericDate(_ tokens: [DateToken], order: DateOrder?, _ raw: Substring) throws(NormalizeError) -> ParsedDate? {
        let groups = DateParser.numberGroups(tokens).filter { $0.values.count >= 2 }
        guard let group = groups.first(where: { $0.values.count == 3 })
            ?? groups.first(where: { $0.values.count == 2 && $0.separator != " " }) else {
            if !groups.isEmpty { throw .notA("date", found: raw, example: DateParser.example) }
            return nil
        }
        let v = group.values
        if v.count > 3 { throw .notA("date", found: raw, example: DateParser.example) }
        // Two numbers are a year-less date only as `12/5` or `5.12.`: `10.12` is a price.
        if v.count == 2, group.separator != "/" && !(group.separator == "." && group.closedByDot)
            && group.separator != locale?.monthDaySeparator {
            throw .notA("date", found: raw, example: DateParser.example)
        }
        if v[0].digits == 4 {
            guard v.count == 3, v[1].digits <= 2, v[2].digits <= 2 else { throw .notA("date", found: raw, example: DateParser.example) }
            guard let date = makeDate(year: v[0].value, month: v[1].value, day: v[2].value) else { throw impossible(raw) }
            return ParsedDate(date: date)
        }
        // `26. 12. 5.` where the locale writes the year first with two digits (Korean).
        if v.count == 3, (order ?? localeOrder) == .yearMonthDay, v[0].digits == 2, v[1].digits <= 2, v[2].digits <= 2,
           v[1].value <= 12 {
            guard let date = makeDate(year: expandYear(v[0].value), month: v[1].value, day: v[2].value) else { throw impossible(raw) }
            return ParsedDate(date: date)
        }
        guard v[0].digits <= 2, v[1].digits <= 2 else { throw .notA("date", found: raw, example: DateParser.example) }
        var year: Int?
        if v.count == 3 {
            switch v[2].digits {
            case 2: year = expandYear(v[2].value)
            case 4: year = v[2].value
            default: throw .notA("date", found: raw, example: DateParser.example)
            }
        }
        let a = v[0].value
        let b = v[1].value
        var issues: [Issue] = []
        var fromColumn = false
        let dayFirst: Bool
        if a > 12 && b <= 12 {
            dayFirst = true
        } else if b > 12 && a <= 12 {
            dayFirst = false
        } else if let order, order != .yearMonthDay {
            dayFirst = order == .dayMonthYear
            fromColumn = a != b
        } else if let localeOrder {
            dayFirst = localeOrder == .dayMonthYear
        } else {
            dayFirst = group.separator == "."
            if a != b && a <= 12 && b <= 12 {
                issues.append(Issue("date.ambiguous", .warning,
                    "\(NormalizeError.quote(raw)) could be day or month first; read as \(dayFirst ? "day" : "month") first", remedy: .chooseLocale))
            }
        }
        let (day, month) = dayFirst ? (a, b) : (b, a)
        if let year {
            guard let date = makeDate(year: year, month: month, day: day) else { throw impossible(raw) }
            return ParsedDate(date: date, issues: issues, orderFromColumn: fromColumn)
        }
        guard let date = nextOccurrence(month: month, day: day, native: locale?.calendar != nil) else { throw impossible(raw) }
        return ParsedDate(date: date, issues: issues, orderFromColumn: fromColumn)
    }
}

/// Collects a column's numeric dates to decide day/month order from all of them.
package struct DateOrderEvidence: Sendable {
    package private(set) var dayFirst = 0
    package private(set) var monthFirst = 0
    package private(set) var numericSeen = 0

    package init() {}

    package mutating func observe(_ raw: Substring) {
        count(Self.reading(raw))
    }

    /// What one value says: nothing (nil: not a numeric date), or a numeric date and whether
    /// its first or second number cannot be a month.
    package struct Reading: Sendable {
        var dayFirst: Bool
        var monthFirst: Bool
    }

    package static func reading(_ raw: Substring) -> Reading? {
        let text = ScalarText(raw)
        guard DateParser.isoPrefix(text) == nil else { return nil }
        var tokens = DateToken.tokens(text)
        DateToken.markTimes(&tokens)
        guard let group = DateParser.numberGroups(tokens).first(where: { $0.values.count >= 2 }),
              group.values.count <= 3, group.values[0].digits <= 2, group.values[1].digits <= 2 else { return nil }
        let a = group.values[0].value
        let b = group.values[1].value
        return Reading(dayFirst: a > 12 && b <= 12, monthFirst: b > 12 && a <= 12)
    }

    package mutating func count(_ reading: Reading?) {
        guard let reading else { return }
        numericSeen += 1
        if reading.dayFirst { dayFirst += 1 }
        if reading.monthFirst { monthFirst += 1 }
    }

    /// Adds what `other` counted: values counted in parts decide as they do counted together.
    package mutating func add(_ other: DateOrderEvidence) {
        dayFirst += other.dayFirst
        monthFirst += other.monthFirst
        numericSeen += other.numericSeen
    }

    /// The order the values prove, else the locale's, else nil (ambiguous).
    package func decide(locale: String?) -> (order: DateOrder?, guessed: Bool) {
        if dayFirst > 0 && monthFirst == 0 { return (.dayMonthYear, false) }
        if monthFirst > 0 && dayFirst == 0 { return (.monthDayYear, false) }
        guard numericSeen > 0 else { return (nil, false) }
        if let order = LocaleFormats.dateOrder(locale: locale), order != .yearMonthDay {
            return (order, dayFirst > 0)
        }
        return (nil, true)
    }
}
