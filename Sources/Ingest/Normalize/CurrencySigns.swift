/// What a currency sign, code or word next to an amount says.
enum CurrencySign: Hashable, Sendable {
    /// Names exactly one currency (`€`, `US$`, `zł`, `EUR`, `円`).
    case iso(Currency)
    /// Used by several currencies; decided by context (`$`, `¥`, `kr`, `Fr.`, `Rs`).
    case ambiguous(Family)

    enum Family: String, Sendable {
        case dollar, yen, krone, franc, rupee, rand, pound, riyal, dinar, peso, other
    }

    /// A code-like match costs less than a symbol: `$15.49 USD` is USD whatever `$` would say.
    var isExact: Bool {
        if case .iso = self { return true }
        return false
    }
}

/// The currency signs, codes and words people write next to prices.
enum CurrencySigns {
    /// Folded (lower-case) sign → meaning. ISO codes are looked up separately.
    static let table: [String: CurrencySign] = {
        var t: [String: CurrencySign] = [:]
        func iso(_ code: String, _ signs: [String]) {
            let currency = Currency(unchecked: code)
            for sign in signs { t[sign] = .iso(currency) }
        }
        iso("EUR", ["€", "euro", "euros", "euroa", "eur.", "evro", "евро", "ユーロ", "欧元", "유로"])
        iso("GBP", ["£", "￡", "gbp", "pounds", "pound", "quid", "stg"])
        iso("USD", ["us$", "u$s", "usd$", "dollars us", "美元", "ドル", "달러", "usdollar"])
        iso("CAD", ["c$", "ca$", "can$", "cad$", "cdn$"])
        iso("AUD", ["a$", "au$", "aud$"])
        iso("NZD", ["nz$"])
        iso("HKD", ["hk$", "港币", "港元"])
        iso("SGD", ["s$", "sg$"])
        iso("MXN", ["mx$", "mex$"])
        iso("TWD", ["nt$", "新台币", "新台幣", "台币"])
        iso("BRL", ["r$", "reais"])
        iso("CNY", ["元", "rmb", "人民币", "人民幣", "块", "塊", "cn¥", "cny¥", "yuan"])
        iso("JPY", ["円", "jp¥", "yen", "圓"])
        iso("KRW", ["₩", "원", "won"])
        iso("INR", ["₹", "rupees"])
        iso("RUB", ["₽", "руб", "руб.", "рубль", "рубля", "рублей", "р", "р.", "rub."])
        iso("UAH", ["₴", "грн", "грн.", "гривень", "гривня"])
        iso("BGN", ["лв", "лв."])
        iso("PLN", ["zł", "zl", "złotych", "zloty"])
        iso("CZK", ["kč", "kc", "korun"])
        iso("HUF", ["ft", "forint"])
        iso("RON", ["lei", "ron"])
        iso("HRK", ["kn"])
        iso("TRY", ["₺", "tl", "lira"])
        iso("ILS", ["₪", "ש\"ח", "שח"])
        iso("VND", ["₫", "đ", "vnđ", "vnd"])
        iso("THB", ["฿", "บาท", "baht"])
        iso("PHP", ["₱"])
        iso("MYR", ["rm"])
        iso("IDR", ["rp", "rp."])
        iso("NGN", ["₦"])
        iso("KZT", ["₸", "тг"])
        iso("PEN", ["s/", "s/."])
        iso("CHF", ["sfr", "sfr.", "chf."])
        iso("KWD", ["kd", "د.ك"])
        iso("SAR", ["ر.س", "﷼"])
        iso("AED", ["د.إ", "dhs", "aed."])
        iso("EGP", ["ج.م", "e£"])
        iso("BDT", ["৳"])
        iso("GEL", ["₾", "ლ"])
        iso("GHS", ["₵"])
        iso("PYG", ["₲"])
        iso("AZN", ["₼"])
        iso("AMD", ["֏"])
        iso("MNT", ["₮"])
        iso("LAK", ["₭"])
        iso("KHR", ["៛"])
        iso("CRC", ["₡"])
        iso("UAH", ["₴"])
        iso("PTE", ["esc"])
        iso("RSD", ["dinara", "дин", "дин."])
        iso("AFN", ["؋", "afs"])
        iso("ALL", ["lek", "lekë"])
        iso("BZD", ["bz$"])
        iso("BTN", ["nu."])
        iso("BAM", ["km"])
        iso("BIF", ["fbu"])
        iso("BHD", ["bd", ".د.ب"])
        iso("CUC", ["cuc$"])
        iso("DJF", ["fdj"])
        iso("DOP", ["rd$"])
        iso("ERN", ["nfk"])
        iso("GHS", ["gh₵", "ghc"])
        iso("JMD", ["j$"])
        iso("MOP", ["mop$"])
        iso("MVR", ["rf"])
        iso("MRU", ["um"])
        iso("PAB", ["b/."])
        iso("STN", ["db"])
        iso("TZS", ["tsh"])
        iso("TOP", ["t$"])
        iso("TTD", ["tt$"])
        iso("TND", ["dt"])
        iso("UGX", ["ush"])
        iso("UYU", ["$u"])
        iso("VUV", ["vt"])
        iso("ZMW", ["zk"])
        iso("GNF", ["fg"])
        iso("DZD", ["دج"])
        for sign in ["$", "dollar", "dollars", "dólares", "dolares", "dólar", "dolar"] { t[sign] = .ambiguous(.dollar) }
        for sign in ["¥", "￥"] { t[sign] = .ambiguous(.yen) }
        for sign in ["kr", "kr.", "kr,", ":-"] { t[sign] = .ambiguous(.krone) }
        for sign in ["fr", "fr.", "francs", "franc"] { t[sign] = .ambiguous(.franc) }
        for sign in ["rs", "rs.", "₨", "rupee"] { t[sign] = .ambiguous(.rupee) }
        for sign in ["r"] { t[sign] = .ambiguous(.rand) }
        for sign in ["₤", "جنيه"] { t[sign] = .ambiguous(.pound) }
        for sign in ["ريال", "درهم", "dh", "dirham", "riyal"] { t[sign] = .ambiguous(.riyal) }
        for sign in ["دينار", "din"] { t[sign] = .ambiguous(.dinar) }
        for sign in ["peso", "pesos"] { t[sign] = .ambiguous(.peso) }
        for sign in ["tomans", "toman", "تومان", "₶", "¤"] { t[sign] = .ambiguous(.other) }
        return t
    }()

    /// Lower-case ISO codes people type in lower case; other codes count only in capitals, so
    /// that words like "all", "top" or "try" next to a number are not read as currencies.
    static let lowercaseCodes: Set<String> = [
        "usd", "eur", "gbp", "chf", "jpy", "cny", "cad", "aud", "nzd", "sek", "nok", "dkk", "isk", "pln",
        "czk", "huf", "rub", "inr", "brl", "mxn", "krw", "hkd", "sgd", "twd", "zar", "try", "ils", "aed",
        "sar", "thb", "idr", "myr", "php", "vnd", "uah", "bgn", "ars", "clp", "cop", "pen", "egp", "ngn",
    ]

    /// The sign a token names in `locale`: the locale's own symbols first (`C$` is NIO in
    /// `es_NI`, `ریال` IRR in `fa_IR`), except that a sign with several meanings stays
    /// ambiguous, for `CurrencyChoice` to settle with `--currency` first.
    static func sign(_ token: String, locale: LocaleData?) -> CurrencySign? {
        let global = sign(token)
        guard let locale else { return global }
        let lower = WordFold.lowerOnly(token)
        guard let local = locale.currencySymbols[lower]
                ?? (lower.hasSuffix(".") ? locale.currencySymbols[String(lower.dropLast())] : nil) else {
            return global
        }
        if case .ambiguous? = global { return global }
        return .iso(local)
    }

    /// The sign a token names, trying the token, then without trailing dots.
    static func sign(_ token: String) -> CurrencySign? {
        if token.utf8.count == 3, token.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }), let c = Currency(token) {
            return .iso(c)
        }
        let lower = WordFold.lowerOnly(token)
        if lower.utf8.count == 3, lowercaseCodes.contains(lower), let c = Currency(lower) { return .iso(c) }
        if let hit = table[lower] { return hit }
        // `SGD$`, `NZD$`: a code with a dollar sign.
        if lower.hasSuffix("$"), lower.utf8.count == 4, let c = Currency(lower.dropLast()) { return .iso(c) }
        if lower.hasSuffix(".") || lower.hasSuffix(",") {
            return sign(String(lower.dropLast()))
        }
        return nil
    }
}

extension WordFold {
    /// Lower case without touching accents (`Kč` → `kč`).
    static func lowerOnly(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }) { return word }
        return word.lowercased()
    }
}
