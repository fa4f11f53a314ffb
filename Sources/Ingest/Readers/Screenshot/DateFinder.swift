import Foundation

/// Finds a calendar date inside free screenshot text: `Renews December 5`, `Dec 5, 2026`,
/// `5. Dezember 2026`, `5 de diciembre de 2026`, `5 déc. 2026`, `2026年12月5日`, `12/05/2026`.
/// A date without a year is its next occurrence on or after today.
struct DateFinder: Sendable {
    var context: NormalizeContext
    /// Numeric dates with `/` put the month first (US pages).
    var monthFirst: Bool

    /// Month names and abbreviations of the languages whose screens are read (the library's table:
    /// en, es, pt, de, fr, it, nl), folded, longest first so the pattern prefers `sept` to `sep`.
    static let months: [(String, Int)] = {
        var table: [String: Int] = [:]
        for list in DateWords.monthLists.prefix(7) {
            for (index, slot) in list.enumerated() {
                for name in slot.split(separator: " ") { table[CycleFinder.simplify(String(name))] = index + 1 }
            }
        }
        return table.sorted { $0.key.count > $1.key.count || ($0.key.count == $1.key.count && $0.key < $1.key) }
    }()
    static let monthPattern = months.map(\.0).joined(separator: "|")

    static let iso = try? NSRegularExpression(pattern: #"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"#)
    /// `2026年12月5日`; OCR often drops the 年 or 月, so only 日 is required.
    static let cjk = try? NSRegularExpression(pattern: #"(?:(\d{4})\s*年?\s*)?(\d{1,2})\s*月?\s*(\d{1,2})\s*日"#)
    static let numeric = try? NSRegularExpression(pattern: #"(?<![\d.,])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d.,]\d)"#)
    static let monthFirstName = try? NSRegularExpression(pattern:
        "(?<!\\p{L})(\(monthPattern))\\.?\\s*(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4}))?")
    static let dayFirstName = try? NSRegularExpression(pattern:
        "(?<!\\d)(\\d{1,2})(?:\\.|er|st|nd|rd|th)?\\s*(?:de\\s+)?(\(monthPattern))(?!\\p{L})\\.?(?:,?\\s*(?:de\\s+)?(\\d{4}))?")

    struct Found: Hashable, Sendable {
        var date: CalendarDate
        var offset: Int
        var length: Int
    }

    /// The first date in the text.
    func find(in raw: String) -> Found? {
        let text = DateFinder.repairDigits(CycleFinder.simplify(raw))
        let ns = text as NSString
        let all = NSRange(location: 0, length: ns.length)
        var hits: [Found] = []
        func int(_ m: NSTextCheckingResult, _ i: Int) -> Int? {
            let r = m.range(at: i)
            return r.location == NSNotFound ? nil : Int(ns.substring(with: r))
        }
        func month(_ m: NSTextCheckingResult, _ i: Int) -> Int? {
            let name = ns.substring(with: m.range(at: i))
            return DateFinder.months.first { $0.0 == name }?.1
        }
        if let m = DateFinder.iso?.firstMatch(in: text, range: all), let y = int(m, 1), let mo = int(m, 2), let d = int(m, 3),
           let date = CalendarDate(year: y, month: mo, day: d) {
            hits.append(Found(date: date, offset: m.range.location, length: m.range.length))
        }
        if let m = DateFinder.cjk?.firstMatch(in: text, range: all), let mo = int(m, 2), let d = int(m, 3),
           let date = resolve(year: int(m, 1), month: mo, day: d) {
            hits.append(Found(date: date, offset: m.range.location, length: m.range.length))
        }
        if let m = DateFinder.numeric?.firstMatch(in: text, range: all), let a = int(m, 1), let b = int(m, 3), let y = int(m, 4) {
            let slash = ns.substring(with: m.range(at: 2)) == "/"
            let order: DateOrder = a > 12 ? .dayMonthYear : b > 12 ? .monthDayYear : (slash && monthFirst ? .monthDayYear : .dayMonthYear)
            if let parsed = try? DateParser(context: context).parse(Substring(ns.substring(with: m.range)), order: order),
               y >= 0 {
                hits.append(Found(date: parsed.date, offset: m.range.location, length: m.range.length))
            }
        }
        if let m = DateFinder.monthFirstName?.firstMatch(in: text, range: all), let mo = month(m, 1), let d = int(m, 2),
           let date = resolve(year: int(m, 3), month: mo, day: d) {
            hits.append(Found(date: date, offset: m.range.location, length: m.range.length))
        }
        if let m = DateFinder.dayFirstName?.firstMatch(in: text, range: all), let d = int(m, 1), let mo = month(m, 2),
           let date = resolve(year: int(m, 3), month: mo, day: d) {
            hits.append(Found(date: date, offset: m.range.location, length: m.range.length))
        }
        return hits.min { $0.offset < $1.offset }
    }

    static let confusable = try? NSRegularExpression(pattern: "(?<!\\p{L})(\(monthPattern))\\.?\\s+([0-9il|o]{1,2})(?![\\p{L}\\d])")

    /// OCR reads the digits after a month name as letters (`Jul i8`, `Aug Il`): read them back.
    static func repairDigits(_ text: String) -> String {
        guard let regex = confusable else { return text }
        let ns = NSMutableString(string: text)
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed() {
            let r = match.range(at: 2)
            let fixed = ns.substring(with: r).map { ch -> Character in
                switch ch {
                case "i", "l", "|": return "1"
                case "o": return "0"
                default: return ch
                }
            }
            ns.replaceCharacters(in: r, with: String(fixed))
        }
        return ns as String
    }

    /// A year-less date becomes its next occurrence on or after today.
    func resolve(year: Int?, month: Int, day: Int) -> CalendarDate? {
        if let year { return CalendarDate(year: year, month: month, day: day) }
        let today = context.today
        if let date = CalendarDate(year: today.year, month: month, day: day), date >= today { return date }
        return CalendarDate(year: today.year + 1, month: month, day: day)
    }
}
