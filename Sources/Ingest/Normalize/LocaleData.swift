import Foundation

/// What CLDR, through Foundation's ICU, says about one locale: its decimal mark, the order of
/// its numeric dates, its calendar, its month, weekday, era and day-period words, and the
/// currency symbols it writes. Read from `DateFormatter`, `NumberFormatter` and `Locale` once
/// per locale and process (`LocaleData.named`), never per value, so that every locale ICU
/// knows is read without a table of our own. What CLDR lacks (billing words, relative
/// phrases, `/mo`) stays in the hand tables of `DateWords`, `CycleWords` and `PriceWords`.
package final class LocaleData: Sendable {
    package let identifier: String
    let language: String
    let region: String?
    /// `.` or `,` as the locale writes decimals; `.` for a mark of its own, which
    /// `numberSymbols` turns into `.`.
    let decimalMark: DecimalMark
    /// The order of day, month and year in the locale's short date.
    let dateOrder: DateOrder?
    /// Month names in the locale's calendar (wide, abbreviated; format and stand-alone, so
    /// genitive forms too), keyed by their folded words joined by spaces (`ธ.ค.` → `ธ ค`).
    let months: [String: Int]
    /// The Gregorian month names, when the locale's calendar is another one.
    let gregorianMonths: [String: Int]
    /// The most words a month name has.
    let monthWords: Int
    /// The mark between day and month when the locale writes year-less dates in numbers
    /// (`05-27` in Lithuanian, `10.02` in Bulgarian).
    let monthDaySeparator: String?
    /// The locale's own decimal mark, grouping mark and minus sign when they are none of the
    /// usual ones (`$` in Cape Verde's `12$50`), each with the usual one it stands for (`.`,
    /// `'`, `-`).
    let numberSymbols: [Unicode.Scalar: Unicode.Scalar]
    /// Weekday names, Monday 0.
    let weekdays: [String: Int]
    /// Era and day-period words (`n. e.`, `พ.ศ.`, `AM`): never a month.
    let otherWords: Set<String>
    /// The locale's calendar when it is not the Gregorian one (Buddhist in Thailand, Persian,
    /// Islamic), in UTC.
    let calendar: Calendar?
    /// Currency symbols as the locale writes them (`US$`, `CA$`, `R$`, `zł`, `₺`, `د.إ.`),
    /// folded like price text, each with its currency. A symbol two currencies share in the
    /// locale is left out, unless one of them is the locale's own currency.
    let currencySymbols: [String: Currency]
    /// Symbols that hold a space (`$ US`, `$ CA`), as scalars, longest first.
    let spacedSymbols: [([Unicode.Scalar], Currency)]

    /// The data of `identifier` (`pt-BR`, `zh_Hant_HK`, `sr_Latn`); nil when ICU knows no such
    /// locale (`LocaleData.problem`).
    package static func named(_ identifier: String) -> LocaleData? {
        if let hit = cache.value(for: identifier) { return hit }
        let made = problem(identifier) == nil ? LocaleData(identifier: identifier) : nil
        cache.store(made, for: identifier)
        return made
    }

    private static let cache = MemoCache<String, LocaleData?>(limit: 4096)

    /// The languages, scripts and regions ICU has locale data for.
    private static let known: (languages: Set<String>, scripts: Set<String>, regions: Set<String>) = {
        var languages: Set<String> = []
        var scripts: Set<String> = []
        for id in Locale.availableIdentifiers {
            let locale = Locale(identifier: id)
            if let l = locale.language.languageCode?.identifier { languages.insert(l.lowercased()) }
            if let s = locale.language.script?.identifier { scripts.insert(s.lowercased()) }
        }
        let regions = Set(Locale.Region.isoRegions.map { $0.identifier.uppercased() })
        return (languages, scripts, regions)
    }()

    /// Why `identifier` names no locale ICU knows (`xx_YY`, `de_XX`), nil when it names one:
    /// a language ICU has data for, then optionally a script, a region (two letters or three
    /// digits) and a variant (`ca_ES_VALENCIA`), joined by `_` or `-`, and ICU keywords after
    /// `@` (`th_TH@calendar=buddhist`).
    package static func problem(_ identifier: String) -> String? {
        let base = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
        var parts = base.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        let letters = { (part: Substring, counts: ClosedRange<Int>) in
            counts.contains(part.utf8.count) && part.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        }
        let example = "expected a language and region such as de_DE, en_US, pt-BR or zh_Hant_HK"
        // A variant: five to eight letters or digits, or four starting with a digit.
        if parts.count >= 3, let last = parts.last, last.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) }),
           (5...8).contains(last.utf8.count) || (last.utf8.count == 4 && last.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } == true) {
            parts.removeLast()
        }
        guard let language = parts.first, letters(language, 2...3), parts.count <= 3 else {
            return "\"\(identifier)\" is not a locale (\(example))"
        }
        guard known.languages.contains(language.lowercased()) else {
            return "\"\(identifier)\": \"\(language)\" is not a language with locale data (\(example))"
        }
        var rest = parts.dropFirst()
        if let script = rest.first, rest.count == 2 || script.utf8.count == 4 {
            guard letters(script, 4...4), known.scripts.contains(script.lowercased()) else {
                return "\"\(identifier)\": \"\(script)\" is not a script (expected e.g. Hans in zh_Hans_CN or Latn in sr_Latn)"
            }
            rest = rest.dropFirst()
        }
        if let region = rest.first {
            let digits = region.utf8.count == 3 && region.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            guard digits || (letters(region, 2...2) && known.regions.contains(region.uppercased())) else {
                return "\"\(identifier)\": \"\(region)\" is not a region (expected two letters such as DE or US)"
            }
        }
        return nil
    }

    private init(identifier: String) {
        self.identifier = identifier
        let locale = Locale(identifier: identifier)
        language = locale.language.languageCode?.identifier.lowercased() ?? ""
        region = locale.region?.identifier.uppercased()

        let numbers = NumberFormatter()
        numbers.locale = locale
        let first = { (text: String?) in text.flatMap { ScalarText($0[...]).scalars.first } }
        let mark = first(numbers.decimalSeparator)
        switch mark {
        case ".": decimalMark = .point
        case ",": decimalMark = .comma
        default: decimalMark = .point
        }
        numbers.numberStyle = .currency
        // Amounts of money may have marks of their own (`$` in Cape Verde's `12$50`).
        var symbols: [Unicode.Scalar: Unicode.Scalar] = [:]
        for decimal in [mark, first(numbers.currencyDecimalSeparator)].compactMap({ $0 }) where decimal != "." && decimal != "," {
            symbols[decimal] = "."
        }
        for grouping in [first(numbers.groupingSeparator), first(numbers.currencyGroupingSeparator)].compactMap({ $0 })
            where !".,' ".unicodeScalars.contains(grouping) && symbols[grouping] == nil {
            symbols[grouping] = "'"
        }
        if let minus = first(numbers.minusSign), minus != "-", !ScalarText.isLetter(minus), !ScalarText.isDigit(minus) {
            symbols[minus] = "-"
        }
        numberSymbols = symbols

        let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
        var native = locale.calendar
        native.timeZone = utc
        let gregorian = native.identifier == .gregorian || native.identifier == .iso8601
        calendar = gregorian ? nil : native

        let dates = DateFormatter()
        dates.locale = locale
        dates.timeZone = utc
        dates.dateStyle = .short
        dateOrder = LocaleData.order(ofPattern: dates.dateFormat)

        let patterns = LocaleData.patterns(locale)
        months = LocaleData.monthTable(dates, patterns: patterns)
        if gregorian {
            gregorianMonths = [:]
        } else {
            let western = DateFormatter()
            western.locale = locale
            western.calendar = Calendar(identifier: .gregorian)
            gregorianMonths = LocaleData.monthTable(western, patterns: patterns)
        }
        monthWords = (Array(months.keys) + Array(gregorianMonths.keys)).map { $0.split(separator: " ").count }.max() ?? 1
        monthDaySeparator = LocaleData.numericMonthDay(DateFormatter.dateFormat(fromTemplate: "MMMd", options: 0, locale: locale))

        var days: [String: Int] = [:]
        for list in [dates.weekdaySymbols, dates.shortWeekdaySymbols, dates.standaloneWeekdaySymbols, dates.shortStandaloneWeekdaySymbols] {
            // Foundation lists Sunday first; the parsers count from Monday.
            for (index, name) in list.enumerated() {
                guard let key = LocaleData.key(name) else { continue }
                days[key] = (index + 6) % 7
            }
        }
        var other: Set<String> = []
        for word in dates.eraSymbols + dates.longEraSymbols + [dates.amSymbol, dates.pmSymbol] {
            for token in DateToken.tokens(ScalarText(word[...])) where token.kind == .word { other.insert(token.text) }
        }
        otherWords = other.subtracting(months.keys)
        // A short weekday that is also an era's letter (`พ.` and `พ.ศ.` in Thai) names neither.
        weekdays = days.filter { !other.contains($0.key) }

        (currencySymbols, spacedSymbols) = LocaleData.currencySymbols(locale)
    }

    /// The words of a name, folded as date tokens are, joined by spaces; nil when it holds a number.
    static func key(_ name: String) -> String? {
        let tokens = DateToken.tokens(ScalarText(name[...]))
        guard !tokens.isEmpty, !tokens.contains(where: \.isNumber) else { return nil }
        let words = tokens.filter { $0.kind == .word }.map(\.text)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The mark of a numeric year-less pattern (`MM-dd` → `-`); nil when it names the month.
    static func numericMonthDay(_ pattern: String?) -> String? {
        guard let pattern, !pattern.contains("MMM"), !pattern.contains("LLL"), !pattern.contains("'") else { return nil }
        let marks = pattern.filter { !$0.isLetter && $0 != " " }
        guard let first = marks.first, marks.allSatisfy({ $0 == first }), "/.-".contains(first) else { return nil }
        return String(first)
    }

    /// The order of day, month and year in a date pattern (`dd.MM.y`, `M/d/yy`, `y/M/d`).
    static func order(ofPattern pattern: String?) -> DateOrder? {
        guard let pattern else { return nil }
        var seen: [Character] = []
        var quoted = false
        for c in pattern {
            if c == "'" { quoted.toggle(); continue }
            guard !quoted else { continue }
            let field: Character? = switch c {
            case "y", "Y", "u", "U", "r": "y"
            case "M", "L": "M"
            case "d": "d"
            default: nil
            }
            if let field, !seen.contains(field) { seen.append(field) }
        }
        switch String(seen) {
        case "dMy": return .dayMonthYear
        case "Mdy": return .monthDayYear
        case "yMd": return .yearMonthDay
        default: return nil
        }
    }

    /// The locale's date patterns that may hold a month name: letters glued to the month field
    /// in them (`d בMMMM y`, `MMMM'ren'`) are part of how the month is written.
    static func patterns(_ locale: Locale) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = locale
        var out: [String] = []
        for style in [DateFormatter.Style.medium, .long, .full] {
            formatter.dateStyle = style
            out.append(formatter.dateFormat)
        }
        for template in ["MMMd", "MMMMd", "yMMMd", "yMMMMd", "yMMM", "yMMMM"] {
            if let p = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) { out.append(p) }
        }
        return out
    }

    /// Folded month names → month, from a formatter's symbols and the letters its patterns glue
    /// to them. Names may hold numbers (`thg 12`, `12-р сар`, `كانون ١`); names of numbers
    /// alone (`12月`) are left to the CJK reading.
    static func monthTable(_ formatter: DateFormatter, patterns: [String]) -> [String: Int] {
        var table: [String: Int] = [:]
        var clashes: Set<String> = []
        let lists = [formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
                     formatter.shortStandaloneMonthSymbols, formatter.veryShortMonthSymbols, formatter.veryShortStandaloneMonthSymbols]
        let affixes = gluedAffixes(patterns)
        for (listIndex, list) in lists.enumerated() {
            let narrow = listIndex >= 4
            for (index, name) in list.enumerated() where index < 12 {
                let tokens = DateToken.tokens(ScalarText(name[...])).filter { $0.kind != .mark }
                guard tokens.contains(where: { $0.kind == .word && !$0.text.unicodeScalars.contains(where: ScalarText.isCJK) }) else { continue }
                let key = tokens.map { $0.isNumber ? String($0.value) : $0.text }.joined(separator: " ")
                // Narrow names (`J`, `D`) are kept only when they are words of their own.
                if narrow && key.unicodeScalars.count < 2 { continue }
                var keys = [key]
                if !narrow {
                    for (prefix, suffix) in affixes { keys.append(WordFold.fold(prefix) + key + WordFold.fold(suffix)) }
                }
                for k in keys {
                    if let old = table[k], old != index + 1 { clashes.insert(k) }
                    table[k] = index + 1
                }
            }
        }
        for k in clashes { table[k] = nil }
        return table
    }

    /// Letters a pattern writes glued before and after its month name (`ב` in `d בMMMM y`,
    /// `ren` in `MMMM'ren' d`).
    static func gluedAffixes(_ patterns: [String]) -> [(String, String)] {
        var out: [(String, String)] = []
        for pattern in patterns {
            // The pattern as fields (runs of one ASCII letter) and literal text between them.
            var pieces: [(field: Character?, count: Int, text: String)] = []
            var quoted = false
            var literal = ""
            var previous: Character?
            for c in pattern {
                if c == "'" { quoted.toggle(); continue }
                if !quoted, c.isASCII, c.isLetter {
                    if previous == c, let last = pieces.indices.last, pieces[last].field == c {
                        pieces[last].count += 1
                    } else {
                        pieces.append((nil, 0, literal))
                        literal = ""
                        pieces.append((c, 1, ""))
                    }
                    previous = c
                } else {
                    literal.append(c)
                    previous = nil
                }
            }
            pieces.append((nil, 0, literal))
            for (i, piece) in pieces.enumerated() where (piece.field == "M" || piece.field == "L") && piece.count >= 3 {
                let before = i > 0 ? String(pieces[i - 1].text.reversed().prefix(while: \.isLetter).reversed()) : ""
                let after = i + 1 < pieces.count ? String(pieces[i + 1].text.prefix(while: \.isLetter)) : ""
                if !(before.isEmpty && after.isEmpty), !out.contains(where: { $0 == (before, after) }) { out.append((before, after)) }
            }
        }
        return out
    }

    /// Currency symbols the locale writes for the common ISO 4217 currencies, with its own
    /// currency's narrow symbol (`$` for CAD in `en_CA`).
    static func currencySymbols(_ locale: Locale) -> ([String: Currency], [([Unicode.Scalar], Currency)]) {
        let own = locale.currency.flatMap { Currency($0.identifier) }
        var table: [String: Currency] = [:]
        var clashes: Set<String> = []
        func add(_ symbol: String, _ currency: Currency) {
            let scalars = ScalarText(symbol[...]).scalars
            let text = WordFold.lowerOnly(String(String.UnicodeScalarView(scalars)).trimmedSpaces())
            guard !text.isEmpty, text != currency.code.lowercased(), text.unicodeScalars.contains(where: { !ScalarText.isDigit($0) }) else { return }
            if let old = table[text], old != currency {
                if old == own { return }
                if currency != own { clashes.insert(text); return }
            }
            table[text] = currency
        }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        var codes = Locale.commonISOCurrencyCodes
        if let own { codes.removeAll { $0 == own.code }; codes.insert(own.code, at: 0) }
        for code in codes {
            guard let currency = Currency(code) else { continue }
            formatter.currencyCode = code
            add(formatter.currencySymbol, currency)
        }
        if let own {
            let narrow = Decimal(1).formatted(.currency(code: own.code).presentation(.narrow).locale(locale))
            let symbol = String(String.UnicodeScalarView(narrow.unicodeScalars.filter {
                !ScalarText.isDigit(ScalarText.normalize($0)) && !".,'".unicodeScalars.contains(ScalarText.normalize($0))
            }))
            add(symbol, own)
        }
        for text in clashes { table[text] = nil }
        var spaced: [([Unicode.Scalar], Currency)] = []
        for (text, currency) in table where text.contains(" ") { spaced.append((Array(text.unicodeScalars), currency)) }
        spaced.sort { a, b in a.0.count != b.0.count ? a.0.count > b.0.count : a.1 < b.1 }
        return (table, spaced)
    }
}

extension LocaleData {
    /// A month name found among a date's tokens: the month, the tokens it covers, and whether it
    /// is a month of the locale's own calendar (false: a Gregorian name in a Persian locale).
    struct MonthHit {
        var month: Int
        var tokens: [Int]
        var native: Bool
    }

    /// The month a date's words name in this locale, longest name first (`جمادى الآخرة`,
    /// `ธ.ค.`, `thg 12`). A name that is also a weekday (`mar` in Spanish) counts only when no
    /// other does.
    func month(in tokens: [DateToken]) -> MonthHit? {
        var hits: [MonthHit] = []
        var i = 0
        while i < tokens.count {
            guard tokens[i].kind != .mark else { i += 1; continue }
            var parts: [String] = []
            var covered: [Int] = []
            var best: MonthHit?
            var j = i
            while j < tokens.count, parts.count < monthWords {
                if tokens[j].kind != .mark {
                    parts.append(tokens[j].isNumber ? String(tokens[j].value) : tokens[j].text)
                    covered.append(j)
                    let key = parts.count == 1 ? parts[0] : parts.joined(separator: " ")
                    if let m = months[key] {
                        best = MonthHit(month: m, tokens: covered, native: true)
                    } else if let m = gregorianMonths[key] {
                        best = MonthHit(month: m, tokens: covered, native: false)
                    }
                }
                j += 1
            }
            if let best {
                hits.append(best)
                i = (best.tokens.last ?? i) + 1
            } else {
                i += 1
            }
        }
        return hits.first(where: { !($0.tokens.count == 1 && weekdays[tokens[$0.tokens[0]].text] != nil) }) ?? hits.first
    }

    /// Whether a word is one of the locale's weekday, era or day-period words, which are never
    /// a month of another language.
    func isOtherWord(_ word: String) -> Bool {
        weekdays[word] != nil || otherWords.contains(word)
    }

    /// The Gregorian day of a day of the locale's calendar; nil when that day does not exist.
    func gregorian(year: Int, month: Int, day: Int) -> CalendarDate? {
        guard let calendar else { return CalendarDate(year: year, month: month, day: day) }
        guard (1...9999).contains(year), (1...13).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        let g = LocaleData.utcGregorian.dateComponents([.year, .month, .day], from: date)
        guard let y = g.year, let m = g.month, let d = g.day else { return nil }
        return CalendarDate(year: y, month: m, day: d)
    }

    /// The year of a Gregorian day in the locale's calendar (the same year without one).
    func nativeYear(_ day: CalendarDate) -> Int {
        guard let calendar, let date = LocaleData.utcGregorian.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else {
            return day.year
        }
        return calendar.component(.year, from: date)
    }

    static let utcGregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
        return calendar
    }()
}
