import Foundation

/// The drafts of an import as a table for `ingest preview`: one row per draft (status, name,
/// price, cycle, monthly equivalent, next renewal, category (or the kind of a bank series that
/// is not a subscription: bill, transfer, habit), confidence, and why it is not
/// confident), then per-currency totals of what would be accepted. Plain text fitted to a
/// width (ANSI colour optional), Markdown, or JSON.
package struct PreviewTable: Sendable {
    package enum Format: String, Sendable, CaseIterable { case table, markdown, json }

    /// Drafts with their statuses already decided (by a policy or a review).
    package var drafts: [ImportDraft]
    package var rates: ExchangeRates?
    /// Shown next to the converted total (the rates file name).
    package var ratesLabel: String
    package var includeInactive: Bool
    /// The policy that decided the statuses, for the heading.
    package var policy: AcceptPolicy?
    /// The policy in words after the counts (the CLI names its flag).
    package var policyLabel: @Sendable (AcceptPolicy) -> String = { "policy: \($0.rawValue)" }
    /// Per draft (by position), how much dearer it is than in the list it would be merged into
    /// (`compare(with:merger:)`).
    package var rises: [Int: DueList.PriceRise] = [:]

    package init(drafts: [ImportDraft], policy: AcceptPolicy?, includeInactive: Bool = false,
                rates: ExchangeRates? = nil, ratesLabel: String = "rates") {
        self.drafts = drafts
        self.policy = policy
        self.includeInactive = includeInactive
        self.rates = rates
        self.ratesLabel = ratesLabel
    }

    /// Finds the drafts whose price, merged into `existing` as `--merge-into` would merge it, is
    /// higher than the earliest price of its history there ("price up 12 % since 2026-03").
    package mutating func compare(with existing: [Subscription], merger: CanonicalMerger) {
        var index: [String: Subscription] = [:]
        for sub in existing where index[merger.key(sub)] == nil { index[merger.key(sub)] = sub }
        rises = [:]
        for (i, draft) in drafts.enumerated() {
            guard let sub = Subscription(draft: draft), let old = index[merger.key(sub)],
                  let merged = merger.merge(existing: [old], new: [sub]).subscriptions.first,
                  let rise = DueList.PriceRise(merged) else { continue }
            rises[i] = rise
        }
    }

    static let headers = ["#", "STATUS", "NAME", "PRICE", "CYCLE", "MONTHLY", "NEXT", "CATEGORY", "CONF", "ISSUES"]
    static let rightAligned: Set<Int> = [0, 3, 5, 8]
    static let nameColumn = 2, issuesColumn = 9, statusColumn = 1

    /// The subscriptions that would be written.
    package var accepted: [Subscription] {
        drafts.filter { AcceptPolicy.isOutput($0, includeInactive: includeInactive) }.compactMap(Subscription.init(draft:))
    }

    package var summary: Summary { Summary(accepted) }

    package static func money(_ amount: Decimal, _ currency: Currency?) -> String {
        DecimalText.format(amount, minorDigits: currency?.minorDigits ?? 2) + (currency.map { " \($0.code)" } ?? "")
    }

    /// Doubts first, then other warnings, then `merged` for a draft found more than once.
    package static func notes(_ draft: ImportDraft) -> [String] {
        var notes = AcceptPolicy.doubts(draft)
        for issue in draft.allIssues where issue.severity >= .warning && !notes.contains(issue.code.rawValue) { notes.append(issue.code.rawValue) }
        if draft.issues.contains(where: { $0.code == "duplicate.merged" }) { notes.append("merged ×\(draft.provenance.count)") }
        return notes
    }

    func cells(_ draft: ImportDraft, _ number: Int) -> [String] {
        let notes = PreviewTable.notes(draft) + (rises[number - 1].map { [$0.text] } ?? [])
        let monthly: String
        if let price = draft.price.value, let cycle = draft.cycle.value {
            monthly = PreviewTable.money(cycle.monthlyEquivalent(of: price.amount), price.currency)
        } else { monthly = "" }
        return [
            String(number), draft.status.rawValue, draft.name.value ?? draft.name.raw ?? "(no name)",
            draft.price.value.map { PreviewTable.money($0.amount, $0.currency) } ?? (draft.price.raw.map { "?\($0)" } ?? ""),
            draft.cycle.value?.description ?? "", monthly, draft.nextRenewal.value?.description ?? "",
            // A bank series that is not a subscription (`--kinds`) shows its kind instead.
            draft.kind == .subscription ? draft.category.value?.rawValue ?? "" : draft.kind.rawValue, ColumnReport.score(draft.confidence),
            notes.joined(separator: ", "),
        ]
    }

    /// The cells as printed in a table or Markdown: input text with control characters escaped.
    var rows: [[String]] { drafts.enumerated().map { cells($1, $0 + 1).map { VisibleText.escaped($0) } } }

    /// Columns given up, in this order, when the name and issues columns cut to 8 still do not fit.
    static let dropOrder = [7, 8, 6, 0]

    /// Aligned columns; with `width`, the name (to 16, then 8) and issues (to 8) columns are cut
    /// with … to fit, and
    /// category, confidence, next renewal and number are left out if they still do not.
    package func table(width: Int?, color: Bool) -> String {
        let rows = self.rows
        var widths = PreviewTable.headers.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var shown = Array(widths.indices)
        if let width {
            let shrinkable = [PreviewTable.issuesColumn, PreviewTable.nameColumn]
            func total(_ columns: [Int], shrunk: Bool) -> Int {
                columns.map { shrunk && shrinkable.contains($0) ? min(widths[$0], 8) : widths[$0] }.reduce(0, +) + 2 * (columns.count - 1)
            }
            for column in PreviewTable.dropOrder where total(shown, shrunk: true) > width { shown.removeAll { $0 == column } }
            var over = total(shown, shrunk: false) - width
            for (column, floor) in [(PreviewTable.nameColumn, 16), (PreviewTable.issuesColumn, 8), (PreviewTable.nameColumn, 8)] where over > 0 {
                let cut = max(0, min(over, widths[column] - floor))
                widths[column] -= cut
                over -= cut
            }
        }
        let pick = { (cells: [String]) in shown.map { cells[$0] } }
        let columns = shown.map { widths[$0] }
        var out = line(pick(PreviewTable.headers), columns, shown, color: color, bold: true)
        for row in rows { out += line(pick(row), columns, shown, color: color, bold: false) }
        return out + "\n" + totalsText()
    }

    func line(_ cells: [String], _ widths: [Int], _ columns: [Int], color: Bool, bold: Bool) -> String {
        var parts: [String] = []
        for (i, cell) in cells.enumerated() {
            let text = PreviewTable.fit(cell, widths[i])
            let pad = String(repeating: " ", count: widths[i] - text.count)
            var shown = PreviewTable.rightAligned.contains(columns[i]) ? pad + text : (i == cells.count - 1 ? text : text + pad)
            if color { shown = PreviewTable.paint(shown, column: columns[i], cell: cell, bold: bold) }
            parts.append(shown)
        }
        return parts.joined(separator: "  ") + "\n"
    }

    static func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    static func paint(_ text: String, column: Int, cell: String, bold: Bool) -> String {
        if bold { return "\u{1B}[1m\(text)\u{1B}[0m" }
        let code: String?
        switch column {
        case statusColumn:
            switch cell {
            case "accepted": code = "32"
            case "pending": code = "33"
            case "rejected": code = "31"
            default: code = "2"
            }
        case issuesColumn: code = cell.isEmpty ? nil : "33"
        default: code = nil
        }
        return code.map { "\u{1B}[\($0)m\(text)\u{1B}[0m" } ?? text
    }

    /// The counts by status and the totals of what would be accepted, per currency.
    package func totalsText() -> String {
        var counts: [ImportDraft.Status: Int] = [:]
        for draft in drafts { counts[draft.status, default: 0] += 1 }
        let byStatus = ImportDraft.Status.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        let summary = self.summary
        var out = "\(drafts.count) draft\(drafts.count == 1 ? "" : "s"): \(byStatus)"
        if let policy { out += " (\(policyLabel(policy)))" }
        out += "\nwould write \(summary.active) subscription\(summary.active == 1 ? "" : "s")"
        if summary.notInTotals > 0 { out += " (\(summary.notInTotals) without price, currency or cycle, not in the totals)" }
        out += "\n"
        return out + moneyLines().map { $0 + "\n" }.joined()
    }

    /// One line per currency of what would be accepted, then the converted total if rates are given.
    package func moneyLines() -> [String] {
        let summary = self.summary
        var lines: [String] = []
        for total in summary.totals {
            lines.append("  \(total.currency.code)  \(DecimalText.format(total.monthly, minorDigits: total.currency.minorDigits)) / month"
                + "  \(DecimalText.format(total.yearly, minorDigits: total.currency.minorDigits)) / year")
        }
        if let rates {
            let converted = rates.convert(summary)
            let digits = converted.currency.minorDigits
            var line = "  converted to \(converted.currency.code) with \(ratesLabel): \(DecimalText.format(converted.monthly, minorDigits: digits)) / month"
            line += "  \(DecimalText.format(converted.yearly, minorDigits: digits)) / year"
            if !converted.missing.isEmpty { line += " (no rate for \(converted.missing.map(\.code).joined(separator: ", ")); not included)" }
            lines.append(line)
        }
        return lines
    }

    package func markdown() -> String {
        let escape = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        var out = "| " + PreviewTable.headers.map { $0.lowercased() }.joined(separator: " | ") + " |\n"
        out += "|" + PreviewTable.headers.indices.map { PreviewTable.rightAligned.contains($0) ? " ---: |" : " --- |" }.joined() + "\n"
        for row in rows { out += "| " + row.map(escape).joined(separator: " | ") + " |\n" }
        return out + "\n" + totalsText().split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    package func json() -> JSONValue {
        .object([
            ("schema", .string("ingest/preview@1")),
            ("policy", .optional(policy?.rawValue)),
            ("drafts", .array(drafts.enumerated().map { index, draft in
                let monthly = draft.price.value.flatMap { price in
                    draft.cycle.value.map { DecimalText.format($0.monthlyEquivalent(of: price.amount), minorDigits: price.currency?.minorDigits ?? 2) }
                }
                var members: [(String, JSONValue)] = [
                    ("draft", .int(index + 1)),
                    ("status", .string(draft.status.rawValue)),
                    ("name", .optional(draft.name.value)),
                    ("price", draft.price.value.map(CanonicalJSON.value) ?? .null),
                    ("cycle", draft.cycle.value.map(CanonicalJSON.value) ?? .null),
                    ("monthly", .optional(monthly)),
                    ("nextRenewal", .optional(draft.nextRenewal.value?.description)),
                    ("category", .optional(draft.category.value?.rawValue)),
                    ("confidence", .number(ColumnReport.score(draft.confidence))),
                    ("doubts", .array(AcceptPolicy.doubts(draft).map(JSONValue.string))),
                    ("priceRise", rises[index].map { .string($0.text) } ?? .null),
                    ("issues", .array(draft.allIssues.filter { $0.severity >= .warning }.map(DraftsFile.value))),
                    ("source", draft.provenance.first.map(CanonicalJSON.value) ?? .null),
                ]
                // Only a bank series that is not a subscription (`--kinds`) says its kind.
                if draft.kind != .subscription { members.insert(("kind", .string(draft.kind.rawValue)), at: 3) }
                return .object(members)
            })),
            ("summary", CanonicalJSON.value(summary, rates: rates)),
        ])
    }
}
