import Foundation
import Testing

/// Runs the built `ingest` binary on every case folder under `Fixtures/cli/`.
///
/// A case folder holds `cmd` (the arguments after `ingest`, one line, shell-style quoting with
/// '…' or "…"), its input files, and what must come out: `expected.stdout` (exact bytes),
/// `expected.stderr` (each line must appear in standard error), `expected.exit` (default 0),
/// and `stdin` (fed to standard input when present). The command runs inside the case folder, so
/// file names in messages and provenance are the relative ones. `INGEST_UPDATE_GOLDEN=1` rewrites
/// `expected.stdout` and `expected.exit` from the actual run.
@Suite struct CLIFixtureTests {
    static let loaded = CLICase.load()
    static let cases: [CLICase] = loaded.cases

    /// A missing or renamed fixture folder, or a case folder the loader cannot read, fails here
    /// instead of leaving the suite with nothing to run.
    @Test func casesAreFound() {
        #expect(Self.cases.count >= 10, "found \(Self.cases.count) CLI cases under Fixtures/cli")
        #expect(Self.loaded.problems.isEmpty, "\(Self.loaded.problems.joined(separator: "\n"))")
    }

    @Test(arguments: cases)
    func fixture(_ c: CLICase) throws {
        let result = try CLI.run(c.arguments, in: c.folder, stdin: c.stdin)
        if ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1" {
            try result.stdout.write(to: c.folder.appendingPathComponent("expected.stdout"))
            if result.status != 0 {
                try "\(result.status)\n".write(to: c.folder.appendingPathComponent("expected.exit"), atomically: true, encoding: .utf8)
            }
            return
        }
        #expect(result.status == c.expectedExit, "exit status; stderr:\n\(result.stderrText)")
        if let expected = c.expectedStdout {
            #expect(result.stdoutText == expected, "stdout differs from expected.stdout")
        }
        for line in c.expectedStderrLines {
            #expect(result.stderrText.contains(line), "stderr lacks: \(line)\nstderr was:\n\(result.stderrText)")
        }
    }
}

struct CLICase: Sendable, CustomTestStringConvertible {
    let folder: URL
    let arguments: [String]
    let expectedStdout: String?
    let expectedStderrLines: [String]
    let expectedExit: Int32
    let stdin: Data?

    var testDescription: String { folder.lastPathComponent }

    /// Every case folder under `Fixtures/cli/`, and what is wrong with those that cannot be run
    /// (no `cmd`, an `expected.exit` that is not a number).
    static func load() -> (cases: [CLICase], problems: [String]) {
        let root = CLI.packageRoot.appendingPathComponent("Fixtures/cli")
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: root.path) } catch {
            return ([], ["cannot list \(root.path): \(error)"])
        }
        var cases: [CLICase] = [], problems: [String] = []
        for name in names.sorted() {
            let folder = root.appendingPathComponent(name)
            guard let cmd = try? String(contentsOf: folder.appendingPathComponent("cmd"), encoding: .utf8) else {
                problems.append("\(name): no readable cmd file")
                continue
            }
            let read = { (file: String) in try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) }
            var exit: Int32 = 0
            if let text = read("expected.exit") {
                guard let number = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    problems.append("\(name): expected.exit is not a number")
                    continue
                }
                exit = number
            }
            cases.append(CLICase(
                folder: folder,
                arguments: ShellWords.split(cmd.trimmingCharacters(in: .whitespacesAndNewlines)),
                expectedStdout: read("expected.stdout"),
                expectedStderrLines: (read("expected.stderr") ?? "").split(separator: "\n").map(String.init),
                expectedExit: exit,
                stdin: try? Data(contentsOf: folder.appendingPathComponent("stdin"))))
        }
        return (cases, problems)
    }
}

/// Splits a command line the way a shell would for simple quoting: spaces separate words,
/// '…' and "…" keep spaces.
enum ShellWords {
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for ch in line {
            if let q = quote {
                if ch == q { quote = nil } else { current.append(ch) }
            } else if ch == "'" || ch == "\"" {
                quote = ch
                inWord = true
            } else if ch == " " || ch == "\t" || ch == "\n" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(ch)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
