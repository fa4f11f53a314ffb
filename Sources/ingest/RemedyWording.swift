import Ingest

/// The one place that puts the library's remedies into the CLI's words. The library says what is
/// wrong and which remedy exists (`Issue.Remedy`), naming no flag; here each remedy becomes the
/// flag that applies it, appended to the message wherever a message is printed or written.
enum RemedyWording {
    /// What follows a message for `remedy`, with its punctuation.
    static func suffix(_ remedy: Issue.Remedy) -> String {
        switch remedy {
        case .chooseCurrency: return "; pass --currency to choose"
        case .chooseLocale: return "; pass --locale to choose"
        case .chooseCurrencyOrLocale: return "; pass --currency or --locale to choose"
        case .chooseEncoding: return " (pass --encoding to choose another)"
        case .readAsUTF16: return ", or pass --encoding utf-16 if it is UTF-16 text"
        case .mapColumn(let field): return "; add a \(field.rawValue) column or --map \(field.rawValue)=HEADER"
        case .raiseLimit(let limit, _):
            switch limit {
            case .cellBytes: return "; raise the limit with --max-cell-bytes N if the cell is real"
            case .rowBytes: return "; raise the limit with --max-cell-bytes N if the row is real"
            case .columns: return "; raise the limit with --max-columns N if the columns are real"
            case .inputBytes: return "; pass a file instead, or raise the limit with --max-input-bytes N"
            case .downloadBytes: return "; pass a larger --max-bytes if it is really that big"
            case .memberBytes: return "; pass a larger --max-member-bytes if the file is really that big"
            }
        case .longerTimeout: return ", or pass a longer --timeout"
        case .listFolder:
            return " (ingest import reads a folder's .csv, .tsv, .zip and image files when the folder is given on the command line)"
        }
    }

    /// `message` with `remedy` in the CLI's words.
    static func text(_ message: String, _ remedy: Issue.Remedy?) -> String {
        guard let remedy else { return message }
        return message + suffix(remedy)
    }

    static func message(_ issue: Issue) -> String { text(issue.message, issue.remedy) }

    /// The issue as the CLI writes it: the remedy spelled out in the message, so what it writes
    /// (a drafts file, a preview, a report) reads as before.
    static func spelledOut(_ issue: Issue) -> Issue {
        var issue = issue
        issue.message = message(issue)
        issue.remedy = nil
        return issue
    }

    static func spelledOut(_ draft: ImportDraft) -> ImportDraft { draft.mappingIssues(spelledOut) }

    /// The report with its findings' remedies spelled out and their hints as `checks` words them.
    static func spelledOut(_ report: ValidationReport) -> ValidationReport {
        var report = report
        for i in report.files.indices {
            for j in report.files[i].findings.indices {
                let finding = report.files[i].findings[j]
                report.files[i].findings[j].message = text(finding.message, finding.remedy)
                report.files[i].findings[j].remedy = nil
                report.files[i].findings[j].hint = hints[finding.code] ?? otherHint
                if let mapping = finding.mapping, let at = finding.message.range(of: mapping + ": ") {
                    report.files[i].findings[j].message.insert(contentsOf: "--map ", at: at.lowerBound)
                    report.files[i].findings[j].mapping = nil
                }
            }
        }
        return report
    }

    /// The checks of `ingest validate` in the words of its help and reports: the library's, with
    /// the flag that settles a check beside its config key.
    static let checks: [ValidationCheck] = ValidationCheck.all.map { check in
        var check = check
        switch check.code {
        case "map.unknown-column": check.meaning = "a column mapping (--map or config \"map\") names no column of the file"
        case "field.missing": check.hint = "add the column, or map it with --map FIELD=HEADER or \"map\" in ingest.json"
        case "currency.missing", "currency.guessed", "currency.ambiguous": check.hint += " / --currency"
        case "date.past": check.meaning += " (--today)"
        case "statement.read": check.hint = "nothing to do; pass --from csv if the file is a list of subscriptions"
        default: break
        }
        return check
    }

    static let hints = Dictionary(checks.map { ($0.code, $0.hint) }, uniquingKeysWith: { a, _ in a })

    /// The hint for a reader warning that is not a check.
    static let otherHint = "see `ingest validate --help` for the list of codes"

    /// An error in the CLI's words: the library's errors with their remedies, anything else as
    /// it describes itself.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as ReadError: return text(error.description, error.remedy)
        case let error as FetchError: return text(error.description, error.remedy)
        case let error as MappingError: return "--map " + error.description
        case let error as ConfigError:
            return error.description + (error.unknownCode == nil ? "" : " (see `ingest validate --help` for the codes)")
        case let error as DraftsFileError: return messages(error).joined(separator: "\n")
        default: return String(describing: error)
        }
    }

    /// The messages of a drafts file's problems; for a file that is not one, how to write one,
    /// inside the parenthesis that says what was expected.
    static func messages(_ error: DraftsFileError) -> [String] {
        guard error.notADraftsFile else { return error.messages }
        return error.messages.map { message in
            let how = "; write one with ingest import … --drafts FILE"
            return message.hasSuffix(")") ? message.dropLast() + how + ")" : message + how
        }
    }

    /// The reason `ingest columns` shows for a column given with `--map`.
    static let mappedReason = "--map"

    /// The policy after the counts of a preview: the flag that chose it.
    @Sendable static func policy(_ policy: AcceptPolicy) -> String { "--accept \(policy.rawValue)" }
}
