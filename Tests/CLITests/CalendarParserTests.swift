import Foundation
import Ingest
import IngestTestSupport
import Testing

/// Checks `ingest calendar`'s files with an iCalendar parser that is not ours: Python's
/// `icalendar` reads the file and `recurring-ical-events` expands every RRULE, and each event's
/// dates must be the renewals `RenewalSchedule` gives (Scripts/check-ics.py). The subscriptions
/// are generated from a fixed seed, leaning on the hard cases: days 29-31, Feb 29, weeks,
/// every 3 months, years. Skipped, with the reason, where python3 lacks those modules
/// (`.ci/setup` installs them).
@Suite struct CalendarParserTests {
    static let python: String? = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import icalendar, recurring_ical_events"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        do { try probe.run() } catch { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? "python3" : nil
    }()

    struct Setup: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var reminders: [Int]
        var remindAt: String
        var until: CalendarDate?
        var testDescription: String { arguments.isEmpty ? "defaults" : arguments.joined(separator: " ") }
    }

    static let setups: [Setup] = [
        Setup(arguments: [], reminders: [0, 1, 3, 7], remindAt: "09:00"),
        Setup(arguments: ["--remind", "0,2,14", "--remind-at", "18:30", "--until", "2029-03-15"],
              reminders: [0, 2, 14], remindAt: "18:30", until: CalendarDate(year: 2029, month: 3, day: 15)),
    ]

    static let window = (from: GeneratedSubscriptions.date(2028, 1, 1), through: GeneratedSubscriptions.date(2029, 12, 31))

    @Test(.enabled(if: python != nil, "python3 with icalendar and recurring-ical-events is not installed: pip install icalendar recurring-ical-events"),
          arguments: setups)
    func independentParserAgrees(_ setup: Setup) throws {
        let subscriptions = GeneratedSubscriptions.make(seed: 20_261_130, count: 400)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-ics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(CanonicalJSON.text(subscriptions).utf8).write(to: folder.appendingPathComponent("subs.json"))

        let run = try CLI.run(["calendar", "subs.json", "-o", "renewals.ics", "--today", "2027-12-01"] + setup.arguments, in: folder)
        #expect(run.status == 0, "stderr: \(run.stderrText)")

        var uids = RenewalCalendar.UIDs(stamp: GeneratedSubscriptions.date(2027, 12, 1), catalog: .bundled)
        var events: [(String, JSONValue)] = []
        let last = min(Self.window.through, setup.until ?? Self.window.through)
        for sub in subscriptions {
            let uid = uids.next(for: sub)
            // A trial's end: one event, no repeats.
            if let end = sub.trialEnds, setup.until.map({ end <= $0 }) ?? true {
                let inside = end >= Self.window.from && end <= last
                events.append((RenewalCalendar.UIDs.uid(uid + "|trial"), .array(inside ? [.string(end.description)] : [])))
            }
            guard let start = sub.nextRenewal, setup.until.map({ start <= $0 }) ?? true else { continue }
            let dates: [CalendarDate]
            if let cycle = sub.cycle {
                dates = RenewalSchedule(anchor: start, cycle: cycle).renewals(from: Self.window.from, through: last)
            } else {
                dates = start >= Self.window.from && start <= last ? [start] : []
            }
            events.append((uid, .array(dates.map { .string($0.description) })))
        }
        let expected = JSONValue.object([
            ("from", .string(Self.window.from.description)), ("through", .string(Self.window.through.description)),
            ("reminders", .array(setup.reminders.map { .int($0) })), ("remindAt", .string(setup.remindAt)),
            ("events", .object(events)),
        ])
        try Data(expected.serialized(pretty: true).utf8).write(to: folder.appendingPathComponent("expected.json"))

        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", CLI.packageRoot.appendingPathComponent("Scripts/check-ics.py").path,
                           folder.appendingPathComponent("renewals.ics").path, folder.appendingPathComponent("expected.json").path]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        print(output, terminator: "")
        #expect(check.terminationStatus == 0, "\(output)")
        #expect(output.contains(" 0 events differ"), "\(output)")
    }
}

/// Subscriptions made from a seed: the same seed, the same list. Most renew on hard days
/// (28th-31st, Feb 29) by months, years, weeks or days; a few repeat a name, cycle and currency
/// (their UIDs must still differ), have no cycle, or no renewal; some are in a free trial;
/// names hold commas, semicolons, backslashes and long non-ASCII text for escaping and folding.
enum GeneratedSubscriptions {
    typealias Seeded = SeededRandom

    static let cycles: [Cycle] = [
        .monthly, .monthly, .monthly, Cycle(unit: .month, interval: 3), Cycle(unit: .month, interval: 3),
        Cycle(unit: .month, interval: 2), Cycle(unit: .month, interval: 6), .yearly, .yearly,
        Cycle(unit: .year, interval: 2), .weekly, Cycle(unit: .week, interval: 2), Cycle(unit: .week, interval: 4),
        Cycle(unit: .day, interval: 1), Cycle(unit: .day, interval: 10), Cycle(unit: .day, interval: 30),
    ]

    static let names = [
        "Netflix", "Spotify", "Gym", "Cloud, storage; backup", "Back\\slash", "Café Crème Ünïcödé 日本語のサブスクリプション サービス — プレミアム ファミリー プラン",
        "iCloud+", "Newspaper", "Disney+",
    ]

    /// A day known to exist.
    static func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: day) ?? CalendarDate(dayNumber: 0)
    }

    static func make(seed: UInt64, count: Int) -> [Subscription] {
        var random = Seeded(state: seed)
        // Trials draw from their own sequence, so the rest of the list stays as it was.
        var trials = Seeded(state: seed ^ 0x5452_4941_4C53)
        var list: [Subscription] = []
        for i in 0..<count {
            let cycle = random.pick(cycles)
            let year = 2027 + random.below(3)
            let month = 1 + random.below(12)
            let hard = random.below(3) > 0
            var day = hard ? 28 + random.below(4) : 1 + random.below(28)
            if random.below(8) == 0 { day = 29 }
            let anchor: CalendarDate
            if random.below(10) == 0 {
                anchor = GeneratedSubscriptions.date(random.pick([2024, 2028]), 2, 29)
            } else {
                anchor = GeneratedSubscriptions.date(year, month, min(day, CalendarDate.daysIn(month: month, year: year)))
            }
            let roll = random.below(40)
            let name = random.below(4) == 0 ? random.pick(names) : "Service \(i)"
            let currency = random.pick(["USD", "EUR", "JPY", "GBP"])
            list.append(Subscription(
                name: name,
                price: Price(amount: Decimal(1 + random.below(5000)) / 100, currency: Currency(currency)),
                cycle: roll == 0 ? nil : cycle, nextRenewal: roll == 1 ? nil : anchor,
                category: random.pick([nil, .streaming, .software]),
                notes: random.below(5) == 0 ? "Line one\nline two, with; marks" : nil,
                source: Provenance(file: "generated.csv", row: i + 1),
                trialEnds: trials.below(8) == 0 ? anchor.adding(days: -trials.below(30)) : nil))
        }
        return list
    }
}
