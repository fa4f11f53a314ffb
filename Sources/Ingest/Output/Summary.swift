import Foundation

/// Per-currency totals of a set of subscriptions. Amounts of different currencies are never added.
package struct Summary: Hashable, Sendable {
    package struct Total: Hashable, Sendable {
        package var currency: Currency
        package var monthly: Decimal
        package var yearly: Decimal
        package var count: Int
    }

    package var active: Int
    /// Sorted by currency code.
    package var totals: [Total]
    /// Subscriptions left out of the totals: no price, no currency or no cycle.
    package var notInTotals: Int

    package init(active: Int, totals: [Total], notInTotals: Int) {
        self.active = active
        self.totals = totals
        self.notInTotals = notInTotals
    }

    package init<S: Sequence>(_ subscriptions: S) where S.Element == Subscription {
        var accumulator = SummaryAccumulator()
        for sub in subscriptions { accumulator.add(sub) }
        self = accumulator.summary
    }
}

/// Adds up a stream of subscriptions one at a time, for outputs that are written as they go.
/// Amounts are summed per currency and cycle as read; each sum is turned into monthly and
/// yearly figures once, when the summary is asked for (exact sums, one division per cycle).
package struct SummaryAccumulator: Sendable {
    private struct Key: Hashable, Sendable {
        var currency: Currency
        var cycle: Cycle
    }

    /// Sums and counts per currency and cycle (a currency's count is the sum of its cycles').
    /// An import has a handful, found by their keys packed into integers (`packed`): the first
    /// few by comparing, past `scanned` through an index. A key that does not pack (an interval
    /// past 2^24) is found through `sumIndex`.
    private var sums: [(key: Key, sum: Sum)] = []
    private var packedKeys: [UInt64] = []
    private var packedIndex: [UInt64: Int] = [:]
    private var sumIndex: [Key: Int] = [:]
    private static let scanned = 16

    /// Amounts that are whole minor units of their currency are added as integers (exact,
    /// and far cheaper than decimal additions); the rest, and anything past Int64, as decimals.
    private struct Sum {
        var units: Int64 = 0
        var digits: Int
        var rest: Decimal = 0
        var count = 0

        mutating func add(_ amount: Decimal) {
            if let more = DecimalText.minorUnits(amount, digits: digits) { return add(units: more) }
            count += 1
            rest += amount
        }

        mutating func add(units more: Int64) {
            count += 1
            let (total, overflow) = units.addingReportingOverflow(more)
            if overflow {
                rest += Decimal(sign: more < 0 ? .minus : .plus, exponent: -digits, significand: Decimal(more.magnitude))
            } else {
                units = total
            }
        }

        var value: Decimal {
            let whole = Decimal(sign: units < 0 ? .minus : .plus, exponent: -digits, significand: Decimal(units.magnitude))
            return rest + whole
        }
    }
    private(set) var active = 0
    private(set) var notInTotals = 0

    package init() {}

    /// A cancelled or paused subscription is listed but neither counted nor totalled.
    package mutating func add(_ sub: Subscription) {
        guard sub.isCharging else { return }
        active += 1
        guard let price = sub.price, let currency = price.currency, let cycle = sub.cycle else {
            notInTotals += 1
            return
        }
        sums[index(Key(currency: currency, cycle: cycle))].sum.add(price.amount)
    }

    /// A row that read cleanly (`PlainRow`): charging, its amount in whole minor units.
    package mutating func add(_ charge: PlainRow.Charge) {
        active += 1
        sums[index(Key(currency: charge.currency, cycle: charge.cycle))].sum.add(units: charge.units)
    }

    /// The place of `key` in `sums`, added when new.
    private mutating func index(_ key: Key) -> Int {
        let packed = Self.packed(key)
        if packed != 0 {
            if let i = packedKeys.prefix(Self.scanned).firstIndex(of: packed) ?? (packedKeys.count > Self.scanned ? packedIndex[packed] : nil) {
                return i
            }
            if packedKeys.count >= Self.scanned { packedIndex[packed] = packedKeys.count }
            packedKeys.append(packed)
        } else {
            if let i = sumIndex[key] { return i }
            sumIndex[key] = sums.count
            // Keeps `packedKeys` in step with `sums`; 0 is no packed key's value.
            packedKeys.append(0)
        }
        sums.append((key, Sum(digits: key.currency.minorDigits)))
        return sums.count - 1
    }

    /// The currency's packed code, the cycle's unit and its interval in one integer; 0 when
    /// the interval takes more than 24 bits or the code is not three letters.
    private static func packed(_ key: Key) -> UInt64 {
        let code = UInt64(key.currency.packedCode), interval = key.cycle.interval
        guard code != 0, (0..<(1 << 24)).contains(interval) else { return 0 }
        return code << 32 | UInt64(key.cycle.unit.rank) << 24 | UInt64(interval)
    }

    package var summary: Summary {
        var totals: [Currency: Summary.Total] = [:]
        for (key, sum) in sums {
            totals[key.currency, default: Summary.Total(currency: key.currency, monthly: 0, yearly: 0, count: 0)].count += sum.count
        }
        let sorted = sums.sorted {
            ($0.key.currency, $0.key.cycle.unit, $0.key.cycle.interval) < ($1.key.currency, $1.key.cycle.unit, $1.key.cycle.interval)
        }
        for (key, sum) in sorted {
            totals[key.currency]?.monthly += key.cycle.monthlyEquivalent(of: sum.value)
            totals[key.currency]?.yearly += key.cycle.yearlyEquivalent(of: sum.value)
        }
        return Summary(active: active, totals: totals.values.sorted { $0.currency < $1.currency },
                       notInTotals: notInTotals)
    }
}
