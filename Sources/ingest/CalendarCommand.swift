import Foundation
import Ingest

/// `ingest calendar SUBS.json`: an iCalendar file of renewals, with reminders.
struct CalendarCommand: Command {
    static let name = "calendar"
    static let summary = "Write an iCalendar (.ics) file of renewals, with reminders, from a subscriptions file."
    static let usage = "ingest calendar SUBS.json [-o FILE] [--remind DAYS] [--remind-at HH:MM] [--today YYYY-MM-DD] [--until YYYY-MM-DD]"
    static let discussion = """
        SUBS.json is the canonical file `ingest import` writes (- for standard input). Each
        subscription with a next renewal becomes an all-day event that repeats by its cycle;
        a renewal on the 29th-31st falls on the last day of shorter months, as ingest rolls
        dates forward. Each event has a reminder per --remind day at --remind-at local time.
        The event's UID comes from the service, cycle and currency, so importing a newer file
        updates the events. Subscriptions without a next renewal are listed on standard error.
        The same file and --today give the same bytes (--today sets DTSTAMP).
        """
    static let options: [OptionSpec] = [
        CommonOptions.output("the calendar"), CommonOptions.quiet,
        .option("--remind", value: "DAYS", help: "Days before a renewal to remind, e.g. 0,1,3,7 (the default), or none."),
        .option("--remind-at", value: "HH:MM", help: "Local time of day of the reminders (default 09:00)."),
        .option("--today", value: "YYYY-MM-DD", help: "The day the file is made, for DTSTAMP (default: today)."),
        .option("--until", value: "YYYY-MM-DD", help: "End the repeats on this day (default: no end)."),
    ]

    let input: SubscriptionsInput
    let output: String?
    let calendar: RenewalCalendar

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("calendar needs exactly one SUBS.json (the file ingest import writes)") }
        input = SubscriptionsInput(path: args.positionals[0])
        output = args.value("-o")
        var calendar = RenewalCalendar(stamp: try CommonOptions.day(args, "--today") ?? SystemClock.today(), catalog: .bundled)
        calendar.until = try CommonOptions.day(args, "--until")
        if let text = args.value("--remind") { calendar.reminderDays = try Self.reminderDays(text) }
        if let text = args.value("--remind-at") { calendar.reminderMinute = try Self.minuteOfDay(text) }
        self.calendar = calendar
        var paths = OutputPaths()
        paths.output("-o", output, example: "renewals.ics")
        paths.input(input.path)
        try paths.check()
    }

    /// `0,1,3,7` → [0, 1, 3, 7] (repeats dropped); `none` → [].
    static func reminderDays(_ text: String) throws(UsageError) -> [Int] {
        if text == "none" || text.isEmpty { return [] }
        var days: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), (0...366).contains(n) else {
                throw UsageError("--remind \(text): expected days from 0 to 366 separated by commas, e.g. 0,1,3,7, or none")
            }
            if !days.contains(n) { days.append(n) }
        }
        return days
    }

    /// `09:00` → 540.
    static func minuteOfDay(_ text: String) throws(UsageError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else {
            throw UsageError("--remind-at \(text): expected a time of day as HH:MM, e.g. 09:00 or 18:30")
        }
        return h * 60 + m
    }

    func run() throws -> Int32 {
        guard let subscriptions = input.readOrReport() else { return 1 }
        let (text, skipped, events) = calendar.make(subscriptions)
        for s in skipped {
            Stderr.note("ingest: \(input.name): subscription \(s.index + 1) \(SubscriptionsInput.label(s.subscription)): \(s.reason); no event")
        }
        let out = try OutputFile(path: output)
        out.write(text)
        try out.close()
        Stderr.note("ingest: \(events) event\(events == 1 ? "" : "s")\(skipped.isEmpty ? "" : ", \(skipped.count) subscription\(skipped.count == 1 ? "" : "s") left out")")
        return 0
    }
}
