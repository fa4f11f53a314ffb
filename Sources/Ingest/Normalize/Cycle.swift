import Foundation

/// How often a subscription bills: a unit and a whole number of them (quarterly = month × 3).
public struct Cycle: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable, Comparable {
        case day, week, month, year

        var rank: Int {
            switch self {
            case .day: return 0
            case .week: return 1
            case .month: return 2
            case .year: return 3
            }
        }

        public static func < (a: Unit, b: Unit) -> Bool { a.rank < b.rank }
    }

    public var unit: Unit
    public var interval: Int

    /// The counts a cycle read from input may have (`every 1000 days` at most): larger ones
    /// are mistakes, and keep date arithmetic far from overflow.
    public static let intervals = 1...1000

    public init(unit: Unit, interval: Int = 1) {
        self.unit = unit
        self.interval = interval
    }

    public static let monthly = Cycle(unit: .month)
    public static let yearly = Cycle(unit: .year)
    public static let weekly = Cycle(unit: .week)

    /// Rewrites to the largest unit that is exact: 12 months → 1 year, 14 days → 2 weeks.
    public var canonical: Cycle {
        switch unit {
        case .day where interval % 7 == 0: return Cycle(unit: .week, interval: interval / 7)
        case .month where interval % 12 == 0: return Cycle(unit: .year, interval: interval / 12)
        default: return self
        }
    }

    public var description: String { interval == 1 ? unit.rawValue : "\(interval) \(unit.rawValue)s" }

    /// What one charge of `amount` every cycle costs per month: weekly ×52/12, daily ×365/12.
    public func monthlyEquivalent(of amount: Decimal) -> Decimal {
        let perUnit: Decimal
        switch unit {
        case .day: perUnit = amount * 365 / 12
        case .week: perUnit = amount * 52 / 12
        case .month: perUnit = amount
        case .year: perUnit = amount / 12
        }
        return interval == 1 ? perUnit : perUnit / Decimal(interval)
    }

    /// What it costs per year: monthly ×12, weekly ×52, daily ×365.
    public func yearlyEquivalent(of amount: Decimal) -> Decimal {
        let perUnit: Decimal
        switch unit {
        case .day: perUnit = amount * 365
        case .week: perUnit = amount * 52
        case .month: perUnit = amount * 12
        case .year: perUnit = amount
        }
        return interval == 1 ? perUnit : perUnit / Decimal(interval)
    }

    /// The date one cycle after `date`, month arithmetic clamped to the month's end.
    /// The count is multiplied with overflow checked (a product past `Int` steps as far as
    /// `adding` goes).
    public func advance(_ date: CalendarDate, times: Int = 1) -> CalendarDate {
        let (perUnit, overflowA) = interval.multipliedReportingOverflow(by: unit == .week ? 7 : unit == .year ? 12 : 1)
        let (steps, overflowB) = perUnit.multipliedReportingOverflow(by: times)
        let count = overflowA || overflowB ? ((interval < 0) == (times < 0) ? Int.max : Int.min) : steps
        switch unit {
        case .day, .week: return date.adding(days: count)
        case .month, .year: return date.adding(months: count)
        }
    }
}
