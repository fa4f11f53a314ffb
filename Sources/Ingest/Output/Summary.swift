import Foundation

/// Per-currency totals of a set of subscriptions. Amounts of different currencies are never added.
public struct Summary: Hashable, Sendable {
    public struct Total: Hashable, Sendable {
        public var currency: Currency
        public var monthly: Decimal
        public var yearly: Decimal
        public var count: Int
    }

    public var active: Int
    /// Sorted by currency code.
    public var totals: [Total]
    /// Subscriptions left out of the totals: no price, no currency or no cycle.
    public var notInTotals: Int

    public init(active: Int, totals: [Total], notInTotals: Int) {
        self.active = active
        self.totals = totals
        self.notInTotals = notInTotals
    }

    public init<S: Sequence>(_ subscriptions: S) where S.Element == Subscription {
        var accumulator = SummaryAccumulator()
        for sub in subscriptions { accumulator.add(sub) }
        self = accumulator.summary
    }
}

/// Adds up a stream of subscriptions one at a time, for outputs that are written as they go.
/// Amounts are summed per currency and cycle as read; each sum is turned into monthly and
/// yearly figures once, when the summary is asked for (exact sums, one division per cycle).
public struct SummaryAccumulator: Sendable {
    private struct Key: Hashable, Sendable {
        var currency: Currency
        var cycle: Cycle
    }

    private var sums: [Key: Decimal] = [:]
    private var counts: [Currency: Int] = [:]
    private(set) var active = 0
    private(set) var notInTotals = 0

    public init() {}

    public mutating func add(_ sub: Subscription) {
        active += 1
        guard let price = sub.price, let currency = price.currency, let cycle = sub.cycle else {
            notInTotals += 1
            return
        }
        sums[Key(currency: currency, cycle: cycle), default: 0] += price.amount
        counts[currency, default: 0] += 1
    }

    public var summary: Summary {
        var totals: [Currency: Summary.Total] = [:]
        for (currency, count) in counts {
            totals[currency] = Summary.Total(currency: currency, monthly: 0, yearly: 0, count: count)
        }
        let keys = sums.keys.sorted {
            ($0.currency, $0.cycle.unit, $0.cycle.interval) < ($1.currency, $1.cycle.unit, $1.cycle.interval)
        }
        for key in keys {
            guard let sum = sums[key] else { continue }
            totals[key.currency]?.monthly += key.cycle.monthlyEquivalent(of: sum)
            totals[key.currency]?.yearly += key.cycle.yearlyEquivalent(of: sum)
        }
        return Summary(active: active, totals: totals.values.sorted { $0.currency < $1.currency },
                       notInTotals: notInTotals)
    }
}
