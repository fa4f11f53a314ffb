/// The billing periods a series of charges can show, with their length in days and how far
/// a charge may drift from the grid (weekends, month ends, processing delays).
public enum Period: String, Sendable, CaseIterable {
    case weekly, biweekly, fourWeekly = "every 4 weeks", monthly, quarterly, semiannual, yearly

    /// Mean length in days.
    public var days: Double {
        switch self {
        case .weekly: return 7
        case .biweekly: return 14
        case .fourWeekly: return 28
        case .monthly: return 30.44
        case .quarterly: return 91.31
        case .semiannual: return 182.62
        case .yearly: return 365.25
        }
    }

    /// Days a charge may land off the grid and still be on time.
    public var tolerance: Double {
        switch self {
        case .weekly: return 1.5
        case .biweekly: return 2
        case .fourWeekly: return 1.5
        case .monthly: return 4.5
        case .quarterly: return 8
        case .semiannual: return 12
        case .yearly: return 16
        }
    }

    /// The most whole periods one gap may span (a missed charge or two), none for yearly.
    var maxSkip: Int { self == .yearly ? 1 : 3 }

    /// The canonical cycle (`every 4 weeks` is four weeks, not a month).
    public var cycle: Cycle {
        switch self {
        case .weekly: return Cycle(unit: .week)
        case .biweekly: return Cycle(unit: .week, interval: 2)
        case .fourWeekly: return Cycle(unit: .week, interval: 4)
        case .monthly: return .monthly
        case .quarterly: return Cycle(unit: .month, interval: 3)
        case .semiannual: return Cycle(unit: .month, interval: 6)
        case .yearly: return .yearly
        }
    }
}

/// How well a list of gaps fits a period.
public struct PeriodFit: Hashable, Sendable {
    public var period: Period
    /// Share of gaps on the grid (one or a few whole periods within tolerance).
    public var onGrid: Double
    /// Gaps that spanned more than one period (missed charges).
    public var missed: Int
    /// Mean distance from the grid, as a share of the tolerance (0 = exact).
    public var drift: Double

    var score: Double { onGrid - 0.1 * Double(missed) / Double(max(1, gapCount)) - 0.02 * drift }
    var gapCount: Int

    /// The best period for gaps in days, nil when none fits at least three in four gaps.
    public static func best(gaps: [Int]) -> PeriodFit? {
        guard !gaps.isEmpty else { return nil }
        var best: PeriodFit?
        for period in Period.allCases {
            var fits = 0, missed = 0
            var drift = 0.0
            for gap in gaps {
                let k = max(1, Int((Double(gap) / period.days).rounded()))
                let error = abs(Double(gap) - Double(k) * period.days)
                guard k <= period.maxSkip, error <= period.tolerance * (1 + 0.5 * Double(k - 1)) else { continue }
                fits += 1
                missed += k - 1
                drift += error / period.tolerance
            }
            guard fits > 0 else { continue }
            let fit = PeriodFit(period: period, onGrid: Double(fits) / Double(gaps.count), missed: missed,
                                drift: drift / Double(fits), gapCount: gaps.count)
            if best == nil || fit.score > (best?.score ?? 0) + 1e-9 { best = fit }
        }
        guard let best, best.onGrid >= (gaps.count <= 2 ? 1 : 0.75) else { return nil }
        return best
    }
}
