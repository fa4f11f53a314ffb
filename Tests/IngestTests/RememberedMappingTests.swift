import Foundation
import Testing
@testable import Ingest

/// Column mappings saved for a header (`"mappings"` in `ingest.json`, written by `--save-map`):
/// matched by header, used without `--map`, said in a note, saved beside other settings.
@Suite struct RememberedMappingTests {
    static let saved = RememberedMapping(header: ["Abo", "Kosten", "Turnus", "Kommentar"],
                                         map: [.name: "Abo", .price: "Kosten", .notes: "Turnus", .cycle: "Kommentar"], from: "a.csv")

    static let headers: [([String], Bool)] = [
        (["Abo", "Kosten", "Turnus", "Kommentar"], true),
        (["abo", " kosten ", "TURNUS", "Kommentar"], true),
        (["Abo", "Kosten", "Turnus"], false),
        (["Abo", "Kosten", "Kommentar", "Turnus"], false),
        (["Abo", "Preis", "Turnus", "Kommentar"], false),
    ]

    @Test(arguments: headers)
    func matchesTheSameHeader(_ c: ([String], Bool)) {
        #expect(Self.saved.matches(c.0) == c.1, "\(c.0)")
    }

    static func drafts(_ csv: String, overrides: [Field: String] = [:]) throws -> ([ImportDraft], ImportReport) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("b.csv")
        try Data(csv.utf8).write(to: file)
        var options = ImportOptions(context: NormalizeContext(today: CalendarDate(year: 2026, month: 3, day: 1)!), overrides: overrides)
        options.remembered = [saved]
        var drafts: [ImportDraft] = []
        let report = try Importer(options: options).run(path: file.path, name: "b.csv") { drafts.append($0) }
        return (drafts, report)
    }

    /// The saved mapping takes notes from "Turnus" (which the detector would read as the cycle).
    @Test func usedForTheSameHeaderWithANote() throws {
        let (drafts, report) = try Self.drafts("Abo,Kosten,Turnus,Kommentar\nNetflix,13.99 EUR,monatlich,jährlich\n")
        #expect(drafts.first?.notes.value == "monatlich")
        #expect(drafts.first?.cycle.value == Cycle(unit: .year, interval: 1))
        #expect(report.warnings.first { $0.code == .mapRemembered }?.message
            == "columns mapped as saved for this header (from a.csv): cycle=Kommentar, name=Abo, notes=Turnus, price=Kosten")
    }

    @Test func notUsedForAnotherHeaderOrWithMap() throws {
        let (other, otherReport) = try Self.drafts("Abo,Kosten,Turnus\nNetflix,13.99 EUR,monatlich\n")
        #expect(other.first?.cycle.value == Cycle(unit: .month, interval: 1))
        #expect(!otherReport.warnings.contains { $0.code == .mapRemembered })
        let (mapped, mappedReport) = try Self.drafts("Abo,Kosten,Turnus,Kommentar\nNetflix,13.99 EUR,monatlich,x\n", overrides: [.cycle: "Turnus"])
        #expect(mapped.first?.cycle.value == Cycle(unit: .month, interval: 1))
        #expect(!mappedReport.warnings.contains { $0.code == .mapRemembered })
    }

    /// Saving keeps the config's other keys in their order, replaces the entry for the same
    /// header and adds one for a new header.
    @Test func savingKeepsTheRestOfTheConfig() throws {
        let config = #"{"currency": "EUR", "mappings": [{"header": ["abo", "kosten", "turnus", "kommentar"], "map": {"name": "Abo"}}, {"header": ["X"], "map": {"name": "X"}}], "rules": []}"#
        let text = try RememberedMapping.saving([Self.saved], into: config, path: "ingest.json")
        let parsed = try ValidateConfig.parse(text, path: "ingest.json", directory: "/")
        #expect(parsed.base.currency == Currency("EUR"))
        #expect(parsed.mappings.map(\.header) == [["X"], Self.saved.header])
        #expect(parsed.mappings.last == Self.saved)
        #expect(text.hasPrefix("{\n"))
        let fresh = try ValidateConfig.parse(RememberedMapping.saving([Self.saved], into: nil, path: "ingest.json"), path: "ingest.json", directory: "/")
        #expect(fresh.mappings == [Self.saved])
    }

    static let badConfigs: [(String, String)] = [
        (#"{"mappings": {}}"#, "\"mappings\" must be a list"),
        (#"{"mappings": [{"map": {"name": "A"}}]}"#, "mappings[0].header: expected the header row"),
        (#"{"mappings": [{"header": ["A"], "map": {"colour": "A"}}]}"#, "mappings[0].map: field names among"),
        (#"{"mappings": [{"header": ["A"], "map": {"name": 3}}]}"#, "mappings[0].map.name: expected a column header"),
        (#"{"mappings": [{"header": ["A"], "map": {}, "when": 1}]}"#, "mappings[0].when: unknown key"),
    ]

    @Test(arguments: badConfigs)
    func badMappingsSayWhere(_ c: (String, String)) {
        #expect {
            _ = try ValidateConfig.parse(c.0, path: "ingest.json", directory: "/")
        } throws: { error in
            "\(error)".contains(c.1)
        }
    }
}
