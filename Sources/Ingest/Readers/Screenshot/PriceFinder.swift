import Foundation

/// One amount with a currency found in a line of screenshot text.
struct FoundPrice: Hashable, Sendable {
    var parsed: ParsedPrice
    /// The characters the price was read from.
    var raw: String
    /// Where it starts in the searched text (character offset), to find the words it came from.
    var offset: Int
    /// The text right after the amount (`/month`, `per year`), for the cycle.
    var trailing: String
    /// Shown in parentheses or after "≈", "that's": an equivalent, not the billed amount.
    var derived: Bool
}

/// Finds prices inside free text: an amount needs a currency sign or code next to it, so
/// dates, card digits and counters are never taken for prices.
struct PriceFinder: Sendable {
    var context: NormalizeContext
    /// The page shows Chinese text: `¥` is the yuan, not the yen.
    var chinesePage = false
    /// The page's currency signs were lost: OCR has no glyph for several (`₹`, `₩`, `₺` come
    /// out as nothing, `~` or `=`). An amount with two decimals that is all its cell holds is
    /// then a price, in `signlessCurrency`, flagged as guessed.
    var signsLost = false

    /// Signs written before the amount (`$9.99`, `R$ 29,90`, `kr 99,00` as Norwegian writes it).
    static let prefixes = #"zł|US\$|USD|C\$|CA\$|CAD|A\$|AU\$|AUD|NZ\$|HK\$|MX\$|R\$|S\$|\$|§|€|£|₹|Rs\.?|¥|￥|₽|₺|₩|CHF|Fr\.|EUR|GBP|INR|CNY|RMB|JPY|RUB|TRY|HUF|SEK|NOK|DKK|PLN|BRL|MXN|KRW|kr\.?"#
    /// Signs written after the amount with CLDR's decimal-comma locales (`9,99 €`, `29,90 R$`, `99,00 kr`).
    static let suffixes = #"€|£|₹|¥|￥|元|円|₽|₺|zł|kr\.?|CHF|EUR|USD|GBP|INR|CNY|RMB|JPY|RUB|TRY|HUF|CAD|AUD|SEK|NOK|DKK|PLN|BRL|MXN|Ft|US\$|C\$|CA\$|A\$|AU\$|NZ\$|HK\$|MX\$|R\$|S\$|\$"#
    static let number = #"\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"#
    static let pattern: NSRegularExpression? = try? NSRegularExpression(pattern:
        "(?<![\\w.,])(?:(?<pre>\(prefixes))\\s?(?<n1>\(number))(?!\\d)(?:\\s?(?<suf1>\(suffixes)))?|(?<n2>\(number))(?!\\d)\\s?(?<suf2>\(suffixes)))(?![\\p{L}\\d])")

    /// The ISO code for a written sign, nil for `$` (left to the parser's guess).
    func code(_ sign: String, amountText: String) -> String? {
        switch sign.uppercased() {
        case "US$": return "USD"
        case "C$", "CA$": return "CAD"
        case "A$", "AU$": return "AUD"
        case "NZ$": return "NZD"
        case "HK$": return "HKD"
        case "R$": return "BRL"
        case "MX$": return "MXN"
        case "S$": return "SGD"
        case "€": return "EUR"
        case "£": return "GBP"
        case "₹", "RS", "RS.": return "INR"
        case "₽": return "RUB"
        case "₺": return "TRY"
        case "₩": return "KRW"
        case "FR.": return "CHF"
        case "元", "RMB": return "CNY"
        case "円": return "JPY"
        case "FT": return "HUF"
        case "ZŁ": return "PLN"
        case "¥", "￥":
            if let c = context.currency, c.code == "CNY" || c.code == "JPY" { return c.code }
            if chinesePage || context.language == "zh" { return "CNY" }
            if context.language == "ja" { return "JPY" }
            // Yen amounts have no decimals: "1,490" is grouping, "15.00" has cents.
            let decimals = amountText.lastIndex(where: { $0 == "." || $0 == "," }).map { amountText.distance(from: $0, to: amountText.endIndex) - 1 }
            return decimals.map { $0 <= 2 } ?? false ? "CNY" : "JPY"
        case "KR", "KR.": return context.currency?.code ?? PriceFinder.krone(locale: context.locale)
        case "$", "§": return nil
        default: return Currency(sign) == nil ? nil : sign.uppercased()
        }
    }

    /// Which krone or krona `kr` is: the locale's own currency by CLDR (NOK for nb_NO, DKK for
    /// da_DK, ISK for is_IS), else SEK.
    static func krone(locale: String?) -> String {
        guard let locale, let code = Locale(identifier: locale).currency?.identifier,
              ["SEK", "NOK", "DKK", "ISK"].contains(code) else { return "SEK" }
        return code
    }

    /// An amount with cents right before a period (`129.00/month`): a price even when OCR
    /// lost its currency sign.
    static let bare: NSRegularExpression? = try? NSRegularExpression(pattern: #"(?<![\w.,])(\d{1,3}(?:,\d{3})*[.,]\d{2})(?=\s?/\s?\d*\s?\p{L})"#)
    /// OCR reads `¥` as `Y` on Chinese pages, sometimes with a speck before it (".Y15/月").
    static let yuan: NSRegularExpression? = try? NSRegularExpression(pattern: #"(?<![A-Za-z])Y(?=\d)"#)
    static let speck: NSRegularExpression? = try? NSRegularExpression(pattern: #"(?<![\w.,])[.,·](?=Y\d)"#)

    /// OCR reads a `€` before an amount as a lone `e` ("e180.00"); the cents keep a word such
    /// as "e2" or "Type 3" from being taken.
    static let euro: NSRegularExpression? = try? NSRegularExpression(pattern: #"(?<![\p{L}\d.,])e(?=\d{1,3}(?:[.,]\d{3})*[.,]\d{2}(?![\d\p{L}]))"#)

    /// OCR without the Polish pack reads the `ł` of `zł` as `t`, `l`, `i` or `1`: "zt 17.48",
    /// "17,48 zl". Only next to an amount with cents.
    static let zloty: NSRegularExpression? = try? NSRegularExpression(pattern:
        #"(?<![\p{L}\d])z[tli1](?=\s?\d{1,3}(?:[.,\u00a0]\d{3})*[.,]\d{2}(?!\d))|(?<=\d[.,]\d{2}\s?)z[tli1](?![\p{L}\d])"#)

    /// OCR reads the two bars of a `₹` glued to an amount as `=` ("=1,300.00/year").
    static let rupee: NSRegularExpression? = try? NSRegularExpression(pattern: #"(?<![\w=<>!])=(?=\d{1,3}(?:,\d{2,3})*\.\d{2}(?!\d))"#)

    func find(in original: String) -> [FoundPrice] {
        guard let regex = PriceFinder.pattern else { return [] }
        var text = original
        if let euro = PriceFinder.euro {
            text = euro.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "€")
        }
        if let zloty = PriceFinder.zloty {
            text = zloty.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "zł")
        }
        if let rupee = PriceFinder.rupee {
            text = rupee.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "₹")
        }
        if chinesePage, let speck = PriceFinder.speck {
            text = speck.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: " ")
        }
        if chinesePage, let yuan = PriceFinder.yuan {
            text = yuan.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: "¥")
        }
        let ns = text as NSString
        var found: [FoundPrice] = []
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            func group(_ name: String) -> String? {
                let r = match.range(withName: name)
                return r.location == NSNotFound ? nil : ns.substring(with: r)
            }
            guard let amount = group("n1") ?? group("n2"), let sign = group("pre") ?? group("suf1") ?? group("suf2") else { continue }
            let iso = code(sign, amountText: amount)
            let parser = PriceParser(context: context)
            // `§` is how OCR often reads a `$`.
            let input = iso.map { "\($0) \(amount)" } ?? "$\(amount)"
            guard var parsed = try? parser.parse(Substring(input)) else { continue }
            if let iso, parsed.price.currency?.code != iso, let currency = Currency(iso) { parsed.price.currency = currency }
            if sign == "¥" || sign == "￥", context.currency == nil, !chinesePage, context.language == nil {
                parsed.issues.append(Issue("currency.guessed", .warning, "\"¥\" taken as \(iso ?? "JPY")", remedy: .chooseCurrency))
            }
            let end = match.range.location + match.range.length
            let trailing = ns.substring(from: end).prefix(24)
            let before = ns.substring(to: match.range.location)
            found.append(FoundPrice(parsed: parsed, raw: ns.substring(with: match.range), offset: match.range.location,
                                    trailing: String(trailing), derived: PriceFinder.isDerived(before: before, after: String(trailing))))
        }
        for match in PriceFinder.bare?.matches(in: text, range: NSRange(location: 0, length: ns.length)) ?? [] {
            let r = match.range
            guard !found.contains(where: { NSIntersectionRange(NSRange(location: $0.offset, length: ($0.raw as NSString).length), r).length > 0 }),
                  var parsed = try? PriceParser(context: context).parse(Substring(ns.substring(with: r))) else { continue }
            if parsed.price.currency == nil {
                parsed.issues.append(Issue("currency.missing", .warning, "\"\(ns.substring(with: r))\" has no currency sign", remedy: .chooseCurrency))
            }
            let trailing = String(ns.substring(from: r.location + r.length).prefix(24))
            found.append(FoundPrice(parsed: parsed, raw: ns.substring(with: r), offset: r.location, trailing: trailing,
                                    derived: PriceFinder.isDerived(before: ns.substring(to: r.location), after: trailing)))
        }
        if signsLost, found.isEmpty, let alone = PriceFinder.alone,
           let match = alone.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)),
           let price = signless(ns.substring(with: match.range(at: 1))) {
            let r = match.range(at: 1)
            found.append(FoundPrice(parsed: price, raw: ns.substring(with: r), offset: r.location, trailing: "", derived: false))
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// A cell that is one amount with two decimals, after at most one stray mark where a sign
    /// was (`1,440.00`, `~680.00`).
    static let alone: NSRegularExpression? = try? NSRegularExpression(pattern: #"^\s*[^\p{L}\p{N}\s]?\s?(\d{1,3}(?:[.,\u00a0\u202f]\d{3})*[.,]\d{2})\s*$"#)

    /// The currency of prices whose sign was lost: the context's, else the one of its
    /// locale's region (CLDR); nil when neither is known.
    static func signlessCurrency(_ context: NormalizeContext) -> Currency? {
        context.currency ?? context.locale.flatMap { Locale(identifier: $0).currency?.identifier }.flatMap(Currency.init)
    }

    /// `amount` read as a price whose sign was lost, in `signlessCurrency`, flagged as guessed.
    func signless(_ amount: String) -> ParsedPrice? {
        guard var parsed = try? PriceParser(context: context).parse(Substring(amount)),
              let currency = PriceFinder.signlessCurrency(context) else { return nil }
        if parsed.price.currency == nil {
            parsed.price.currency = currency
            parsed.issues.append(Issue("currency.guessed", .warning,
                                       "\"\(amount)\" shows no currency sign; taken as \(currency.code)", remedy: .chooseCurrency))
        }
        return parsed
    }

    /// `($54.99/mo)`, `≈ €8.33`, `that's $8.33 a month`.
    static func isDerived(before: String, after: String) -> Bool {
        let lead = before.suffix(14)
        if let open = lead.lastIndex(of: "("), !lead[open...].contains(")") { return true }
        if lead.trimmingCharacters(in: .whitespaces).hasSuffix("≈") || lead.trimmingCharacters(in: .whitespaces).hasSuffix("~") { return true }
        return ScreenVocabulary.contains(ScreenVocabulary.fold(String(lead)), any: ScreenVocabulary.derived)
    }
}
