import Foundation
import Ingest

/// `ingest normalize price|date|cycle [VALUE...]`: each VALUE, or each line of standard input
/// (none, or `-`), gives one JSON object per output line.
struct NormalizeCommand: Command {
    static let name = "normalize"
    static let summary = "Normalise raw prices, dates or billing cycles, from arguments or standard input."
    static let usage = "ingest normalize price|date|cycle [VALUE... | -] [--locale ID] [--today YYYY-MM-DD] [--currency ISO]"
    static let discussion = """
        Reads the VALUEs given after the kind, in order; with none, or for -, reads standard
        input, one value per line. Put a value that starts with - after -- (ingest normalize
        price -- -5.00). Writes one JSON object per value, in order:
          price  {"amount":"1299.99","currency":"USD"}   (currency null when unknown)
          date   {"date":"2026-12-05"}
          cycle  {"unit":"month","interval":1}
        A value that cannot be read gives {"error":"…"}; a choice the normaliser had to guess
        adds a "note".
        Locales: every locale ICU knows (about 1,000; pt-BR, zh_Hant_HK, sr_Latn, ar_SA, th_TH
        …). With --locale, month, weekday and era names, number marks, native digits,
        currency symbols and the calendar (Thai Buddhist, Persian, Islamic) come from CLDR;
        without it, the built-in words of about 18 languages are read. Billing and relative
        wording (per month, in 3 days, /mo) is read in those 18 languages only.
        """
    static let options: [OptionSpec] = CommonOptions.context + [CommonOptions.output("the values"), CommonOptions.quiet]

    enum Kind: String, CaseIterable { case price, date, cycle }
    let kind: Kind
    /// The values to read; "-" stands for the lines of standard input.
    let values: [String]
    let context: NormalizeContext
    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        let kinds = Kind.allCases.map(\.rawValue)
        guard let word = args.positionals.first else {
            throw UsageError("normalize needs one of \(kinds.joined(separator: ", ")), then values or - for standard input")
        }
        guard let kind = Kind(rawValue: word) else {
            let hint = Suggestion.hint(for: word, among: kinds)
            throw UsageError("\"\(word)\" is not price, date or cycle\(hint)")
        }
        self.kind = kind
        values = args.positionals.count > 1 ? Array(args.positionals.dropFirst()) : ["-"]
        context = try CommonOptions.context(args)
        output = try CommonOptions.output(args, example: "values.jsonl")
    }

    func run() throws -> Int32 {
        let out = try OutputFile(path: output)
        let normalizer = ValueNormalizer(context: context, wording: RemedyWording.message)
        func write(_ raw: String) {
            let value: JSONValue
            switch kind {
            case .price: value = normalizer.price(raw)
            case .date: value = normalizer.date(raw)
            case .cycle: value = normalizer.cycle(raw)
            }
            out.write(value.serialized() + "\n")
        }
        for value in values {
            if value == "-" {
                while let line = readLine(strippingNewline: true) { write(line) }
            } else {
                write(value)
            }
        }
        try out.close()
        return 0
    }
}
