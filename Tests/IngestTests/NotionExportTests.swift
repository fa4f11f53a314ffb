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

/// Hostile and damaged archives built at run time: each stops with an error naming the member
/// (and the archive it sits in), after inflating at most a few MiB.
@Suite struct HostileZipTests {
    static let db = "Subs 0a1b2c3d4e5f60718293a4b5c6d7e8f9.csv"
    typealias Member = ZipBuilder.Member

    /// 24 MiB of newlines under a header: deflates to about 24 KB.
    static func newlines(_ path: String = db, declaredSize: Int? = nil) -> Member {
        var m = Member(path, "Service,Price\n", fill: "\n", repeats: 24 << 20)
        m.declaredSize = declaredSize
        return m
    }

    static func nest(_ inner: Data, levels: Int) -> Data {
        var data = inner
        for level in 0..<levels { data = ZipBuilder([Member("Part-\(level).zip", bytes: data)]).build() }
        return data
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var archive: @Sendable () -> Data
        var limits = ZipLimits()
        /// Where the error is said to be (the archive, or the archive and its nested members).
        var file: String = "hostile.zip"
        var expect: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "honest header over the member limit", archive: { ZipBuilder([newlines()]).build() },
             limits: ZipLimits(maxMemberBytes: 16 << 20),
             expect: "member \"\(db)\" inflates to more than 16777216 bytes, the limit for one member"),
        Case(name: "header lies: small size, newline bomb behind it", archive: { ZipBuilder([newlines(declaredSize: 100)]).build() },
             expect: "member \"\(db)\" holds more than the 100 bytes its header gives"),
        Case(name: "header within the limit, ratio above 1000:1", archive: { ZipBuilder([newlines(declaredSize: 1 << 29)]).build() },
             expect: "member \"\(db)\" inflates to more than 1000 times its compressed size"),
        Case(name: "header within the limit, bytes beyond it", archive: { ZipBuilder([newlines(declaredSize: 1 << 29)]).build() },
             limits: ZipLimits(maxMemberBytes: 16 << 20, ratioFreeBytes: 1 << 30),
             expect: "member \"\(db)\" inflates to more than 16777216 bytes, the limit for one member"),
        Case(name: "one long cell", archive: {
                 var m = Member(db, "Service,Price\n\"", fill: "a", repeats: 24 << 20)
                 m.declaredSize = 1 << 29
                 return ZipBuilder([m]).build()
             }, expect: "1000 times its compressed size"),
        Case(name: "bomb inside a nested archive", archive: { nest(ZipBuilder([newlines()]).build(), levels: 1) },
             file: "hostile.zip: Part-0.zip", expect: "member \"\(db)\" inflates to more than 1000 times"),
        Case(name: "nested archive that is itself a bomb", archive: {
                 var inner = Member("Part-1.zip", "PK", fill: "\u{0}", repeats: 24 << 20)
                 inner.declaredSize = 1 << 29
                 return ZipBuilder([inner]).build()
             }, expect: "member \"Part-1.zip\" inflates to more than 1000 times"),
        Case(name: "nested five deep", archive: { nest(ZipBuilder([Member(db, "Service,Price\nNetflix,9.99\n")]).build(), levels: 5) },
             file: "hostile.zip: Part-4.zip/Part-3.zip/Part-2.zip/Part-1.zip",
             expect: "nested ZIPs deeper than 4 levels: Part-4.zip/Part-3.zip/Part-2.zip/Part-1.zip/Part-0.zip"),
        Case(name: "deflated data cut short", archive: {
                 var m = Member(db, "Service,Price\n", fill: "Netflix,9.99\nSpotify,10.99\n", repeats: 5000)
                 m.truncate = 20
                 return ZipBuilder([m]).build()
             }, expect: "member \"\(db)\" is truncated"),
        Case(name: "deflated data damaged", archive: {
                 var data = ZipBuilder([Member(db, "Service,Price\n", fill: "Netflix,9.99\n", repeats: 50)]).build()
                 data[30 + db.utf8.count] = 0xFF
                 return data
             }, expect: "member \"\(db)\" is corrupt"),
        Case(name: "wrong CRC", archive: {
                 var m = Member(db, "Service,Price\nNetflix,9.99\n")
                 m.declaredCRC = 1
                 return ZipBuilder([m]).build()
             }, expect: "member \"\(db)\" fails its CRC-32 check"),
        Case(name: "header size larger than the data", archive: {
                 var m = Member(db, "Service,Price\nNetflix,9.99\n")
                 m.declaredSize = 1000
                 return ZipBuilder([m]).build()
             }, expect: "member \"\(db)\" has the wrong size (27 bytes, its header says 1000)"),
        Case(name: "stored member over the limit", archive: {
                 var m = Member(db, "Service,Price\n", fill: "Netflix,9.99\n", repeats: 100_000)
                 m.deflated = false
                 return ZipBuilder([m]).build()
             }, limits: ZipLimits(maxMemberBytes: 1 << 20), expect: "inflates to more than 1048576 bytes"),
        Case(name: "encrypted", archive: {
                 var m = Member(db, "Service,Price\n")
                 m.flags = 1
                 return ZipBuilder([m]).build()
             }, expect: "member \"\(db)\" is encrypted"),
        Case(name: "directory claims more members than it holds", archive: {
                 var data = ZipBuilder([Member(db, "Service,Price\n")]).build()
                 let end = data.count - 22
                 data[end + 8] = 0xFF; data[end + 9] = 0xFF; data[end + 10] = 0xFE; data[end + 11] = 0xFF
                 return data
             }, expect: "the central directory claims 65534 members"),
    ]

    /// Each case read as the import reads it: the archive opened, every member spooled.
    @Test(arguments: cases)
    func refused(_ c: Case) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).zip")
        try c.archive().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = Result { () throws(ReadError) in
            let export = try NotionExport(path: url.path, name: "hostile.zip", limits: c.limits)
            for member in export.members { try export.spool(member).remove() }
        }
        guard case .failure(let error) = outcome else {
            Testing.Issue.record("\(c.name): was read")
            return
        }
        #expect(error.file == c.file)
        #expect(error.message.contains(c.expect), "\(error.message)")
    }

    /// Four levels of nesting are still read, and a member's spool holds exactly its bytes.
    @Test func fourLevelsAreRead() throws {
        let text = "Service,Price\nNetflix,9.99\n"
        let data = Self.nest(ZipBuilder([Member(Self.db, text)]).build(), levels: 4)
        let export = try NotionExport(archive: ZipArchive(data: data, name: "deep.zip"))
        #expect(export.members.map(\.part) == ["Part-3.zip/Part-2.zip/Part-1.zip/Part-0.zip/\(Self.db)"])
        let file = try export.spool(export.members[0])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == text)
        file.remove()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
