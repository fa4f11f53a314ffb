import Foundation
import Testing
@testable import Ingest

/// A plain row (`PlainRowBuilder`) must stand for exactly the draft the full builder makes of
/// the same row: the same subscription, the same duplicate key, accepted by both policies that
/// accept, with nothing to print.
@Suite struct PlainRowTests {
    struct Pair {
        var draft: ImportDraft
        var plain: PlainRow?
        var cells: [String]
    }

    static let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)

    /// Every row of `data`, built both ways; nil when the table is not one plain rows are read from.
    static func pairs(_ data: Data, name: String, context: NormalizeContext = context) throws -> [Pair]? {
        let importer = TableImporter(options: ImportOptions(context: context))
        let table = try importer.prepare(CSVTable(data: data, name: name))
        let builder = DraftBuilder(mapping: table.mapping, formats: table.formats, context: context, catalog: .bundled, file: name)
        guard let plain = PlainRowBuilder(builder) else { return nil }
        let source = try CSVTable(data: data, name: name)
        var pairs: [Pair] = []
        while let item = try source.nextItem() {
            let row = item.sourceRow
            var made: PlainRow?
            if case .utf8(let record, let number) = item { made = plain.plain(record, row: number) }
            pairs.append(Pair(draft: builder.build(row), plain: made, cells: row.cells))
        }
        return pairs
    }

    static func checkSame(_ pair: Pair, _ label: String) {
        guard let plain = pair.plain else { return }
        let draft = pair.draft
        guard let subscription = Subscription(draft: draft) else {
            Issue.record("\(label): \(pair.cells) reads plainly but its draft makes no subscription")
            return
        }
        // The same subscription, so the same entry in the output and the same summary.
        #expect(plain.subscription == subscription, "\(label): \(pair.cells)")
        // The charge a sink that takes list entries totals in place of the subscription.
        var fromCharge = SummaryAccumulator(), fromSubscription = SummaryAccumulator()
        fromCharge.add(plain.charge)
        fromSubscription.add(subscription)
        #expect(fromCharge.summary == fromSubscription.summary, "\(label): \(pair.cells)")
        #expect(plain.charge.currency == subscription.price?.currency && plain.charge.cycle == subscription.cycle,
                "\(label): \(pair.cells)")
        if plain.brand >= 0 {
            let brandKey = BrandCatalog.bundled.brandKeys[plain.brand]
            #expect(DraftMerger.key(draft, catalog: .bundled) == brandKey?.key, "\(label): \(pair.cells)")
            #expect(brandKey.map { DraftMerger.hash($0.key) == $0.hash } ?? false)
        } else {
            // A name the catalog does not know: no service, and the key is hashed from its bytes.
            let key = DraftMerger.key(draft, catalog: .bundled)
            #expect(key?.hasPrefix("name:") == true, "\(label): \(pair.cells)")
            #expect(key.map(DraftMerger.hash) == plain.nameKey, "\(label): \(pair.cells)")
            #expect(draft.service == nil, "\(label): \(pair.cells)")
        }
        #expect(AcceptPolicy.all.decide(draft) == .accepted, "\(label): \(pair.cells)")
        #expect(AcceptPolicy.confident.decide(draft) == .accepted, "\(label): \(pair.cells)")
        #expect(!draft.allIssues.contains { $0.severity >= .warning }, "\(label): \(pair.cells)")
    }

    /// Fixtures/plain/rows.csv: each row says in its last cell whether it must read plainly
    /// ("plain") or must be left to the full builder ("draft: why").
    @Test func rowsReadPlainlyOnlyWhenTheyShould() throws {
        let pairs = try #require(try Self.pairs(FixtureFolder.data("plain/rows.csv"), name: "rows.csv"))
        #expect(pairs.count == 35)
        for pair in pairs {
            let expect = pair.cells.count > 6 ? pair.cells[6] : "draft: ragged"
            #expect((pair.plain != nil) == (expect == "plain"), "\(pair.cells)")
            Self.checkSame(pair, "rows.csv")
        }
    }

    /// Every CSV input of the CLI fixtures whose table plain rows are read from.
    @Test func cliFixturesAgree() throws {
        var tables = 0, plainRows = 0
        for folder in FixtureFolder.cases("cli") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".csv") {
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                guard let pairs = try? Self.pairs(data, name: file) else { continue }
                tables += 1
                for pair in pairs {
                    if pair.plain != nil { plainRows += 1 }
                    Self.checkSame(pair, "\(folder.lastPathComponent)/\(file)")
                }
            }
        }
        #expect(tables > 5 && plainRows >= 5, "\(tables) tables, \(plainRows) plain rows")
    }

    /// `holdsLink` finds ` (https://` where a plain search of the bytes finds it.
    @Test(arguments: ["Netflix (https://www.notion.so/abc)", "(https://x) y", " (https://", "x (https://",
                      "Netflix(https://x)", "a (http://x)", "a (b) (https://c", "a ((https://c", "(((((", "",
                      "a (https:/", "Café (https://x)", "x  (https://y", "a (b) c (d) e (https"])
    func linksAreFound(_ text: String) {
        let bytes = Array(text.utf8)
        let pattern = Array(" (https://".utf8)
        let expected = bytes.count >= pattern.count && (1..<bytes.count).contains { i in
            bytes[i] == UInt8(ascii: "(") && bytes[(i - 1)...].starts(with: pattern)
        }
        #expect(bytes.withUnsafeBufferPointer(DraftBuilder.holdsLink) == expected)
        let shifted = [0x41] + bytes
        #expect(shifted.withUnsafeBufferPointer { DraftBuilder.holdsLink(UnsafeBufferPointer(rebasing: $0[1...])) } == expected,
                "a cell that does not start its buffer")
    }

    /// A table with a status column (or another field plain rows do not read) is built as drafts.
    @Test func otherColumnsTurnPlainRowsOff() throws {
        let csv = "Name,Price,Cycle,Status\nNetflix,€15.49,monthly,active\n"
        let withStatus = try Self.pairs(Data(csv.utf8), name: "s.csv")
        #expect(withStatus == nil)
        let noCycle = "Name,Price\nNetflix,€15.49\n"
        let withoutCycle = try Self.pairs(Data(noCycle.utf8), name: "n.csv")
        #expect(withoutCycle == nil)
    }

    /// The folder lets a row through only when nothing of its key is held, or its group is a list.
    @Test func folderPassesOnlyWhatAddWouldPass() throws {
        var counter = DuplicateCounter()
        var draft = ImportDraft(provenance: [Provenance(file: "f", row: 1)])
        draft.name = DraftField(raw: "Netflix", value: "Netflix")
        counter.observe(draft, catalog: .bundled)
        counter.observe(draft, catalog: .bundled)
        let key = try #require(DraftMerger.key(draft, catalog: .bundled))
        var folder = DuplicateFolder(counter, catalog: .bundled)
        let held = folder.passesThrough(key: key, hash: DraftMerger.hash(key))
        let alone = folder.passesThrough(key: "brand:Spotify", hash: DraftMerger.hash("brand:Spotify"))
        #expect(!held)
        #expect(alone)
    }

    /// Rows of a key whose every member is folded (no more members than the variant limit)
    /// are made drafts in the batch; rows of a key with more members, or none, read plainly.
    @Test func rowsOfKeysFoldedWholeComeAsDrafts() throws {
        let csv = "Name,Price,Cycle\nNetflix,9.99 USD,monthly\nCorner Gym,30 EUR,monthly\nSpotify,10.99 EUR,monthly\n"
            + "Hulu,7.99 USD,monthly\nCorner Gym,31 EUR,monthly\nNetflix,9.99 USD,monthly\n"
        let data = Data(csv.utf8)
        let table = try TableImporter(options: ImportOptions(context: Self.context)).prepare(CSVTable(data: data, name: "f.csv"))
        let builder = DraftBuilder(mapping: table.mapping, formats: table.formats, context: Self.context, catalog: .bundled, file: "f.csv")
        let items = try CSVTable(data: data, name: "f.csv").nextItems(limit: 10)
        let keys = try items.map { try #require(DraftMerger.key(builder.build($0.sourceRow), catalog: .bundled)) }
        // Netflix and the gym twice each, Spotify once more than the limit, Hulu once.
        var counter = DuplicateCounter()
        for key in keys { counter.observe(hash: DraftMerger.hash(key)) }
        for _ in 0..<DuplicateFolder.variantLimit { counter.observe(hash: DraftMerger.hash(keys[2])) }
        let folded = DuplicateFolder(counter, catalog: .bundled).foldedWhole
        #expect(keys.map { folded.contains(DraftMerger.hash($0)) } == [true, true, false, false, true, true])
        let plain = try #require(PlainRowBuilder(builder, folded: folded))
        let made = plain.batch(items).rows.map { row -> String in
            if case .plain = row { return "plain" }
            return "draft"
        }
        #expect(made == ["draft", "draft", "plain", "plain", "draft", "draft"])
        #expect(try #require(PlainRowBuilder(builder)).batch(items).rows.allSatisfy { if case .plain = $0 { true } else { false } })
    }
}

/// `UTF8Check` must judge bytes as `String(validating:)` does.
@Suite struct UTF8CheckTests {
    static let samples: [[UInt8]] = {
        var samples: [[UInt8]] = [[], Array("Netflix".utf8), Array("€9,99 £ ¥ 名前 😀".utf8)]
        // Every lead byte with every interesting second byte, then a continuation or not.
        let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5, 0xFF]
        for lead in UInt8(0x80)...UInt8(0xFF) {
            samples.append([lead])
            for second in seconds {
                samples.append([lead, second])
                samples.append([lead, second, 0x80])
                samples.append([lead, second, 0x80, 0x80])
                samples.append([0x41, lead, second, 0xBF, 0x41])
            }
        }
        return samples
    }()

    @Test func agreesWithTheStandardLibrary() {
        // Behind 0, 7, 8 and 13 ASCII bytes too: the check skips ASCII eight bytes at a time.
        for prefix in [0, 7, 8, 13] {
            for sample in Self.samples {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sample
                let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
                #expect(UTF8Check.isValid(bytes) == expected, "\(bytes.map { String($0, radix: 16) })")
            }
        }
    }
}

/// The first pass reads a column's formats from the rows' bytes, remembering readings: the
/// results must be what reading every value as text gives.
@Suite struct ColumnFormatsBytesTests {
    static func shape(_ text: String) -> String {
        String(decoding: text.utf8.map(ColumnFormats.shape), as: UTF8.self)
    }

    @Test func priceReadingsDependOnlyOnShape() throws {
        let text = try String(decoding: FixtureFolder.data("plain/price-shapes.txt"), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count > 30)
        for line in lines {
            let raw = String(line)
            #expect(DecimalMarkEvidence.reading(raw[...]) == DecimalMarkEvidence.reading(Self.shape(raw)[...]), "\(raw)")
        }
    }

    /// The first pass skips cells that `ColumnFormats.isISODate` calls ISO dates: each must be
    /// one that says nothing of the day/month order, and near misses must not be skipped.
    @Test(arguments: ["2026-12-05", "0000-00-00", "2026-13-45", "1999-02-31", "9999-99-99", "2026-1-05", "2026-12-5",
                      "2026/12/05", "12-05-2026", "2026-12-05 ", " 2026-12-05", "2026-12-0a", "２０２６-12-05", "2026-12-05T10"])
    func isoDatesSayNothingOfTheOrder(_ text: String) {
        let skipped = Array(text.utf8).withUnsafeBufferPointer(ColumnFormats.isISODate)
        #expect(skipped == (text.utf8.count == 10 && text.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression) != nil), "\(text)")
        if skipped { #expect(DateOrderEvidence.reading(text[...]) == nil, "\(text)") }
    }

    /// Both ways over every CSV of the CLI fixtures and the plain rows: same decisions. Rows
    /// counted in two parts (`uncounted`), as two threads making the first pass's batches count
    /// them, and added together (`add`) decide the same too.
    @Test func bytesAndCellsDecideAlike() throws {
        var urls = [FixtureFolder.url("plain/rows.csv")]
        for folder in FixtureFolder.cases("cli") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            urls += files.sorted().filter { $0.hasSuffix(".csv") }.map { folder.appendingPathComponent($0) }
        }
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        var compared = 0
        for url in urls {
            let data = try Data(contentsOf: url)
            guard let table = try? CSVTable(data: data, name: url.lastPathComponent),
                  let (mapping, _) = try? TableImporter(options: ImportOptions(context: context)).mapping(for: table)
            else { continue }
            var byCells = ColumnFormats(mapping: mapping), byItems = ColumnFormats(mapping: mapping)
            var parts = [byItems.uncounted(), byItems.uncounted()]
            let builder = DraftBuilder(mapping: mapping, formats: byCells, context: context, catalog: .bundled, file: url.lastPathComponent)
            let cells = try CSVTable(data: data, name: url.lastPathComponent)
            let items = try CSVTable(data: data, name: url.lastPathComponent)
            while let row = try cells.nextRow(), let item = try items.nextItem() {
                byCells.observe(row)
                byItems.observe(item)
                parts[(compared / 3) % 2].observe(item)
                let byDraft = DraftMerger.key(builder.buildNameAndStatus(row), catalog: .bundled).map(DraftMerger.hash)
                #expect(byDraft == builder.duplicateHash(item), "\(url.lastPathComponent): \(row.cells)")
                compared += 1
            }
            var byParts = ColumnFormats(mapping: mapping)
            for part in parts { byParts.add(part) }
            for column in mapping.header.indices {
                #expect(byCells.dateOrder(column: column, locale: nil) == byItems.dateOrder(column: column, locale: nil), "\(url.lastPathComponent)")
                #expect(byCells.decimalMark(column: column, locale: nil) == byItems.decimalMark(column: column, locale: nil), "\(url.lastPathComponent)")
                for locale in [nil, "de_DE", "en_US"] {
                    #expect(byParts.dateOrder(column: column, locale: locale) == byItems.dateOrder(column: column, locale: locale), "\(url.lastPathComponent)")
                    #expect(byParts.decimalMark(column: column, locale: locale) == byItems.decimalMark(column: column, locale: locale), "\(url.lastPathComponent)")
                }
            }
            #expect(byCells.cjkScript == byItems.cjkScript)
            #expect(byParts.cjkScript == byItems.cjkScript)
        }
        #expect(compared > 200)
    }
}

/// A bare `¥` (C2 A5) or `￥` (EF BF A5) price column is the yen when most of its prices are
/// whole and 1000 or more; other characters ending in byte A5 are no yen sign.
@Suite struct YenEvidenceTests {
    static let cases: [(prices: [String], yen: Bool)] = [
        (["¥1,500", "¥980", "¥2000"], true),
        (["¥15.00", "¥9.99", "¥1200.50"], false),
        (["￥3000", "￥12000"], true),
        (["⿥3000", "⿥4000"], false),
        (["$3000", "$4500"], false),
        (["¥0980", "¥0100"], false),
        (["¥1.500,00", "¥2.000,00"], true),
        (["¥980", "¥120", "¥3000"], false),
    ]

    @Test(arguments: cases.indices)
    func yenByAmounts(_ i: Int) throws {
        let (prices, yen) = Self.cases[i]
        let csv = "Name,Price\n" + prices.enumerated().map { "S\($0.offset),\"\($0.element)\"" }.joined(separator: "\n") + "\n"
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        let (mapping, _) = try TableImporter(options: ImportOptions(context: context)).mapping(for: CSVTable(data: Data(csv.utf8), name: "t.csv"))
        var byCells = ColumnFormats(mapping: mapping), byItems = ColumnFormats(mapping: mapping)
        let cells = try CSVTable(data: Data(csv.utf8), name: "t.csv"), items = try CSVTable(data: Data(csv.utf8), name: "t.csv")
        while let row = try cells.nextRow(), let item = try items.nextItem() {
            byCells.observe(row)
            byItems.observe(item)
        }
        #expect(byCells.yenByAmounts == yen, "\(prices)")
        #expect(byItems.yenByAmounts == yen, "\(prices)")
    }
}

/// The key of a name the catalog does not know, hashed from its bytes, is the hash of the key a
/// draft of it gets; and no catalog brand's own name is taken for such a name.
@Suite struct NameKeyTests {
    @Test(arguments: ["Corner Gym", "corner   gym", "My-Gym 24/7", "a", "Car insurance (family)", "x.y.z", "  lead and trail ",
                      "Tab\tinside", "Zorblat 12", "ZORBLAT", "A1B2", "#1 club", "---", "", "Café", "名前"])
    func hashedAsTheDraftsKey(_ name: String) {
        let bytes = Array(name.utf8)
        let hashed = bytes.withUnsafeBufferPointer { BrandCatalog.bundled.bytes.nameKeyHash($0) }
        if name.utf8.contains(where: { $0 >= 0x80 }) {
            #expect(hashed == nil, "\(name): not ASCII")
            return
        }
        let folded = BrandCatalog.fold(name)
        #expect(hashed == (folded.isEmpty ? nil : DraftMerger.hash("name:" + folded)), "\(name)")
    }

    @Test func noBrandsNameIsNoBrand() {
        for brand in BrandCatalog.bundled.brands {
            var name = brand.name
            let answer = name.withUTF8 { BrandCatalog.bundled.bytes.match($0) }
            #expect(answer != .none, "\(brand.name)")
        }
    }
}
