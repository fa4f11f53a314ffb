/// An iCalendar file (RFC 5545) of renewals: one all-day event per subscription with a next
/// renewal, repeating by its cycle (`RecurrenceRule`), with a reminder per offset; and one for
/// the day a free trial ends (`trialEnds`), the last day to cancel before the first charge.
///
/// The same subscriptions and `stamp` give the same bytes: nothing reads the clock, and each
/// event's UID comes from the subscription's service, cycle and currency, so importing the file
/// again updates the events instead of adding copies.
package struct RenewalCalendar: Sendable {
    /// Days before a renewal to be reminded (0: on the day).
    package var reminderDays: [Int] = [0, 1, 3, 7]
    /// The local time of day of each reminder, in minutes after midnight (9:00 by default).
    package var reminderMinute = 9 * 60
    /// The day the file is made (`DTSTAMP`, at 00:00 UTC): the CLI's `--today`.
    package var stamp: CalendarDate
    /// No renewal after this day (`UNTIL`); a subscription whose next renewal is later is left out.
    package var until: CalendarDate?
    /// Where the manage links and the services' identities come from.
    package var catalog: BrandCatalog

    package init(stamp: CalendarDate, catalog: BrandCatalog) {
        self.stamp = stamp
        self.catalog = catalog
    }

    /// A subscription that got no event, and why.
    package struct Skipped: Hashable, Sendable {
        package var index: Int
        package var subscription: Subscription
        package var reason: String
    }

    /// The file's text, the subscriptions left out, and how many events it holds.
    package func make(_ subscriptions: [Subscription]) -> (text: String, skipped: [Skipped], events: Int) {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ingest//renewals//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:Subscription renewals",
        ]
        var skipped: [Skipped] = []
        var uids = RenewalCalendar.UIDs(stamp: stamp, catalog: catalog)
        var events = 0
        for (i, sub) in subscriptions.enumerated() {
            let uid = uids.next(for: sub)
            if let status = sub.status, !sub.isCharging {
                skipped.append(Skipped(index: i, subscription: sub, reason: status.rawValue))
                continue
            }
            if let end = sub.trialEnds, until.map({ end <= $0 }) ?? true {
                lines += trialEvent(sub, end: end, uid: UIDs.uid(uid + "|trial"))
                events += 1
            }
            guard let start = sub.nextRenewal else {
                skipped.append(Skipped(index: i, subscription: sub, reason: "no next renewal"))
                continue
            }
            if let until, start > until {
                skipped.append(Skipped(index: i, subscription: sub, reason: "next renewal \(start) is after \(until)"))
                continue
            }
            lines += event(sub, start: start, uid: uid)
            events += 1
        }
        lines.append("END:VCALENDAR")
        return (lines.map(ICalendarText.folded).joined(), skipped, events)
    }

    /// The first lines of an all-day event on `day`.
    func opening(uid: String, day: CalendarDate) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + ICalendarText.date(stamp) + "T000000Z",
            "DTSTART;VALUE=DATE:" + ICalendarText.date(day),
        ]
        // An all-day event without DTEND lasts the day anyway; the day after 9999-12-31 has no
        // four-digit year to write.
        let end = day.adding(days: 1)
        if end.isSupported { lines.append("DTEND;VALUE=DATE:" + ICalendarText.date(end)) }
        return lines
    }

    /// A reminder per `reminderDays`, saying `what` happens when.
    func alarms(_ what: String) -> [String] {
        reminderDays.flatMap { days in
            [
                "BEGIN:VALARM", "ACTION:DISPLAY",
                "TRIGGER:" + ICalendarText.duration(minutes: reminderMinute - days * 1440),
                "DESCRIPTION:" + ICalendarText.escaped(days == 0 ? "\(what) today" : "\(what) in \(days) day\(days == 1 ? "" : "s")"),
                "END:VALARM",
            ]
        }
    }

    /// The one-day event of a free trial's end, without repeats.
    func trialEvent(_ sub: Subscription, end: CalendarDate, uid: String) -> [String] {
        var lines = opening(uid: uid, day: end)
        lines.append("SUMMARY:" + ICalendarText.escaped("\(sub.name) — free trial ends"))
        let link = RenewalCalendar.manageLink(sub, catalog: catalog)
        var text = ["The free trial ends: cancel by then to avoid the first charge"
            + (sub.price.map { " of \($0.amountText)\($0.currency.map { " \($0.code)" } ?? "")" } ?? "")]
        if let link { text.append("Manage or cancel: \(link)") }
        text.append("Source: \(sub.source.location())")
        lines.append("DESCRIPTION:" + ICalendarText.escaped(text.joined(separator: "\n")))
        if let link { lines.append("URL:" + link) }
        lines.append("TRANSP:TRANSPARENT")
        lines += alarms("\(sub.name) — free trial ends")
        lines.append("END:VEVENT")
        return lines
    }

    /// The lines of one subscription's renewal event.
    func event(_ sub: Subscription, start: CalendarDate, uid: String) -> [String] {
        var lines = opening(uid: uid, day: start)
        if let cycle = sub.cycle {
            lines.append("RRULE:" + RecurrenceRule(RenewalSchedule(anchor: start, cycle: cycle), until: until).value)
        }
        let summary = RenewalCalendar.summary(sub)
        lines.append("SUMMARY:" + ICalendarText.escaped(summary))
        let link = RenewalCalendar.manageLink(sub, catalog: catalog)
        lines.append("DESCRIPTION:" + ICalendarText.escaped(RenewalCalendar.description(sub, link: link)))
        if let link { lines.append("URL:" + link) }
        lines.append("TRANSP:TRANSPARENT")
        lines += alarms("\(summary) renews")
        lines.append("END:VEVENT")
        return lines
    }

    /// "Netflix — 15.49 USD", or the name alone when the price is unknown.
    package static func summary(_ sub: Subscription) -> String {
        guard let price = sub.price else { return sub.name }
        return "\(sub.name) — \(price.amountText)" + (price.currency.map { " \($0.code)" } ?? "")
    }

    /// The cycle, category, notes, manage link and source, a line each.
    static func description(_ sub: Subscription, link: String?) -> String {
        var lines = [sub.cycle.map { "Renews every \($0)" } ?? "Renews once as far as known (no billing cycle)"]
        if let category = sub.category { lines.append("Category: \(category.rawValue)") }
        if let notes = sub.notes, !notes.isEmpty { lines.append("Notes: \(notes)") }
        if let link { lines.append("Manage or cancel: \(link)") }
        lines.append("Source: \(sub.source.location())")
        return lines.joined(separator: "\n")
    }

    /// The account or cancel page of the subscription's service: the one its `service` names,
    /// else the one the brand catalog knows for its name (files written before `service`).
    static func manageLink(_ sub: Subscription, catalog: BrandCatalog) -> String? {
        guard let link = sub.service?.manageURL ?? catalog.listMatch(sub.name)?.brand.manageURL,
              link.hasPrefix("https://"), !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        return link
    }

    /// Stable event UIDs: a hash of the service, cycle and currency (`CanonicalMerger.key` and
    /// the currency code); a second subscription with the same identity in one file gets `|2`
    /// added to its key, so UIDs within a file never repeat.
    package struct UIDs {
        let merger: CanonicalMerger
        var seen: [String: Int] = [:]

        package init(stamp: CalendarDate, catalog: BrandCatalog) { merger = CanonicalMerger(today: stamp, catalog: catalog) }

        static func identity(_ sub: Subscription, merger: CanonicalMerger) -> String {
            merger.key(sub) + "|" + (sub.price?.currency?.code ?? "-")
        }

        package mutating func next(for sub: Subscription) -> String {
            var key = UIDs.identity(sub, merger: merger)
            let count = (seen[key] ?? 0) + 1
            seen[key] = count
            if count > 1 { key += "|\(count)" }
            return UIDs.uid(key)
        }

        /// `0f3a…@ingest`: 16 hex digits of the key's FNV-1a hash.
        package static func uid(_ key: String) -> String {
            let hex = String(DraftMerger.hash(key), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + "@ingest"
        }
    }
}
