import Foundation

/// Finds a billing cycle inside free screenshot text: `/mo`, `/ 1 Y`, `/ 3 M`, `per year`,
/// `Individual (Monthly)`, `monatlich`, `/mes`, `每月`, `周期: 6月`. What the short forms leave
/// over goes to `CycleParser`.
struct CycleFinder: Sendable {
    static let units: [(String, Cycle.Unit)] = [
        ("months", .month), ("month", .month), ("monate", .month), ("monat", .month), ("meses", .month), ("mes", .month),
        ("mois", .month), ("mon", .month), ("mo", .month), ("mt", .month), ("m", .month), ("月", .month),
        ("years", .year), ("year", .year), ("yr", .year), ("jahre", .year), ("jahr", .year), ("anos", .year), ("ano", .year),
        ("ans", .year), ("an", .year), ("y", .year), ("j", .year), ("a", .year), ("年", .year),
        ("weeks", .week), ("week", .week), ("wk", .week), ("woche", .week), ("wochen", .week), ("semanas", .week),
        ("semana", .week), ("semaines", .week), ("semaine", .week), ("sem", .week), ("w", .week), ("周", .week),
        ("days", .day), ("day", .day), ("tage", .day), ("tag", .day), ("dias", .day), ("dia", .day), ("jours", .day),
        ("jour", .day), ("d", .day), ("t", .day), ("天", .day), ("日", .day),
    ]
    /// The units above, then the library's unit words of the other languages (`/mese`, `/maand`,
    /// `/anno`), longest first so a longer word wins over its prefix.
    static let allUnits: [(String, Cycle.Unit)] = {
        let known = Set(units.map(\.0))
        let more = CycleWords.units.flatMap { unit, words in words.map { (CycleFinder.simplify($0), unit) } }
            .filter { !known.contains($0.0) && $0.0.count >= 2 }
        return units + more.sorted { $0.0.count > $1.0.count }
    }()
    static let unitAlternation = allUnits.map { NSRegularExpression.escapedPattern(for: $0.0) }.joined(separator: "|")
    /// `/mo`, `/ 1 Y`, `/6mo`, `周期: 6月`, `every 2 weeks`, `alle 3 Monate`, `cada 6 meses`, `tous les 2 mois`,
    /// `al mese`, `per maand`.
    static let counted: NSRegularExpression? = try? NSRegularExpression(pattern:
        "(?:/|周期[:：]?|(?<![\\p{L}])(?:every|each|alle|cada|tous les|toutes les|per|pro|por|par|al|all'))\\s*(\\d{1,2})?\\s*(\(unitAlternation))(?![\\p{L}])")

    /// Whole words for a cycle, checked after the short forms.
    static let words: [(String, Cycle)] = [
        ("biweekly", Cycle(unit: .week, interval: 2)), ("fortnightly", Cycle(unit: .week, interval: 2)),
        ("semiannual", Cycle(unit: .month, interval: 6)), ("semi annual", Cycle(unit: .month, interval: 6)),
        ("halbjahrlich", Cycle(unit: .month, interval: 6)), ("semestral", Cycle(unit: .month, interval: 6)),
        ("semestriel", Cycle(unit: .month, interval: 6)), ("quarterly", Cycle(unit: .month, interval: 3)),
        ("vierteljahrlich", Cycle(unit: .month, interval: 3)), ("quartalsweise", Cycle(unit: .month, interval: 3)),
        ("trimestral", Cycle(unit: .month, interval: 3)), ("trimestriel", Cycle(unit: .month, interval: 3)),
        ("季度", Cycle(unit: .month, interval: 3)), ("每季", Cycle(unit: .month, interval: 3)),
        ("monthly", .monthly), ("a month", .monthly), ("per month", .monthly), ("every month", .monthly),
        ("monatlich", .monthly), ("im monat", .monthly), ("mensual", .monthly), ("mensualmente", .monthly),
        ("al mes", .monthly), ("mensuel", .monthly), ("mensuelle", .monthly), ("par mois", .monthly),
        ("每月", .monthly), ("按月", .monthly), ("包月", .monthly), ("月付", .monthly), ("月度", .monthly),
        ("yearly", .yearly), ("annual", .yearly), ("annually", .yearly), ("a year", .yearly), ("per year", .yearly),
        ("every year", .yearly), ("jahrlich", .yearly), ("pro jahr", .yearly), ("im jahr", .yearly), ("anual", .yearly),
        ("anualmente", .yearly), ("al ano", .yearly), ("annuel", .yearly), ("annuelle", .yearly), ("par an", .yearly),
        ("每年", .yearly), ("按年", .yearly), ("包年", .yearly), ("年付", .yearly), ("年度", .yearly),
        ("weekly", .weekly), ("per week", .weekly), ("wochentlich", .weekly), ("semanal", .weekly),
        ("hebdomadaire", .weekly), ("每周", .weekly), ("daily", Cycle(unit: .day)), ("taglich", Cycle(unit: .day)),
        ("diario", Cycle(unit: .day)), ("quotidien", Cycle(unit: .day)), ("每天", Cycle(unit: .day)),
    ]

    /// The words above, then the library's cycle words of the other languages (`mensile`,
    /// `annuale`, `maandelijks`, `mensal`): Latin-script words of six letters or more, so short
    /// abbreviations (`mtl`, `p m`) stay table-only.
    static let allWords: [(String, Cycle)] = {
        let known = Set(words.map(\.0))
        let more = CycleWords.cycles.flatMap { cycle, list in list.map { (ScreenVocabulary.fold($0), cycle) } }
            .filter { phrase, _ in
                phrase.count >= 6 && !known.contains(phrase) && phrase.unicodeScalars.allSatisfy { $0.value < 0x250 }
            }
        return words + more
    }()

    /// Lowercase without accents, punctuation kept (the slash matters).
    static func simplify(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The cycle written right after a price (`/mo`, ` per year`, ` monatlich`), nil when the
    /// text goes on with something else.
    func suffix(_ trailing: String) -> Cycle? {
        let text = CycleFinder.simplify(trailing).trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { return nil }
        if first == "/" || text.hasPrefix("per ") || text.hasPrefix("pro ") || text.hasPrefix("por ") || text.hasPrefix("par ")
            || text.hasPrefix("a ") || text.hasPrefix("al ") || text.hasPrefix("all'") || text.hasPrefix("every ") || text.hasPrefix("each ") {
            return counted(text, anchored: true) ?? word(String(text.prefix(14)))
        }
        return word(String(text.prefix(12)), atStart: true)
    }

    /// Any cycle written in the text.
    func find(in raw: String) -> Cycle? {
        let text = CycleFinder.simplify(raw)
        if let cycle = counted(text, anchored: false) ?? word(text) { return cycle }
        // A lone letter on a screen is an icon or an initial ("D" for Disney+), not "d" for daily.
        guard raw.filter(\.isLetter).count > 1 else { return nil }
        return try? CycleParser().parse(Substring(raw))
    }

    func counted(_ text: String, anchored: Bool) -> Cycle? {
        guard let regex = CycleFinder.counted else { return nil }
        let ns = text as NSString
        guard let match = regex.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)),
              !anchored || match.range.location == 0 else { return nil }
        let count = match.range(at: 1).location == NSNotFound ? 1 : Int(ns.substring(with: match.range(at: 1))) ?? 1
        let unitText = ns.substring(with: match.range(at: 2))
        guard let unit = CycleFinder.allUnits.first(where: { $0.0 == unitText })?.1, count > 0 else { return nil }
        return Cycle(unit: unit, interval: count).canonical
    }

    func word(_ text: String, atStart: Bool = false) -> Cycle? {
        let folded = ScreenVocabulary.fold(text)
        for (phrase, cycle) in CycleFinder.allWords {
            if atStart {
                if folded.hasPrefix(phrase + " ") || folded == phrase { return cycle }
            } else if ScreenVocabulary.matches(folded, phrase) {
                return cycle
            }
        }
        return nil
    }
}
