/// The words for billing cycles in the languages we read, folded (lower case, no accents).
enum CycleWords {
    enum Meaning: Hashable, Sendable {
        case cycle(Cycle)
        /// A unit word: one of it alone (`month`, `mes`), or N of it after a number (`3 months`).
        case unit(Cycle.Unit)
        /// "every other": doubles the unit that follows.
        case everyOther
        /// One-time and lifetime purchases.
        case oneTime
        /// Free and trial wording: not a cycle by itself.
        case free
    }

    static let month = Cycle.monthly
    static let year = Cycle.yearly
    static let week = Cycle.weekly
    static let day = Cycle(unit: .day)

    static let cycles: [(Cycle, [String])] = [
        (month, [
            "monthly", "mthly", "month to month", "p m", "per month", "a month", "mensual", "mensualmente", "mensal",
            "mensalmente", "monatlich", "mtl", "monatl", "monatsabo", "monatsabonnement", "monatlich kundbar",
            "mensuel", "mensuelle", "mensuellement", "mensile", "mensilmente", "maandelijks", "maandabonnement",
            "manedlig", "manedligt", "manadsvis", "manatligen", "manadlig", "每月", "月付", "包月", "连续包月", "按月", "月度",
            "每個月", "每个月", "月繳", "月缴", "按月付费", "月费", "月費", "月卡", "月額", "毎月", "月払い", "月払", "月間",
            "マンスリー", "매월", "월간", "매달", "월정액", "ежемесячно", "ежемесячный", "ежемесячная", "щомісяця",
            "miesiecznie", "aylik", "aylık", "mesicne", "havonta", "havi", "lunar", "bulanan", "hang thang", "kuukausittain",
            "شهريا", "شهري", "לחודש", "รายเดือน",
        ]),
        (year, [
            "yearly", "annual", "annually", "per annum", "annum", "p a", "per year", "a year", "anual", "anualmente",
            "jahrlich", "jahrl", "jahresabo", "jahresabonnement", "annuel", "annuelle", "annuellement", "annuale",
            "annualmente", "all anno", "jaarlijks", "jaarabonnement", "arlig", "arligt", "arligen", "arsvis",
            "每年", "年付", "包年", "连续包年", "按年", "年度", "年度会员", "年繳", "年缴", "年费", "年費", "年卡", "年額",
            "毎年", "年払い", "年払", "年間", "매년", "연간", "연", "ежегодно", "ежегодный", "щорічно", "rocznie",
            "yillik", "yıllık", "rocne", "evente", "eves", "tahunan", "hang nam", "vuosittain", "سنويا", "שנתי", "รายปี",
        ]),
        (week, [
            "weekly", "per week", "a week", "semanal", "semanalmente", "wochentlich", "hebdomadaire", "settimanale",
            "wekelijks", "ukentlig", "ugentlig", "veckovis", "每周", "周付", "每週", "毎週", "매주", "주간",
            "еженедельно", "tygodniowo", "haftalik", "haftalık",
        ]),
        (Cycle(unit: .week, interval: 2), [
            "biweekly", "bi weekly", "fortnightly", "fortnight", "zweiwochentlich", "vierzehntagig", "tweewekelijks",
            "quincenal", "quinzenal", "bisettimanale", "双周", "隔週", "hver anden uge", "varannan vecka", "격주", "隔周",
        ]),
        (day, [
            "daily", "per day", "a day", "diario", "diaria", "diariamente", "taglich", "quotidien", "quotidienne",
            "giornaliero", "dagelijks", "daglig", "dagligen", "每天", "每日", "毎日", "매일", "ежедневно", "dziennie",
            "gunluk", "günlük",
        ]),
        (Cycle(unit: .month, interval: 3), [
            "quarterly", "quarter", "per quarter", "trimestral", "trimestralmente", "vierteljahrlich", "quartalsweise",
            "quartal", "trimestriel", "trimestrielle", "trimestre", "trimestrale", "driemaandelijks", "kwartaal",
            "per kwartaal", "kvartalsvis", "kvartal", "季付", "包季", "连续包季", "每季", "季度", "季度会员", "季", "四半期",
            "분기별", "분기", "ежеквартально", "квартал", "kwartalnie", "uc aylik", "üç aylık",
        ]),
        (Cycle(unit: .month, interval: 6), [
            "semiannual", "semiannually", "semi annual", "semi annually", "half yearly", "halfyearly", "half year",
            "biannual", "biannually", "twice a year", "semestral", "semestralmente", "halbjahrlich", "semestriel",
            "semestrielle", "semestrale", "halfjaarlijks", "halvarlig", "halvarsvis", "每半年", "半年付", "半年",
            "半年ごと", "반기", "полгода", "polrocznie", "6 aylik", "6 aylık",
        ]),
        (Cycle(unit: .month, interval: 2), [
            "bimonthly", "bi monthly", "bimestral", "bimestriel", "bimestrielle", "bimestrale", "zweimonatlich", "双月",
        ]),
        (Cycle(unit: .year, interval: 2), ["biennial", "biennially", "zweijahrlich", "biennale", "bienal"]),
    ]

    static let units: [(Cycle.Unit, [String])] = [
        (.day, [
            "day", "days", "d", "dia", "dias", "tag", "tage", "tagen", "jour", "jours", "giorno", "giorni", "dag", "dagen",
            "dager", "dagar", "dage", "天", "日", "일", "день", "дня", "дней", "dzien", "dni", "gun",
        ]),
        (.week, [
            "week", "weeks", "wk", "wks", "w", "semana", "semanas", "woche", "wochen", "semaine", "semaines", "settimana",
            "settimane", "weken", "uke", "uker", "uge", "uger", "vecka", "veckor", "周", "週", "週間", "星期", "주",
            "неделя", "недели", "недель", "нед", "tydzien", "tygodnie", "tygodni", "hafta",
        ]),
        (.month, [
            "month", "months", "mo", "mos", "mth", "mths", "m", "mes", "meses", "monat", "monate", "monaten", "mois",
            "mese", "mesi", "maand", "maanden", "maned", "maneder", "md", "mdr", "mnd", "manad", "manader", "man",
            "月", "个月", "個月", "ヶ月", "か月", "カ月", "ケ月", "월", "개월", "달", "месяц", "месяца", "месяцев", "мес",
            "міс", "miesiac", "miesiace", "miesiecy", "mies", "ay", "mesic", "mes", "ho", "honap", "luna", "месец",
            "bulan", "thang", "kk", "kuukausi", "เดือน", "شهر", "חודש",
        ]),
        (.year, [
            "year", "years", "yr", "yrs", "y", "ano", "anos", "jahr", "jahre", "jahren", "an", "ans", "annee", "annees",
            "anno", "anni", "jaar", "jaren", "ar", "年", "년", "год", "года", "лет", "рік", "rok", "lat", "lata",
            "yil", "yıl", "ev", "tahun", "nam", "vuosi", "ปี", "سنة",
        ]),
    ]

    static let oneTime: [String] = [
        "one time", "onetime", "one off", "once", "lifetime", "lifetime access", "gift", "gift card", "single payment",
        "pay as you go", "usage based", "pay per use", "einmalig", "einmalzahlung", "lebenslang", "paiement unique",
        "a vie", "pago unico", "de por vida", "vitalicio", "pagamento unico", "una tantum", "a vita", "eenmalig",
        "levenslang", "engangsbetaling", "engangs", "engangsbetalning", "livstid", "一次性", "买断", "買斷", "永久",
        "终身", "終身", "買い切り", "一回払い", "일회성", "평생", "разовыи", "разовыи платеж", "единоразово",
        "jednorazowo", "jednorazowy", "tek seferlik", "unico pago",
    ]

    static let free: [String] = [
        "free", "trial", "free trial", "gratis", "kostenlos", "gratuit", "gratuito", "prueba", "essai", "probe",
        "probeabo", "prova", "proef", "免费", "試用", "试用", "無料", "무료", "체험", "бесплатно",
    ]

    /// Folded word or phrase → meaning; phrases are at most `longestPhrase` words.
    static let table: [String: Meaning] = {
        var t: [String: Meaning] = [:]
        for (unit, words) in units { for w in words { t[WordFold.fold(w)] = .unit(unit) } }
        for (cycle, words) in cycles { for w in words { t[WordFold.fold(w)] = .cycle(cycle) } }
        for w in oneTime { t[WordFold.fold(w)] = .oneTime }
        for w in free { t[WordFold.fold(w)] = .free }
        for w in ["every other", "every second", "jede zweite", "jeden zweiten", "cada dos", "un sur deux", "om de", "annenhver", "varannan", "隔"] {
            t[WordFold.fold(w)] = .everyOther
        }
        return t
    }()

    static let longestPhrase = 3

    /// CJK keys, longest first, for text written without spaces (`连续包月会员`).
    static let cjkKeys: [(String, Meaning)] = table
        .filter { $0.key.unicodeScalars.contains(where: ScalarText.isCJK) }
        .sorted { $0.key.count != $1.key.count ? $0.key.count > $1.key.count : $0.key < $1.key }
        .map { ($0.key, $0.value) }
}
