import Foundation
import Ingest

/// Options the import, preview and accept commands share for writing reviewed drafts.
enum ReviewOptions {
    static let policy = OptionSpec.option("--accept", value: "POLICY", help: "all, confident or none (defined in ingest import --help).",
                                          choices: AcceptPolicy.allCases.map(\.rawValue))
    static let includeInactive = OptionSpec.flag("--include-inactive", help: "Also output drafts marked inactive (cancelled, paused, stopped).")
    static let rates = OptionSpec.option("--rates", value: "FILE", help: "Exchange rates for a converted total: {\"base\":\"EUR\",\"rates\":{\"USD\":\"0.92\"}}.")
    static let keepDuplicates = OptionSpec.flag("--keep-duplicates", help: "Do not merge drafts of the same service (one streaming pass).")
    static let mergeInto = OptionSpec.option("--merge-into", value: "FILE", help: "Update this canonical file (written back unless -o is given).")

    static func policy(_ args: ParsedArguments) throws(UsageError) -> AcceptPolicy? {
        guard let text = args.value("--accept") else { return nil }
        guard let policy = AcceptPolicy(rawValue: text) else { throw UsageError("--accept \(text): expected all, confident or none") }
        return policy
    }

    /// Reads `--rates FILE`; a bad file is an input error (exit 1), reported by the caller.
    static func rates(_ path: String?) throws(DocumentError) -> ExchangeRates? {
        guard let path else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw DocumentError("\(path): cannot read the rates file") }
        return try ExchangeRates(json: String(decoding: data, as: UTF8.self), file: path)
    }
}

extension OutputPaths {
    /// The files a reviewing command reads and writes besides its inputs: `-o`, `--merge-into`
    /// (read, then written back unless `-o` is given) and `--rates`.
    static func reviewed(output: String?, mergeInto: String?, rates: String?) -> OutputPaths {
        var paths = OutputPaths()
        paths.output("-o", output)
        if output == nil { paths.output("--merge-into", mergeInto) }
        paths.input(mergeInto, flag: "--merge-into")
        paths.input(rates, flag: "--rates")
        paths.sameFileAllowed = [("--merge-into", "-o"), ("--merge-into", "--merge-into")]
        return paths
    }
}

/// Reads every input into drafts held in memory, for the paths that need them all at once
/// (preview, interactive review, drafts file, merge-into).
struct DraftCollection {
    var drafts: [ImportDraft] = []
    var failed = false

    init(inputs: [String], options: ImportOptions, printIssues: Bool, quiet: Bool = false) throws {
        var reporter = InputReporter(printIssues: printIssues, quiet: quiet)
        (drafts, failed) = try StreamingImport.drafts(inputs, options: options, observer: &reporter)
    }
}

/// Writes accepted subscriptions as canonical JSON, merged into an existing file when asked.
struct CanonicalOutput {
    var output: String?
    var mergeInto: String?
    var rates: ExchangeRates?
    var today: CalendarDate
    /// Tells an existing subscription and a new one of the same service (`CanonicalMerger`).
    var catalog: BrandCatalog

    /// Returns the exit code: 1 when the file to merge into cannot be read.
    func write(_ subscriptions: [Subscription]) throws -> Int32 {
        var list = subscriptions
        if let mergeInto {
            var existing: [Subscription] = []
            if let data = FileManager.default.contents(atPath: mergeInto) {
                do { existing = try CanonicalReader.read(String(decoding: data, as: UTF8.self), file: mergeInto) } catch {
                    Stderr.print("ingest: \(VisibleText.escaped(error.message))")
                    return 1
                }
            }
            let result = CanonicalMerger(today: today, catalog: catalog).merge(existing: existing, new: subscriptions)
            for change in result.changes { Stderr.note("ingest: \(VisibleText.escaped(change.description))") }
            Stderr.note("ingest: \(mergeInto): \(existing.count) kept, \(result.updated) updated, \(result.added) added, \(result.changes.count) price change\(result.changes.count == 1 ? "" : "s")")
            list = result.subscriptions
        }
        let out = try OutputFile(path: output ?? mergeInto)
        out.write(CanonicalJSON.text(list, rates: rates))
        try out.close()
        return 0
    }
}
