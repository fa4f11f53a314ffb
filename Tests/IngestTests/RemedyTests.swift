import Foundation
import IngestTestSupport
import Testing
@testable import Ingest

/// The library's messages say what is wrong and carry a typed remedy; none names a CLI flag
/// (`RemedyCase.all`; the CLI's tests check its words for them).
@Suite struct RemedyTests {
    typealias Produced = (message: String, remedy: LibraryIssue.Remedy?)

    static let context = NormalizeContext(today: Sample.today)

    /// How the library gives each case of `RemedyCase.all`. The standard input limit, the
    /// download limit and the timeout need a process or a server: the CLI's tests give them.
    static let producers: [String: @Sendable () throws -> Produced] = [
        "dollar read by default": { try issue(PriceParser(context: context).parse("$9.99").issues, "currency.guessed") },
        "sign of several currencies": { try issue(PriceParser(context: context).parse("9 riyal").issues, "currency.ambiguous") },
        "thousands separator guessed": { try issue(PriceParser(context: context).parse("1.299").issues, "price.separator-guessed") },
        "day or month first": { try issue(DateParser(context: context).parse("03/04/2026").issues, "date.ambiguous") },
        "yen on a screenshot": {
            try issue(PriceFinder(context: context).find(in: "¥1490").flatMap(\.parsed.issues), "currency.guessed")
        },
        "no sign on a screenshot": {
            try issue(PriceFinder(context: context).find(in: "129.00/month").flatMap(\.parsed.issues), "currency.missing")
        },
        "no billing cycle": { try issue(drafts("Service,Price,Next\nNetflix,9.99 USD,03/04/2026\n"), "cycle.missing") },
        "day or month first in a row": {
            try issue(drafts("Service,Price,Next\nNetflix,9.99 USD,03/04/2026\n"), "date.ambiguous")
        },
        "not UTF-8": {
            // "Café" in Windows-1252.
            let csv = try table(Data("Service,Price\nCaf".utf8) + [0xE9] + Data(",9.99\n".utf8), name: "cp1252.csv")
            try drain(csv)
            return try issue(csv.warnings, "encoding.fallback")
        },
        "NUL bytes": { try readError { try drain(table(Data("Service,Price\nNet\u{0}flix,9.99\n".utf8), name: "nul.csv")) } },
        "cell limit": {
            try readError { try drain(table(Data("Service,Price\nNetflix,\(String(repeating: "9", count: 100))\n".utf8),
                                            name: "long.csv", limits: ReadLimits(maxCellBytes: 64))) }
        },
        "row limit": {
            let row = (0..<20).map { _ in String(repeating: "a", count: 1 << 20) }.joined(separator: ",")
            return try readError { try drain(table(Data("Service,Price\n\(row)\n".utf8), name: "long.csv")) }
        },
        "column limit": {
            try readError { try drain(table(Data("a,b,c,d\n1,2,3,4\n".utf8), name: "wide.csv", limits: ReadLimits(maxColumns: 3))) }
        },
        "ZIP member limit": {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString).zip")
            try ZipBuilder([ZipBuilder.Member("Subs.csv", "Service,Price\n", fill: "\n", repeats: 17 << 20)]).build().write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            return try readError {
                let export = try NotionExport(path: url.path, name: "hostile.zip", limits: ZipLimits(maxMemberBytes: 16 << 20))
                for member in export.members { try export.spool(member).remove() }
            }
        },
        "folder": {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString)/subs")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
            var produced = try readError { try Ingest.drafts(from: .file(path: folder.path), options: ImportOptions(context: context)) { _ in } }
            produced.message = produced.message.replacingOccurrences(of: folder.deletingLastPathComponent().path + "/", with: "")
            return produced
        },
    ]

    static func issue(_ issues: [LibraryIssue], _ code: LibraryIssue.Code) throws -> Produced {
        let found = try #require(issues.first { $0.code == code }, "no \(code) in \(issues)")
        return (found.message, found.remedy)
    }

    static func drafts(_ csv: String) throws -> [LibraryIssue] {
        var issues: [LibraryIssue] = []
        try Ingest.drafts(from: .bytes(Data(csv.utf8), name: "subs.csv"), options: ImportOptions(context: context)) { draft in
            issues += draft.allIssues
        }
        return issues
    }

    static func table(_ bytes: Data, name: String, limits: ReadLimits = ReadLimits()) throws -> CSVTable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remedy-\(UUID().uuidString).csv")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = ImportOptions(context: context)
        options.limits = limits
        return try options.openTable(path: url.path, name: name)
    }

    static func drain(_ table: CSVTable) throws {
        while try table.nextRow() != nil {}
    }

    static func readError(_ body: () throws -> Void) throws -> Produced {
        do {
            try body()
        } catch let error as ReadError {
            return (error.description, error.remedy)
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test(arguments: RemedyCase.all)
    func messageNamesNoFlagAndCarriesItsRemedy(_ c: RemedyCase) throws {
        #expect(c.message.firstMatch(of: /--[a-zA-Z]/) == nil)
        guard let produce = Self.producers[c.name] else { return }
        let produced = try produce()
        #expect(produced.message == c.message)
        #expect(produced.remedy == c.remedy)
        #expect(produced.message.firstMatch(of: /--[a-zA-Z]/) == nil)
        #expect(!produced.message.contains("ingest "))
    }

    @Test func everyCaseTheLibraryCanGiveAloneIsProduced() {
        let names = Set(RemedyCase.all.map(\.name))
        #expect(names.subtracting(Self.producers.keys) == ["standard input limit", "download limit", "timeout"])
        #expect(Set(Self.producers.keys).isSubset(of: names))
    }

    @Test func notADraftsFileNamesNoCommand() throws {
        do {
            _ = try DraftsFileReader(file: "drafts.json").read(#"{"schema": "ingest/subscriptions@1"}"#)
            Testing.Issue.record("read")
        } catch {
            #expect(error.messages == [RemedyCase.notADraftsFile.message])
            #expect(error.notADraftsFile)
        }
    }

    @Test func unknownCodeInAConfigNamesNoCommand() throws {
        do {
            _ = try ValidateConfig.parse(#"{"severity": {"price.bogus": "off"}}"#, path: "ingest.json", directory: ".")
            Testing.Issue.record("parsed")
        } catch {
            #expect(error.description == RemedyCase.unknownCode.message)
            #expect(error.unknownCode == "price.bogus")
        }
    }

    /// The checks' meanings and hints name the config's keys, not the CLI's flags or commands.
    @Test func validationChecksNameNoFlag() {
        for text in ValidationCheck.all.flatMap({ [$0.meaning, $0.hint] }) + [ValidationCheck.otherHint] {
            #expect(text.firstMatch(of: /--[a-zA-Z]/) == nil, "\(text)")
            #expect(!text.contains("ingest "), "\(text)")
        }
    }

    /// A remedy survives the JSON an app may keep an issue in.
    @Test func remedyIsCodable() throws {
        let issue = LibraryIssue(.cycleMissing, .warning, "no billing cycle found", remedy: .mapColumn(.cycle))
        #expect(try JSONDecoder().decode(LibraryIssue.self, from: JSONEncoder().encode(issue)) == issue)
        let limit = LibraryIssue.Remedy.raiseLimit(.cellBytes, current: 64)
        #expect(try JSONDecoder().decode(LibraryIssue.Remedy.self, from: JSONEncoder().encode(limit)) == limit)
    }
}
