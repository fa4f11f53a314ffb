import Foundation

extension FileValidator {
    /// A bank or card statement, read by the reader import reads it with (`TransactionTable`):
    /// one note says how it was read (layout or columns, encoding, date order, sign), each row
    /// whose date or amount cannot be read is reported at its cell, other rows the reader left
    /// out (totals, balances) are noted. Debits are a statement's normal rows, not negative prices.
    func checkStatement(_ file: String, _ findings: inout FindingList, rows: inout Int, firstPass: inout FirstPass) throws {
        let table = try importOptions.openStatement(path: file, name: findings.path)
        firstPass.statement = table
        let dateColumn = table.columns[.date].map { $0 + 1 }
        let amountColumn = (table.columns[.amount] ?? table.columns[.debit] ?? table.columns[.credit]).map { $0 + 1 }
        var transactions = 0
        var framing: [Skip.Reason: Int] = [:]
        while let item = table.next() {
            switch item {
            case .transaction:
                rows += 1
                transactions += 1
            case .skip(let skip) where skip.reason == .blank:
                continue
            case .skip(let skip):
                rows += 1
                let detail = skip.detail ?? ""
                if skip.reason == .unusable, detail.hasSuffix(" is not a date") {
                    let value = String(detail.dropLast(" is not a date".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    findings.add("statement.date-unparseable", line: skip.line, row: skip.row, column: dateColumn, value: value,
                                 message: value.isEmpty ? "the row has no date" : "\"\(value)\" is not a date")
                } else if skip.reason == .unusable, detail == "no amount" {
                    findings.add("statement.amount-unparseable", line: skip.line, row: skip.row, column: amountColumn,
                                 message: "the row's amount cannot be read")
                } else if skip.reason == .preamble || skip.reason == .totals {
                    // Account details above the header and balance lines are a statement's normal frame.
                    framing[skip.reason, default: 0] += 1
                } else if skip.reason != .transfer {
                    findings.add("row.skipped", line: skip.line, row: skip.row,
                                 message: "row skipped: \(skip.reason.rawValue)\(skip.detail.map { " (\($0))" } ?? "")")
                }
            }
        }
        // A row past a limit or binary data stopped the reading: import stops there too.
        if let failure = table.failure { throw failure }
        findings.add("statement.read", message: FileValidator.describe(table, transactions: transactions, framing: framing))
        if transactions == 0 {
            findings.add("statement.empty", message: "no row of the statement could be read as a transaction")
        }
    }

    /// How a statement was read: `read as a bank statement: layout Chase, utf-8, dates MDY, …`.
    static func describe(_ table: TransactionTable, transactions: Int, framing: [Skip.Reason: Int]) -> String {
        let headerless = table.header.first?.hasPrefix("Column ") == true
        let columns = table.columns.sorted { $0.key < $1.key }.map { role, index in
            let name = headerless || index >= table.header.count ? "" : " \"\(table.header[index])\""
            return "\(role.rawValue)\(name) (column \(index + 1))"
        }
        var text = "read as a bank statement: "
        text += table.layout.map { "layout \($0)" } ?? (headerless ? "no header row, columns read from the values" : "columns detected from the header")
        text += ", \(table.encoding.rawValue), dates \(table.dateOrder?.rawValue ?? "?")"
        if !table.signReason.isEmpty { text += ", \(table.signReason)" }
        text += "; \(columns.joined(separator: ", "))"
        text += "; \(transactions) transaction\(transactions == 1 ? "" : "s")"
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if let n = framing[.preamble] { text += ", \(plural(n, "line")) above the header" }
        if let n = framing[.totals] { text += ", \(plural(n, "summary line")) left out" }
        return text
    }
}
