/// The iCalendar RRULE (RFC 5545 §3.3.10) that repeats a `RenewalSchedule` from its anchor:
/// every date it expands to is a renewal the schedule gives, and the other way round.
///
///     month, anchor Jan 31   FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1
///     3 months, anchor 5th   FREQ=MONTHLY;INTERVAL=3
///     year, anchor Feb 29    FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1
///
/// A plain `BYMONTHDAY=31` would skip the months without a 31st (RFC 5545 drops invalid
/// dates); the list of candidate days with `BYSETPOS=-1` takes the latest that exists, which is
/// the schedule's clamp to the month's end.
package struct RecurrenceRule: Hashable, Sendable {
    package var schedule: RenewalSchedule
    /// The last day a renewal may fall on (`UNTIL`), nil for no end.
    package var until: CalendarDate?

    package init(_ schedule: RenewalSchedule, until: CalendarDate? = nil) {
        self.schedule = schedule
        self.until = until
    }

    /// The rule's value, without the `RRULE:` name.
    package var value: String {
        let cycle = schedule.cycle
        var parts: [String]
        switch cycle.unit {
        case .day: parts = ["FREQ=DAILY"]
        case .week: parts = ["FREQ=WEEKLY"]
        case .month: parts = ["FREQ=MONTHLY"]
        case .year: parts = ["FREQ=YEARLY"]
        }
        if cycle.interval > 1 { parts.append("INTERVAL=\(cycle.interval)") }
        if let day = schedule.monthEndDay {
            if cycle.unit == .year { parts.append("BYMONTH=\(schedule.anchor.month)") }
            parts.append("BYMONTHDAY=" + (28...day).map(String.init).joined(separator: ","))
            parts.append("BYSETPOS=-1")
        }
        if let until { parts.append("UNTIL=" + ICalendarText.date(until)) }
        return parts.joined(separator: ";")
    }
}
