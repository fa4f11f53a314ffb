import Foundation
import Testing

/// The streamed import writes its output in pieces as batches are made: the pieces must arrive
/// whole and in order, to a file as to standard output, and a write that fails must still end
/// the import with the message and exit code 1.
@Suite struct OutputWriteTests {
    /// A table whose output spans many 128 KiB pieces (about 4 MB of JSON).
    static func bigTable(in folder: URL) throws -> URL {
        let brands = ["Netflix", "Spotify", "Dropbox", "Notion", "Disney+"]
        var text = "Name,Price,Billing cycle,Next renewal,Notes\n"
        for i in 0..<10_000 {
            text += "\(brands[i % brands.count]) \(i),€\(i % 97).\(10 + i % 89),\(["monthly", "yearly", "weekly"][i % 3]),2027-0\(1 + i % 9)-1\(i % 10),note \(i) é\n"
        }
        let url = folder.appendingPathComponent("big.csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func fileGetsWhatStandardOutputGets() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try Self.bigTable(in: folder)
        let out = folder.appendingPathComponent("out.json")
        let args = ["import", table.path, "--accept", "all", "--today", "2026-11-30", "-q"]
        let toFile = try CLI.run(args + ["-o", out.path])
        let toStdout = try CLI.run(args)
        #expect(toFile.status == 0 && toStdout.status == 0, "\(toFile.stderrText)")
        let written = try Data(contentsOf: out)
        #expect(written.count > 3_000_000)
        #expect(written == toStdout.stdout)
        #expect(!FileManager.default.fileExists(atPath: out.path + ".ingest-tmp"))
    }

    @Test func failedWriteIsReported() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try Self.bigTable(in: folder)
        let result = try CLI.run(["import", table.path, "--accept", "all", "--today", "2026-11-30", "-q", "-o", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("cannot write the output: No space left on device"), "\(result.stderrText)")
    }
}
