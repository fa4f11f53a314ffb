/// Decides what an ambiguous sign (`$`, `¥`, `kr`, `Fr.`, `Rs`) means, from the context's
/// currency, the locale, then clues in the text; a default is taken only with a warning.
enum CurrencyChoice {
    static func resolve(_ family: CurrencySign.Family, sign: String, text: ScalarText,
                        context: NormalizeContext, locale: LocaleData? = nil) -> (Currency?, Issue?) {
        if let currency = context.currency { return (currency, nil) }
        // The locale writes this sign for one currency (`$` is CAD in `en_CA`, `kr` NOK in `nb_NO`).
        if let locale, let c = locale.currencySymbols[WordFold.lowerOnly(sign)] { return (c, nil) }
        let region = context.region
        let language = context.language
        func code(_ table: [String: String]) -> Currency? {
            region.flatMap { table[$0] }.map { Currency(unchecked: $0) }
        }
        func guess(_ code: String) -> (Currency?, Issue?) {
            (Currency(unchecked: code), Issue("currency.guessed", .warning,
                "\"\(sign)\" read as \(code)", remedy: .chooseCurrencyOrLocale))
        }
        switch family {
        case .dollar:
            if let c = code(LocaleFormats.dollarRegions) { return (c, nil) }
            return guess("USD")
        case .yen:
            if text.scalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) { return (Currency(unchecked: "JPY"), nil) }
            let chinese: Set<Unicode.Scalar> = ["元", "付", "包", "续", "费", "块", "人"]
            if text.scalars.contains(where: { chinese.contains($0) }) { return (Currency(unchecked: "CNY"), nil) }
            if language == "zh" || region == "CN" { return (Currency(unchecked: "CNY"), nil) }
            if language == "ja" || region == "JP" { return (Currency(unchecked: "JPY"), nil) }
            return guess("JPY")
        case .krone:
            if let c = code(LocaleFormats.kroneRegions) ?? language.flatMap({ LocaleFormats.kroneLanguages[$0] }).map({ Currency(unchecked: $0) }) {
                return (c, nil)
            }
            if PriceWords.contains(text.scalars, ["m", "å", "n"]) { return (Currency(unchecked: "SEK"), nil) }
            return guess("SEK")
        case .franc:
            if sign.lowercased().hasPrefix("sfr") || region == "CH" || region == "LI" { return (Currency(unchecked: "CHF"), nil) }
            return guess("CHF")
        case .rupee:
            if let c = code(LocaleFormats.rupeeRegions) { return (c, nil) }
            return guess("INR")
        case .rand:
            if region == "ZA" { return (Currency(unchecked: "ZAR"), nil) }
            return guess("ZAR")
        case .pound:
            if let c = code(LocaleFormats.poundRegions) { return (c, nil) }
            return guess("GBP")
        case .riyal:
            if let c = code(LocaleFormats.riyalRegions) { return (c, nil) }
        case .dinar:
            if let c = code(LocaleFormats.dinarRegions) { return (c, nil) }
        case .peso:
            if let c = code(LocaleFormats.pesoRegions) { return (c, nil) }
        case .other:
            break
        }
        return (nil, Issue("currency.ambiguous", .warning,
            "\"\(sign)\" names no single currency", remedy: .chooseCurrency))
    }
}
