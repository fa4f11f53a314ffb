import Foundation

/// A measurement nobody tunes by hand: amounts and dates from a seed, written by Foundation's
/// own formatters for a locale in every style, then read back by the normalisers given that
/// locale. Locales fall into a tuning and a locked half by a fixed hash of their identifier;
/// rules are written looking only at tuning failures. Used by the test suite (a sample of
/// locales) and by `ingest bench-locales` (every locale).
package enum LocaleRoundTrip {
    package enum Style: String, CaseIterable, Sendable {
        case priceSymbol = "price-symbol", priceCode = "price-code", priceAccounting = "price-accounting"
        case dateShort = "date-short", dateMedium = "date-medium", dateLong = "date-long", dateFull = "date-full"
        case dateMonthDay = "date-MMMd"

        package var isPrice: Bool { rawValue.hasPrefix("price") }
    }

    package enum Half: String, Sendable { case tuning, locked }

    /// One value written for a locale, with what it must read as (`12.50 EUR`, `2026-12-05`).
    package struct Case: Sendable {
        package var locale: String
        package var style: Style
        package var text: String
        package var expected: String
    }

    /// The reference day of every case (year-less dates are the next occurrence after it).
    package static let today = CalendarDate(unchecked: 2026, 11, 30)

    /// The half a locale belongs to: FNV-1a of its identifier, even is tuning.
    package static func half(_ identifier: String) -> Half {
        FNV1a.hash(identifier) % 2 == 0 ? .tuning : .locked
    }

    /// Every locale Foundation lists, sorted.
    package static var allLocales: [String] { Locale.availableIdentifiers.sorted() }

    /// `count` values per style for `identifier`, from `seed`.
    /// `anyCurrency` writes each amount in a currency drawn from every common one, rather than
    /// the locale's own, US dollars and euros.
    package static func cases(_ identifier: String, seed: UInt64, count: Int = 4, anyCurrency: Bool = false) -> [Case] {
        var random = SplitMix(seed: seed ^ UInt64(truncatingIfNeeded: identifier.utf8.reduce(UInt64(5381)) { $0 &* 33 &+ UInt64($1) }))
        let locale = Locale(identifier: identifier)
        var out: [Case] = []
        let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = utc

        // Prices: the locale's own currency, then US dollars and euros.
        var currencies: [String] = []
        if let own = locale.currency?.identifier, Currency(own) != nil { currencies.append(own) }
        for code in ["USD", "EUR"] where !currencies.contains(code) { currencies.append(code) }
        let common = Locale.commonISOCurrencyCodes.filter { Currency($0) != nil }.sorted()
        for style in [Style.priceSymbol, .priceCode, .priceAccounting] {
            for n in 0..<count {
                let code = anyCurrency ? common[Int(random.next() % UInt64(common.count))]
                    : currencies[n < count - 2 ? 0 : (n - (count - 2) + 1) % currencies.count]
                var format = Decimal.FormatStyle.Currency(code: code, locale: locale)
                switch style {
                case .priceCode: format = format.presentation(.isoCode)
                case .priceAccounting: format = format.sign(strategy: .accounting)
                default: break
                }
                let digits = shownDigits(format)
                let magnitude = [1, 100, 10_000, 1_000_000, 100_000_000][Int(random.next() % 5)]
                var units = Int64(random.next() % UInt64(magnitude * 100)) + 1
                if digits == 0 { units = units / 100 + 1 }
                if style == .priceAccounting || (style == .priceSymbol && random.next() % 3 == 0) { units = -units }
                let amount = Decimal(sign: units < 0 ? .minus : .plus, exponent: -digits, significand: Decimal(units.magnitude))
                out.append(Case(locale: identifier, style: style, text: amount.formatted(format),
                                expected: "\(DecimalText.format(amount, minorDigits: digits)) \(code)"))
            }
        }

        // Dates: four styles between 1990 and 2035, and year-less dates within 300 days of today.
        let dates = DateFormatter()
        dates.locale = locale
        dates.timeZone = utc
        let first = CalendarDate(unchecked: 1990, 1, 1).dayNumber
        let last = CalendarDate(unchecked: 2035, 12, 31).dayNumber
        for style in [Style.dateShort, .dateMedium, .dateLong, .dateFull, .dateMonthDay] {
            switch style {
            case .dateShort: dates.dateStyle = .short
            case .dateMedium: dates.dateStyle = .medium
            case .dateLong: dates.dateStyle = .long
            case .dateFull: dates.dateStyle = .full
            default: dates.setLocalizedDateFormatFromTemplate("MMMd")
            }
            for _ in 0..<count {
                let day = style == .dateMonthDay
                    ? today.adding(days: Int(random.next() % 300))
                    : CalendarDate(dayNumber: first + Int(random.next() % UInt64(last - first + 1)))
                guard let date = gregorian.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else { continue }
                out.append(Case(locale: identifier, style: style, text: dates.string(from: date), expected: day.description))
            }
        }
        return out
    }

    /// How many decimals a format writes for its currency (ICU's, not ISO 4217's).
    static func shownDigits(_ format: Decimal.FormatStyle.Currency) -> Int {
        let text = Decimal(sign: .plus, exponent: -3, significand: 1125).formatted(format)
        let digits = ScalarText(text[...]).scalars.filter(ScalarText.isDigit).count
        return max(0, digits - 1)
    }

    /// What the normalisers answer for a case, in the form of `Case.expected`.
    package static func read(_ c: Case, prices: PriceParser, dates: DateParser) -> String {
        if c.style.isPrice {
            guard let parsed = try? prices.parse(c.text[...]) else { return "error" }
            let currency = parsed.price.currency?.code ?? "none"
            return "\(DecimalText.format(parsed.price.amount, minorDigits: max(0, -Int(parsed.price.amount.exponent)))) \(currency)"
        }
        guard let parsed = try? dates.parse(c.text[...]) else { return "error" }
        return parsed.date.description
    }

    /// Whether the answer is the expected one (amounts compared as numbers).
    package static func matches(_ c: Case, _ answer: String) -> Bool {
        guard c.style.isPrice else { return answer == c.expected }
        let a = answer.split(separator: " "), e = c.expected.split(separator: " ")
        guard a.count == 2, e.count == 2, let x = DecimalText.parse(a[0]), let y = DecimalText.parse(e[0]) else { return false }
        return x == y && a[1] == e[1]
    }

    /// A small, fast, seedable generator (SplitMix64), so the cases are the same on every machine.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
