import Foundation
import Testing
import Ingest

/// `import --save-map FILE` writes the inputs' mappings to an ingest.json; the next import of a
/// file with the same header, in a folder below it, uses it without --map and says so.
@Suite struct SaveMapTests {
    @Test func savedThenUsed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-savemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("later"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Abo,Kosten,Turnus,Kommentar\nNetflix,13.99 EUR,monatlich,jährlich\n".utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data("{\"currency\": \"EUR\"}\n".utf8).write(to: folder.appendingPathComponent("ingest.json"))
        let first = try CLI.run(["import", "a.csv", "--map", "notes=Turnus", "--map", "cycle=Kommentar", "--save-map", "ingest.json",
                                 "--accept", "all", "-o", "out.json", "--today", "2026-03-01"], in: folder)
        #expect(first.status == 0, "\(first.stderrText)")
        #expect(first.stderrText.contains("saved to ingest.json for the header of a.csv: cycle=Kommentar, name=Abo, notes=Turnus, price=Kosten"))
        let config = try String(contentsOf: folder.appendingPathComponent("ingest.json"), encoding: .utf8)
        #expect(config.hasPrefix("{\n  \"currency\": \"EUR\",\n  \"mappings\": ["), "\(config)")

        try Data("abo,kosten,turnus,kommentar\nDisney+,8.99 EUR,monatlich,jährlich\n".utf8).write(to: folder.appendingPathComponent("later/b.csv"))
        let second = try CLI.run(["import", "later/b.csv", "--accept", "all", "--today", "2026-03-01"], in: folder)
        #expect(second.status == 0, "\(second.stderrText)")
        #expect(second.stderrText.contains("columns mapped as saved for this header (from a.csv)"), "\(second.stderrText)")
        #expect(second.stdoutText.contains("\"notes\": \"monatlich\""), "\(second.stdoutText)")
        #expect(second.stdoutText.contains("\"unit\": \"year\""))
    }

    @Test func nothingToSaveIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-savemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["import", "-", "--save-map", "ingest.json", "--accept", "all"], in: folder, stdin: Data("Name,Price\nNetflix,9.99 USD\n".utf8))
        #expect(run.status == 1)
        #expect(run.stderrText.contains("no table among the inputs"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ingest.json").path))
    }

    @Test func brokenConfigStopsTheImport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-savemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Name,Price\nNetflix,9.99 USD\n".utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data("{\"mappings\": [{\"header\": \"Name\"}]}".utf8).write(to: folder.appendingPathComponent("ingest.json"))
        let run = try CLI.run(["import", "a.csv", "--accept", "all"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderrText.contains("mappings[0].header"), "\(run.stderrText)")
    }
}
