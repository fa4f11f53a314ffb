/// The billing periods a series of charges can show, with their length in days and how far
/// a charge may drift from the grid (weekends, month ends, processing delays).
package enum Period: String, Sendable, CaseIterable {
    case weekly, biweekly, fourWeekly = "every 4 weeks", monthly, quarterly, semiannual, yearly

    /// Mean length in days.
    package var days: Double {
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
    package var tolerance: Double {
        switch self {
        case .weekly: return 1.5
        case .biweekly: return 2
        case .fourWeekly: return 1.5
        case .monthly: return 6
        case .quarterly: return 8
        case .semiannual: return 12
        case .yearly: return 16
        }
    }

    /// The most whole periods one gap may span (a missed charge or two), none for yearly.
    var maxSkip: Int { self == .yearly ? 1 : 3 }

    /// The canonical cycle (`every 4 weeks` is four weeks, not a month).
    package var cycle: Cycle {
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
package struct PeriodFit: Hashable, Sendable {
    package var period: Period
    /// Share of gaps on the grid (one or a few whole periods within tolerance).
    package var onGrid: Double
    /// Gaps that spanned more than one period (missed charges).
    package var missed: Int
    /// Mean distance from the grid, as a share of the tolerance (0 = exact).
    package var drift: Double

    var score: Double { onGrid - 0.5 * Double(missed) / Double(max(1, gapCount)) - 0.02 * drift }
    var gapCount: Int

    /// The best period for gaps in days, nil when none fits at least three in four gaps.
    package static func best(gaps: [Int]) -> PeriodFit? {
        guard !gaps.isEmpty else { return nil }
        var best: PeriodFit?
        var fits: [PeriodFit] = []
        // One gap of 28 days is a February as often as a four-week plan: it takes two to tell.
        for period in Period.allCases where !(period == .fourWeekly && gaps.count == 1) {
            var onGrid = 0, missed = 0
            var drift = 0.0
            for gap in gaps {
                let k = max(1, Int((Double(gap) / period.days).rounded()))
                let error = abs(Double(gap) - Double(k) * period.days)
                guard k <= period.maxSkip, error <= period.tolerance * (1 + 0.5 * Double(k - 1)) else { continue }
                onGrid += 1
                missed += k - 1
                drift += error / period.tolerance
            }
            guard onGrid > 0 else { continue }
            let fit = PeriodFit(period: period, onGrid: Double(onGrid) / Double(gaps.count), missed: missed,
                                drift: drift / Double(onGrid), gapCount: gaps.count)
            fits.append(fit)
            if best == nil || fit.score > (best?.score ?? 0) + 1e-9 { best = fit }
        }
        guard var best, best.onGrid >= (gaps.count <= 2 ? 1 : 0.75) else { return nil }
        // Monthly and every-4-weeks gaps are both near 30 days one by one; over the series the
        // mean gap tells them apart (30.4 against 28).
        if best.period == .monthly || best.period == .fourWeekly, gaps.count >= 2,
           let four = fits.first(where: { $0.period == .fourWeekly }), let month = fits.first(where: { $0.period == .monthly }) {
            let mean = Double(gaps.reduce(0, +)) / Double(gaps.count + best.missed)
            let pick = mean < 29.2 ? four : month
            if pick.onGrid >= 0.75 { best = pick }
        }
        return best
    }
}
