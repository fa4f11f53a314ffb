import Foundation
import Testing

/// The interactive review as a person runs it: `ingest import FILE` at a terminal, answers typed
/// at its prompts, the output going to a file or a pipe.
@Suite struct TerminalReviewTests {
    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            Name,Price,Billing,Next renewal
            Netflix,$15.49,monthly,2027-01-05
            Spotify,$10.99,monthly,2027-01-09
            Gym,30.00 EUR,monthly,2027-01-01

            """.utf8).write(to: folder.appendingPathComponent("subs.csv"))
        return folder
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var args: [String]
        var answers: [String]
        /// What the terminal must show.
        var shows: [String]
        /// The names written to the output file; nil when none may be written.
        var written: [String]?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "standard output redirected", args: ["import", "subs.csv", "--today", "2026-11-30"],
             answers: ["y", "y", "y", "y"], shows: ["[1/3] Netflix", "Import 3 subscriptions? [y/N]", "wrote 3 subscriptions to standard output"],
             written: ["Netflix", "Spotify", "Gym"]),
        Case(name: "c USD for the rest, then accept the confident", args: ["import", "subs.csv", "--today", "2026-11-30", "-o", "out.json"],
             answers: ["c USD", "a", "y"],
             shows: ["set currency to USD on 2 drafts (1 left as it was)", "accepted 3 confident drafts: Netflix, Spotify, Gym", "wrote 3 subscriptions to out.json"],
             written: ["Netflix", "Spotify", "Gym"]),
        Case(name: "edit by a field's beginning", args: ["import", "subs.csv", "--today", "2026-11-30", "-o", "out.json"],
             answers: ["e", "na", "Netflix Premium", "y", "n", "y", "y"],
             shows: ["Field to edit", "wrote 2 subscriptions to out.json"], written: ["Netflix Premium", "Gym"]),
        Case(name: "q at the field prompt", args: ["import", "subs.csv", "--today", "2026-11-30", "-o", "out.json"],
             answers: ["e", "q"], shows: ["quit: nothing written"], written: nil),
    ]

    @Test(arguments: cases)
    func review(_ c: Case) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdout = folder.appendingPathComponent("stdout.json")
        let result = try PseudoTerminal.run(c.args, in: folder, answers: c.answers, stdout: stdout.path)
        #expect(result.status == 0, "\(result.screen)")
        for text in c.shows { #expect(result.screen.contains(text), "lacks \(text):\n\(result.screen)") }
        let outputFile = c.args.contains("-o") ? folder.appendingPathComponent("out.json") : stdout
        guard let written = c.written else {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
            return
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: outputFile)) as? [String: Any]
        let names = (json?["subscriptions"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == written, "\(result.screen)")
    }
}
