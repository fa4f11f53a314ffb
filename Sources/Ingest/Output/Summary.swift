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
public struct SummaryAccumulator: Sendable {
    private var subscriptions: [Currency: Summary.Total] = [:]
    private(set) var active = 0
    private(set) var notInTotals = 0

    public init() {}

    public mutating func add(_ sub: Subscription) {
        active += 1
        guard let price = sub.price, let currency = price.currency, let cycle = sub.cycle else {
            notInTotals += 1
            return
        }
        var total = subscriptions[currency] ?? Summary.Total(currency: currency, monthly: 0, yearly: 0, count: 0)
        total.monthly += cycle.monthlyEquivalent(of: price.amount)
        total.yearly += cycle.yearlyEquivalent(of: price.amount)
        total.count += 1
        subscriptions[currency] = total
    }

    public var summary: Summary {
        Summary(active: active, totals: subscriptions.values.sorted { $0.currency < $1.currency },
                notInTotals: notInTotals)
    }
}
