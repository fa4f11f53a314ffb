import Foundation
import Ingest

/// `ingest bench-locales`: the locale round trip (`LocaleRoundTrip`) over every locale
/// Foundation knows, as shares read correctly per style and half, with the worst locales.
/// Hidden from the command list; used by `Benchmarks/locales.sh`.
struct BenchLocalesCommand: Command {
    static let name = "bench-locales"
    static let summary = "Read back prices and dates Foundation writes for every locale (benchmark helper)."
    static let usage = "ingest bench-locales [LOCALE...] [--seed N] [--count N] [--half tuning|locked] [--failures N] [--any-currency]"
    static let discussion = """
        Writes COUNT amounts and dates per style for each locale (default: every locale
        Foundation lists) with Foundation's formatters and reads them back with the locale given.
        Prints the share read per style for the tuning and locked halves, the worst locales, and
        up to N failures of the chosen half (default 0; only tuning failures are for reading).
        """
    static let options: [OptionSpec] = [
        .option("--seed", value: "N", help: "Seed of the amounts and dates (default 1)."),
        .option("--count", value: "N", help: "Values per style and locale (default 4)."),
        .option("--half", value: "HALF", help: "Only the tuning or the locked locales."),
        .option("--failures", value: "N", help: "Print up to N failures (default 0)."),
        .flag("--any-currency", help: "Write amounts in any common currency, not only the locale's own, USD and EUR."),
    ]

    let locales: [String]
    let seed: UInt64
    let count: Int
    let half: LocaleRoundTrip.Half?
    let failures: Int
    let anyCurrency: Bool

    init(_ args: ParsedArguments) throws(UsageError) {
        locales = args.positionals.isEmpty ? LocaleRoundTrip.allLocales : args.positionals
        seed = args.value("--seed").flatMap(UInt64.init) ?? 1
        count = max(0, args.value("--count").flatMap(Int.init) ?? 4)
        failures = max(0, args.value("--failures").flatMap(Int.init) ?? 0)
        anyCurrency = args.has("--any-currency")
        if let text = args.value("--half") {
            guard let h = LocaleRoundTrip.Half(rawValue: text) else { throw UsageError("--half \(text): expected tuning or locked") }
            half = h
        } else {
            half = nil
        }
    }

    func run() throws -> Int32 {
        typealias Style = LocaleRoundTrip.Style
        var read: [String: [Style: (Int, Int)]] = [:]
        var perLocale: [String: (Int, Int)] = [:]
        var shown = 0
        for locale in locales {
            let h = LocaleRoundTrip.half(locale)
            if let half, half != h { continue }
            let context = NormalizeContext(today: LocaleRoundTrip.today, locale: locale)
            let prices = PriceParser(context: context)
            let dates = DateParser(context: context)
            for c in LocaleRoundTrip.cases(locale, seed: seed, count: count, anyCurrency: anyCurrency) {
                let answer = LocaleRoundTrip.read(c, prices: prices, dates: dates)
                let ok = LocaleRoundTrip.matches(c, answer)
                var row = read[h.rawValue, default: [:]][c.style, default: (0, 0)]
                row.1 += 1
                if ok { row.0 += 1 }
                read[h.rawValue, default: [:]][c.style] = row
                var l = perLocale[locale, default: (0, 0)]
                l.1 += 1
                if ok { l.0 += 1 }
                perLocale[locale] = l
                if !ok, shown < failures {
                    shown += 1
                    print("FAIL \(locale) \(c.style.rawValue) \(visible(c.text)) expected \(c.expected) got \(answer)")
                }
            }
        }
        for h in ["tuning", "locked"] {
            guard let styles = read[h] else { continue }
            var prices = (0, 0), dates = (0, 0)
            for style in Style.allCases {
                guard let (ok, total) = styles[style] else { continue }
                print("\(h) \(style.rawValue): \(ok)/\(total) \(share(ok, total))")
                if style.isPrice { prices.0 += ok; prices.1 += total } else { dates.0 += ok; dates.1 += total }
            }
            print("\(h) prices: \(prices.0)/\(prices.1) \(share(prices.0, prices.1))  dates: \(dates.0)/\(dates.1) \(share(dates.0, dates.1))  locales: \(perLocale.keys.filter { LocaleRoundTrip.half($0).rawValue == h }.count)")
        }
        let worst = perLocale.filter { $0.value.0 < $0.value.1 }.sorted { a, b in
            a.value.1 - a.value.0 != b.value.1 - b.value.0 ? a.value.1 - a.value.0 > b.value.1 - b.value.0 : a.key < b.key
        }
        print("worst: " + worst.prefix(12).map { "\($0.key) (\(LocaleRoundTrip.half($0.key).rawValue)) \($0.value.0)/\($0.value.1)" }.joined(separator: ", "))
        return 0
    }

    func share(_ ok: Int, _ total: Int) -> String {
        total == 0 ? "-" : String(format: "%.4f", Double(ok) / Double(total))
    }

    /// The text with invisible and non-ASCII spaces shown as <U+XXXX>.
    func visible(_ text: String) -> String {
        text.unicodeScalars.map { s in
            let v = s.value
            let invisible = v == 0xA0 || v == 0x202F || (0x2000...0x200F).contains(v) || v == 0x61C || (0x2060...0x206F).contains(v)
            return invisible ? "<\(String(v, radix: 16, uppercase: true))>" : String(s)
        }.joined()
    }
}
