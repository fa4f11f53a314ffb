import Foundation
import Ingest

/// `ingest normalize price|date|cycle`: one raw value per input line, one JSON object per output line.
struct NormalizeCommand: Command {
    static let name = "normalize"
    static let summary = "Normalise raw prices, dates or billing cycles, one per line of standard input."
    static let usage = "ingest normalize price|date|cycle [--locale ID] [--today YYYY-MM-DD] [--currency ISO]"
    static let discussion = """
        Writes one JSON object per input line, in order:
          price  {"amount":"1299.99","currency":"USD"}   (currency null when unknown)
          date   {"date":"2026-12-05"}
          cycle  {"unit":"month","interval":1}
        A value that cannot be read gives {"error":"…"}; a choice the normaliser had to guess
        adds a "note".
        """
    static let options: [OptionSpec] = CommonOptions.context

    enum Kind: String { case price, date, cycle }
    let kind: Kind
    let context: NormalizeContext

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1, let kind = Kind(rawValue: args.positionals[0]) else {
            throw UsageError("normalize needs one of price, date or cycle")
        }
        self.kind = kind
        context = try CommonOptions.context(args)
    }

    func run() throws -> Int32 {
        let out = try OutputFile(path: nil)
        let normalizer = ValueNormalizer(context: context, wording: RemedyWording.message)
        while let line = readLine(strippingNewline: true) {
            let value: JSONValue
            switch kind {
            case .price: value = normalizer.price(line)
            case .date: value = normalizer.date(line)
            case .cycle: value = normalizer.cycle(line)
            }
            out.write(value.serialized() + "\n")
        }
        try out.close()
        return 0
    }
}
