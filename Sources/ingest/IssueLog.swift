import Ingest

/// Prints the warnings and errors of drafts to standard error: every issue code at most `limit`
/// times per input, then one line with how many more there were, so a file with the same problem
/// in every row stays readable. `ingest validate` and `--drafts` list every one.
struct IssueLog {
    var limit = 5
    /// The least severity printed: warnings, or only errors under `--quiet`.
    var minimum: Issue.Severity = .warning
    private var counts: [String: Int] = [:]

    mutating func log(_ draft: ImportDraft) {
        for issue in draft.allIssues where issue.severity >= minimum {
            let seen = counts[issue.code.rawValue, default: 0] + 1
            counts[issue.code.rawValue] = seen
            if seen <= limit { Stderr.print("ingest: \(VisibleText.escaped(issue.message))") }
        }
    }

    /// Ends an input: prints the counts of what was not shown and starts afresh.
    mutating func finish(source: String) {
        for (code, count) in counts.sorted(by: { $0.key < $1.key }) where count > limit {
            Stderr.print("ingest: \(source): \(count - limit) more \(code) not shown (ingest validate lists every one)")
        }
        counts = [:]
    }
}

/// Imports inputs one by one for a command: prints each input's issues (capped by `IssueLog`),
/// reader warnings and summary line, and reports an input that cannot be read without stopping
/// the others.
struct InputRunner {
    let options: ImportOptions
    let printIssues: Bool
    /// Only error issues, and no reader warnings (`--quiet`).
    let quiet: Bool
    private var log = IssueLog()
    private(set) var failed = false

    /// `printIssues` false prints no issue at all (a preview or review shows them itself).
    init(options: ImportOptions, printIssues: Bool, quiet: Bool = false) {
        self.options = options
        self.printIssues = printIssues
        self.quiet = quiet
        log.minimum = quiet ? .error : .warning
    }

    /// Imports `path`, or hands on `recorded` when the duplicate-counting pass already did.
    /// `plain` takes the rows that read cleanly, which have no issues to print.
    mutating func run(path: String, name: String, replaying recorded: RecordedImport? = nil, plain: PlainSink? = nil,
                      emit: (ImportDraft) throws -> Void) throws {
        do {
            let report: ImportReport
            if case .finished(let drafts, let finished)? = recorded {
                for draft in drafts {
                    if printIssues { log.log(draft) }
                    try emit(draft)
                }
                report = finished
            } else {
                var prepared: PreparedTable?
                if case .prepared(let table)? = recorded { prepared = table }
                report = try Importer(options: options).run(path: path, name: name, prepared: prepared, plain: plain) { draft in
                    if printIssues { log.log(draft) }
                    try emit(draft)
                }
            }
            if printIssues {
                log.finish(source: report.source)
            }
            if printIssues && !quiet {
                for warning in report.warnings { Stderr.print("ingest: \(report.source): \(VisibleText.escaped(warning.message))") }
            }
            Stderr.print("ingest: \(report.source): \(report.line)")
        } catch let error as ReadError {
            Stderr.print("ingest: \(VisibleText.escaped(error.description))")
            failed = true
        } catch let error as MappingError {
            Stderr.print("ingest: \(name): \(VisibleText.escaped(error.description))")
            failed = true
        }
    }
}
