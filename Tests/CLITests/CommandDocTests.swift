import Foundation
import Testing

/// `docs/commands.md` holds every command's `--help` as the binary prints it, so the reference
/// cannot drift from the code. `INGEST_UPDATE_DOCS=1` rewrites that part of the page.
@Suite struct CommandDocTests {
    static let begin = "<!-- begin: generated from --help -->"
    static let end = "<!-- end: generated from --help -->"

    /// The generated part: the top help, then each listed command's help.
    static func generated() throws -> String {
        let top = try CLI.run(["--help"])
        #expect(top.status == 0)
        var text = "### `ingest --help`\n\n```\n\(top.stdoutText)```\n"
        let listed = top.stdoutText.split(separator: "\n")
            .drop { !$0.hasPrefix("COMMANDS:") }.dropFirst()
            .prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed.count >= 5, "no commands found in the top help")
        for command in listed {
            let help = try CLI.run([command, "--help"])
            #expect(help.status == 0, "ingest \(command) --help")
            text += "\n### `ingest \(command)`\n\n```\n\(help.stdoutText)```\n"
        }
        return text
    }

    @Test func pageMatchesTheHelp() throws {
        let url = CLI.packageRoot.appendingPathComponent("docs/commands.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(page.range(of: Self.begin)), stop = try #require(page.range(of: Self.end))
        let current = String(page[start.upperBound..<stop.lowerBound])
        let wanted = "\n" + (try Self.generated()) + "\n"
        if ProcessInfo.processInfo.environment["INGEST_UPDATE_DOCS"] == "1" {
            let updated = String(page[..<start.upperBound]) + wanted + String(page[stop.lowerBound...])
            try Data(updated.utf8).write(to: url)
            return
        }
        #expect(current == wanted, "docs/commands.md is not what --help prints: run INGEST_UPDATE_DOCS=1 swift test --filter CommandDocTests")
    }
}
