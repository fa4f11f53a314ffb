import Foundation

/// What surrounds a number in a price text: currency signs before and after it, minus signs,
/// brackets, debit/credit markers, and the clues that a number is no price at all.
enum PriceContext {
    /// A currency sign found next to a number, with its scalar range.
    struct SignHit {
        var sign: CurrencySign
        var text: String
        var start: Int
        var end: Int
    }

    static let edgePunctuation: Set<Unicode.Scalar> = ["(", ")", ":", "*", "=", "-", ",", ";", "\"", "'", "[", "]", "!", "+", "~", "@", "#"]
    static let cuts: Set<Unicode.Scalar> = ["/", "(", ")", "*", ",", ";", ":", "=", "[", "]", "!", "+"]

    /// `12/05`, `2026-12-05`, `10:30`: numbers glued to other numbers by date or time marks.
    static func isPartOfDateOrRange(_ number: PriceNumber, _ text: ScalarText) -> Bool {
        if let c = text.at(number.end), c == "/" || c == "-" || c == ":" || c == ".",
           let d = text.at(number.end + 1), ScalarText.isDigit(d), number.dashDecimals == nil {
            return true
        }
        if let c = text.at(number.start - 1), c == "/" || c == "-" || c == ":",
           let d = text.at(number.start - 2), ScalarText.isDigit(d) {
            return true
        }
        return false
    }

    /// Words that make a number a count, not an amount: `7-day`, `12 months`, `30 days`, `5 GB`.
    static let units: Set<String> = [
        "day", "days", "d", "tag", "tage", "tagen", "jour", "jours", "dia", "dias", "giorno", "giorni", "dag", "dagen",
        "dager", "dagar", "dage", "week", "weeks", "wk", "wks", "woche", "wochen", "semaine", "semaines", "semana",
        "semanas", "settimana", "settimane", "uke", "uker", "uge", "uger", "vecka", "veckor", "month", "months",
        "mo", "mos", "mth", "monat", "monate", "monaten", "mois", "mes", "meses", "mese", "mesi", "maand", "maanden",
        "maned", "maneder", "manad", "manader", "year", "years", "yr", "yrs", "jahr", "jahre", "jahren", "an", "ans",
        "annee", "annees", "ano", "anos", "anno", "anni", "jaar", "jaren", "ar", "gb", "tb", "mb", "kb", "user", "users",
        "seat", "seats", "x", "hour", "hours", "hr", "hrs", "minute", "minutes", "pcs",
        "items", "devices", "device", "screens", "screen", "profiles", "month-", "people", "persons",
        "天", "日", "个月", "個月", "ヶ月", "か月", "カ月", "年", "周", "週", "週間", "일", "개월", "년", "달", "人",
    ]

    static let ordinals: Set<String> = ["st", "nd", "rd", "th", "er"]

    static func isFollowedByUnit(_ number: PriceNumber, _ text: ScalarText, locale: LocaleData? = nil) -> Bool {
        var j = number.end
        if text.at(j) == "%" || (text.at(j) == " " && text.at(j + 1) == "%") { return true }
        let glued = text.at(j) != " "
        if text.at(j) == "-" || text.at(j) == " " { j += 1 }
        let start = j
        while j < text.count, ScalarText.isLetter(text[j]), !ScalarText.isDigit(text[j]) {
            if ScalarText.isCJK(text[j]) && j > start && !ScalarText.isCJK(text[j - 1]) { break }
            j += 1
        }
        guard j > start else { return false }
        let written = text.string(start..<j)
        // The locale's currency sign (`D` for the dalasi in `ff_Latn_GM`) is no unit.
        if let locale, locale.currencySymbols[WordFold.lowerOnly(written)] != nil { return false }
        let word = WordFold.fold(written)
        if ordinals.contains(word) { return glued }
        if units.contains(word) { return true }
        // CJK counters glued to more text: `12个月会员`, `3天后`.
        for unit in ["个月", "個月", "ヶ月", "か月", "カ月", "天", "週間", "개월"] where word.hasPrefix(unit) { return true }
        return false
    }

    /// The token of non-space, non-digit scalars ending just before `end` (skipping spaces).
    static func signBefore(_ end: Int, _ text: ScalarText, locale: LocaleData? = nil) -> SignHit? {
        var j = end - 1
        while j >= 0, text[j] == " " || text[j] == "-" || text[j] == "(" { j -= 1 }
        let tokenEnd = j + 1
        if let locale, let hit = spacedSymbol(locale, text, endingAt: tokenEnd) { return hit }
        while j >= 0, text[j] != " ", !ScalarText.isDigit(text[j]) { j -= 1 }
        guard let hit = sign(in: text, j + 1, tokenEnd, preferEnd: true, locale: locale) else { return nil }
        // `US $15.49`: a country prefix written apart from `$`.
        if hit.text == "$", hit.start >= 2, text[hit.start - 1] == " " {
            var k = hit.start - 2
            while k >= 0, ScalarText.isLetter(text[k]) { k -= 1 }
            let word = text.string(k + 1..<hit.start - 1)
            if !word.isEmpty, let joined = CurrencySigns.sign(word + "$") ?? CurrencySigns.sign(word).flatMap({ $0.isExact ? $0 : nil }) {
                return SignHit(sign: joined, text: word + " $", start: k + 1, end: hit.end)
            }
        }
        return hit
    }

    /// The token starting just after `start` (skipping spaces).
    static func signAfter(_ start: Int, _ text: ScalarText, locale: LocaleData? = nil) -> SignHit? {
        var j = start
        while j < text.count, text[j] == " " { j += 1 }
        let tokenStart = j
        if let locale, let hit = spacedSymbol(locale, text, startingAt: tokenStart) { return hit }
        while j < text.count, text[j] != " ", !ScalarText.isDigit(text[j]) { j += 1 }
        return sign(in: text, tokenStart, j, preferEnd: false, locale: locale)
    }

    /// Whether a scalar of the text may be `lower`, a lower-case scalar of a symbol: a cheap
    /// test before the text is cut and folded.
    static func sameLetter(_ scalar: Unicode.Scalar, _ lower: Unicode.Scalar) -> Bool {
        scalar == lower || !scalar.isASCII || (scalar.value >= 0x41 && scalar.value <= 0x5A && scalar.value + 0x20 == lower.value)
    }

    /// A locale's symbol that holds a space (`$ US` in `fr_CA`) starting at `start`.
    static func spacedSymbol(_ locale: LocaleData, _ text: ScalarText, startingAt start: Int) -> SignHit? {
        for (symbol, currency) in locale.spacedSymbols where start + symbol.count <= text.count
            && sameLetter(text[start], symbol[0]) {
            let piece = text.string(start..<start + symbol.count)
            if WordFold.lowerOnly(piece).unicodeScalars.elementsEqual(symbol) {
                return SignHit(sign: .iso(currency), text: piece, start: start, end: start + symbol.count)
            }
        }
        return nil
    }

    /// A locale's symbol that holds a space ending at `end`.
    static func spacedSymbol(_ locale: LocaleData, _ text: ScalarText, endingAt end: Int) -> SignHit? {
        for (symbol, currency) in locale.spacedSymbols where end - symbol.count >= 0
            && sameLetter(text[end - 1], symbol[symbol.count - 1]) {
            let piece = text.string(end - symbol.count..<end)
            if WordFold.lowerOnly(piece).unicodeScalars.elementsEqual(symbol) {
                return SignHit(sign: .iso(currency), text: piece, start: end - symbol.count, end: end)
            }
        }
        return nil
    }

    /// Tries the token as written, trimmed of punctuation, then the piece next to the number.
    static func sign(in text: ScalarText, _ start: Int, _ end: Int, preferEnd: Bool, locale: LocaleData? = nil) -> SignHit? {
        let lookup = { (token: String) in CurrencySigns.sign(token, locale: locale) }
        guard start < end else { return nil }
        var a = start
        var b = end
        if let s = lookup(text.string(a..<b)) { return SignHit(sign: s, text: text.string(a..<b), start: a, end: b) }
        while a < b, edgePunctuation.contains(text[a]) { a += 1 }
        while b > a, edgePunctuation.contains(text[b - 1]) { b -= 1 }
        guard a < b else { return nil }
        let trimmed = text.string(a..<b)
        if let s = lookup(trimmed) { return SignHit(sign: s, text: trimmed, start: a, end: b) }
        // The piece next to the number: `€/Monat` → `€`, `Preis:€` → `€`, `円(税込)` → `円`.
        if preferEnd {
            var k = b - 1
            while k > a, !cuts.contains(text[k - 1]) { k -= 1 }
            if k > a, let s = lookup(text.string(k..<b)) { return SignHit(sign: s, text: text.string(k..<b), start: k, end: b) }
            // A symbol glued to a word: `月額¥`.
            var m = b
            while m > a, text[m - 1].properties.generalCategory == .currencySymbol { m -= 1 }
            if m < b, m > a, let s = lookup(text.string(m..<b)) { return SignHit(sign: s, text: text.string(m..<b), start: m, end: b) }
        } else {
            var k = a + 1
            while k < b, !cuts.contains(text[k]) { k += 1 }
            if k < b, let s = lookup(text.string(a..<k)) { return SignHit(sign: s, text: text.string(a..<k), start: a, end: k) }
            var m = a
            while m < b, text[m].properties.generalCategory == .currencySymbol { m += 1 }
            if m > a, m < b, let s = lookup(text.string(a..<m)) { return SignHit(sign: s, text: text.string(a..<m), start: a, end: m) }
            // Chinese and Japanese words glued after the sign: `元/月`, `円税込`.
            if ScalarText.isCJK(text[a]), let s = lookup(text.string(a..<a + 1)) {
                return SignHit(sign: s, text: text.string(a..<a + 1), start: a, end: a + 1)
            }
        }
        return nil
    }

    /// A minus directly before `position`, or an opening bracket before it (spaces allowed).
    static func precedingMark(_ position: Int, _ text: ScalarText, limit: Int = 0) -> Unicode.Scalar? {
        guard position - 1 >= limit else { return nil }
        // `CHF-1’234.50`, `Ksh- 6,273.19`: a minus right after the currency sign.
        if limit > 0 {
            var j = position - 1
            while j > limit, text[j] == " " { j -= 1 }
            if j == limit, text[j] == "-" { return "-" }
        }
        if text[position - 1] == "-" {
            if let before = text.at(position - 2), ScalarText.isDigit(before) || ScalarText.isLetter(before) { return nil }
            return "-"
        }
        var j = position - 1
        while j >= limit, text[j] == " " { j -= 1 }
        return j >= limit && text[j] == "(" ? "(" : nil
    }

    /// Words between two amounts that make them a range (`From 26 to 50 €`, `10–20 €`).
    static let rangeWords: Set<String> = ["to", "-", "bis", "a", "à", "al", "até", "tot", "till", "til", "~", "до", "〜", "～", "или", "or", "ou", "o", "oder"]

    static func isRange(_ text: ScalarText, from start: Int, to end: Int) -> Bool {
        guard start <= end else { return false }
        let between = text.string(start..<end).trimmedSpaces().lowercased()
        return rangeWords.contains(between)
    }

    /// A closing bracket after `position` (spaces allowed).
    static func closes(_ position: Int, _ text: ScalarText) -> Bool {
        var j = position
        while j < text.count, text[j] == " " { j += 1 }
        return text.at(j) == ")"
    }

    /// The lower-case word after `position`, skipping spaces.
    static func wordAfter(_ position: Int, _ text: ScalarText) -> String? {
        var j = position
        while j < text.count, text[j] == " " { j += 1 }
        let start = j
        while j < text.count, ScalarText.isLetter(text[j]) { j += 1 }
        guard j > start, j - start <= 6 else { return nil }
        return text.string(start..<j).lowercased()
    }
}
