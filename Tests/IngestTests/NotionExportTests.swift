import Foundation
import Testing
@testable import Ingest

@Suite struct NotionExportTests {
    static let db = "Subscriptions 0a1b2c3d4e5f60718293a4b5c6d7e8f9"

    static func export(_ file: String) throws -> NotionExport {
        try NotionExport(path: FixtureFolder.url("notion/\(file)").path, name: file)
    }

    static let found: [(String, [String], [String])] = [
        ("export.zip", ["Export-7c1f2e3d/\(db)_all.csv"], ["Export-7c1f2e3d/\(db).csv"]),
        ("export-parts.zip", ["Export-Part-1.zip/\(db)_all.csv", "Export-Part-2.zip/Tools f9e8d7c6b5a4938271605f4e3d2c1b0a.csv"], []),
        ("export-streamed.zip", ["\(db).csv"], []),
        ("export-zip64.zip", ["\(db).csv"], []),
    ]

    @Test(arguments: found)
    func findsTheDatabases(_ c: (String, [String], [String])) throws {
        let export = try Self.export(c.0)
        #expect(export.members.map(\.part) == c.1)
        #expect(export.superseded == c.2)
        for member in export.members {
            let table = try CSVTable(data: export.data(of: member), name: member.part)
            #expect(table.headerLine == 1)
            #expect(try table.nextRow() != nil)
        }
    }

    @Test func allFileHoldsTheHiddenRows() throws {
        let export = try Self.export("export.zip")
        let table = try CSVTable(data: export.data(of: export.members[0]), name: "x")
        var names: [String] = []
        while let row = try table.nextRow() { names.append(row.cells[0]) }
        #expect(table.header.first == "Name")
        #expect(names == ["Netflix", "Spotify", "Gym", "iCloud+"])
    }

    static let broken: [(String, String)] = [
        ("no-csv.zip", "holds no CSV file"),
        ("truncated.zip", "no central directory found"),
        ("bad-crc.zip", "fails its CRC-32 check"),
    ]

    @Test(arguments: broken)
    func brokenArchivesSayWhy(_ c: (String, String)) {
        do {
            let export = try Self.export(c.0)
            for member in export.members { _ = try export.data(of: member) }
            Testing.Issue.record("\(c.0) was read")
        } catch let error as ReadError {
            #expect(error.file == c.0)
            #expect(error.message.contains(c.1), "\(error.message)")
        } catch {
            Testing.Issue.record("unexpected \(error)")
        }
    }

    @Test func notAZipAtAll() {
        #expect(!ZipArchive.looksLikeZip(path: FixtureFolder.url("notion/make_zips.py").path))
        #expect(ZipArchive.looksLikeZip(path: FixtureFolder.url("notion/export.zip").path))
        #expect(throws: ReadError.self) { try ZipArchive(data: Data("hello".utf8), name: "x.zip") }
        #expect(throws: ReadError.self) { try ZipArchive(data: Data(), name: "x.zip") }
    }

    @Test(arguments: [
        (["a.csv", "a_all.csv", "b.csv"], ["a_all.csv", "b.csv"], ["a.csv"]),
        (["x/a.csv", "y/a_all.csv"], ["x/a.csv", "y/a_all.csv"], []),
    ])
    func prefersAll(_ c: ([String], [String], [String])) {
        let chosen = NotionExport.preferAll(c.0)
        #expect(chosen.keep == Set(c.1))
        #expect(chosen.superseded == c.2)
    }
}
