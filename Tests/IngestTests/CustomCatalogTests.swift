import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// An import finds services for, categorises and merges rows by the catalog its options carry
/// (`ImportOptions.catalog`), whichever reader and whichever way through it (drafts, plain rows,
/// bank statements): a made-up service is known when the catalog holds it, and a bundled brand
/// is not when the catalog is empty. A list's names stay as written; bank merchants are named
/// by the catalog.
@Suite struct CustomCatalogTests {
    static let zorblax = BrandCatalog.Brand(name: "Zorblax", aliases: ["ZBX"], category: .gaming,
                                            manageURL: "https://zorblax.example/account")

    /// A catalog an import is given, and what the rows of `table` and `statement` become with it.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var catalog: BrandCatalog
        /// The catalog services of `table`'s rows (their names stay as written), and their categories, in order.
        var services: [String?]
        var categories: [Category?]
        /// How many of them a streamed import writes as plain rows (a brand without a plan, or
        /// a name of no brand at all; a brand with a plan is a draft).
        var plain: Int
        /// The subscriptions `duplicates` makes, duplicates merged.
        var merged: Int
        /// Names and categories of `statement`'s drafts, sorted by name: a merchant no brand
        /// names keeps its cleaned descriptor, and the category `other`.
        var merchants: [String]
        var merchantCategories: [Category?]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Zorblax only", catalog: BrandCatalog(brands: [zorblax]),
             services: ["Zorblax", nil, nil], categories: [.gaming, nil, nil], plain: 3, merged: 1,
             merchants: ["Netflix.com", "Zorblax"], merchantCategories: [.other, .gaming]),
        Case(label: "Zorblax and the bundled brands", catalog: BrandCatalog(joining: [BrandCatalog(brands: [zorblax]), .bundled]),
             services: ["Zorblax", "Netflix", "Spotify"], categories: [.gaming, .streaming, .music], plain: 2, merged: 1,
             merchants: ["Netflix", "Zorblax"], merchantCategories: [.streaming, .gaming]),
        Case(label: "empty", catalog: BrandCatalog(joining: []),
             services: [nil, nil, nil], categories: [nil, nil, nil], plain: 3, merged: 2,
             merchants: ["Netflix.com", "Zbx"], merchantCategories: [.other, .other]),
        Case(label: "bundled", catalog: .bundled,
             services: [nil, "Netflix", "Spotify"], categories: [nil, .streaming, .music], plain: 2, merged: 2,
             merchants: ["Netflix", "Zbx"], merchantCategories: [.streaming, .other]),
    ]

    /// The names of `table`'s rows as written.
    static let written = ["ZBX", "Netflix Premium", "Spotify"]

    /// Name, price and cycle only: the rows that name a brand without a plan, or no brand, read
    /// plainly in a streamed import, the others become drafts.
    static let table = "Name,Price,Cycle\nZBX,€4.99,monthly\nNetflix Premium,€15.49,monthly\nSpotify,€10.99,monthly\n"
    /// The same service written two ways: one subscription when the catalog knows both as one brand.
    static let duplicates = "Name,Price,Cycle\nZBX,€4.99,monthly\nZorblax,€4.99,monthly\n"

    /// Six months of two monthly charges.
    static var statement: String {
        var text = "Date,Description,Amount\n"
        for month in 5...10 {
            text += "2026-\(month < 10 ? "0" : "")\(month)-03,ZBX*8841 SEATTLE WA,-4.99\n"
            text += "2026-\(month < 10 ? "0" : "")\(month)-05,NETFLIX.COM 866-579-7172 CA,-15.49\n"
        }
        return text
    }

    static func options(_ c: Case) -> ImportOptions {
        var options = ImportOptions(context: Sample.context)
        options.catalog = c.catalog
        return options
    }

    /// `text` written to a temporary file, imported by the CLI's engine with `--accept all`.
    static func streamed(_ text: String, _ c: Case, keepDuplicates: Bool = false) throws -> (list: [Subscription], drafts: Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-catalog-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = StreamingImport(options: options(c), policy: .all, keepDuplicates: keepDuplicates)
        var list = SubscriptionList()
        var observer = DraftCounter()
        #expect(try engine.run([path], into: &list, observer: &observer))
        return (list.subscriptions, observer.drafts)
    }

    /// Counts the drafts an import makes: the rows written plainly are not among them.
    struct DraftCounter: ImportObserver {
        var drafts = 0
        mutating func read(_ draft: ImportDraft) { drafts += 1 }
    }

    @Test(arguments: cases) func draftsAreNamedByTheCatalog(_ c: Case) throws {
        let drafts = try Ingest.allDrafts(from: .bytes(Data(Self.table.utf8), name: "subs.csv"), options: Self.options(c))
        #expect(drafts.map(\.name.value) == Self.written)
        #expect(drafts.map(\.service?.name) == c.services)
        #expect(drafts.map(\.category.value) == c.categories)
        #expect(drafts[1].notes.value == nil)
    }

    @Test(arguments: cases) func plainRowsAreNamedByTheCatalog(_ c: Case) throws {
        let (subscriptions, drafts) = try Self.streamed(Self.table, c)
        #expect(subscriptions.map(\.name) == Self.written)
        #expect(subscriptions.map(\.service?.name) == c.services)
        #expect(subscriptions.map(\.category) == c.categories)
        #expect(subscriptions.count - drafts == c.plain)
    }

    @Test(arguments: cases) func duplicatesAreTheCatalogsBrands(_ c: Case) throws {
        #expect(try Self.streamed(Self.duplicates, c).list.count == c.merged)
        #expect(try Self.streamed(Self.duplicates, c, keepDuplicates: true).list.count == 2)
        let drafts = try Ingest.allDrafts(from: .bytes(Data(Self.duplicates.utf8), name: "subs.csv"), options: Self.options(c))
        #expect(DraftMerger.merge(drafts, catalog: c.catalog).count == c.merged)
    }

    @Test(arguments: cases) func bankMerchantsAreTheCatalogsBrands(_ c: Case) throws {
        var options = Self.options(c)
        options.kind = .bank
        let drafts = try Ingest.allDrafts(from: .bytes(Data(Self.statement.utf8), name: "statement.csv"), options: options)
            .sorted { ($0.name.value ?? "") < ($1.name.value ?? "") }
        #expect(drafts.map(\.name.value) == c.merchants)
        #expect(drafts.map(\.category.value) == c.merchantCategories)
    }

    /// `brands.json`'s format, and what a bad list says.
    static let jsonCases: [(json: String, error: String?)] = [
        (#"[{"name": "Zorblax", "aliases": ["ZBX"], "category": "gaming", "manage": "https://zorblax.example/account"}]"#, nil),
        (#"[{"name": "Zorblax", "category": "gaming", "exact": true}]"#, nil),
        (#"{"name": "Zorblax"}"#, "mine.json: expected an array of brands"),
        (#"[{"name": "Zorblax", "category": "gaming"}, {"aliases": ["ZBX"]}]"#, #"mine.json: brand 2 has no "name""#),
        (#"[{"name": "Zorblax", "category": "games"}]"#, #"mine.json: brand 1 (Zorblax) needs a "category", one of streaming, "#),
        (#"[{"name": "Zorblax"}]"#, #"mine.json: brand 1 (Zorblax) needs a "category""#),
        ("[{\"name\": \"Zorblax\",\n", "mine.json:2:"),
    ]

    @Test(arguments: jsonCases) func readsBrandsJSON(_ json: String, _ expected: String?) {
        do {
            let catalog = try BrandCatalog(json: json, file: "mine.json")
            #expect(expected == nil)
            #expect(catalog.brands.map(\.name) == ["Zorblax"])
            #expect(catalog.match("ZORBLAX")?.brand.category == .gaming)
        } catch {
            #expect(expected.map { error.description.hasPrefix($0) } ?? false, "\(error.description)")
        }
    }

    @Test func exactAndManageAreRead() throws {
        let catalog = try BrandCatalog(json: #"[{"name": "Calm", "category": "fitness", "exact": true, "manage": "https://calm.example"}]"#)
        #expect(catalog.brands == [BrandCatalog.Brand(name: "Calm", category: .fitness, manageURL: "https://calm.example", exactNameOnly: true)])
        #expect(catalog.match("Calm")?.brand.name == "Calm")
        #expect(catalog.match("Keep calm") == nil)
    }

    @Test func bundledJSONReadsAsTheBundledCatalog() throws {
        let text = try #require(Resources.text("brands.json"))
        #expect(try BrandCatalog(json: text).brands == BrandCatalog.bundled.brands)
    }

    /// Each catalog works out its own keys: the bundled catalog's are not another's.
    @Test func keysBelongToTheirCatalog() {
        let mine = BrandCatalog(brands: [Self.zorblax])
        #expect(mine.brandKeys.map { $0?.key } == ["brand:Zorblax"])
        #expect(mine.brandNameKeys == ["Zorblax": "brand:Zorblax"])
        #expect(mine.categoryOrdinals == [PlainRowBuilder.ordinal(.gaming)])
        var draft = ImportDraft(provenance: [])
        draft.name = DraftField(raw: "Netflix", value: "Netflix")
        #expect(DraftMerger.key(draft, catalog: mine) == "name:netflix")
        #expect(DraftMerger.key(draft, catalog: .bundled) == "brand:Netflix")
    }

    /// The library reaches the bundled catalog only as a default: `ImportOptions.catalog`'s and
    /// `Ingest.merge`'s. Anything else would ignore the catalog an app passed. (The one other
    /// shared value is the memory all row spools of a process may hold, `RowSpool.MemoryBudget`.)
    @Test func onlyDefaultsNameTheBundledCatalog() throws {
        let sources = PublicAPITests.root.appendingPathComponent("Sources/Ingest")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String] = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains(".bundled") || code.contains(".shared"),
                      !code.contains("BankLayout.bundled"), !code.contains("ListTemplates.shared"),
                      !code.contains("MemoryBudget = .shared") else { continue }
                found.append("\(file): \(code)")
            }
        }
        #expect(found.sorted() == [
            "API/Ingest.swift: public static func merge(_ drafts: [ImportDraft], catalog: BrandCatalog = .bundled) -> [ImportDraft] {",
            "Pipeline/ImportOptions.swift: get { givenCatalog ?? .bundled }",
        ])
    }
}
