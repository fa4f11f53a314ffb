import Foundation
import Testing

/// The options every command shares (`-o FILE`, `-q`, `-` for standard input) work alike in each.
@Suite struct SharedOptionsTests {
    static let commands = ["import", "columns", "normalize", "schema", "preview", "accept", "ocr", "sheets-url",
                           "validate", "calendar", "due", "export", "completions", "man"]

    @Test(arguments: commands)
    func helpListsTheSharedOptions(_ command: String) throws {
        let help = try CLI.run(["help", command]).stdoutText
        #expect(help.contains("-o, --output FILE"), "\(command) --help lacks -o")
        #expect(help.contains("--quiet, -q"), "\(command) --help lacks -q")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var args: [String]
        /// The file argument that `-` may replace, with what the output calls standard input.
        var input: String? = nil
        var stdinName = "<stdin>"
        var testDescription: String { args.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(args: ["import", "in.csv", "--accept", "all", "--today", "2026-11-30"], input: "in.csv"),
        Case(args: ["columns", "in.csv"], input: "in.csv"),
        Case(args: ["normalize", "price", "9,99 €", "$5"]),
        Case(args: ["schema"]),
        Case(args: ["preview", "in.csv", "--today", "2026-11-30"], input: "in.csv"),
        Case(args: ["accept", "d.json", "--accept", "all"], input: "d.json"),
        Case(args: ["ocr", "s.png"], input: "s.png"),
        Case(args: ["sheets-url", "https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=7"]),
        Case(args: ["validate", "in.csv", "--today", "2026-11-30"], input: "in.csv"),
        Case(args: ["calendar", "subs.json", "--today", "2026-11-30"], input: "subs.json", stdinName: "standard input"),
        Case(args: ["due", "subs.json", "--today", "2026-11-30", "--within", "30"], input: "subs.json", stdinName: "standard input"),
        Case(args: ["export", "subs.json", "--to", "csv"], input: "subs.json", stdinName: "standard input"),
        Case(args: ["completions", "fish"]),
        Case(args: ["man"]),
    ]

    /// A folder with a table, its drafts file, its canonical file and a screenshot.
    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-shared-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Samples/notion-export.csv"), to: folder.appendingPathComponent("in.csv"))
        try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Samples/app-store-subscriptions.png"), to: folder.appendingPathComponent("s.png"))
        for args in [["--drafts", "d.json"], ["--accept", "all", "-o", "subs.json"]] {
            let made = try CLI.run(["import", "in.csv", "--today", "2026-11-30", "-q"] + args, in: folder)
            #expect(made.status == 0, "\(made.stderrText)")
        }
        return folder
    }

    /// `-o FILE` writes what standard output would have had, and `-q` leaves standard error empty.
    @Test(arguments: cases)
    func outputAndQuiet(_ c: Case) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try CLI.run(c.args, in: folder)
        #expect(plain.status == 0, "\(plain.stderrText)")
        #expect(!plain.stdout.isEmpty)
        let written = try CLI.run(c.args + ["-o", "out.txt"], in: folder)
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(written.stdout.isEmpty)
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.txt")) == plain.stdout)
        let quiet = try CLI.run(c.args + ["-q"], in: folder)
        #expect(quiet.status == 0)
        #expect(quiet.stderrText == "", "-q printed: \(quiet.stderrText)")
        #expect(quiet.stdout == plain.stdout)
    }

    /// `-` reads the same file from standard input; only the input's name in the output differs.
    @Test(arguments: cases.filter { $0.input != nil })
    func standardInput(_ c: Case) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try #require(c.input)
        let fromFile = try CLI.run(c.args, in: folder)
        let bytes = try Data(contentsOf: folder.appendingPathComponent(input))
        let fromStdin = try CLI.run(c.args.map { $0 == input ? "-" : $0 }, in: folder, stdin: bytes)
        #expect(fromStdin.status == fromFile.status, "\(fromStdin.stderrText)")
        #expect(!fromStdin.stdout.isEmpty)
        #expect(fromStdin.stdoutText == fromFile.stdoutText.replacingOccurrences(of: input, with: c.stdinName))
    }
}
