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
    }

    static func row(_ item: TableItem, _ brand: Int32?) -> Row {
        let source = item.sourceRow
        var text = false
        if case .utf8 = item { text = true }
        return Row(cells: source.cells, row: source.row, line: source.line, text: text, brand: brand)
    }

    /// Every fixture table's rows, with a decoded row and rows with and without a brand as the
    /// first pass finds them, written to a spool and read back; also a block without brands.
    @Test func blocksGiveBackTheirRows() throws {
        var blocks = 0
        for (name, data) in Self.tables {
            guard let table = try? CSVTable(data: data, name: name) else { continue }
            let spool = RowSpool(memoryBytes: 0)
            var rows = try table.nextBatch(limit: 1000)
            rows.append(.decoded(SourceRow(cells: ["Café", "", "9,99 €"], row: 99, line: 120)))
            let items = rows.items
            let brands: [Int32] = items.indices.map { i in i % 3 == 0 ? -1 : Int32(i) * 1_000_003 }
            spool.append(rows, brands: brands, sequence: 0)
            spool.append(rows, brands: [], sequence: 1)
            #expect(spool.isWhole)
            let expected = zip(items, brands).map { Self.row($0, $1) }
            let back = try #require(spool.nextBlock())
            #expect(back.rows.items.indices.map { Self.row(back.rows.item($0), back.brands[$0]) } == expected, "\(name)")
            let bare = try #require(spool.nextBlock())
            #expect(bare.brands.isEmpty)
            #expect(bare.rows.items.map { Self.row($0, nil) } == items.map { Self.row($0, nil) }, "\(name)")
            #expect(spool.nextBlock() == nil)
            blocks += 1
        }
        #expect(blocks > 5)
    }

    /// Blocks appended out of order, as two threads making batches append them, come back in
    /// the order of their numbers.
    @Test(arguments: [[0, 1, 2, 3, 4], [1, 0, 2, 4, 3], [4, 3, 2, 1, 0], [2, 0, 1, 4, 3]])
    func blocksComeBackInOrder(appended: [Int]) throws {
        let spool = RowSpool(memoryBytes: 0)
        for sequence in appended {
            let n = sequence + 1
            let rows = RecordBatch((0..<n).map { TableItem.decoded(SourceRow(cells: ["row \($0)", "\(n)"], row: $0 + 1, line: $0 + 2)) })
            spool.append(rows, brands: Array(repeating: -1, count: n), sequence: sequence)
        }
        #expect(spool.isWhole)
        for n in 1...5 {
            let block = try #require(spool.nextBlock())
            #expect(block.rows.items.map(\.sourceRow.cells) == (0..<n).map { ["row \($0)", "\(n)"] })
            #expect(block.brands.count == n)
        }
        #expect(spool.nextBlock() == nil)
    }

    /// A block counts its rows and lines from its first, in 32 bits: rows further apart than
    /// that do not fit, and the spool says it is no longer whole (the table is then read again).
    @Test func rowsTooFarApartDoNotFitABlock() throws {
        let spool = RowSpool(memoryBytes: 0)
        let near = RecordBatch([TableItem.decoded(SourceRow(cells: ["a"], row: 7, line: 8)),
                                .decoded(SourceRow(cells: ["b"], row: 7 + Int(UInt32.max), line: 8 + Int(UInt32.max)))])
        spool.append(near, brands: [], sequence: 0)
        #expect(spool.isWhole)
        let back = try #require(spool.nextBlock())
        #expect(back.rows.items.map(\.sourceRow.row) == [7, 7 + Int(UInt32.max)])
        #expect(back.rows.items.map(\.sourceRow.line) == [8, 8 + Int(UInt32.max)])
        let far = RecordBatch([TableItem.decoded(SourceRow(cells: ["a"], row: 1, line: 2)),
                               .decoded(SourceRow(cells: ["b"], row: 2 + Int(UInt32.max), line: 3))])
        spool.append(far, brands: [], sequence: 1)
        #expect(!spool.isWhole)
    }

    /// The first blocks stay in memory while they fit in `memoryBytes`; the next go to the
    /// file, made only then; a spool whose file cannot be made keeps what fits in memory and
    /// then says it is no longer whole. All come back in order, whichever thread appended them.
    @Test(arguments: [[0, 1, 2, 3, 4, 5], [1, 0, 3, 2, 5, 4], [5, 4, 3, 2, 1, 0]])
    func memoryFirstThenFile(appended: [Int]) throws {
        func block(_ n: Int) -> RecordBatch {
            RecordBatch((0..<100).map { TableItem.decoded(SourceRow(cells: ["row \($0) of \(n)", String(repeating: "y", count: 50)], row: $0 + 1, line: $0 + 2)) })
        }
        // Room for two blocks as the spool counts them, not three.
        let size = RowSpool.size(RowSpool.Block(rows: block(0), brands: []))
        let room = 2 * size + size / 2
        let spool = RowSpool(memoryBytes: room, budget: RowSpool.MemoryBudget(bytes: 1 << 30))
        for n in appended {
            spool.append(block(n), brands: [], sequence: n)
            if n < 2, appended.prefix(while: { $0 != n }).allSatisfy({ $0 < 2 }) { #expect(spool.allocatedBytes == 0) }
        }
        #expect(spool.isWhole)
        #expect(spool.allocatedBytes > 0)
        for n in 0..<6 {
            let back = try #require(spool.nextBlock())
            #expect(back.rows.items.map(\.sourceRow.cells) == block(n).items.map(\.sourceRow.cells), "block \(n)")
        }
        #expect(spool.nextBlock() == nil)

        let small = RowSpool(directory: "/nonexistent-directory-for-ingest-tests", memoryBytes: room, budget: RowSpool.MemoryBudget(bytes: 1 << 30))
        for n in 0..<2 { small.append(block(n), brands: [], sequence: n) }
        #expect(small.isWhole)
        small.append(block(2), brands: [], sequence: 2)
        #expect(!small.isWhole)
    }

    /// Spools share the process's budget: once it is taken, a spool's blocks go to its file,
    /// and a block read back or a spool let go gives its share back.
    @Test func spoolsShareOneBudget() throws {
        func block(_ n: Int) -> RecordBatch {
            RecordBatch((0..<100).map { TableItem.decoded(SourceRow(cells: ["row \($0) of \(n)", String(repeating: "z", count: 50)], row: $0 + 1, line: $0 + 2)) })
        }
        let size = RowSpool.size(RowSpool.Block(rows: block(0), brands: []))
        let budget = RowSpool.MemoryBudget(bytes: 2 * size)
        let first = RowSpool(budget: budget), second = RowSpool(budget: budget)
        first.append(block(0), brands: [], sequence: 0)
        second.append(block(1), brands: [], sequence: 0)
        #expect(first.allocatedBytes == 0 && second.allocatedBytes == 0)
        second.append(block(2), brands: [], sequence: 1)
        #expect(second.allocatedBytes > 0)
        #expect(try #require(first.nextBlock()).rows.items.map(\.sourceRow.cells) == block(0).items.map(\.sourceRow.cells))
        // The share given back by reading is taken by the next spool; a spool let go gives its own back.
        let third = RowSpool(budget: budget)
        third.append(block(3), brands: [], sequence: 0)
        #expect(third.allocatedBytes == 0)
        #expect(!budget.take(1))
        _ = consume third
        #expect(budget.take(size))
        #expect(try #require(second.nextBlock()).rows.items.count == 100)
        #expect(try #require(second.nextBlock()).rows.items.map(\.sourceRow.cells) == block(2).items.map(\.sourceRow.cells))
    }

    /// Blocks read back are punched out of the file a MiB at a time; those after them still
    /// come back whole, across the punched pages' edges.
    @Test func blocksReadBackAreGivenBackAndTheRestStayWhole() throws {
        let spool = RowSpool(memoryBytes: 0)
        var written: [[[String]]] = []
        for n in 0..<48 {
            // About 70 KB a block, so blocks straddle the 4 KiB pages a punch stops at.
            let cells = (0..<700).map { ["row \($0) of \(n)", String(repeating: "x", count: 80 + ($0 * 7 + n) % 23)] }
            written.append(cells)
            let rows = RecordBatch(cells.enumerated().map { TableItem.decoded(SourceRow(cells: $1, row: $0 + 1, line: $0 + 2)) })
            spool.append(rows, brands: (0..<700).map { Int32($0 + n) }, sequence: n)
        }
        #expect(spool.isWhole)
        let before = spool.allocatedBytes
        for n in 0..<48 {
            let block = try #require(spool.nextBlock())
            #expect(block.rows.items.map(\.sourceRow.cells) == written[n], "block \(n)")
            #expect(block.brands == (0..<700).map { Int32($0 + n) })
        }
        #expect(spool.nextBlock() == nil)
        // The file systems a temporary folder lives on (ext4, xfs, btrfs, tmpfs, overlayfs over
        // them) punch holes: all but the last MiB is given back.
        #expect(before > 3_000_000)
        #expect(spool.allocatedBytes <= 1 << 20 + 4096, "\(spool.allocatedBytes) of \(before) bytes still taken")
    }

    /// Spooled, and read twice because no spool can be made: the same drafts, plain rows and report.
    @Test func importsAgreeWithoutTheSpool() throws {
        var compared = 0
        for (name, data) in Self.tables {
            func run(spoolDirectory: String?, memory: Int = 0) throws -> (drafts: [ImportDraft], plain: [Subscription], report: String) {
                var options = ImportOptions(context: Self.context)
                options.spoolDirectory = spoolDirectory
                options.spoolMemoryBytes = memory
                var drafts: [ImportDraft] = []
                var plain: [Subscription] = []
                let sink = PlainSink { row, _ in
                    plain.append(try #require(row.subscription))
                    return true
                }
                let report = try TableImporter(options: options).run(name: name, kind: .csv, plain: sink, open: {
                    try CSVTable(data: data, name: name)
                }) { drafts.append($0) }
                return (drafts, plain, "\(report.rows) \(report.drafts) \(report.skips) \(report.warnings)")
            }
            guard let spooled = try? run(spoolDirectory: nil) else { continue }
            let reread = try run(spoolDirectory: "/nonexistent-directory-for-ingest-tests")
            let kept = try run(spoolDirectory: "/nonexistent-directory-for-ingest-tests", memory: RowSpool.memoryBytes)
            for other in [reread, kept] {
                #expect(spooled.drafts == other.drafts, "\(name)")
                #expect(spooled.plain == other.plain, "\(name)")
                #expect(spooled.report == other.report, "\(name)")
            }
            compared += 1
        }
        #expect(compared > 5)
    }
}
