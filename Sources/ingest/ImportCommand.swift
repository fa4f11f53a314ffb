import Foundation
import Ingest
import TesseractOCR

/// `ingest import INPUT...`: read, detect, normalise, accept by policy, write canonical JSON.
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Import subscriptions from CSV exports, Notion ZIPs, sheets or screenshots."
    static let usage = "ingest import INPUT... --accept all|confident|none [options]"
    static let discussion = """
        INPUT is a file, or - for standard input. Drafts are accepted by the --accept policy:
          all        every draft with a name (inactive ones only with --include-inactive)
          confident  drafts with no error, no guessed currency, date order or decimal mark,
                     and every field's confidence at least 0.8
          none       nothing; the output lists no subscriptions
        Without --accept the command stops with a usage error: nothing is saved unreviewed.
        Progress and problems go to standard error; it ends with a line per input such as
        "12 rows → 10 drafts, 2 skipped (1 blank, 1 totals)".
        """
    static let options: [OptionSpec] = [
        .option("--accept", value: "POLICY", help: "all, confident or none."),
        .option("-o", "--output", value: "FILE", help: "Write the canonical JSON here (default: standard output)."),
        .flag("--include-inactive", help: "Also output drafts marked inactive (cancelled, paused, stopped)."),
        .flag("--quiet", "-q", help: "Print only errors and the summary line to standard error."),
    ] + CommonOptions.reading + CommonOptions.ocr

    let inputs: [String]
    let policy: AcceptPolicy
    let output: String?
    let includeInactive: Bool
    let quiet: Bool
    let importOptions: ImportOptions

    init(_ args: ParsedArguments) throws(UsageError) {
        guard !args.positionals.isEmpty else { throw UsageError("import needs at least one INPUT (a file, or - for standard input)") }
        inputs = args.positionals
        guard let text = args.value("--accept") else {
            throw UsageError("--accept all|confident|none is required: interactive review needs a terminal, and nothing is saved that was not accepted")
        }
        guard let policy = AcceptPolicy(rawValue: text) else {
            throw UsageError("--accept \(text): expected all, confident or none")
        }
        self.policy = policy
        output = args.value("-o")
        includeInactive = args.has("--include-inactive")
        quiet = args.has("--quiet")
        importOptions = try CommonOptions.importOptions(args)
    }

    func run() throws -> Int32 {
        let out = try OutputFile(path: output)
        var writer = CanonicalStreamWriter(write: out.write)
        var failed = false
        try writer.begin()
        prefetchScreenshots()
        for input in inputs {
            do {
                let file = try InputFiles.resolve(input)
                defer { file.cleanup() }
                let report = try Importer(options: importOptions).run(path: file.path, name: file.name) { draft in
                    var draft = draft
                    if !quiet { for issue in draft.allIssues where issue.severity >= .warning { Stderr.print("ingest: \(issue.message)") } }
                    draft.status = policy.decide(draft)
                    let keep = draft.status == .accepted || (includeInactive && draft.status == .inactive && draft.name.value != nil)
                    if keep, let sub = Subscription(draft: draft) { try writer.add(sub) }
                }
                if !quiet { for warning in report.warnings { Stderr.print("ingest: \(report.source): \(warning.message)") } }
                Stderr.print("ingest: \(report.source): \(report.line)")
            } catch let error as ReadError {
                Stderr.print("ingest: \(error)")
                failed = true
            } catch let error as MappingError {
                Stderr.print("ingest: \(input): \(error)")
                failed = true
            }
        }
        if failed {
            out.abandon()
            return 1
        }
        try writer.finish()
        try out.close()
        return 0
    }

    /// Several screenshots are recognised in parallel up front; the readers then take the
    /// results one by one, in input order.
    private func prefetchScreenshots() {
        guard let recognizer = importOptions.recognizer as? TesseractRecognizer else { return }
        let images = inputs.filter { $0 != "-" && (importOptions.kind ?? Importer.guessKind(path: $0)) == .screenshot }
        if images.count > 1 { recognizer.prefetch(images.map { OCRInput(path: $0, name: $0) }) }
    }
}
