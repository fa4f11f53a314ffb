import Foundation
import Ingest

/// `ingest accept DRAFTS.json`: checks a hand-edited drafts file and writes the accepted drafts
/// as canonical JSON. The same file always gives the same bytes.
struct AcceptCommand: Command {
    static let name = "accept"
    static let summary = "Write the accepted drafts of an edited drafts file as canonical JSON."
    static let usage = "ingest accept DRAFTS.json [-o FILE] [--merge-into FILE] [--accept all|confident|none] [-q]"
    static let discussion = """
        DRAFTS.json comes from `ingest import … --drafts DRAFTS.json` (format ingest/drafts@1);
        - reads it from standard input.
        Edit a draft's "status" (pending, accepted, rejected, inactive) and any field's "value",
        either in normalised form ({"amount": "9.99", "currency": "EUR"}, {"unit": "month",
        "interval": 1}, "2026-12-05") or as raw text read like an import ("9,99 €", "every
        2 weeks", "05.12.2026"). Every edit is checked first; each problem is reported as
        DRAFTS.json: draft N (NAME): FIELD …, and nothing is written (exit 1).
        Only accepted drafts are written (inactive ones with --include-inactive); --accept
        decides drafts still pending (default none: pending drafts are left out and counted).
        """
    static let options: [OptionSpec] = [
        CommonOptions.output("the canonical JSON"), CommonOptions.quiet, ReviewOptions.mergeInto, ReviewOptions.policy, ReviewOptions.includeInactive, ReviewOptions.rates,
    ]

    let input: String
    let output: String?
    let mergeInto: String?
    let ratesPath: String?
    let policy: AcceptPolicy
    let includeInactive: Bool

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("accept needs exactly one DRAFTS.json (written by ingest import --drafts)") }
        input = args.positionals[0]
        output = args.value("-o")
        mergeInto = args.value("--merge-into")
        ratesPath = args.value("--rates")
        policy = try ReviewOptions.policy(args) ?? .none
        includeInactive = args.has("--include-inactive")
        var paths = OutputPaths.reviewed(output: output, mergeInto: mergeInto, rates: ratesPath)
        paths.input(input, flag: "drafts file")
        try paths.check()
    }

    func run() throws -> Int32 {
        let rates: ExchangeRates?
        do { rates = try ReviewOptions.rates(ratesPath) } catch {
            Stderr.print("ingest: \(error.message)")
            return 1
        }
        let name = input == "-" ? "<stdin>" : input
        guard let data = input == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: input) else {
            Stderr.print("ingest: \(input): cannot read the drafts file (check the path)")
            return 1
        }
        let read: (drafts: [ImportDraft], context: NormalizeContext)
        do { read = try DraftsFileReader(file: name).read(String(decoding: data, as: UTF8.self)) } catch {
            for message in RemedyWording.messages(error) { Stderr.print("ingest: \(VisibleText.escaped(message))") }
            return 1
        }
        var drafts = read.drafts
        for i in drafts.indices { drafts[i].status = policy.decide(drafts[i]) }
        // Drafts the policy would have taken but may not (a negative price): say which and why.
        for (i, draft) in drafts.enumerated() where policy != .none && draft.status == .pending && AcceptPolicy.isRefused(draft) {
            for issue in draft.allIssues where AcceptPolicy.refusedCodes.contains(issue.code) {
                let label = draft.name.value.map { " (\($0))" } ?? ""
                Stderr.note("ingest: \(name): draft \(i + 1)\(VisibleText.escaped(label)): left pending: \(VisibleText.escaped(RemedyWording.message(issue)))")
            }
        }
        var counts: [ImportDraft.Status: Int] = [:]
        for draft in drafts { counts[draft.status, default: 0] += 1 }
        let subscriptions = drafts.filter { AcceptPolicy.isOutput($0, includeInactive: includeInactive) }
            .compactMap(Subscription.init(draft:))
        Stderr.note("ingest: \(name): \(drafts.count) drafts → \(subscriptions.count) written; "
            + ImportDraft.Status.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        if let pending = counts[.pending], pending > 0 {
            Stderr.note("ingest: \(pending) draft\(pending == 1 ? " is" : "s are") still pending and not written; set \"status\" to accepted or rejected")
        }
        return try CanonicalOutput(output: output, mergeInto: mergeInto, rates: rates, today: read.context.today,
                                   catalog: .bundled)
            .write(subscriptions)
    }
}
