import Foundation

/// The per-row checks of `ingest validate`: turns a draft's issues into findings at the cell they
/// concern, and adds the checks an import does not make (sign of the price, allowed currencies,
/// repeated rows, renewal dates in the past).
struct RowChecks {
    let settings: ValidateSettings
    let context: NormalizeContext
    let hasCycleColumn: Bool
    /// A row's text (`rowKey`) → the line it was first seen on. Rows are kept as 64-bit hashes,
    /// so a file of millions of rows holds 16 bytes a row here; two different rows would have to
    /// share all 64 bits to be called the same (about one chance in 10^7 for a million-row file).
    private var seen: [UInt64: Int] = [:]
    /// Rows with no cycle when the file has no cycle column: reported once for the file.
    private var cycleless: [Int] = []

    init(settings: ValidateSettings, context: NormalizeContext, hasCycleColumn: Bool) {
        self.settings = settings
        self.context = context
        self.hasCycleColumn = hasCycleColumn
    }

    /// Signs that several currencies use; read as "no currency" by the price parser.
    static let ambiguousSigns = ["kr", "kr.", "¥", "￥", "元", "円"]

    mutating func check(_ row: SourceRow, draft: ImportDraft, into findings: inout FindingList) {
        func add(_ issues: [Issue], column: Int?, raw: String?) {
            for issue in issues { convert(issue, row: row, column: column, raw: raw, draft: draft, into: &findings) }
        }
        add(draft.issues, column: nil, raw: nil)
        add(draft.name.issues, column: draft.name.column, raw: draft.name.raw)
        add(draft.price.issues, column: draft.price.column, raw: draft.price.raw)
        add(draft.cycle.issues, column: draft.cycle.column, raw: draft.cycle.raw)
        add(draft.nextRenewal.issues, column: draft.nextRenewal.column, raw: draft.nextRenewal.raw)
        add(draft.startDate.issues, column: draft.startDate.column, raw: draft.startDate.raw)
        add(draft.trialEnds.issues, column: draft.trialEnds.column, raw: draft.trialEnds.raw)
        add(draft.category.issues, column: draft.category.column, raw: draft.category.raw)
        add(draft.notes.issues, column: draft.notes.column, raw: draft.notes.raw)

        if let price = draft.price.value {
            let at = (line: row.line, row: row.row, column: draft.price.column, value: draft.price.raw)
            if price.amount < 0 {
                findings.add("price.negative", line: at.line, row: at.row, column: at.column, value: at.value,
                             message: "the price \(price.amountText) is negative")
            } else if price.amount == 0 {
                findings.add("price.zero", line: at.line, row: at.row, column: at.column, value: at.value,
                             message: "the price is zero")
            }
            if let allowed = settings.currencies, let currency = price.currency, !allowed.contains(currency) {
                let list = allowed.sorted().map(\.code).joined(separator: ", ")
                findings.add("currency.not-allowed", line: at.line, row: at.row, column: at.column, value: at.value,
                             message: "\(currency.code) is not among the allowed currencies (\(list))")
            }
        }

        let key = RowChecks.rowKey(row.cells)
        if let first = seen[key] {
            findings.add("row.duplicate", line: row.line, row: row.row, value: draft.name.raw,
                         message: "the row repeats line \(first)")
        } else {
            seen[key] = row.line
        }
    }

    /// FNV-1a of the row's cells, each without the spaces around it, one unit separator apart.
    static func rowKey(_ cells: [String]) -> UInt64 {
        var hash = FNV1a()
        for (k, cell) in cells.enumerated() {
            if k > 0 { hash.add(0x1F) }
            hash.add(cell.trimmedSpaces().utf8)
        }
        return hash.value
    }

    private mutating func convert(_ issue: Issue, row: SourceRow, column: Int?, raw: String?, draft: ImportDraft,
                                  into findings: inout FindingList) {
        let (named, message) = findings.split(issue.message)
        var raw = raw
        if let named, named != column, named >= 1, named <= row.cells.count {
            raw = row.cells[named - 1].trimmedSpaces()
        }
        let column = named ?? column
        func add(_ code: String, value: String? = raw, _ text: String = message) {
            findings.add(code, line: row.line, row: row.row, column: column, value: value, message: text)
        }
        switch issue.code {
        case "price.note", "price.negative":
            // The sign is checked below, with the validator's own message.
            return
        case "trial.ending-soon":
            // A reminder for the person importing, not a problem of the file.
            return
        case "date.rolled-forward", "date.past":
            let date = draft.nextRenewal.raw ?? ""
            add("date.past", "the next renewal \(date) is before \(context.today)")
        case "cycle.missing" where !hasCycleColumn:
            cycleless.append(row.line)
        case "currency.missing" where draft.price.issues.contains { $0.code == "currency.unknown" }:
            return
        case "currency.missing":
            let words = (raw ?? "").split(whereSeparator: { $0 == " " || $0.isNumber || $0 == "." || $0 == "," })
            if let sign = words.first(where: { RowChecks.ambiguousSigns.contains($0.lowercased()) }) {
                add("currency.ambiguous", "\"\(sign)\" is used by several currencies; the price names no currency")
            } else if let code = words.first(where: { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isLetter } }) {
                add("currency.unknown", "\"\(code)\" is not an ISO 4217 currency code (expected e.g. USD, EUR)")
            } else {
                add("currency.missing", "the price names no currency")
            }
        case "row.ragged":
            findings.add("row.ragged", line: row.line, row: row.row, column: nil, value: nil, message: message)
        default:
            findings.add(issue.code.rawValue, severity: ValidationCheck.byCode[issue.code.rawValue] == nil ? issue.severity : nil,
                         line: row.line, row: row.row, column: column, value: raw, message: message, remedy: issue.remedy)
        }
    }

    /// Whole-file findings gathered while reading rows.
    func finish(into findings: inout FindingList, headerLine: Int) {
        guard !cycleless.isEmpty else { return }
        let lines = cycleless.prefix(5).map(String.init).joined(separator: ", ") + (cycleless.count > 5 ? ", …" : "")
        findings.add("cycle.missing", line: headerLine,
                     message: "no billing cycle column, and \(cycleless.count) row\(cycleless.count == 1 ? "" : "s") name no cycle in the price (lines \(lines))")
    }
}
