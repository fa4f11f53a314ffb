import Foundation
import Ingest
import Testing

/// `ingest import` reads every `ingest export` form back to the same subscriptions: name,
/// price, cycle, next renewal, category and notes (and the plain CSV's trial ends), in order.
/// The list is generated from a fixed seed and imported once first, so it holds what an import
/// makes (catalog names and categories, amounts with their currency's digits).
@Suite struct ExportRoundTripTests {
    /// The fields a CSV carries, for comparing.
    struct Row: Hashable, CustomStringConvertible {
        var name: String, price: Price?, cycle: Cycle?, next: CalendarDate?, category: Category?, notes: String?
        var trialEnds: CalendarDate?
        init(_ s: Subscription, trial: Bool = true) {
            (name, price, cycle, next, category, notes) = (s.name, s.price, s.cycle, s.nextRenewal, s.category, s.notes)
            trialEnds = trial ? s.trialEnds : nil
        }
        var description: String {
            "\(name) | \(price.map { "\($0.amountText) \($0.currency?.code ?? "-")" } ?? "-") | \(cycle?.description ?? "-") | \(next?.description ?? "-") | \(category?.rawValue ?? "-") | \(notes ?? "-") | trial \(trialEnds?.description ?? "-")"
        }
    }

    static let importFlags = ["--accept", "all", "--keep-duplicates", "--today", "2024-01-01"]

    /// Runs `ingest ARGS` in `folder` and reads the canonical file it wrote to `output`.
    static func imported(_ args: [String], in folder: URL) throws -> [Subscription] {
        let run = try CLI.run(["import"] + args + importFlags + ["-o", "back.json"], in: folder)
        #expect(run.status == 0, "\(args): \(run.stderrText)")
        let text = try String(contentsOf: folder.appendingPathComponent("back.json"), encoding: .utf8)
        return try CanonicalReader.read(text, file: "back.json")
    }

    static func export(_ args: [String], in folder: URL) throws {
        let run = try CLI.run(["export", "subs.json"] + args, in: folder)
        #expect(run.status == 0, "\(args): \(run.stderrText)")
    }

    @Test func everyFormatReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = GeneratedSubscriptions.make(seed: 7, count: 300)
        try Data(CanonicalJSON.text(generated).utf8).write(to: folder.appendingPathComponent("generated.json"))
        // The baseline: the generated list as an import makes it.
        let first = try CLI.run(["export", "generated.json", "--to", "csv", "-o", "first.csv"], in: folder)
        #expect(first.status == 0, "\(first.stderrText)")
        let baseline = try Self.imported(["first.csv"], in: folder)
        #expect(baseline.count == generated.count)
        try Data(CanonicalJSON.text(baseline).utf8).write(to: folder.appendingPathComponent("subs.json"))

        // The plain CSV carries trial ends; Tabi and YNAB have no column for them.
        #expect(baseline.contains { $0.trialEnds != nil })
        for format in ["csv", "tabi"] {
            try Self.export(["--to", format, "-o", "\(format).csv"], in: folder)
            let back = try Self.imported(["\(format).csv"], in: folder)
            let want = baseline.map { Row($0, trial: format == "csv") }, got = back.map { Row($0, trial: format == "csv") }
            #expect(got.count == want.count, "\(format)")
            for (w, g) in zip(want, got) where w != g { Issue.record("\(format): \(w)\n   read back as \(g)") }
        }

        let currencies = Set(baseline.compactMap { $0.price?.currency?.code }).sorted()
        #expect(currencies.count >= 3)
        for code in currencies {
            try Self.export(["--to", "ynab", "--currency", code, "-o", "ynab-\(code).csv"], in: folder)
            let back = try Self.imported(["ynab-\(code).csv", "--currency", code], in: folder)
            let want = baseline.filter { sub in
                sub.price?.currency?.code == code && (sub.cycle.map { SubscriptionCSV.ynabFrequency($0) != nil } ?? true)
            }.map { Row($0, trial: false) }
            let got = back.map { Row($0, trial: false) }
            #expect(got.count == want.count, "ynab \(code)")
            for (w, g) in zip(want, got) where w != g { Issue.record("ynab \(code): \(w)\n   read back as \(g)") }
        }
    }
}
