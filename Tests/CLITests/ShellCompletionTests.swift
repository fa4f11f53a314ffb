import Foundation
import Testing

/// The completion scripts (`ingest completions bash|zsh|fish`) complete as the shells run them,
/// and the manual page (`ingest man`) is what `docs/ingest.1` holds and lints clean.
@Suite struct ShellCompletionTests {
    static func installed(_ tool: String) -> Bool {
        ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"].split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Runs `shell ARGS` with `script` saved to a file whose path replaces `SCRIPT` in the arguments.
    static func run(_ shell: String, _ args: [String], script: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("script")
        try script.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + args.map { $0.replacingOccurrences(of: "SCRIPT", with: file.path) }
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        /// The command line typed so far; the last word is being completed.
        var line: [String]
        var offered: [String]
        var notOffered: [String] = []
        var testDescription: String { line.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(line: ["ingest", "imp"], offered: ["import"]),
        Case(line: ["ingest", "c"], offered: ["calendar", "columns", "completions"], notOffered: ["import"]),
        Case(line: ["ingest", "import", "--acc"], offered: ["--accept"]),
        Case(line: ["ingest", "import", "--accept", ""], offered: ["all", "confident", "none"]),
        Case(line: ["ingest", "import", "--from", "b"], offered: ["bank"], notOffered: ["csv"]),
        Case(line: ["ingest", "validate", "--format", ""], offered: ["text", "json", "github", "junit", "sarif"]),
        Case(line: ["ingest", "export", "subs.json", "--to", "y"], offered: ["ynab"]),
        Case(line: ["ingest", "due", "--"], offered: ["--within", "--fail-if-due", "--output", "--quiet"], notOffered: ["--accept"]),
        Case(line: ["ingest", "help", "val"], offered: ["validate"]),
        Case(line: ["ingest", "completions", "--"], offered: ["--output"]),
    ]

    @Test(arguments: cases)
    func bash(_ c: Case) throws {
        let script = try CLI.run(["completions", "bash"]).stdout
        let words = c.line.map { "'\($0)'" }.joined(separator: " ")
        let offered = try Self.run("bash", ["-c", "source SCRIPT; COMP_WORDS=(\(words)); COMP_CWORD=\(c.line.count - 1); _ingest; printf '%s\\n' \"${COMPREPLY[@]}\""],
                                   script: script).split(separator: "\n").map(String.init)
        for word in c.offered { #expect(offered.contains(word), "offered \(offered)") }
        for word in c.notOffered { #expect(!offered.contains(word), "offered \(offered)") }
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed (.ci/setup installs it)"), arguments: cases)
    func fish(_ c: Case) throws {
        let script = try CLI.run(["completions", "fish"]).stdout
        let line = c.line.joined(separator: " ")
        let offered = try Self.run("fish", ["-c", "source SCRIPT; complete -C '\(line)'"], script: script)
            .split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        for word in c.offered { #expect(offered.contains(word), "offered \(offered)") }
        for word in c.notOffered { #expect(!offered.contains(word), "offered \(offered)") }
    }

    /// zsh completion needs an interactive shell to drive; the script is checked by zsh's parser.
    @Test(.enabled(if: installed("zsh"), "zsh is not installed (.ci/setup installs it)"))
    func zshParses() throws {
        let script = try CLI.run(["completions", "zsh"]).stdout
        #expect(try Self.run("zsh", ["-n", "SCRIPT"], script: script) == "")
        #expect(String(decoding: script, as: UTF8.self).contains("'(-o --output)'{-o,--output}"))
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try CLI.run(["completions", "bsh"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("did you mean `bash`?"), "\(result.stderrText)")
    }

    /// `docs/ingest.1` is what `ingest man` prints (`INGEST_UPDATE_DOCS=1` rewrites it).
    @Test func manualPageMatchesTheBinary() throws {
        let page = try CLI.run(["man"])
        #expect(page.status == 0)
        let url = CLI.packageRoot.appendingPathComponent("docs/ingest.1")
        if ProcessInfo.processInfo.environment["INGEST_UPDATE_DOCS"] == "1" {
            try page.stdout.write(to: url)
            return
        }
        #expect(try Data(contentsOf: url) == page.stdout, "docs/ingest.1 is not what ingest man prints: run INGEST_UPDATE_DOCS=1 swift test --filter ShellCompletionTests")
        for command in SharedOptionsTests.commands {
            #expect(page.stdoutText.contains(".SS \(command)\n"), "the page lacks \(command)")
        }
    }

    @Test(.enabled(if: installed("mandoc"), "mandoc is not installed (.ci/setup installs it)"))
    func manualPageLintsClean() throws {
        let page = try CLI.run(["man"]).stdout
        #expect(try Self.run("mandoc", ["-T", "lint", "-W", "warning", "SCRIPT"], script: page) == "")
    }
}
