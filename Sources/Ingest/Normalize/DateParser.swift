/// A date read from text, with the choices made on the way.
package struct ParsedDate: Hashable, Sendable {
    package var date: CalendarDate
    package var issues: [Issue]
    /// The value's own numbers could not tell day from month (`03/04/2026`) and the column's
    /// `order` decided it.
    package var orderFromColumn: Bool
    package init(date: CalendarDate, issues: [Issue] = [], orderFromColumn: Bool = false) {
        self.date = date
        self.issues = issues
        self.orderFromColumn = orderFromColumn
    }
}

/// Reads dates as people and billing pages write them: ISO 8601, numeric dates in any order,
/// month names in many languages (`5. Dezember 2026`, `5 de diciembre`, `2026年12月5日`,
/// `令和8年12月5日`), year-less dates, relative phrases (`in 2 weeks`, `mañana`, `下周一`) and
/// the wording around them (`Next billing date: …`). Impossible dates throw; nothing falls back
/// to today.
package struct DateParser: Sendable {
    package var context: NormalizeContext
    let localeOrder: DateOrder?
    /// CLDR's data for `context.locale`, looked up once here rather than per value.
    let locale: LocaleData?
    /// Today's year in the locale's calendar (2569 in Thailand's Buddhist era).
    let nativeYear: Int

    package init(context: NormalizeContext) {
        self.context = context
        localeOrder = LocaleFormats.dateOrder(context)
        locale = context.locale.flatMap(LocaleData.named)
        nativeYear = locale?.nativeYear(context.today) ?? context.today.year
    }

    static let example = "2026-12-05, 12/05/2026 or December 5, 2026"

    /// `order` is the column's decided numeric order, if any. A date outside years 1–9999
    /// (`in 99999999999999999999 days`) throws `.outOfRange`.
    package func parse(_ raw: Substring, order: DateOrder? = nil) throws(NormalizeError) -> ParsedDate {
        if let date = DateParser.plainISO(raw) { return ParsedDate(date: date) }
        return try parseFully(raw, order: order)
    }

    /// `parse` without its short cut for `YYYY-MM-DD` (`plainISO`), which tests hold to it.
    package func parseFully(_ raw: Substring, order: DateOrder? = nil) throws(NormalizeError) -> ParsedDate {
        let text = ScalarText(raw)
        guard text.scalars.contains(where: { $0 != " " }) else { throw NormalizeError(.empty, "the date is empty") }
        if let control = text.firstControl { throw .control(control, in: raw, what: "date") }
        if let iso = DateParser.isoPrefix(text), !CalendarDate.supportedYears.contains(iso.0) { throw outOfRange(raw) }
        let parsed = try parse(text, raw, order: order)
        guard parsed.date.isSupported else { throw outOfRange(raw) }
        return parsed
    }

    /// The text before a time of day that ends it, `H:MM` or `HH:MM:SS` with an optional
    /// `AM`/`PM` (`July 9, 2027` of `July 9, 2027 6:30 AM`); nil when the text ends otherwise.
    /// `parse` reads such a time as a time (`DateToken.markTimes`) and leaves it out of the
    /// date, so every time of one day gives the same date.
    package static func withoutTimeOfDay(_ text: String) -> String? {
        // Asked of every date cell: read in place, no copy of the bytes.
        var text = text
        return text.withUTF8(withoutTimeOfDay)
    }

    private static func withoutTimeOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var end = bytes.count
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        func value(_ i: Int) -> Int { Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30) }
        if end >= 2, bytes[end - 1] | 0x20 == 0x6D, bytes[end - 2] | 0x20 == 0x61 || bytes[end - 2] | 0x20 == 0x70 {
            end -= 2
            if end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        }
        // Seconds and minutes, or minutes: two digits under 60 after a colon.
        var groups = 0
        while groups < 2, end >= 3, isDigit(end - 1), isDigit(end - 2), bytes[end - 3] == 0x3A, value(end - 2) < 60 {
            end -= 3
            groups += 1
        }
        guard groups > 0 else { return nil }
        // The hour: one or two digits, under 24, after a space that follows the date.
        guard isDigit(end - 1) else { return nil }
        var start = end - 1
        if isDigit(start - 1) { start -= 1 }
        let hour = bytes[start..<end].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard hour < 24, start >= 2, bytes[start - 1] == 0x20, bytes[start - 2] != 0x20 else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(start - 1)]), as: UTF8.self)
    }

    func outOfRange(_ raw: Substring) -> NormalizeError {
        NormalizeError(.outOfRange, "\(NormalizeError.quote(raw)) falls outside the years 0001–9999 (expected a date such as \(DateParser.example))")
    }

    func parse(_ text: ScalarText, _ raw: Substring, order: DateOrder?) throws(NormalizeError) -> ParsedDate {
        if let iso = DateParser.isoPrefix(text) {
            guard let date = CalendarDate(year: iso.0, month: iso.1, day: iso.2) else { throw impossible(raw) }
            return ParsedDate(date: date)
        }
        var tokens = DateToken.tokens(text)
        if let parsed = try cjkDate(tokens, raw) { return parsed }
        DateToken.markTimes(&tokens)
        let relative = RelativeDates(context: context)
        if let date = relative.parse(tokens) { return ParsedDate(date: date) }
        if let locale, let hit = locale.month(in: tokens) {
            return try monthNameDate(tokens, month: hit.month, covering: hit.tokens, native: hit.native, raw)
        }
        let monthIndexes = tokens.indices.filter {
            tokens[$0].kind == .word && DateWords.months[tokens[$0].text] != nil && locale?.isOtherWord(tokens[$0].text) != true
        }
        if monthIndexes.count > 1 {
            throw NormalizeError(.unparseable, "\(NormalizeError.quote(raw)) names more than one month (expected one date, e.g. \(DateParser.example))")
        }
        if let m = monthIndexes.first {
            return try monthNameDate(tokens, month: DateWords.months[tokens[m].text] ?? 1, covering: [m], native: false, raw)
        }
        if let parsed = try numericDate(tokens, order: order, raw) { return parsed }
        if let date = relative.weekday(tokens) ?? relative.dayOfMonth(tokens) { return ParsedDate(date: date) }
        throw .notA("date", found: raw, example: DateParser.example)
    }

    func impossible(_ raw: Substring) -> NormalizeError {
        NormalizeError(.impossible, "\(NormalizeError.quote(raw)) is not a day of the calendar (expected e.g. \(DateParser.example))")
    }

    /// The date of a text that is exactly `YYYY-MM-DD` and a day of the calendar, read from its
    /// bytes: the most common date cell. Nil for any other text, which `parseFully` reads.
    static func plainISO(_ raw: Substring) -> CalendarDate? {
        let bytes = raw.utf8
        guard bytes.count == 10 else { return nil }
        var numbers = (0, 0, 0), k = 0
        for byte in bytes {
            if k == 4 || k == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                let digit = Int(byte - 0x30)
                if k < 4 { numbers.0 = numbers.0 * 10 + digit } else if k < 7 { numbers.1 = numbers.1 * 10 + digit } else { numbers.2 = numbers.2 * 10 + digit }
            }
            k += 1
        }
        guard CalendarDate.supportedYears.contains(numbers.0) else { return nil }
        return CalendarDate(year: numbers.0, month: numbers.1, day: numbers.2)
    }

    /// `2026-12-05`, `2026-12-05T10:00:00Z`, `20261205`, `20030925T104941`.
    static func isoPrefix(_ text: ScalarText) -> (Int, Int, Int)? {
        var i = 0
        while i < text.count, text[i] == " " { i += 1 }
        func digits(_ n: Int) -> Int? {
            guard i + n <= text.count else { return nil }
            var v = 0
            for k in i..<i + n {
                guard ScalarText.isDigit(text[k]) else { return nil }
                v = v * 10 + Int(text[k].value - 0x30)
            }
            i += n
            return v
        }
        guard let year = digits(4) else { return nil }
        let month: Int
        let day: Int
        if text.at(i) == "-" {
            i += 1
            guard let m = digits(2), text.at(i) == "-" else { return nil }
            i += 1
            guard let d = digits(2) else { return nil }
            month = m
            day = d
        } else {
            guard let m = digits(2), let d = digits(2), (1...12).contains(m), (1900...2199).contains(year) else { return nil }
            month = m
            day = d
        }
        if let next = text.at(i), next != " ", next != "T", next != "t" { return nil }
        return (year, month, day)
    }

    /// `2026年12月5日`, `12月5日`, `2026년 12월 5일`, `令和8年12月5日`, `2016年6月29`.
    func cjkDate(_ tokens: [DateToken], _ raw: Substring) throws(NormalizeError) -> ParsedDate? {
        guard let mi = tokens.indices.first(where: { i in
            tokens[i].isNumber && i + 1 < tokens.count && tokens[i + 1].kind == .word
                && (tokens[i + 1].text.hasPrefix("月") || tokens[i + 1].text == "월")
        }) else { return nil }
        let month = tokens[mi].value
        var year: Int?
        if mi >= 2, tokens[mi - 1].kind == .word, tokens[mi - 1].text.hasPrefix("年") || tokens[mi - 1].text == "년",
           tokens[mi - 2].isNumber {
            year = tokens[mi - 2].value
            if mi >= 3, tokens[mi - 3].kind == .word, let base = DateParser.eras[tokens[mi - 3].text] { year = base + tokens[mi - 2].value }
        } else if mi >= 2, tokens[mi - 1].kind == .word, let base = DateParser.eras.first(where: { tokens[mi - 1].text.hasPrefix($0.key) })?.value,
                  tokens[mi - 1].text.hasSuffix("元年") {
            year = base + 1
        }
        var day: Int?
        if mi + 2 < tokens.count, tokens[mi + 2].isNumber { day = tokens[mi + 2].value }
        guard let day else { return nil }
        if let year {
            guard let date = makeDate(year: year, month: month, day: day) else { throw impossible(raw) }
            return ParsedDate(date: date)
        }
        guard let date = nextOccurrence(month: month, day: day) else { throw impossible(raw) }
        return ParsedDate(date: date)
    }

    /// Japanese era names and the year before their first year.
    static let eras: [String: Int] = ["令和": 2018, "平成": 1988, "昭和": 1925]

    /// A date with a month name: the day and year are the numbers around it that are no time.
    /// `covering` are the tokens of the month's name; `native` says it is a month of the
    /// locale's calendar rather than a Gregorian one.
    func monthNameDate(_ tokens: [DateToken], month: Int, covering: [Int], native: Bool, _ raw: Substring) throws(NormalizeError) -> ParsedDate {
        var year: Int?
        var day: Int?
        var small: [Int] = []
        for (i, token) in tokens.enumerated() where token.isNumber && !token.isTime && !covering.contains(i) {
            let apostrophe = i > 0 && tokens[i - 1].isMark("'")
            if year == nil, token.digits == 4 || (apostrophe && token.digits == 2) {
                year = token.digits == 2 ? expandYear(token.value) : token.value
            } else if token.digits <= 2 {
                small.append(token.value)
            } else if token.digits > 4 {
                throw .notA("date", found: raw, example: DateParser.example)
            }
        }
        if let first = small.first { day = first }
        if year == nil, small.count >= 2 { year = expandYear(small[1]) }
        guard let day else { throw .notA("date", found: raw, example: DateParser.example) }
        var issues: [Issue] = []
        let date: CalendarDate
        let native = native && locale?.calendar != nil
        if let year {
            // The year decides the calendar: Thai month names are written with 2569 and with 2026.
            guard let d = makeDate(year: year, month: month, day: day, native: native ? nil : false) else { throw impossible(raw) }
            date = d
        } else {
            guard let d = nextOccurrence(month: month, day: day, native: native) else { throw impossible(raw) }
            date = d
        }
        // The locale's weekday names, else those of the hand table (`thu` is no Thursday in `Thứ Bảy`).
        let weekdays = locale.map(\.weekdays) ?? DateWords.weekdays
        if let weekday = tokens.lazy.compactMap({ $0.kind == .word ? weekdays[$0.text] : nil }).first,
           weekday != date.weekday, year != nil {
            issues.append(Issue("date.weekday-mismatch", .warning,
                "\(NormalizeError.quote(raw)) names a weekday that \(date) is not; the date was kept"))
        }
        return ParsedDate(date: date, issues: issues)
    }

    /// 00–68 are 20xx, 69–99 are 19xx.
    static func expandYear(_ y: Int) -> Int { y < 69 ? 2000 + y : 1900 + y }

    /// A two-digit year: `expandYear` in the Gregorian calendar; in another (`5/12/69` in
    /// Thailand) the year of that century from 80 years before this year to 19 after, as ICU reads it.
    func expandYear(_ y: Int) -> Int {
        guard locale?.calendar != nil else { return DateParser.expandYear(y) }
        let start = nativeYear - 80
        let candidate = start - start % 100 + y
        return candidate < start ? candidate + 100 : candidate
    }

    /// The day `year`-`month`-`day`, in the locale's calendar when `native` says so, else when
    /// the year is nearer this year in that calendar than in the Gregorian one (2569 in
    /// Thailand, 1405 in Iran; 2026 stays Gregorian).
    func makeDate(year: Int, month: Int, day: Int, native: Bool? = nil) -> CalendarDate? {
        guard let locale, locale.calendar != nil else { return CalendarDate(year: year, month: month, day: day) }
        let isNative = native ?? (abs(year - nativeYear) < abs(year - context.today.year))
        return isNative ? locale.gregorian(year: year, month: month, day: day) : CalendarDate(year: year, month: month, day: day)
    }

    /// The first `month`/`day` on or after today; nil when the day never exists (`31 April`).
    /// `native` counts in the locale's calendar.
    func nextOccurrence(month: Int, day: Int, native: Bool = false) -> CalendarDate? {
        if native, let locale {
            for year in nativeYear - 1...(nativeYear + 8) {
                if let date = locale.gregorian(year: year, month: month, day: day), date >= context.today { return date }
            }
            return nil
        }
        for year in context.today.year...(context.today.year + 8) {
            if let date = CalendarDate(year: year, month: month, day: day), date >= context.today { return date }
        }
        return nil
    }
}
