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
    static let cases: [CLICase] = CLICase.all()

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

    static func all() -> [CLICase] {
        let root = CLI.packageRoot.appendingPathComponent("Fixtures/cli")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            guard let cmd = try? String(contentsOf: folder.appendingPathComponent("cmd"), encoding: .utf8) else { return nil }
            let read = { (file: String) in try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) }
            return CLICase(
                folder: folder,
                arguments: ShellWords.split(cmd.trimmingCharacters(in: .whitespacesAndNewlines)),
                expectedStdout: read("expected.stdout"),
                expectedStderrLines: (read("expected.stderr") ?? "").split(separator: "\n").map(String.init),
                expectedExit: Int32(read("expected.exit")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0") ?? 0,
                stdin: try? Data(contentsOf: folder.appendingPathComponent("stdin")))
        }
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
