/// Month names, weekday names and relative-day words in the languages we read. Keys are folded
/// (lower case, accents off) once, when the tables are built.
enum DateWords {
    /// Each language's months, January first; a slot lists the full name, abbreviations and
    /// grammatical forms (`января`, `grudnia`).
    static let monthLists: [[String]] = [
        // en
        ["january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul", "august aug",
         "september sep sept", "october oct", "november nov", "december dec"],
        // es
        ["enero ene", "febrero", "marzo", "abril abr", "mayo", "junio", "julio", "agosto ago",
         "septiembre setiembre", "octubre", "noviembre", "diciembre dic"],
        // pt
        ["janeiro", "fevereiro fev", "março", "abril", "maio", "junho", "julho", "agosto", "setembro set",
         "outubro out", "novembro", "dezembro dez"],
        // de
        ["januar jänner jän", "februar feber", "märz mär mrz", "april", "mai", "juni", "juli", "august",
         "september", "oktober okt", "november", "dezember dez"],
        // fr
        ["janvier janv", "février févr fév", "mars", "avril avr", "mai", "juin", "juillet juil", "août",
         "septembre", "octobre", "novembre", "décembre déc"],
        // it
        ["gennaio gen", "febbraio", "marzo", "aprile", "maggio mag", "giugno giu", "luglio lug", "agosto",
         "settembre", "ottobre ott", "novembre", "dicembre"],
        // nl
        ["januari", "februari", "maart mrt", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
         "november", "december"],
        // sv, no, da
        ["januar januari", "februar februari", "mars", "april", "maj mai", "juni", "juli", "augusti august",
         "september", "oktober", "november", "december desember des"],
        // ru
        ["январь января янв", "февраль февраля фев", "март марта", "апрель апреля апр", "май мая",
         "июнь июня июн", "июль июля июл", "август августа авг", "сентябрь сентября сен сент",
         "октябрь октября окт", "ноябрь ноября ноя", "декабрь декабря дек"],
        // uk
        ["січень січня", "лютий лютого", "березень березня", "квітень квітня", "травень травня", "червень червня",
         "липень липня", "серпень серпня", "вересень вересня", "жовтень жовтня", "листопад листопада",
         "грудень грудня"],
        // pl
        ["styczeń stycznia sty", "luty lutego lut", "marzec marca", "kwiecień kwietnia kwi", "maja",
         "czerwiec czerwca cze", "lipiec lipca lip", "sierpień sierpnia", "wrzesień września wrz",
         "październik października paź", "listopada lis", "grudzień grudnia gru"],
        // tr
        ["ocak", "şubat", "mart", "nisan", "mayıs", "haziran", "temmuz", "ağustos", "eylül", "ekim", "kasım", "aralık"],
        // cs
        ["leden ledna", "únor února", "březen března", "duben dubna", "květen května", "červen června",
         "červenec července", "srpen srpna", "září", "říjen října", "listopad", "prosinec prosince"],
        // ro, id, fi
        ["ianuarie tammikuu tammikuuta", "februarie helmikuu helmikuuta", "martie maret maaliskuu maaliskuuta",
         "aprilie huhtikuu huhtikuuta", "toukokuu toukokuuta", "iunie kesäkuu kesäkuuta",
         "iulie heinäkuu heinäkuuta", "agustus elokuu elokuuta", "septembrie syyskuu syyskuuta",
         "octombrie lokakuu lokakuuta", "noiembrie marraskuu marraskuuta", "decembrie joulukuu joulukuuta"],
    ]

    static let months: [String: Int] = {
        var t: [String: Int] = [:]
        for list in monthLists {
            for (index, slot) in list.enumerated() {
                for name in slot.split(separator: " ") { t[WordFold.fold(String(name))] = index + 1 }
            }
        }
        return t
    }()

    /// Full weekday names (Monday first) in every language, plus English abbreviations.
    static let weekdayLists: [[String]] = [
        ["monday mon", "tuesday tue tues", "wednesday wed", "thursday thu thur thurs", "friday fri", "saturday sat", "sunday sun"],
        ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag sonnabend", "sonntag"],
        ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
        ["segunda segunda-feira", "terça terça-feira", "quarta quarta-feira", "quinta quinta-feira", "sexta sexta-feira", "sábado", "domingo"],
        ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
        ["måndag mandag", "tisdag tirsdag", "onsdag", "torsdag", "fredag", "lördag lørdag", "söndag søndag"],
        ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
        ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"],
        ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"],
        ["月曜日 月曜", "火曜日 火曜", "水曜日 水曜", "木曜日 木曜", "金曜日 金曜", "土曜日 土曜", "日曜日 日曜"],
        ["星期一 周一 週一 礼拜一", "星期二 周二 週二 礼拜二", "星期三 周三 週三 礼拜三", "星期四 周四 週四 礼拜四",
         "星期五 周五 週五 礼拜五", "星期六 周六 週六 礼拜六", "星期日 星期天 周日 週日 礼拜天"],
        ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"],
    ]

    static let weekdays: [String: Int] = {
        var t: [String: Int] = [:]
        for list in weekdayLists {
            for (index, slot) in list.enumerated() {
                for name in slot.split(separator: " ") { t[WordFold.fold(String(name))] = index }
            }
        }
        return t
    }()

    /// Short weekday forms that clash with other words; read only in their own language.
    static let weekdayAbbreviations: [String: [String: Int]] = {
        let lists: [String: [String]] = [
            "de": ["mo mon", "di die", "mi mit", "do don", "fr fre", "sa sam", "so son"],
            "fr": ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
            "es": ["lu lun", "ma mar", "mi mié", "ju jue", "vi vie", "sá sáb sab", "do dom"],
            "it": ["lun", "mar", "mer", "gio", "ven", "sab", "dom"],
            "pt": ["seg", "ter", "qua", "qui", "sex", "sáb sab", "dom"],
            "nl": ["ma", "di", "wo", "do", "vr", "za", "zo"],
            "sv": ["mån", "tis", "ons", "tor", "fre", "lör", "sön"],
            "nb": ["man", "tir", "ons", "tor", "fre", "lør", "søn"],
            "da": ["man", "tir", "ons", "tor", "fre", "lør", "søn"],
            "ru": ["пн пнд", "вт втр", "ср срд", "чт чтв", "пт птн", "сб сбт", "вс вск"],
        ]
        var t: [String: [String: Int]] = [:]
        for (language, list) in lists {
            var map: [String: Int] = [:]
            for (index, slot) in list.enumerated() {
                for name in slot.split(separator: " ") { map[WordFold.fold(String(name))] = index }
            }
            t[language] = map
        }
        t["nn"] = t["nb"]
        t["no"] = t["nb"]
        return t
    }()

    /// Whole phrases naming a day relative to today.
    static let dayOffsets: [String: Int] = {
        let lists: [(Int, [String])] = [
            (0, ["today", "heute", "hoy", "aujourd hui", "aujourdhui", "oggi", "hoje", "vandaag", "idag", "i dag", "今天",
                 "今日", "本日", "오늘", "금일", "сегодня", "dzisiaj", "dziś", "bugün", "tänään"]),
            (1, ["tomorrow", "morgen", "mañana", "demain", "domani", "amanhã", "i morgen", "i morgon", "明天", "明日",
                 "내일", "명일", "завтра", "jutro", "yarın", "huomenna"]),
            (-1, ["yesterday", "gestern", "ayer", "hier", "ieri", "ontem", "gisteren", "igår", "i går", "昨天", "昨日",
                  "어제", "작일", "вчера", "wczoraj", "dün", "eilen"]),
            (-2, ["the day before yesterday", "day before yesterday", "vorgestern", "anteayer", "antes de ayer",
                  "avant hier", "altro ieri", "l altro ieri", "ieri l altro", "anteontem", "eergisteren", "förrgår",
                  "i förrgår", "i forgårs", "前天", "一昨日", "おととい", "그제", "그저께", "позавчера", "przedwczoraj"]),
            (2, ["day after tomorrow", "the day after tomorrow", "übermorgen", "pasado mañana", "après demain",
                 "dopodomani", "depois de amanhã", "overmorgen", "i overmorgen", "i övermorgon", "后天", "後天",
                 "明後日", "あさって", "모레", "послезавтра", "pojutrze"]),
        ]
        var t: [String: Int] = [:]
        for (offset, words) in lists { for w in words { t[WordFold.fold(w)] = offset } }
        return t
    }()

    static let numberWords: [String: Int] = {
        let lists: [(Int, String)] = [
            (1, "a an one un une um uma uno una ein eine einem einer einen een en et ett один одна"),
            (2, "two zwei deux dos dois due twee to två два"), (3, "three drei trois tres três tre drie три"),
            (4, "four vier quatre cuatro quatro quattro fire fyra"), (5, "five fünf cinq cinco cinque vijf fem"),
            (6, "six sechs seis sei zes seks"), (7, "seven sieben sept siete sete sette zeven syv sju"),
            (8, "eight acht huit ocho oito otto åtte åtta"), (9, "nine neun neuf nueve nove negen nio"),
            (10, "ten zehn dix diez dez dieci tien tio"), (11, "eleven elf onze once undici"), (12, "twelve zwölf douze doce dodici"),
        ]
        var t: [String: Int] = [:]
        for (n, words) in lists { for w in words.split(separator: " ") { t[WordFold.fold(String(w))] = n } }
        return t
    }()

    static let pastWords: Set<String> = Set(["ago", "vor", "hace", "il y a", "fa", "há", "atrás", "geleden", "siden", "sedan",
        "前", "전", "назад", "temu", "önce", "sitten", "以前", "之前"].map(WordFold.fold))
    static let futureWords: Set<String> = Set(["in", "dans", "en", "tra", "fra", "em", "dentro", "over", "om", "later",
        "from now", "after", "hence", "后", "後", "후", "через", "za", "sonra", "以后", "之后", "以後"].map(WordFold.fold))
    static let nextWords: Set<String> = Set(["next", "nächsten", "nächste", "nächster", "kommenden", "kommende",
        "prochain", "prochaine", "próximo", "próxima", "prossimo", "prossima", "volgende", "neste", "nästa", "næste",
        "следующий", "следующая", "następny", "gelecek", "nächstes", "nächstem", "próximo", "prochain"].map(WordFold.fold))

    /// Words that end a time of day (`6:11 a.m.`, `18.37 Uhr`, `10h11`, `19 h 21 min`).
    static let timeWords: Set<String> = ["am", "pm", "a", "p", "uhr", "h", "hrs", "min", "ip", "ap", "fm", "em", "klo", "时", "時", "点", "分", "秒", "noon", "midnight"]
}
