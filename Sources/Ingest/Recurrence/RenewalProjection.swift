/// The next charge of a recurring series, projected on the series' own grid: the day of the
/// month (or the day of a week cycle) most of its recent charges fell on, so a last charge that
/// a weekend or a processing delay moved does not move the projection.
package enum RenewalProjection {
    /// How many of the latest charges decide the series' day: enough to outvote a charge or two
    /// moved by a weekend, few enough to follow a billing day that changed.
    static let recent = 12

    /// The billing day on the grid that the last of `dates` (sorted, not empty) belongs to, and
    /// the series' day of the month (31 for the month's end, whatever the month): the last
    /// charge itself when its neighbours on the grid are further off than the period's tolerance.
    package static func anchor(of dates: [CalendarDate], period: Period) -> (date: CalendarDate, day: Int) {
        let last = dates[dates.count - 1]
        let window = dates.suffix(recent)
        let cycle = period.cycle
        // A charge is booked on its billing day or after it (a weekend, a holiday, a processing
        // delay), never before: the billing day is the earliest day the charges fell on again
        // and again, on or before the last charge. With fewer than three charges any day seen
        // will do; with more and no day seen twice, the series has no fixed day (billed every
        // 30 days, say) and goes on from its last charge.
        let needed = window.count < 3 ? 1 : 2
        var best: (date: CalendarDate, day: Int, count: Int)?
        for charge in window {
            // A month's last day stands for the month's end (the 31st where a month has one).
            var candidate = charge
            if cycle.unit == .month || cycle.unit == .year, charge.day == CalendarDate.daysIn(month: charge.month, year: charge.year) {
                candidate = CalendarDate(unchecked: charge.year, charge.month, 31)
            }
            let grid = gridPoint(near: last, like: candidate, cycle: cycle)
            guard grid <= last, last.dayNumber - grid.dayNumber <= Int(period.tolerance) else { continue }
            let count = window.filter({ onGrid($0, like: candidate, cycle: cycle) }).count
            guard count >= needed, best.map({ grid < $0.date || (grid == $0.date && count > $0.count) }) ?? true else { continue }
            best = (grid, candidate.day, count)
        }
        return best.map { ($0.date, $0.day) } ?? (last, last.day)
    }

    /// The first billing day after the last of `dates` on the series' grid, rolled forward a
    /// period at a time until it is not before `today`; nil only beyond the supported years.
    package static func next(after dates: [CalendarDate], period: Period, today: CalendarDate) -> CalendarDate {
        let anchor = anchor(of: dates, period: period)
        let cycle = period.cycle
        var steps = 1
        var next = advance(anchor, cycle: cycle, times: 1)
        while next < today, steps < 10_000, next.isSupported {
            steps += 1
            next = advance(anchor, cycle: cycle, times: steps)
        }
        return next
    }

    /// `times` cycles after the anchor, on the series' day of the month where the month has it
    /// (the 31st after a February charge on the 28th), else on the month's last day.
    static func advance(_ anchor: (date: CalendarDate, day: Int), cycle: Cycle, times: Int) -> CalendarDate {
        let moved = cycle.advance(anchor.date, times: times)
        guard cycle.unit == .month || cycle.unit == .year else { return moved }
        let day = min(max(anchor.day, anchor.date.day), CalendarDate.daysIn(month: moved.month, year: moved.year))
        return CalendarDate(unchecked: moved.year, moved.month, day)
    }

    /// Whether `date` falls on the same place of the cycle as `model`: the same day of the
    /// month (a shorter month's last day standing for a later one), or the same day of a week
    /// cycle.
    static func onGrid(_ date: CalendarDate, like model: CalendarDate, cycle: Cycle) -> Bool {
        switch cycle.unit {
        case .day, .week:
            let length = cycle.unit == .week ? 7 * cycle.interval : cycle.interval
            guard length > 0 else { return date == model }
            return (date.dayNumber - model.dayNumber) % length == 0
        case .month, .year:
            if date.day == model.day { return true }
            return date.day < model.day && date.day == CalendarDate.daysIn(month: date.month, year: date.year)
        }
    }

    /// The day with `model`'s place in the cycle nearest to `date`.
    static func gridPoint(near date: CalendarDate, like model: CalendarDate, cycle: Cycle) -> CalendarDate {
        switch cycle.unit {
        case .day, .week:
            let length = cycle.unit == .week ? 7 * cycle.interval : cycle.interval
            guard length > 0 else { return date }
            var delta = (model.dayNumber - date.dayNumber) % length
            if delta < 0 { delta += length }
            if delta > length / 2 { delta -= length }
            return date.adding(days: delta)
        case .month, .year:
            var nearest = date
            var distance = Int.max
            for offset in -1...1 {
                let month = date.adding(months: offset)
                let day = min(model.day, CalendarDate.daysIn(month: month.month, year: month.year))
                let candidate = CalendarDate(unchecked: month.year, month.month, day)
                let gap = abs(candidate.dayNumber - date.dayNumber)
                if gap < distance { (nearest, distance) = (candidate, gap) }
            }
            return nearest
        }
    }
}
