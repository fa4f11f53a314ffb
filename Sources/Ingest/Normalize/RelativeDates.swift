/// Relative phrases (`tomorrow`, `in 2 weeks`, `vor 2 Monaten`, `3天后`) and weekdays
/// (`Friday`, `next Monday`, `下周一`), counted from `context.today` with calendar arithmetic.
struct RelativeDates {
    var context: NormalizeContext

    static let cjkDirections: [(String, Bool)] = [("以前", true), ("之前", true), ("以后", false), ("之后", false), ("以後", false),
                                                  ("前", true), ("后", false), ("後", false)]

    func parse(_ tokens: [DateToken]) -> CalendarDate? {
        let words = tokens.filter { !$0.isTime && $0.kind != .mark }
        guard !words.isEmpty else { return nil }
        let phrase = words.map(\.text).joined(separator: " ")
        if let offset = DateWords.dayOffsets[phrase] { return context.today.adding(days: offset) }
        if let date = nextUnit(words) { return date }
        var months = 0
        var days = 0
        var past = false
        var future = false
        var counted = false
        var i = 0
        while i < words.count {
            let token = words[i]
            if token.kind == .word, DateWords.pastWords.contains(token.text) { past = true; i += 1; continue }
            if token.kind == .word, DateWords.futureWords.contains(token.text) { future = true; i += 1; continue }
            if token.text == "il", i + 2 < words.count, words[i + 1].text == "y", words[i + 2].text == "a" { past = true; i += 3; continue }
            if token.text == "from", i + 1 < words.count, words[i + 1].text == "now" { future = true; i += 2; continue }
            let amount = token.isNumber ? token.value : DateWords.numberWords[token.text]
            if let amount, i + 1 < words.count, words[i + 1].kind == .word {
                var unitText = words[i + 1].text
                for (suffix, isPast) in RelativeDates.cjkDirections where unitText.hasSuffix(suffix) && unitText.count > suffix.count {
                    unitText = String(unitText.dropLast(suffix.count))
                    if isPast { past = true } else { future = true }
                    break
                }
                if unitText.unicodeScalars.count >= 2 || unitText.unicodeScalars.contains(where: ScalarText.isCJK),
                   case .unit(let unit)? = CycleWords.table[unitText] {
                    switch unit {
                    case .day: days += amount
                    case .week: days += 7 * amount
                    case .month: months += amount
                    case .year: months += 12 * amount
                    }
                    counted = true
                    i += 2
                    continue
                }
            }
            if token.isNumber || DateWords.months[token.text] != nil { return nil }
            i += 1
        }
        guard counted, past != future else { return nil }
        let sign = past ? -1 : 1
        return context.today.adding(months: sign * months).adding(days: sign * days)
    }

    /// "next week", "next month", "nächstes Jahr": one unit on from today.
    func nextUnit(_ words: [DateToken]) -> CalendarDate? {
        guard words.count == 2, DateWords.nextWords.contains(words[0].text) || words[0].text == "nachstes",
              case .unit(let unit)? = CycleWords.table[words[1].text], words[1].text.count >= 2 else { return nil }
        return Cycle(unit: unit).advance(context.today)
    }

    /// "the 5th", "on the 21st", "le 1er": the next such day of a month, on or after today.
    func dayOfMonth(_ tokens: [DateToken]) -> CalendarDate? {
        let numbers = tokens.indices.filter { tokens[$0].isNumber && !tokens[$0].isTime }
        guard numbers.count == 1, let i = numbers.first, i + 1 < tokens.count, tokens[i + 1].kind == .word,
              !tokens[i + 1].spaceBefore, ["st", "nd", "rd", "th", "er"].contains(tokens[i + 1].text),
              (1...31).contains(tokens[i].value) else { return nil }
        var month = CalendarDate(unchecked: context.today.year, context.today.month, 1)
        for _ in 0..<12 {
            if let date = CalendarDate(year: month.year, month: month.month, day: tokens[i].value), date >= context.today {
                return date
            }
            month = month.adding(months: 1)
        }
        return nil
    }

    static let nextPrefixes = ["下个", "下個", "下", "来週", "다음"]

    /// A weekday alone is its next occurrence on or after today; after "next" it is that day of
    /// next week.
    func weekday(_ tokens: [DateToken]) -> CalendarDate? {
        var found: Int?
        var next = false
        let language = context.language ?? "en"
        let abbreviations = DateWords.weekdayAbbreviations[language] ?? [:]
        if tokens.contains(where: { $0.isNumber && !$0.isTime }) { return nil }
        for token in tokens where !token.isTime {
            guard token.kind == .word else { continue }
            var word = token.text
            for prefix in RelativeDates.nextPrefixes where (word.utf8.first ?? 0) >= 0x80 && word.hasPrefix(prefix) && word.count > prefix.count {
                word = String(word.dropFirst(prefix.count))
                next = true
                break
            }
            if DateWords.nextWords.contains(word) || word == "来週" || word == "다음" { next = true; continue }
            if let day = DateWords.weekdays[word] ?? abbreviations[word] {
                if found != nil && found != day { return nil }
                found = day
            }
        }
        guard let day = found else { return nil }
        let today = context.today
        if next {
            return today.adding(days: 7 - today.weekday + day)
        }
        return today.adding(days: (day - today.weekday + 7) % 7)
    }
}
