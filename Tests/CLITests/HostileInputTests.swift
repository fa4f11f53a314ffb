import Foundation
import Testing

/// Inputs a careless or hostile user gives: each ends with a clear message and exit 1 or 2,
/// never a crash. The files are made in a fresh folder per case.
@Suite struct HostileInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Files to make: name → contents.
        let files: [String: String]
        let args: [String]
        let exit: Int32
        let stderr: [String]
        var testDescription: String { name }
    }

    static let deep = String(repeating: "[", count: 100_000)
    static let deepObject = "{\"schema\": \"ingest/subscriptions@1\", \"subscriptions\": " + String(repeating: "[", count: 100_000)

    static let cases: [Case] = [
        .init(name: "drafts file nested 100,000 deep", files: ["d.json": deep],
              args: ["accept", "d.json"], exit: 1, stderr: ["d.json:1:257:", "nested more than 256 deep"]),
        .init(name: "merge-into file nested 100,000 deep", files: ["m.json": deepObject, "in.csv": "Name,Price\nNetflix,9.99 USD\n"],
              args: ["import", "in.csv", "--accept", "all", "--merge-into", "m.json"], exit: 1, stderr: ["m.json:1:", "nested more than 256 deep"]),
        .init(name: "ingest.json nested 100,000 deep", files: ["ingest.json": deep, "in.csv": "Name,Price\nNetflix,9.99 USD\n"],
              args: ["validate", "in.csv"], exit: 2, stderr: ["ingest.json", "nested more than 256 deep"]),
        .init(name: "rates nested 100,000 deep", files: ["r.json": deep, "in.csv": "Name,Price\nNetflix,9.99 USD\n"],
              args: ["import", "in.csv", "--accept", "all", "--rates", "r.json"], exit: 1, stderr: ["r.json:1:257:", "nested more than 256 deep"]),
        .init(name: "empty folder as input", files: ["empty/.keep": ""],
              args: ["import", "empty", "--accept", "all"], exit: 2, stderr: ["empty is a folder with no file to import"]),
        .init(name: "empty folder to preview", files: ["empty/.keep": ""],
              args: ["preview", "empty"], exit: 2, stderr: ["empty is a folder with no file to import"]),
        .init(name: "folder to columns", files: ["dir/a.csv": "Name,Price\nNetflix,9.99 USD\n"],
              args: ["columns", "dir"], exit: 1, stderr: ["dir: is a folder"]),
    ]

    @Test(arguments: cases)
    func endsCleanly(_ c: Case) throws {
        let folder = try Self.make(c.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(c.args, in: folder)
        #expect(result.status == c.exit, "stderr:\n\(result.stderrText)")
        for line in c.stderr { #expect(result.stderrText.contains(line), "stderr lacks \(line):\n\(result.stderrText)") }
    }

    /// A folder of inputs is read as its files, sorted, and says so.
    @Test func folderIsReadAsItsFiles() throws {
        let folder = try Self.make([
            "exports/b.csv": "Name,Price,Billing cycle\nSpotify,10.99 EUR,monthly\n",
            "exports/a.csv": "Name,Price,Billing cycle\nNetflix,15.49 USD,monthly\n",
            "exports/notes.md": "not an input",
            "exports/.hidden/c.csv": "Name,Price\nHidden,1 USD\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["import", "exports", "--accept", "all", "--today", "2026-11-30"], in: folder)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("exports is a folder: reading its 2 files: exports/a.csv, exports/b.csv"), "\(result.stderrText)")
        let out = result.stdoutText
        let netflix = try #require(out.range(of: "Netflix")), spotify = try #require(out.range(of: "Spotify"))
        #expect(netflix.lowerBound < spotify.lowerBound)
        #expect(!out.contains("Hidden"))
    }

    /// A closed standard error loses the messages, not the run.
    @Test func closedStandardError() throws {
        let folder = try Self.make(["in.csv": "Name,Price\nNetflix,9.99 USD\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" import in.csv --accept all -o out.json 2>&-", CLI.executable.path]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    static func make(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-hostile-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }
}
