import Foundation
import Testing

/// The progress line: drawn on a terminal for work over a second, cleared at the end, and never
/// in a pipe, under `-q`, with `INGEST_PROGRESS=0` or on a dumb terminal. Driven through a
/// pseudo-terminal (Python's `pty`), as a person at a terminal would see it.
@Suite struct ProgressLineTests {
    static let clear = "\r\u{1B}[K"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var args: [String]
        var environment: [String: String] = [:]
        /// What the line says while it is drawn; nil: no line may be drawn.
        var shows: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "import", args: ["import", "big.csv", "--accept", "all", "-o", "/dev/null"], shows: "reading big.csv: "),
        Case(name: "preview", args: ["preview", "big.csv", "--format", "json"], shows: "reading big.csv: "),
        Case(name: "validate", args: ["validate", "big.csv"], shows: "validate: 0/1 files"),
        Case(name: "quiet", args: ["import", "big.csv", "--accept", "all", "-o", "/dev/null", "-q"]),
        Case(name: "INGEST_PROGRESS=0", args: ["import", "big.csv", "--accept", "all", "-o", "/dev/null"], environment: ["INGEST_PROGRESS": "0"]),
        Case(name: "TERM=dumb", args: ["import", "big.csv", "--accept", "all", "-o", "/dev/null"], environment: ["TERM": "dumb"]),
    ]

    /// 60,000 rows: several seconds for a debug build, well over the second before the line shows.
    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = "Name,Price,Billing cycle,Next renewal\n"
        for i in 0..<60_000 { text += "Service \(i),\(i % 90).99 EUR,monthly,2027-01-\(10 + i % 18)\n" }
        try Data(text.utf8).write(to: folder.appendingPathComponent("big.csv"))
        return folder
    }

    @Test(arguments: cases)
    func onATerminal(_ c: Case) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try PseudoTerminal.run(c.args, in: folder, environment: c.environment)
        let screen = result.screen
        #expect(result.status == 0, "\(screen)")
        guard let shows = c.shows else {
            #expect(!screen.contains("\r\u{1B}"), "a progress line was drawn: \(screen.debugDescription)")
            return
        }
        #expect(screen.contains(Self.clear + shows), "no progress line: \(screen.debugDescription)")
        // Cleared at the end: after the last line drawn comes the clearing, then only whole lines.
        let last = try #require(screen.range(of: Self.clear + shows, options: .backwards))
        let after = screen[last.upperBound...]
        let cleared = try #require(after.range(of: Self.clear), "the line was not cleared: \(screen.debugDescription)")
        #expect(!after[cleared.upperBound...].contains("\r\u{1B}"))
    }

    /// In a pipe (as in CI logs) nothing is drawn.
    @Test func notInAPipe() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["import", "big.csv", "--accept", "all", "-o", "/dev/null"], in: folder)
        #expect(result.status == 0)
        #expect(!result.stderrText.contains("\r"))
    }
}
