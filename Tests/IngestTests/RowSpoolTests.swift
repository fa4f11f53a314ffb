import Foundation
import Testing
@testable import Ingest

/// The spool between a table's two passes must give back the rows the first pass read, with
/// their facts, and an import must come out the same with and without it.
@Suite struct RowSpoolTests {
    static let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)

    /// Every CSV input of the CLI fixtures.
    static var tables: [(name: String, data: Data)] {
        FixtureFolder.cases("cli").flatMap { folder -> [(name: String, data: Data)] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.sorted().filter { $0.hasSuffix(".csv") }.compactMap { file in
                (try? Data(contentsOf: folder.appendingPathComponent(file))).map { ("\(folder.lastPathComponent)/\(file)", $0) }
            }
        }
    }

    struct Row: Equatable {
        var cells: [String]
        var row: Int
        var line: Int
        var text: Bool
        var brand: Int32?
        var currency: UInt32?
        var units: Int64?
    }

    static func row(_ item: TableItem, _ facts: PlainFacts?) -> Row {
        let source = item.sourceRow
        var text = false
        if case .utf8 = item { text = true }
        return Row(cells: source.cells, row: source.row, line: source.line, text: text,
                   brand: facts?.brand, currency: facts?.currency, units: facts?.units)
    }

    /// Every fixture table's rows, with a decoded row and rows with and without facts as the
    /// first pass makes them, written to a spool and read back; also a block without facts.
    @Test func blocksGiveBackTheirRows() throws {
        var blocks = 0
        for (name, data) in Self.tables {
            guard let table = try? CSVTable(data: data, name: name) else { continue }
            let spool = try #require(RowSpool())
            var rows = try table.nextBatch(limit: 1000)
            rows.append(.decoded(SourceRow(cells: ["Café", "", "9,99 €"], row: 99, line: 120)))
            let items = rows.items
            let facts: [PlainFacts?] = items.indices.map { i in
                i % 3 == 0 ? nil : PlainFacts(brand: Int32(i), currency: UInt32(0x45_5552), units: Int64(i) * 1_000_000_007)
            }
            #expect(spool.append(rows, facts: facts))
            #expect(spool.append(rows, facts: []))
            let expected = zip(items, facts).map { Self.row($0, $1) }
            let back = try #require(spool.nextBlock())
            #expect(back.rows.items.indices.map { Self.row(back.rows.item($0), back.facts[$0]) } == expected, "\(name)")
            let bare = try #require(spool.nextBlock())
            #expect(bare.facts.isEmpty)
            #expect(bare.rows.items.map { Self.row($0, nil) } == items.map { Self.row($0, nil) }, "\(name)")
            #expect(spool.nextBlock() == nil)
            blocks += 1
        }
        #expect(blocks > 5)
    }

    @Test func blocksComeBackInOrder() throws {
        let spool = try #require(RowSpool())
        for n in 1...5 {
            let rows = RecordBatch((0..<n).map { TableItem.decoded(SourceRow(cells: ["row \($0)", "\(n)"], row: $0 + 1, line: $0 + 2)) })
            #expect(spool.append(rows, facts: Array(repeating: nil, count: n)))
        }
        for n in 1...5 {
            let block = try #require(spool.nextBlock())
            #expect(block.rows.items.map(\.sourceRow.cells) == (0..<n).map { ["row \($0)", "\(n)"] })
            #expect(block.facts.count == n)
        }
        #expect(spool.nextBlock() == nil)
    }

    /// Spooled, and read twice because no spool can be made: the same drafts, plain rows and report.
    @Test func importsAgreeWithoutTheSpool() throws {
        var compared = 0
        for (name, data) in Self.tables {
            func run(spoolDirectory: String?) throws -> (drafts: [ImportDraft], plain: [UInt8], report: String) {
                var options = ImportOptions(context: Self.context)
                options.spoolDirectory = spoolDirectory
                var drafts: [ImportDraft] = []
                var plain: [UInt8] = []
                let sink = PlainSink { row, batch in
                    plain += batch.json[row.json]
                    return true
                }
                let report = try TableImporter(options: options).run(name: name, kind: .csv, plain: sink, open: {
                    try CSVTable(data: data, name: name)
                }) { drafts.append($0) }
                return (drafts, plain, "\(report.rows) \(report.drafts) \(report.skips) \(report.warnings)")
            }
            guard let spooled = try? run(spoolDirectory: nil) else { continue }
            let reread = try run(spoolDirectory: "/nonexistent-directory-for-ingest-tests")
            #expect(spooled.drafts == reread.drafts, "\(name)")
            #expect(spooled.plain == reread.plain, "\(name)")
            #expect(spooled.report == reread.report, "\(name)")
            compared += 1
        }
        #expect(compared > 5)
    }
}
