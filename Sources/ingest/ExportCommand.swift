import Foundation
import Ingest

/// `ingest export SUBS.json --to csv|tabi|ynab`: the subscriptions as CSV for another tool.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write a subscriptions file as CSV: plain, Tabi's or YNAB's columns."
    static let usage = "ingest export SUBS.json --to csv|tabi|ynab [-o FILE] [--currency ISO]"
    static let discussion = """
        SUBS.json is the canonical file `ingest import` writes (- for standard input). One row
        per subscription, ISO dates, amounts as in the canonical file; `ingest import` reads
        each form back to the same subscriptions.
          csv   Name, Amount, Currency, Cycle, Next renewal, Trial ends, Category, Notes
          tabi  Name, Price, Currency, Billing Cycle, Start Date, Next Renewal Date, Category,
                Reminder Enabled, Reminder Offset Days, Notes
          ynab  Date, Frequency, Payee, Category, Memo, Outflow, Inflow: one currency per file
                (--currency, needed when the file has several); subscriptions in other
                currencies, without a price, or with a cycle YNAB cannot repeat are listed on
                standard error
        """
    static let options: [OptionSpec] = [
        .option("--to", value: "FORMAT", help: "csv, tabi or ynab.", choices: SubscriptionCSV.Format.allCases.map(\.rawValue)),
        CommonOptions.output("the CSV"), CommonOptions.quiet,
        .option("--currency", value: "ISO", help: "For ynab: the currency of the file."),
    ]

    let input: SubscriptionsInput
    let output: String?
    let format: SubscriptionCSV.Format
    let currency: Currency?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("export needs exactly one SUBS.json (the file ingest import writes)") }
        input = SubscriptionsInput(path: args.positionals[0])
        output = args.value("-o")
        guard let to = args.value("--to") else { throw UsageError("--to csv|tabi|ynab is required") }
        guard let format = SubscriptionCSV.Format(rawValue: to.lowercased()) else {
            throw UsageError("--to \(to): expected csv, tabi or ynab")
        }
        self.format = format
        if let code = args.value("--currency") {
            guard let c = Currency(code) else { throw UsageError("--currency \(code): not an ISO 4217 code (expected e.g. USD, EUR, JPY)") }
            guard format == .ynab else { throw UsageError("--currency is for --to ynab; csv and tabi keep every currency in a column") }
            currency = c
        } else {
            currency = nil
        }
        var paths = OutputPaths()
        paths.output("-o", output, example: format == .ynab ? "ynab.csv" : "subscriptions.csv")
        paths.input(input.path)
        try paths.check()
    }

    func run() throws -> Int32 {
        guard let subscriptions = input.readOrReport() else { return 1 }
        var exporter = SubscriptionCSV(format: format, currency: currency)
        if format == .ynab, currency == nil {
            var counts: [String: Int] = [:]
            for sub in subscriptions { if let code = sub.price?.currency?.code { counts[code, default: 0] += 1 } }
            guard counts.count <= 1 else {
                let list = counts.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
                throw UsageError("\(input.name) has prices in \(list); a YNAB file holds one currency: choose it with --currency")
            }
            exporter.currency = counts.keys.first.flatMap { Currency($0) }
        }
        let (text, leftOut) = exporter.make(subscriptions)
        for item in leftOut {
            Stderr.note("ingest: \(input.name): subscription \(item.index + 1) \(SubscriptionsInput.label(item.subscription)): \(item.reason); left out")
        }
        let out = try OutputFile(path: output)
        out.write(text)
        try out.close()
        let rows = subscriptions.count - leftOut.count
        Stderr.note("ingest: \(rows) row\(rows == 1 ? "" : "s")\(leftOut.isEmpty ? "" : ", \(leftOut.count) subscription\(leftOut.count == 1 ? "" : "s") left out")")
        return 0
    }
}
