/// Reads billing cycles: "monthly", "every 2 weeks", "/yr", "p.a.", "quarterly", "mensual",
/// "alle 3 Monate", "每3个月", "3ヶ月ごと", "12 months" (→ yearly). One-time and lifetime
/// purchases throw `.notRecurring`.
package struct CycleParser: Sendable {
    package init() {}

    static let example = "monthly, yearly, every 2 weeks"

    package func parse(_ raw: Substring) throws(NormalizeError) -> Cycle {
        // Enum names other apps export (`everyOtherWeek`, `twiceAYear`) read as the words they join.
        if raw.utf8.count > 4, !raw.utf8.contains(0x20), raw.contains(where: \.isUppercase), raw.contains(where: \.isLowercase), raw.count > 4 {
            let words = HeaderMatcher.splittingCamelCase(String(raw))
            if words != String(raw), let cycle = try? parse(words[...]) { return cycle }
        }
        let tokens = CycleParser.tokens(raw)
        guard !tokens.isEmpty else {
            if raw.contains(where: { !$0.isWhitespace }) { throw .notA("billing cycle", found: raw, example: CycleParser.example) }
            throw NormalizeError(.empty, "the billing cycle is empty")
        }
        if let control = ScalarText(raw).firstControl { throw .control(control, in: raw, what: "billing cycle") }
        let found = CycleParser.scan(tokens, counts: true)
        if let bad = found.badCount, found.cycle == nil {
            throw NormalizeError(.outOfRange,
                "\(NormalizeError.quote(raw)) bills every \(NormalizeError.clip(bad.text)) \(bad.unit.rawValue)s; the count must be a whole number from \(Cycle.intervals.lowerBound) to \(Cycle.intervals.upperBound)")
        }
        if found.oneTime {
            throw NormalizeError(.notRecurring, "\(NormalizeError.quote(raw)) is a one-time or lifetime purchase, not a recurring subscription")
        }
        if let cycle = found.cycle { return cycle }
        if found.free {
            throw NormalizeError(.notRecurring, "\(NormalizeError.quote(raw)) is a free or trial period, not a billing cycle")
        }
        throw .notA("billing cycle", found: raw, example: CycleParser.example)
    }

    /// The first cycle named anywhere in `text` (`/mo billed annually` → month), nil when none;
    /// with `counts` false, counted phrases (`7-day`) are not read.
    package func find(_ text: Substring, counts: Bool) -> Cycle? {
        guard text.unicodeScalars.contains(where: ScalarText.isLetter) else { return nil }
        let found = CycleParser.scan(CycleParser.tokens(text), counts: counts)
        return found.oneTime ? nil : found.cycle
    }

    /// The count of `find`'s text that is no billing interval (`/ every 0 months`), with its
    /// unit: the text names a cycle that cannot be read, which the caller reports.
    func badCount(_ text: Substring) -> (text: String, unit: Cycle.Unit)? {
        guard text.unicodeScalars.contains(where: ScalarText.isLetter) else { return nil }
        let found = CycleParser.scan(CycleParser.tokens(text), counts: true)
        return found.cycle == nil ? found.badCount : nil
    }

    struct Token {
        var text: String
        var number: Int?
        var isNumber: Bool
        /// A `/` stood between this token and the one before.
        var slashBefore: Bool
        /// A minus sign stood right before this number (`every -3 weeks`).
        var negative = false
    }

    static func tokens(_ raw: Substring) -> [Token] {
        let text = ScalarText(raw)
        var tokens: [Token] = []
        var i = 0
        var slash = false
        while i < text.count {
            let s = text[i]
            if ScalarText.isDigit(s) {
                let start = i
                var plain = true
                while i < text.count, ScalarText.isDigit(text[i]) || ((text[i] == "." || text[i] == ",") && i + 1 < text.count && ScalarText.isDigit(text[i + 1])) {
                    if !ScalarText.isDigit(text[i]) { plain = false }
                    i += 1
                }
                let digits = text.string(start..<i)
                // Saturates past nine digits: such a count is out of range, never cut short.
                var number = 0
                for k in start..<i where ScalarText.isDigit(text[k]) {
                    number = DateToken.appending(Int(text[k].value) - 0x30, to: number)
                }
                let minus = text.at(start - 1) == "-"
                    && !(text.at(start - 2).map { ScalarText.isDigit($0) || ScalarText.isLetter($0) } ?? false)
                tokens.append(Token(text: digits, number: plain ? number : nil, isNumber: true, slashBefore: slash, negative: minus))
                slash = false
            } else if ScalarText.isLetter(s) {
                let start = i
                let cjk = ScalarText.isCJK(s)
                while i < text.count, ScalarText.isLetter(text[i]), !ScalarText.isDigit(text[i]), ScalarText.isCJK(text[i]) == cjk { i += 1 }
                tokens.append(Token(text: WordFold.fold(text.string(start..<i)), number: nil, isNumber: false, slashBefore: slash))
                slash = false
            } else {
                if s == "/" { slash = true }
                i += 1
            }
        }
        return tokens
    }

    struct Found {
        var cycle: Cycle?
        var oneTime = false
        var free = false
        /// A count before a unit that is no interval: 0, negative, past the limit or a fraction.
        var badCount: (text: String, unit: Cycle.Unit)?
    }

    static func meaning(_ tokens: [Token], _ i: Int) -> (CycleWords.Meaning, Int)? {
        var n = min(CycleWords.longestPhrase, tokens.count - i)
        while n >= 1 {
            if n == 1 {
                if let m = CycleWords.table[tokens[i].text] { return (m, 1) }
            } else if !tokens[i..<i + n].contains(where: { $0.isNumber }) {
                let phrase = tokens[i..<i + n].map(\.text).joined(separator: " ")
                if let m = CycleWords.table[phrase] { return (m, n) }
            }
            n -= 1
        }
        let word = tokens[i].text
        if word.unicodeScalars.contains(where: ScalarText.isCJK) {
            for (key, m) in CycleWords.cjkKeys where word.hasPrefix(key) { return (m, 1) }
            for (key, m) in CycleWords.cjkKeys where word.contains(key) { return (m, 1) }
        }
        return nil
    }

    /// Number words before a unit (`every two weeks`, `alle zwei Wochen`); "a"/"one" add nothing.
    static let numberWords: [String: Int] = DateWords.numberWords.filter { $0.value >= 2 }

    static let cjkNumerals: [Character: Int] = ["两": 2, "二": 2, "兩": 2, "三": 3, "四": 4, "六": 6, "十": 10]

    /// `每两周` → 2 weeks, `两个月` → 2 months: a Chinese numeral followed by a unit.
    static func cjkCount(_ word: String) -> Cycle? {
        var rest = Substring(word)
        if rest.hasPrefix("每") { rest = rest.dropFirst() }
        guard let first = rest.first, let n = cjkNumerals[first] else { return nil }
        let unitText = String(rest.dropFirst())
        guard case .unit(let unit)? = CycleWords.table[unitText] else { return nil }
        return Cycle(unit: unit, interval: n).canonical
    }

    static func scan(_ tokens: [Token], counts: Bool) -> Found {
        var found = Found()
        var i = 0
        var other = false
        while i < tokens.count {
            let token = tokens[i]
            let count = token.number ?? (token.isNumber ? nil : CycleParser.numberWords[token.text])
            if count != nil || token.isNumber, i + 1 < tokens.count, !tokens[i + 1].slashBefore,
               let (m, width) = meaning(tokens, i + 1) {
                // `3 months`, `7-day`, `every two weeks`, `3 aylık`: a count of a unit; read only
                // with `counts`, never before "free"/"trial".
                var unit: Cycle.Unit?
                if case .unit(let u) = m { unit = u }
                if case .cycle(let c) = m, c.interval == 1, token.isNumber, count != nil { unit = c.unit }
                if let unit {
                    let after = i + 1 + width
                    let isTrial = after < tokens.count && meaning(tokens, after).map { $0.0 == .free } == true
                    if counts, !isTrial, found.cycle == nil, found.badCount == nil {
                        if let n = count, !token.negative, Cycle.intervals.contains(n) {
                            found.cycle = Cycle(unit: unit, interval: n).canonical
                        } else {
                            found.badCount = ((token.negative ? "-" : "") + token.text, unit)
                        }
                    }
                    i = after
                    continue
                }
            }
            if token.isNumber {
                i += 1
                continue
            }
            // `每两周`, `每3个月` written with a Chinese numeral.
            if counts, found.cycle == nil, let cycle = CycleParser.cjkCount(token.text) {
                found.cycle = cycle
                i += 1
                continue
            }
            guard let (m, width) = meaning(tokens, i) else { i += 1; continue }
            switch m {
            case .cycle(let c):
                if found.cycle == nil { found.cycle = c }
            case .unit(let unit):
                // Single letters (`M`, `Y`) count only alone or after a slash.
                let bare = token.text.unicodeScalars.count >= 2 || token.text.unicodeScalars.contains(where: ScalarText.isCJK)
                    || tokens.count == 1
                if found.cycle == nil, bare || token.slashBefore {
                    found.cycle = Cycle(unit: unit, interval: other ? 2 : 1).canonical
                }
            case .everyOther: other = true
            case .oneTime: found.oneTime = true
            case .free: found.free = true
            }
            i += width
        }
        return found
    }
}
