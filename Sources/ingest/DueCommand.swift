import Foundation
import Ingest

/// `ingest due SUBS.json`: what renews in the next days, soonest first, with totals per currency.
struct DueCommand: Command {
    static let name = "due"
    static let summary = "List what renews in the next days, soonest first, with a total per currency."
    static let usage = "ingest due SUBS.json [--within DAYS] [--today YYYY-MM-DD] [--format text|json] [--fail-if-due] [-o FILE]"
    static let discussion = """
        SUBS.json is the canonical file `ingest import` writes (- for standard input). Lists
        every renewal from --today through --within days later (both days included), moving a
        past next renewal on by its cycle as the import does; a weekly subscription can be due
        more than once. Totals are per currency; different currencies are never added.
        Exit code 0, or with --fail-if-due 1 when anything is due (for a cron job or CI).
        """
    static let options: [OptionSpec] = [
        .option("--within", value: "DAYS", help: "How many days ahead to look (default 7)."),
        .option("--today", value: "YYYY-MM-DD", help: "The first day of the window (default: today, UTC)."),
        CommonOptions.format(["text", "json"]),
        .flag("--fail-if-due", help: "Exit with 1 when anything is due."),
        CommonOptions.output("the list"), CommonOptions.quiet,
    ]

    let input: SubscriptionsInput
    let output: String?
    let today: CalendarDate
    let days: Int
    let json: Bool
    let failIfDue: Bool

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("due needs exactly one SUBS.json (the file ingest import writes)") }
        input = SubscriptionsInput(path: args.positionals[0])
        output = args.value("-o")
        today = try CommonOptions.day(args, "--today") ?? SystemClock.today()
        if let text = args.value("--within") {
            guard let n = Int(text), (0...3660).contains(n) else {
                throw UsageError("--within \(text): expected a whole number of days from 0 to 3660, e.g. 7")
            }
            days = n
        } else {
            days = 7
        }
        json = try CommonOptions.format(args, ["text", "json"]) == "json"
        failIfDue = args.has("--fail-if-due")
        var paths = OutputPaths()
        paths.output("-o", output, example: json ? "due.json" : "due.txt")
        paths.input(input.path)
        try paths.check()
    }

    func run() throws -> Int32 {
        guard let subscriptions = input.readOrReport() else { return 1 }
        let list = DueList(subscriptions, today: today, days: days)
        let out = try OutputFile(path: output)
        out.write(json ? list.json().serialized(pretty: true) + "\n" : list.text())
        try out.close()
        return failIfDue && !list.items.isEmpty ? 1 : 0
    }
}
