/// What a column's values look like: how many read as prices, dates, cycles, statuses, yes/no.
struct ColumnEvidence: Sendable {
    var nonEmpty = 0
    var prices = 0
    var dates = 0
    var cycles = 0
    var currencies = 0
    var statuses = 0
    var booleans = 0
    var texts = 0
    var smallIntegers = 0
    var units = 0
    var distinct = Set<String>()

    /// What one value reads as; worked out once per distinct value of a column (cycles,
    /// categories and currencies repeat down a column).
    struct Kinds {
        var date = false, price = false, cycle = false, currency = false, status = false
        var boolean = false, smallInteger = false, unit = false, text = false

        /// The most UTF-8 bytes a value the readers are tried on may have.
        static let longestValue = 256

        /// The longest status, yes/no or unit word holding an ASCII digit, in bytes (0 if none).
        static let longestWordWithDigits: Int = {
            let words = StatusWords.active.union(StatusWords.inactive).union(StatusWords.booleans.keys).union(CycleUnitWords.units.keys)
            return words.filter { $0.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } }.map(\.utf8.count).max() ?? 0
        }()

        /// `readers` says which of the date, price and cycle readers to try (see `giveUpAfter`).
        init(_ value: String, _ parsers: (PriceParser, DateParser, CycleParser), readers: (date: Bool, price: Bool, cycle: Bool)) {
            // A value longer than any price, date, cycle, status or yes/no is a note: text, read
            // no further (a cell of megabytes would cost every reader its length).
            guard value.utf8.count <= Kinds.longestValue else {
                text = true
                return
            }
            // Evidence only: a table's dates carry digits ("tomorrow" is screen text, not a cell)
            // and its cycles letters, so the parsers are not run on values that cannot count.
            var hasDigit = false, hasLetter = false
            let ascii = ScalarText.asciiLettersAndDigits(value, limit: Kinds.longestValue)
            if let counted = ascii {
                (hasLetter, hasDigit) = (counted.letters > 0, counted.digits > 0)
            } else {
                for s in value.unicodeScalars {
                    if ScalarText.isDigit(s) {
                        hasDigit = true
                    } else if ScalarText.isLetter(s) {
                        hasLetter = true
                    } else if s.value >= 0x80, s.properties.numericType != nil {
                        hasDigit = true
                    }
                }
            }
            date = readers.date && hasDigit && (try? parsers.1.parse(value[...])) != nil
            price = readers.price && !date && hasDigit && parsers.0.reads(value[...])
            cycle = readers.cycle && hasLetter && (try? parsers.2.parse(value[...])) != nil
            // An ASCII value is a currency code only with three letters (upper-casing keeps its length).
            currency = (ascii == nil || value.utf8.count == 3) && Currency(value) != nil
            if let n = Int(value), (1...366).contains(n) { smallInteger = true }
            text = hasLetter && !date
            // An ASCII value with digits is a status, yes/no or unit word only if as short as
            // the words with digits (`1`, `0`): names, prices and dates skip the lookups.
            if let counted = ascii, counted.digits > 0, value.utf8.count > Kinds.longestWordWithDigits { return }
            // The value is trimmed: the word tables take it lower-cased, once for all three.
            let key = value.lowercased()
            status = StatusWords.status(ofKey: key) != nil
            boolean = StatusWords.booleans[key] != nil
            unit = CycleUnitWords.units[key] != nil
        }
    }

    /// A reader that has read none of a column's first this-many distinct values is not tried on
    /// the rest: a column of names or prices does not turn into dates further down, and failed
    /// readings are the costly ones. The rest count as not of that kind.
    static let giveUpAfter = 8

    /// What a value reads as, with the readers it was read with (in one context's memo).
    struct KindsKey: Hashable {
        var value: String
        var date: Bool, price: Bool, cycle: Bool
    }

    /// `Kinds` already worked out in this process, one memo per context (a run has one): the
    /// files of one team (validated together) share most of their dates, cycles, categories and
    /// currencies. Keys without the context are small, and a lookup compares only the value.
    private static let known = MemoCache<NormalizeContext, MemoCache<KindsKey, Kinds>>(limit: 8)

    /// The memo of `Kinds` read in `context`. Two threads may each make one for a new context;
    /// the one stored last is kept, and both give the same answers.
    private static func memo(for context: NormalizeContext) -> MemoCache<KindsKey, Kinds> {
        if let memo = known.value(for: context) { return memo }
        let memo = MemoCache<KindsKey, Kinds>()
        known.store(memo, for: context)
        return memo
    }

    init(values: [String], context: NormalizeContext) {
        let parsers = (PriceParser(context: context), DateParser(context: context), CycleParser())
        let memo = ColumnEvidence.memo(for: context)
        var seen: [String: Kinds] = [:]
        seen.reserveCapacity(values.count)
        distinct.reserveCapacity(min(values.count, 1000))
        var read = (date: 0, price: 0, cycle: 0)
        for raw in values {
            let value = raw.trimmedSpaces()
            guard !value.isEmpty else { continue }
            nonEmpty += 1
            let kinds: Kinds
            // A value seen before in this column is in `distinct` already.
            if let known = seen[value] { kinds = known } else {
                if distinct.count < 1000 { distinct.insert(value.lowercased()) }
                let tried = seen.count
                let give = ColumnEvidence.giveUpAfter
                let readers = (date: tried < give || read.date > 0, price: tried < give || read.price > 0,
                               cycle: tried < give || read.cycle > 0)
                let key = KindsKey(value: value, date: readers.date, price: readers.price, cycle: readers.cycle)
                if let known = memo.value(for: key) {
                    kinds = known
                } else {
                    kinds = Kinds(value, parsers, readers: readers)
                    if value.utf8.count <= Kinds.longestValue { memo.store(kinds, for: key) }
                }
                seen[value] = kinds
                if kinds.date { read.date += 1 }
                if kinds.price { read.price += 1 }
                if kinds.cycle { read.cycle += 1 }
            }
            if kinds.date { dates += 1 }
            if kinds.price { prices += 1 }
            if kinds.cycle { cycles += 1 }
            if kinds.currency { currencies += 1 }
            if kinds.status { statuses += 1 }
            if kinds.boolean { booleans += 1 }
            if kinds.smallInteger { smallIntegers += 1 }
            if kinds.unit { units += 1 }
            if kinds.text { texts += 1 }
        }
    }

    private func rate(_ count: Int) -> Double { nonEmpty == 0 ? 0 : Double(count) / Double(nonEmpty) }

    var textRate: Double { rate(texts) }

    /// How well the values fit a field (0…1), how much that alone may count, whether the field's
    /// values have a shape of their own (so a header cannot carry a column whose values lack it),
    /// and in words.
    func support(for field: Field) -> (rate: Double, weight: Double, typed: Bool, what: String) {
        let (rate, weight, what) = untypedSupport(for: field)
        let typed: Bool
        switch field {
        case .price, .currency, .cycle, .cycleInterval, .cycleUnit, .nextRenewal, .startDate, .status, .active, .trialEnds,
             .endDate: typed = nonEmpty > 0
        case .name, .category, .notes: typed = false
        }
        return (rate, weight, typed, what)
    }

    private func untypedSupport(for field: Field) -> (rate: Double, weight: Double, what: String) {
        switch field {
        case .name:
            let distinctRate = nonEmpty == 0 ? 0 : Double(distinct.count) / Double(nonEmpty)
            return (rate(texts - statuses - cycles) * (0.5 + 0.5 * distinctRate), 0.6, "are distinct text")
        case .price: return (rate(prices), 1, "read as prices")
        case .currency: return (rate(currencies), 1, "are currency codes")
        case .cycle: return (rate(cycles), 1, "read as billing cycles")
        case .cycleInterval: return (rate(smallIntegers), 0.3, "are small whole numbers")
        case .cycleUnit: return (rate(units), 0.9, "are day/week/month/year")
        case .nextRenewal, .startDate: return (rate(dates), field == .nextRenewal ? 1 : 0.5, "read as dates")
        // Only a header ("Trial ends", "freeTrialEndDate", "Trial") makes a column the trial's:
        // any other date or checkbox column could be one by its values.
        case .trialEnds: return (rate(dates + booleans), 0, "are dates or yes/no")
        // Only a header makes a date column the end: any date could be one by its values.
        case .endDate: return (rate(dates), 0, "read as dates")
        case .category: return (rate(texts) * (distinct.count < max(3, nonEmpty) ? 1 : 0.5), 0.2, "are text")
        case .notes: return (rate(texts), 0.1, "are text")
        case .status: return (rate(statuses), 0.9, "are statuses")
        // A checkbox says nothing of what it means ("Shared", "Auto-renew", "Business"): only a
        // header such as "Active" or "Cancelled" makes it the active flag.
        case .active: return (rate(booleans), 0, "are yes/no")
        }
    }
}

/// Words for active / inactive in the languages we read, and yes/no values.
package enum StatusWords {
    static let inactive: Set<String> = [
        "cancelled", "canceled", "inactive", "paused", "ended", "expired", "stopped", "archived", "disabled",
        "cancelado", "cancelada", "pausado", "inactivo", "caducado", "gekundigt", "gekündigt", "pausiert",
        "inaktiv", "beendet", "abgelaufen", "annule", "annulé", "resilie", "résilié", "en pause", "expire", "expiré",
        "annullato", "sospeso", "scaduto", "opgezegd", "gepauzeerd", "verlopen", "avsluttet", "oppsagt",
        "avslutad", "uppsagd", "opsagt", "已取消", "已暂停", "已过期", "停用", "キャンセル", "解約", "停止中", "解約済み",
        "off", "cancel", "terminated", "suspended", "trial ended",
    ]
    static let active: Set<String> = [
        "active", "activo", "activa", "ativo", "attivo", "aktiv", "actif", "active ", "actief", "aktiv", "enabled",
        "running", "ongoing", "trial", "free trial", "in trial", "subscribed", "renewing", "auto-renew",
        "生效中", "有效", "启用", "正常", "有効", "契約中", "ok", "live", "current",
    ]

    /// `.inactive` / `.pending` (active) for a status cell, nil when it is not a status word.
    package static func status(of value: String) -> ImportDraft.Status? {
        status(ofKey: value.trimmedSpaces().lowercased())
    }

    /// `status(of:)` of a value already trimmed and lower-cased.
    static func status(ofKey key: String) -> ImportDraft.Status? {
        if inactive.contains(key) { return .inactive }
        if active.contains(key) { return .pending }
        return nil
    }

    /// Whether a status cell says the subscription charges, is paused, cancelled or in a trial;
    /// nil when it is not a status word. Ended, expired and the like are cancelled.
    package static func lifecycle(of value: String) -> Subscription.Status? {
        let key = value.trimmedSpaces().lowercased()
        if paused.contains(key) { return .paused }
        if trial.contains(key) { return .trial }
        if inactive.contains(key) { return .cancelled }
        if active.contains(key) { return .active }
        return nil
    }

    static let paused: Set<String> = [
        "paused", "pausado", "pausiert", "en pause", "sospeso", "gepauzeerd", "已暂停", "停止中", "suspended", "on hold",
    ]
    static let trial: Set<String> = ["trial", "free trial", "in trial", "trialing", "trialling", "prueba", "testphase", "essai", "试用", "お試し"]

    /// Reads yes/no cells: `Yes`, `No`, `true`, `false`, `1`, `0`, `✓`, `x`, `ja`, `nein`, `sí`, `是`.
    package static func boolean(_ value: String) -> Bool? {
        booleans[value.trimmedSpaces().lowercased()]
    }

    /// A table, not a `switch`: every cell of every column is looked up here.
    static let booleans: [String: Bool] = {
        var table: [String: Bool] = [:]
        for word in ["yes", "y", "true", "1", "✓", "✔", "☑", "x", "ja", "si", "sí", "sim", "oui", "是", "はい", "on", "checked"] {
            table[word] = true
        }
        for word in ["no", "n", "false", "0", "☐", "nein", "non", "não", "nao", "nej", "nee", "否", "いいえ", "off", "unchecked"] {
            table[word] = false
        }
        return table
    }()
}

/// Unit words for cycles split over two columns ("every" 2 + "weeks").
enum CycleUnitWords {
    static func unit(_ value: String) -> Cycle.Unit? {
        units[value.trimmedSpaces().lowercased()]
    }

    /// A table, not a `switch`: every cell of every column is looked up here.
    static let units: [String: Cycle.Unit] = {
        var table: [String: Cycle.Unit] = [:]
        for word in ["day", "days", "d", "daily", "día", "días", "dia", "dias", "tag", "tage", "jour", "jours", "giorno", "giorni", "dag", "dagen", "dager", "dagar", "天", "日"] { table[word] = .day }
        for word in ["week", "weeks", "w", "wk", "weekly", "semana", "semanas", "woche", "wochen", "semaine", "semaines", "settimana", "settimane", "uke", "uker", "vecka", "veckor", "uge", "uger", "周", "週"] { table[word] = .week }
        for word in ["month", "months", "m", "mo", "monthly", "mes", "meses", "monat", "monate", "mois", "mese", "mesi", "maand", "maanden", "måned", "måneder", "månad", "månader", "月", "ヶ月", "个月"] { table[word] = .month }
        for word in ["year", "years", "y", "yr", "yearly", "annual", "año", "años", "ano", "anos", "jahr", "jahre", "an", "ans", "année", "anno", "anni", "jaar", "jaren", "år", "年"] { table[word] = .year }
        return table
    }()
}
