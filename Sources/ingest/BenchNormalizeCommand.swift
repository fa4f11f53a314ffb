import Foundation
import Ingest

/// `ingest bench-normalize price|date|cycle|brand FILE`: times one normaliser over every line
/// of FILE on one core and prints values per second. Hidden from the command list; used by
/// `Benchmarks/normalize.sh`.
struct BenchNormalizeCommand: Command {
    static let name = "bench-normalize"
    static let summary = "Time a normaliser over the lines of a file (benchmark helper)."
    static let usage = "ingest bench-normalize price|date|cycle|brand FILE [--seconds S] [--locale ID] [--today YYYY-MM-DD] [--currency ISO]"
    static let discussion = """
        Parses every line of FILE repeatedly for at least S seconds (default 2) with parsers built
        once, and prints: KIND VALUES_PER_SECOND values/s (N lines, P passes, R read).
        """
    static let options: [OptionSpec] = CommonOptions.context + [
        .option("--seconds", value: "S", help: "Minimum time to run (default 2)."),
    ]

    enum Kind: String { case price, date, cycle, brand }
    let kind: Kind
    let path: String
    let seconds: Double
    let context: NormalizeContext

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 2, let kind = Kind(rawValue: args.positionals[0]) else {
            throw UsageError("bench-normalize needs a kind (price, date, cycle or brand) and a file")
        }
        self.kind = kind
        path = args.positionals[1]
        seconds = args.value("--seconds").flatMap(Double.init) ?? 2
        context = try CommonOptions.context(args)
    }

    func run() throws -> Int32 {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        guard !lines.isEmpty else {
            Stderr.print("ingest bench-normalize: \(path) has no lines")
            return 1
        }
        let prices = PriceParser(context: context)
        let dates = DateParser(context: context)
        let cycles = CycleParser()
        let brands = kind == .brand ? BrandCatalog.bundled : BrandCatalog(brands: [])
        var read = 0
        var passes = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        repeat {
            read = 0
            for line in lines {
                switch kind {
                case .price: if (try? prices.parse(line)) != nil { read += 1 }
                case .date: if (try? dates.parse(line)) != nil { read += 1 }
                case .cycle: if (try? cycles.parse(line)) != nil { read += 1 }
                case .brand: if brands.match(String(line)) != nil { read += 1 }
                }
            }
            passes += 1
            elapsed = clock.now - start
        } while elapsed < .milliseconds(Int(seconds * 1000))
        let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = Int(Double(lines.count * passes) / total)
        print("\(kind.rawValue) \(rate) values/s (\(lines.count) lines, \(passes) passes, \(read) read)")
        return 0
    }
}
