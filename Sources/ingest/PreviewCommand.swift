import Foundation
import Ingest
import TesseractOCR

/// `ingest preview INPUT...`: the drafts an import would make, as a table, and what a policy
/// would accept, with per-currency totals. Writes nothing but the preview.
struct PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Show the drafts an import would make and what a policy would accept."
    static let usage = "ingest preview INPUT... [--accept all|confident|none] [--format text|markdown|json] [-o FILE] [options]"
    static let discussion = """
        One row per draft: number, status under the policy (default: confident), name, price,
        cycle, monthly equivalent (weekly x52/12), next renewal, category, confidence (the
        lowest of its fields) and issues: first the reasons it is not confident, then other
        warnings. Then monthly and yearly totals per currency of what would be accepted
        (currencies are never added up; --rates adds a converted total, labelled as such).
        The text table fits the terminal width (or --width, or COLUMNS), cutting long names with …;
        colour only on a terminal and never when NO_COLOR is set. `--format table` is another
        name for text.
        """
    static let options: [OptionSpec] = [
        ReviewOptions.policy,
        CommonOptions.format(["text", "markdown", "json"]), CommonOptions.output("the preview"), CommonOptions.quiet,
        .option("--width", value: "N", help: "Fit the table to N columns (default: the terminal's, else COLUMNS, else no limit)."),
        ReviewOptions.includeInactive, ReviewOptions.keepDuplicates, ReviewOptions.rates,
        .option("--merge-into", value: "FILE", help: "Compare with this canonical list as an import with --merge-into would (nothing is written): a price that went up says by how much."),
    ] + CommonOptions.reading + CommonOptions.archives

    let inputs: [String]
    let policy: AcceptPolicy
    let format: PreviewTable.Format
    let width: Int?
    let output: String?
    let ratesPath: String?
    let mergeInto: String?
    let includeInactive: Bool
    let keepDuplicates: Bool
    let importOptions: ImportOptions

    init(_ args: ParsedArguments) throws(UsageError) {
        guard !args.positionals.isEmpty else { throw UsageError("preview needs at least one INPUT (a file, or - for standard input)") }
        inputs = try InputFolders.expand(args.positionals)
        policy = try ReviewOptions.policy(args) ?? .confident
        switch try CommonOptions.format(args, ["text", "markdown", "json"], aliases: ["table": "text"]) {
        case "markdown": format = .markdown
        case "json": format = .json
        default: format = .table
        }
        output = args.value("-o")
        let toTerminal = output == nil || output == "-"
        if let text = args.value("--width") {
            guard let n = Int(text), n > 20 else { throw UsageError("--width \(text): expected a number of columns above 20") }
            width = n
        } else {
            width = toTerminal ? Terminal.width() : nil
        }
        ratesPath = args.value("--rates")
        mergeInto = args.value("--merge-into")
        includeInactive = args.has("--include-inactive")
        keepDuplicates = args.has("--keep-duplicates")
        var importOptions = try CommonOptions.importOptions(args)
        importOptions.remembered = try CommonOptions.remembered(for: inputs)
        self.importOptions = importOptions
        var paths = OutputPaths()
        paths.output("-o", output, example: format == .json ? "preview.json" : "preview.txt")
        for input in inputs { paths.input(input) }
        paths.input(ratesPath, flag: "--rates")
        paths.input(mergeInto, flag: "--merge-into")
        try paths.check()
    }

    func run() throws -> Int32 {
        let rates: ExchangeRates?
        do { rates = try ReviewOptions.rates(ratesPath) } catch {
            Stderr.print("ingest: \(error.message)")
            return 1
        }
        defer { importOptions.recognizer?.close() }
        let progress = ProgressLine.reading()
        let collection = try DraftCollection(inputs: inputs, options: importOptions, printIssues: false)
        progress?.stop()
        if collection.failed { return 1 }
        var drafts = keepDuplicates ? collection.drafts : DraftMerger.merge(collection.drafts, catalog: importOptions.catalog)
        for i in drafts.indices { drafts[i].status = policy.decide(drafts[i]) }
        var table = PreviewTable(drafts: drafts.map(RemedyWording.spelledOut), policy: policy,
                                 includeInactive: includeInactive, rates: rates, ratesLabel: ratesPath ?? "rates")
        table.policyLabel = RemedyWording.policy
        if let mergeInto {
            guard let existing = SubscriptionsInput(path: mergeInto).readOrReport() else { return 1 }
            table.compare(with: existing, merger: CanonicalMerger(today: importOptions.context.today, catalog: importOptions.catalog))
        }
        let out = try OutputFile(path: output)
        switch format {
        case .table: out.write(table.table(width: width, color: (output == nil || output == "-") && Terminal.wantsColor))
        case .markdown: out.write(table.markdown())
        case .json: out.write(table.json().serialized(pretty: true) + "\n")
        }
        try out.close()
        return 0
    }
}
