/// The renewals of one subscription: its `anchor` (a renewal date) and every date a whole
/// number of cycles later. This is ingest's one roll-forward rule; the import's roll-forward
/// (`DraftBuilder.rolled`), `ingest due` and the calendar's RRULE (`RecurrenceRule`) all follow it.
///
/// Renewal n is `cycle.advance(anchor, times: n)`: counted from the anchor each time, not from
/// the renewal before, so a monthly renewal on the 31st falls on the last day of shorter months
/// and comes back to the 31st (Jan 31, Feb 28, Mar 31, Apr 30). A yearly renewal on Feb 29
/// falls on Feb 28 in common years.
package struct RenewalSchedule: Hashable, Sendable {
    package var anchor: CalendarDate
    package var cycle: Cycle

    package init(anchor: CalendarDate, cycle: Cycle) {
        self.anchor = anchor
        self.cycle = Cycle(unit: cycle.unit, interval: max(1, cycle.interval))
    }

    /// The renewal `n` cycles after the anchor (0: the anchor).
    package func renewal(_ n: Int) -> CalendarDate {
        cycle.advance(anchor, times: n)
    }

    /// The day of the month a month- or year-based renewal aims for when the month is shorter:
    /// the anchor's day when it is 29, 30 or 31 (the month's last day stands in), else nil
    /// (every month has that day; a day or week cycle has no day of the month).
    package var monthEndDay: Int? {
        switch cycle.unit {
        case .day, .week: return nil
        case .month: return anchor.day >= 29 ? anchor.day : nil
        case .year: return anchor.month == 2 && anchor.day == 29 ? 29 : nil
        }
    }

    /// The first renewal on or after `day`, and how many cycles after the anchor it is.
    /// The count is worked out from the distance (a daily cycle from the year 1 is not stepped
    /// 740,000 times), then settled by at most a few steps.
    package func first(onOrAfter day: CalendarDate) -> (date: CalendarDate, times: Int) {
        guard anchor < day else { return (anchor, 0) }
        var times: Int
        switch cycle.unit {
        case .day, .week:
            let step = cycle.interval * (cycle.unit == .week ? 7 : 1)
            times = (day.dayNumber - anchor.dayNumber + step - 1) / step
        case .month, .year:
            let step = cycle.interval * (cycle.unit == .year ? 12 : 1)
            times = max(1, ((day.year - anchor.year) * 12 + day.month - anchor.month) / step)
        }
        var next = renewal(times)
        while next < day {
            times += 1
            next = renewal(times)
        }
        return (next, times)
    }

    /// Every renewal from `start` through `end` (both included), earliest first.
    package func renewals(from start: CalendarDate, through end: CalendarDate) -> [CalendarDate] {
        var (date, n) = first(onOrAfter: start)
        var dates: [CalendarDate] = []
        while date <= end, date.isSupported {
            dates.append(date)
            n += 1
            date = renewal(n)
        }
        return dates
    }
}
