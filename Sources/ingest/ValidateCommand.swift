import Foundation
import Ingest

/// `ingest validate PATH...`: checks CSV files the way import would read them, for CI.
struct ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check CSV files for problems that would stop a clean import (for CI)."
    static let usage = "ingest validate PATH... [--format text|json|github|junit|sarif] [--max-warnings N] [--config FILE] [options]"
    static var discussion: String {
        var text = """
            PATH is a file, a folder (searched recursively for *.csv and *.tsv), a pattern with *, ?
            or ** (expanded here when the shell did not), or - for standard input; a folder with no table in it, or a pattern
            that matches nothing, is a usage error. Files are checked in parallel; results are
            sorted by path. Each file is read as import reads it: a bank statement is checked as a
            statement (statement.* codes), a Notion export ZIP as its tables. Settings come from
            ingest.json (the nearest one above each file, or --config), then from the command line.
            Exit codes: 0 clean, 1 errors (or more warnings than --max-warnings), 2 usage or config error.

            CODES (default severity):

            """
        let width = (RemedyWording.checks.map(\.code.count).max() ?? 0) + 2
        for check in RemedyWording.checks {
            let pad = String(repeating: " ", count: width - check.code.count)
            text += "  \(check.code)\(pad)\(check.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(check.meaning)\n"
        }
        return text
    }
    static let options: [OptionSpec] = [
        .option("--format", value: "FORMAT", help: "text (default), json, github, junit or sarif.", choices: ValidationFormat.allCases.map(\.rawValue)),
        .option("--max-warnings", value: "N", help: "Exit 1 when there are more than N warnings (default: no limit)."),
        .flag("--warnings-as-errors", help: "Report every warning as an error (after the severities ingest.json sets), so any exits 1."),
        .option("--config", value: "FILE", help: "Use this config instead of looking for ingest.json."),
        .option("--shard", value: "K/N", help: "Check only shard K of N of the files (split by a hash of each path as given), for CI jobs that share the work: N jobs with the same PATHs and --shard 1/N … N/N check every file once."),
        CommonOptions.output("the report"), CommonOptions.quiet,
    ] + CommonOptions.reading

    let paths: [String]
    let format: ValidationFormat
    let maxWarnings: Int?
    let output: String?
    let options: ValidateOptions
    /// `--shard K/N`: (K, N).
    let shard: (index: Int, count: Int)?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard !args.positionals.isEmpty else { throw UsageError("validate needs at least one PATH (a file, folder or pattern)") }
        paths = args.positionals
        let formatText = args.value("--format") ?? "text"
        guard let format = ValidationFormat(rawValue: formatText) else {
            throw UsageError("--format \(formatText): expected \(ValidationFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.format = format
        if let text = args.value("--max-warnings") {
            guard let n = Int(text), n >= 0 else { throw UsageError("--max-warnings \(text): expected a whole number, 0 or more") }
            maxWarnings = n
        } else {
            maxWarnings = nil
        }
        output = args.value("-o")
        if let text = args.value("--shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw UsageError("--shard \(text): expected K/N with 1 ≤ K ≤ N, e.g. --shard 2/4")
            }
            shard = (k, n)
        } else {
            shard = nil
        }
        let importOptions = try CommonOptions.importOptions(args)
        if importOptions.kind == .screenshot {
            throw UsageError("--from screenshot: validate checks tables (CSV, TSV); screenshots cannot be validated")
        }
        var layer = SettingsLayer(map: importOptions.overrides)
        if args.value("--locale") != nil { layer.locale = importOptions.context.locale }
        if args.value("--currency") != nil { layer.currency = importOptions.context.currency }
        var options = ValidateOptions(today: importOptions.context.today, commandLine: layer, configPath: args.value("--config"))
        options.limits = importOptions.limits
        options.kind = importOptions.kind
        options.encoding = importOptions.encoding
        options.warningsAsErrors = args.has("--warnings-as-errors")
        self.options = options
        var outputs = OutputPaths()
        outputs.output("-o", output)
        outputs.input(args.value("--config"), flag: "--config")
        for path in paths { outputs.input(path) }
        try outputs.check()
    }

    func run() throws -> Int32 {
        let files: [String]
        let report: ValidationReport
        do {
            let all = try InputExpander.expand(paths.filter { $0 != "-" }) + (paths.contains("-") ? ["-"] : [])
            files = shard.map { InputExpander.shard(all, index: $0.index, of: $0.count) } ?? all
            var outputs = OutputPaths()
            outputs.output("-o", output)
            for file in files { outputs.input(file) }
            do { try outputs.check() } catch {
                Stderr.print("ingest validate: \(error.message)\nUSAGE: \(Self.usage)")
                return 2
            }
            // Standard input is checked from a temporary copy, reported as <stdin>.
            let stdin = try files.contains("-") ? InputFile.resolve("-", limits: options.limits, allowingBinary: true) : nil
            defer { stdin?.remove() }
            let read = files.map { $0 == "-" ? stdin?.path ?? "-" : $0 }
            let names = stdin.map { [$0.path: $0.name] } ?? [:]
            let done = DoneCounter()
            let progress = ProgressLine.counting("validate", total: read.count, unit: "files") { done.value }
            defer { progress?.stop() }
            report = RemedyWording.spelledOut(try ValidationRun(options: options).run(files: read, names: names, fileDone: done.add))
        } catch let error as InputExpander.NotFound {
            Stderr.print("ingest validate: \(error)")
            return 2
        } catch let error as ConfigError {
            Stderr.print("ingest validate: \(RemedyWording.describe(error))")
            return 2
        } catch let error as ReadError {
            Stderr.print("ingest: \(RemedyWording.describe(error))")
            return 1
        }
        let out = try OutputFile(path: output)
        out.write(format.render(report, version: version, checks: RemedyWording.checks, otherHint: RemedyWording.otherHint))
        try out.close()
        if format != .text && format != .github { Stderr.note("ingest: \(report.summaryLine)") }
        return report.exitCode(maxWarnings: maxWarnings)
    }
}
