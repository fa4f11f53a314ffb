import Ingest

/// Prints the warnings and errors of drafts to standard error: every issue code at most `limit`
/// times per input, then one line with how many more there were, so a file with the same problem
/// in every row stays readable, and, when one code makes up most of them, a line naming it and
/// its remedy. `ingest validate` and `--drafts` list every one.
struct IssueLog {
    var limit = 5
    /// The least severity printed: warnings, or only errors under `--quiet`.
    var minimum: Issue.Severity = .warning
    private var counts: [String: Int] = [:]
    /// The remedy each code's issues offered first.
    private var remedies: [String: Issue.Remedy] = [:]

    mutating func log(_ draft: ImportDraft) {
        for issue in draft.allIssues where issue.severity >= minimum {
            let seen = counts[issue.code.rawValue, default: 0] + 1
            counts[issue.code.rawValue] = seen
            if seen == 1, let remedy = issue.remedy { remedies[issue.code.rawValue] = remedy }
            if seen <= limit { Stderr.print("ingest: \(VisibleText.escaped(RemedyWording.message(issue)))") }
        }
    }

    /// Ends an input: prints the counts of what was not shown and the main cause, and starts afresh.
    mutating func finish(source: String) {
        for (code, count) in counts.sorted(by: { $0.key < $1.key }) where count > limit {
            Stderr.print("ingest: \(source): \(count - limit) more \(code) not shown (ingest validate lists every one)")
        }
        if let line = Self.mainCause(counts, remedies: remedies, limit: limit) { Stderr.print("ingest: \(source): \(line)") }
        counts = [:]
        remedies = [:]
    }

    /// "199,995 of 200,003 issues are currency.guessed; pass --currency …": when more were found
    /// than are shown and one code makes up over half of them.
    static func mainCause(_ counts: [String: Int], remedies: [String: Issue.Remedy], limit: Int) -> String? {
        let total = counts.values.reduce(0, +)
        guard let (code, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
              count > limit, count * 2 > total else { return nil }
        return "\(grouped(count)) of \(grouped(total)) issue\(total == 1 ? "" : "s") \(total == 1 ? "is" : "are") \(code)"
            + (remedies[code].map(RemedyWording.suffix) ?? "")
    }

    /// 199995 as "199,995".
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        return digits
    }
}

/// Prints what an import tells of each input (`ImportObserver`) to standard error: each
/// input's issues (capped by `IssueLog`), reader warnings and summary line, and an input that
/// cannot be read, which does not stop the others.
struct InputReporter: ImportObserver {
    let printIssues: Bool
    /// Only error issues, and no reader warnings (`--quiet`).
    let quiet: Bool
    /// Prints folded drafts' `duplicate.conflict`s (a streamed import); nil prints none.
    var conflicts: ConflictLog?
    private var log = IssueLog()

    /// `printIssues` false prints no issue at all (a preview or review shows them itself).
    init(printIssues: Bool, quiet: Bool = false) {
        self.printIssues = printIssues
        self.quiet = quiet
        log.minimum = quiet ? .error : .warning
    }

    mutating func read(_ draft: ImportDraft) {
        if printIssues { log.log(draft) }
    }

    mutating func folded(_ draft: ImportDraft) {
        conflicts?.log(draft)
    }

    mutating func finished(_ report: ImportReport) {
        if printIssues {
            log.finish(source: report.source)
        }
        if printIssues && !quiet {
            for warning in report.warnings { Stderr.print("ingest: \(report.source): \(VisibleText.escaped(RemedyWording.message(warning)))") }
        }
        Stderr.note("ingest: \(report.source): \(report.line)")
    }

    mutating func failed(_ name: String, error: any Error) {
        switch error {
        case let error as ReadError: Stderr.print("ingest: \(VisibleText.escaped(RemedyWording.describe(error)))")
        case let error as MappingError: Stderr.print("ingest: \(name): \(VisibleText.escaped(RemedyWording.describe(error)))")
        default: Stderr.print("ingest: \(name): \(VisibleText.escaped(String(describing: error)))")
        }
    }

}

/// Prints the `duplicate.conflict`s of folded drafts (copies of one service at different prices
/// or cycles) to standard error: the first `limit`, then one line with how many more there were.
/// A drafts file (`--drafts FILE`) keeps every one.
struct ConflictLog {
    var limit = 5
    private(set) var count = 0

    mutating func log(_ draft: ImportDraft) {
        for issue in draft.issues where issue.code == "duplicate.conflict" {
            count += 1
            if count <= limit { Stderr.print("ingest: \(VisibleText.escaped(RemedyWording.message(issue)))") }
        }
    }

    /// Ends the import: the count of what was not shown.
    func finish() {
        guard count > limit else { return }
        Stderr.print("ingest: \(IssueLog.grouped(count - limit)) more duplicate.conflict not shown (--drafts FILE keeps every one)")
    }
}
