import Foundation

/// What renews from `today` through `today + days`, soonest first, with a total per currency
/// (`ingest due`). A subscription renews on every date of its `RenewalSchedule` in the window,
/// so a weekly one may be due more than once; a next renewal already past is moved on by the
/// same rule; one with no cycle is due only on its next renewal.
package struct DueList: Sendable {
    /// One renewal in the window.
    package struct Item: Hashable, Sendable {
        package var date: CalendarDate
        package var subscription: Subscription
        /// Days from today (0: today).
        package var inDays: Int
        /// How much dearer it is than the earliest price in its history, when it is.
        package var rise: PriceRise?
    }

    /// "price up 12 % since 2026-03": the price against the earliest one in `priceHistory` in
    /// the same currency (a point without a date counts only when none has one).
    package struct PriceRise: Hashable, Sendable {
        package var from: Price
        package var since: CalendarDate?
        /// Whole percent, rounded half up.
        package var percent: Decimal

        package init?(_ sub: Subscription) {
            guard let now = sub.price, let currency = now.currency else { return nil }
            let same = sub.priceHistory.filter { $0.price.currency == currency && $0.price.amount > 0 }
            let dated = same.compactMap { point in point.date.map { (date: $0, point: point) } }
            guard let first = dated.min(by: { $0.date < $1.date })?.point ?? same.first,
                  now.amount > first.price.amount else { return nil }
            var ratio = (now.amount - first.price.amount) * 100 / first.price.amount
            var rounded = Decimal()
            NSDecimalRound(&rounded, &ratio, 0, .plain)
            guard rounded > 0 else { return nil }
            from = first.price
            since = first.date
            percent = rounded
        }

        package var text: String {
            let month = since.map { " since \($0.description.prefix(7))" } ?? ""
            return "price up \(percent) %\(month)"
        }
    }

    /// The sum of the renewals in one currency.
    package struct Total: Hashable, Sendable {
        package var currency: Currency
        package var amount: Decimal
    }

    package var from: CalendarDate
    package var through: CalendarDate
    package var items: [Item] = []
    /// Per currency, by code; amounts in different currencies are never added.
    package var totals: [Total] = []
    /// Renewals without a price or a currency, left out of the totals.
    package var notInTotals = 0

    package init(_ subscriptions: [Subscription], today: CalendarDate, days: Int) {
        from = today
        through = today.adding(days: days)
        for sub in subscriptions {
            // A cancelled or paused subscription renews no more.
            guard sub.isCharging, let next = sub.nextRenewal else { continue }
            let dates = sub.cycle.map { RenewalSchedule(anchor: next, cycle: $0).renewals(from: from, through: through) }
                ?? (next >= from && next <= through ? [next] : [])
            for date in dates {
                items.append(Item(date: date, subscription: sub, inDays: date.dayNumber - today.dayNumber, rise: PriceRise(sub)))
            }
        }
        // A stable sort: the same day keeps the file's order.
        items = items.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var sums: [Currency: Decimal] = [:]
        for item in items {
            guard let price = item.subscription.price, let currency = price.currency else { notInTotals += 1; continue }
            sums[currency, default: 0] += price.amount
        }
        totals = sums.map { Total(currency: $0.key, amount: $0.value) }.sorted { $0.currency.code < $1.currency.code }
    }

    /// "today", "tomorrow", "in 5 days".
    static func when(_ days: Int) -> String {
        days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
    }

    static func amount(_ price: Price?) -> String {
        guard let price else { return "no price" }
        return price.amountText + (price.currency.map { " \($0.code)" } ?? " (no currency)")
    }

    /// Aligned lines: date, when, name (cut at 40 characters), amount, a price rise; then a
    /// total line per currency.
    package func text() -> String {
        let span = "\(from) through \(through)"
        guard !items.isEmpty else { return "Nothing renews from \(span).\n" }
        let rows = items.map {
            [$0.date.description, DueList.when($0.inDays), PreviewTable.fit(VisibleText.escaped($0.subscription.name), 40),
             DueList.amount($0.subscription.price), $0.rise?.text ?? ""]
        }
        var widths = [0, 0, 0, 0, 0]
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var out = "\(items.count) renewal\(items.count == 1 ? "" : "s") from \(span):\n"
        for row in rows {
            out += "  " + pad(row[0], widths[0]) + "  " + pad(row[1], widths[1]) + "  " + pad(row[2], widths[2]) + "  "
                + String(repeating: " ", count: widths[3] - row[3].count) + row[3] + (row[4].isEmpty ? "" : "  " + row[4]) + "\n"
        }
        for total in totals {
            out += "Total \(total.currency.code): \(DecimalText.format(total.amount, minorDigits: total.currency.minorDigits))\n"
        }
        if notInTotals > 0 { out += "Not in the totals: \(notInTotals) without a price or currency\n" }
        return out
    }

    /// `{"from", "through", "due": [...], "totals": [...], "notInTotals"}`.
    package func json() -> JSONValue {
        .object([
            ("from", .string(from.description)), ("through", .string(through.description)),
            ("due", .array(items.map { item in
                .object([
                    ("date", .string(item.date.description)), ("inDays", .int(item.inDays)),
                    ("name", .string(item.subscription.name)),
                    ("price", item.subscription.price.map(CanonicalJSON.value) ?? .null),
                    ("cycle", item.subscription.cycle.map(CanonicalJSON.value) ?? .null),
                    ("source", CanonicalJSON.value(item.subscription.source)),
                    ("priceRise", item.rise.map { rise in
                        .object([("percent", .string("\(rise.percent)")), ("since", .optional(rise.since?.description)),
                                 ("from", CanonicalJSON.value(rise.from))])
                    } ?? .null),
                ])
            })),
            ("totals", .array(totals.map { total in
                .object([("currency", .string(total.currency.code)),
                         ("amount", .string(DecimalText.format(total.amount, minorDigits: total.currency.minorDigits)))])
            })),
            ("notInTotals", .int(notInTotals)),
        ])
    }
}
