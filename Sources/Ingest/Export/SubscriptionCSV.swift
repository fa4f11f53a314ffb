/// Canonical subscriptions as CSV for other tools (`ingest export`), one row per subscription,
/// ISO dates, amounts as the canonical file writes them. `ingest import` reads each form back to
/// the same name, price, cycle, next renewal, category and notes (and trial end, plain CSV).
///
///     plain  Name,Amount,Currency,Cycle,Next renewal,Trial ends,Category,Notes
///     tabi   Name,Price,Currency,Billing Cycle,Start Date,Next Renewal Date,Category,
///            Reminder Enabled,Reminder Offset Days,Notes
///     ynab   Date,Frequency,Payee,Category,Memo,Outflow,Inflow (one currency per file)
package struct SubscriptionCSV: Sendable {
    package enum Format: String, Sendable, CaseIterable {
        case csv, tabi, ynab
    }

    package var format: Format
    /// For YNAB, which has no currency column: the one currency the file holds.
    package var currency: Currency?

    package init(format: Format, currency: Currency? = nil) {
        self.format = format
        self.currency = currency
    }

    /// A subscription left out of the file, and why.
    package struct LeftOut: Hashable, Sendable {
        package var index: Int
        package var subscription: Subscription
        package var reason: String
    }

    /// The file's text (CRLF line ends, as RFC 4180 has them) and the subscriptions left out.
    package func make(_ subscriptions: [Subscription]) -> (text: String, leftOut: [LeftOut]) {
        var rows = [header]
        var leftOut: [LeftOut] = []
        for (i, sub) in subscriptions.enumerated() {
            switch row(sub) {
            case .success(let cells): rows.append(cells)
            case .failure(let reason): leftOut.append(LeftOut(index: i, subscription: sub, reason: reason.text))
            }
        }
        return (rows.map { $0.map(SubscriptionCSV.field).joined(separator: ",") + "\r\n" }.joined(), leftOut)
    }

    var header: [String] {
        switch format {
        case .csv: return ["Name", "Amount", "Currency", "Cycle", "Next renewal", "Trial ends", "Category", "Notes"]
        case .tabi: return ["Name", "Price", "Currency", "Billing Cycle", "Start Date", "Next Renewal Date", "Category",
                            "Reminder Enabled", "Reminder Offset Days", "Notes"]
        case .ynab: return ["Date", "Frequency", "Payee", "Category", "Memo", "Outflow", "Inflow"]
        }
    }

    struct Reason: Error { var text: String }

    func row(_ sub: Subscription) -> Result<[String], Reason> {
        let amount = sub.price?.amountText ?? ""
        let code = sub.price?.currency?.code ?? ""
        let next = sub.nextRenewal?.description ?? ""
        let category = sub.category?.rawValue ?? ""
        let notes = sub.notes ?? ""
        switch format {
        case .csv:
            return .success([sub.name, amount, code, sub.cycle.map(SubscriptionCSV.cycleText) ?? "", next,
                             sub.trialEnds?.description ?? "", category, notes])
        case .tabi:
            return .success([sub.name, amount, code, sub.cycle.map(SubscriptionCSV.tabiCycle) ?? "", "", next, category,
                             sub.nextRenewal == nil ? "false" : "true", "1", notes])
        case .ynab:
            guard let price = sub.price else { return .failure(Reason(text: "no price")) }
            guard let currency = price.currency else { return .failure(Reason(text: "no currency")) }
            guard currency == self.currency else { return .failure(Reason(text: "in \(currency.code), not \(self.currency?.code ?? "-")")) }
            var frequency = "Never"
            if let cycle = sub.cycle {
                guard let f = SubscriptionCSV.ynabFrequency(cycle) else {
                    return .failure(Reason(text: "YNAB cannot repeat every \(cycle)"))
                }
                frequency = f
            }
            return .success([next, frequency, sub.name, category, notes, amount, ""])
        }
    }

    /// `monthly`, `every 3 months`: words `ingest import` reads back.
    static func cycleText(_ cycle: Cycle) -> String {
        if cycle.interval == 1 {
            switch cycle.unit {
            case .day: return "daily"
            case .week: return "weekly"
            case .month: return "monthly"
            case .year: return "yearly"
            }
        }
        return "every \(cycle.interval) \(cycle.unit.rawValue)s"
    }

    /// `Monthly`, `Every 3 Months`.
    static func tabiCycle(_ cycle: Cycle) -> String {
        cycleText(cycle).split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// YNAB's choices for a scheduled transaction's repeat; nil for a cycle it has none for.
    package static func ynabFrequency(_ cycle: Cycle) -> String? {
        switch (cycle.unit, cycle.interval) {
        case (.day, 1): return "Daily"
        case (.day, 7), (.week, 1): return "Weekly"
        case (.day, 14), (.week, 2): return "Every other week"
        case (.day, 28), (.week, 4): return "Every 4 weeks"
        case (.month, 1): return "Monthly"
        case (.month, 2): return "Every other month"
        case (.month, 3): return "Every 3 months"
        case (.month, 4): return "Every 4 months"
        case (.month, 6): return "Twice a year"
        case (.month, 12), (.year, 1): return "Yearly"
        case (.month, 24), (.year, 2): return "Every other year"
        default: return nil
        }
    }

    /// A cell, quoted when it holds a comma, a quote, a line break or spaces at its ends.
    static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        var out = "\""
        for ch in text { out += ch == "\"" ? "\"\"" : String(ch) }
        return out + "\""
    }
}
