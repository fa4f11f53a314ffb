import Foundation
import Ingest
import TesseractOCR

/// `ingest import INPUT...`: read, detect, normalise, merge duplicates, review or accept by
/// policy, write canonical JSON (and/or a drafts file to edit and `ingest accept`).
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Import subscriptions from CSV exports, Notion ZIPs, sheets, bank statements or screenshots."
    static let usage = "ingest import INPUT... [--accept all|confident|none | --interactive] [--drafts FILE] [-o FILE] [options]"
    static let discussion = """
        INPUT is a file, - for standard input, or a link: a Google Sheets link as the browser
        shows it (the sheet shared with "Anyone with the link" or published to the web), or an
        http(s) link to a .csv file; links are fetched as CSV (see `ingest sheets-url`).
        Nothing is written that was not accepted: on a terminal (standard input and output)
        without --accept, each draft is reviewed interactively (y accept, n reject, e edit,
        a accept remaining confident, q quit), then "Import N subscriptions? [y/N]".
        --interactive asks the same from piped input. Scripts choose a policy with --accept:
          all        every draft with a name (inactive ones only with --include-inactive)
          confident  drafts with a name, price and cycle, no error, no guessed currency, date
                     order or decimal mark, no conflicting duplicate, and every field's
                     confidence at least 0.8
          none       nothing; the output lists no subscriptions
        --drafts FILE writes every draft (ingest/drafts@1) to edit and pass to `ingest accept`;
        without --accept or --interactive nothing else is written.
        Drafts of the same service (catalog brand or name) are merged into one with all their
        sources, or flagged duplicate.conflict when price or cycle differ (--keep-duplicates
        turns this off). Without --interactive or --merge-into, the output and the drafts file
        are streamed: memory holds a counter per service name, plus open duplicate groups.
        Progress and problems go to standard error; it ends with a line per input such as
        "12 rows → 10 drafts, 2 skipped (1 blank, 1 totals)".
        """
    static let options: [OptionSpec] = [
        ReviewOptions.policy,
        .flag("--interactive", help: "Review drafts with prompts, also when standard input is not a terminal."),
        .option("--drafts", value: "FILE", help: "Write every draft to FILE for editing (then: ingest accept FILE)."),
        .option("-o", "--output", value: "FILE", help: "Write the canonical JSON here (default: standard output)."),
        ReviewOptions.mergeInto, ReviewOptions.includeInactive, ReviewOptions.keepDuplicates, ReviewOptions.rates,
        .option("--save-map", value: "FILE", help: "Save each table's column mapping (with --map's choices) to FILE, an ingest.json, for its header: later imports of the same header use it without --map."),
        CommonOptions.quiet,
    ] + CommonOptions.reading + CommonOptions.ocr + CommonOptions.fetching + CommonOptions.archives

    let inputs: [String]
    let policy: AcceptPolicy?
    let interactive: Bool
    let draftsPath: String?
    let output: String?
    let mergeInto: String?
    let ratesPath: String?
    let includeInactive: Bool
    let keepDuplicates: Bool
    let quiet: Bool
    let importOptions: ImportOptions
    /// `--save-map FILE`: the config file the inputs' column mappings are saved to.
    let saveMap: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard !args.positionals.isEmpty else { throw UsageError("import needs at least one INPUT (a file, or - for standard input)") }
        inputs = try InputFolders.expand(args.positionals)
        policy = try ReviewOptions.policy(args)
        draftsPath = args.value("--drafts")
        // The review asks on standard error and reads the answers from a terminal; the output
        // may go to a file or a pipe (`import x.csv > out.json`).
        let terminal = Terminal.inputIsTerminal && !inputs.contains("-")
        interactive = args.has("--interactive") || (policy == nil && draftsPath == nil && terminal)
        if args.has("--interactive"), let policy {
            throw UsageError("--interactive and --accept \(policy.rawValue) exclude each other: review by hand or by policy")
        }
        if interactive, inputs.contains("-") {
            throw UsageError("--interactive reads its answers from standard input: give INPUT as a file, not -")
        }
        if draftsPath == "-", policy != nil || interactive, args.value("-o") == nil || args.value("-o") == "-" {
            throw UsageError("--drafts - and the canonical output would both go to standard output: give -o FILE")
        }
        guard policy != nil || interactive || draftsPath != nil else {
            throw UsageError("--accept all|confident|none is required: interactive review needs a terminal (or --interactive), and nothing is saved that was not accepted; --drafts FILE writes the drafts for `ingest accept`")
        }
        output = args.value("-o")
        mergeInto = args.value("--merge-into")
        ratesPath = args.value("--rates")
        includeInactive = args.has("--include-inactive")
        keepDuplicates = args.has("--keep-duplicates")
        quiet = args.has("--quiet")
        var importOptions = try CommonOptions.importOptions(args)
        importOptions.fetch = try CommonOptions.fetch(args)
        importOptions.remembered = try CommonOptions.remembered(for: inputs)
        self.importOptions = importOptions
        saveMap = args.value("--save-map")
        var paths = OutputPaths.reviewed(output: output, mergeInto: mergeInto, rates: ratesPath)
        for input in inputs { paths.input(input) }
        paths.output("--drafts", draftsPath)
        paths.output("--save-map", saveMap)
        try paths.check()
    }

    func run() throws -> Int32 {
        let rates: ExchangeRates?
        do { rates = try ReviewOptions.rates(ratesPath) } catch {
            Stderr.print("ingest: \(error.message)")
            return 1
        }
        prefetchScreenshots()
        defer { importOptions.recognizer?.close() }
        // The interactive review has the terminal to itself.
        let progress = interactive ? nil : ProgressLine.reading()
        defer { progress?.stop() }
        if let saveMap, try !MappingSaver(options: importOptions).save(inputs, to: saveMap, quiet: quiet) { return 1 }
        if interactive || mergeInto != nil { return try review(rates: rates) }
        return try stream(rates: rates)
    }

    /// All drafts in memory: merge, decide or review, write the drafts file and the output.
    func review(rates: ExchangeRates?) throws -> Int32 {
        let collection = try DraftCollection(inputs: inputs, options: importOptions, printIssues: !interactive, quiet: quiet)
        if collection.failed { return 1 }
        var drafts = keepDuplicates ? collection.drafts : DraftMerger.merge(collection.drafts, catalog: importOptions.catalog)
        if !quiet && !interactive {
            var conflicts = ConflictLog()
            for draft in drafts { conflicts.log(draft) }
            conflicts.finish()
        }
        if let policy { for i in drafts.indices { drafts[i].status = policy.decide(drafts[i]) } }
        if interactive {
            var session = ReviewSession(drafts: drafts, editor: FieldEditor(context: importOptions.context),
                                        includeInactive: includeInactive, rates: rates, echo: !Terminal.inputIsTerminal)
            var input = StandardInputLines()
            let outcome = session.run(input: &input) { Stderr.write($0) }
            guard case .write(let reviewed) = outcome else { return 0 }
            drafts = reviewed
        }
        if let draftsPath {
            let file = DraftsStream(context: importOptions.context, out: try OutputFile(path: draftsPath))
            file.begin()
            drafts.forEach(file.add)
            try file.close(path: draftsPath)
        }
        guard policy != nil || interactive else { return 0 }
        let subscriptions = drafts.filter { AcceptPolicy.isOutput($0, includeInactive: includeInactive) }
            .compactMap(Subscription.init(draft:))
        let status = try CanonicalOutput(output: output, mergeInto: mergeInto, rates: rates, today: importOptions.context.today,
                                         catalog: importOptions.catalog)
            .write(subscriptions)
        if interactive, status == 0 {
            let target = output.flatMap { $0 == "-" ? nil : $0 } ?? mergeInto
            Stderr.write("wrote \(subscriptions.count) subscription\(subscriptions.count == 1 ? "" : "s") to \(target ?? "standard output")\n")
        }
        return status
    }


    /// Drafts straight to the output and the drafts file (`StreamingImport`): memory holds a
    /// counter per service name and the open duplicate groups, not the drafts.
    func stream(rates: ExchangeRates?) throws -> Int32 {
        // With --drafts alone every draft stays pending and no canonical output is written.
        var engine = StreamingImport(options: importOptions, policy: policy ?? .none, includeInactive: includeInactive,
                                     keepDuplicates: keepDuplicates)
        var reporter = InputReporter(printIssues: true, quiet: quiet)
        if !quiet { reporter.conflicts = ConflictLog() }
        let drafts = try draftsPath.map { DraftsStream(context: importOptions.context, out: try OutputFile(path: $0)) }
        if let drafts {
            drafts.begin()
            engine.decided = drafts.add
        }
        let out = try policy.map { _ in try OutputFile(path: output) }
        var writer = CanonicalStreamWriter(rates: rates, writeBytes: { bytes in out?.write(bytes: bytes) })
        if out != nil { try writer.begin() }
        let allRead = try engine.run(inputs, into: &writer, observer: &reporter)
        reporter.conflicts?.finish()
        guard allRead else {
            drafts?.out.abandon()
            out?.abandon()
            return 1
        }
        if let drafts, let draftsPath { try drafts.close(path: draftsPath) }
        if let out {
            try writer.finish()
            try out.close()
        }
        return 0
    }

    /// Screenshots are recognised in parallel up front and kept; the readers then take the
    /// results in input order, and the duplicate-counting pass does not read an image twice.
    private func prefetchScreenshots() {
        guard let recognizer = importOptions.recognizer else { return }
        let images = inputs.filter { $0 != "-" && (importOptions.kind ?? Importer.guessKind(path: $0)) == .screenshot }
        if !images.isEmpty { recognizer.prefetch(images.map { (path: $0, name: $0) }) }
    }
}

/// The drafts file (`ingest/drafts@1`) written a draft at a time, as the import streams or
/// after a review, each draft's remedies spelled out as this program's flags (`RemedyWording`).
final class DraftsStream {
    private var writer: DraftsFile.Writer
    let out: OutputFile

    init(context: NormalizeContext, out: OutputFile) {
        writer = DraftsFile.Writer(context: context)
        self.out = out
    }

    func begin() {
        out.write(writer.begin())
    }

    func add(_ draft: ImportDraft) {
        out.write(writer.entry(RemedyWording.spelledOut(draft)))
    }

    /// Ends and closes the file written to `path`, and says how many drafts it holds.
    func close(path: String) throws {
        out.write(writer.end())
        try out.close()
        let n = writer.count
        Stderr.note("ingest: wrote \(n) draft\(n == 1 ? "" : "s") to \(path); edit statuses or values, then: ingest accept \(path)")
    }
}
