import Foundation
import Testing
@testable import Ingest

/// Inputs built to break the readers: every cap stops with an error at the right line and
/// column, skipped rows are counted without a list that grows with them, and the algorithms
/// that met big hostile shapes give the same answers in linear time.
@Suite struct HostileInputTests {
    /// A fixture read with limits: (file, cell limit, column limit, where the error is, words of its message).
    struct CapCase: Sendable, CustomTestStringConvertible {
        var file: String
        var maxCellBytes = ReadLimits.defaultMaxCellBytes
        var maxColumns = ReadLimits.defaultMaxColumns
        var at: String
        var says: String
        var testDescription: String { file }
    }

    static let capCases: [CapCase] = [
        CapCase(file: "long-cell.csv", maxCellBytes: 64, at: "4:3", says: "a cell longer than 64 bytes"),
        CapCase(file: "long-quoted-cell.csv", maxCellBytes: 64, at: "2:3", says: "a cell longer than 64 bytes"),
        CapCase(file: "open-quote.csv", maxCellBytes: 64, at: "3:1", says: "a cell longer than 64 bytes"),
        CapCase(file: "wide-row.csv", maxColumns: 10, at: "3:11", says: "more than 10 columns"),
        CapCase(file: "wide-header.csv", maxColumns: 10, at: "1:11", says: "more than 10 columns"),
        CapCase(file: "nul-byte.csv", at: "3", says: "binary data, not a text table (a NUL byte at byte 27, line 3)"),
    ]

    /// The read error `body` throws, nil when it throws none.
    static func firstError(_ body: () throws -> Void) -> ReadError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ReadError
        }
    }

    /// Reads a table to the end, row by row or in batches.
    static func readAll(_ table: CSVTable, batches: Bool) throws {
        if batches {
            while try !table.nextBatch(limit: 2).isEmpty {}
        } else {
            while try table.nextRow() != nil {}
        }
    }

    @Test(arguments: capCases, [false, true])
    func capsStopAtTheirRowAndColumn(_ c: CapCase, batches: Bool) throws {
        let data = try FixtureFolder.data("hostile/\(c.file)")
        let limits = ReadLimits(maxCellBytes: c.maxCellBytes, maxColumns: c.maxColumns)
        let caught = Self.firstError {
            let table = try CSVTable(data: data, name: c.file, limits: limits)
            try Self.readAll(table, batches: batches)
        }
        let error = try #require(caught, "\(c.file) read without an error")
        #expect(error.description.hasPrefix("\(c.file):\(c.at): "), "\(error)")
        #expect(error.message.contains(c.says), "\(error)")
    }

    @Test func aTableThatStoppedSaysSoAgain() throws {
        // Past the rows the header search reads ahead, so that the table opens.
        let text = "Name,Notes\n" + String(repeating: "Netflix,short\n", count: 40) + "Spotify,\(String(repeating: "x", count: 100))\n"
        let table = try CSVTable(data: Data(text.utf8), name: "t.csv", limits: ReadLimits(maxCellBytes: 64))
        #expect(throws: ReadError.self) { try Self.readAll(table, batches: true) }
        #expect(throws: ReadError.self) { _ = try table.nextBatch(limit: 2) }
        #expect(throws: ReadError.self) { _ = try table.nextRow() }
    }

    /// Under the default limits the same files read (the open quote with its warning).
    @Test(arguments: ["long-cell.csv", "long-quoted-cell.csv", "open-quote.csv", "wide-row.csv", "wide-header.csv"])
    func theDefaultLimitsLetOrdinaryFilesThrough(_ file: String) throws {
        let table = try CSVTable(data: FixtureFolder.data("hostile/\(file)"), name: file)
        try Self.readAll(table, batches: true)
        #expect(table.warnings.contains { $0.code == "csv.unterminated-quote" } == (file == "open-quote.csv"))
    }

    /// A cell exactly at the limit passes; one byte more does not.
    @Test(arguments: [(64, true), (65, false)])
    func theCellLimitIsInclusive(_ length: Int, _ passes: Bool) throws {
        let text = "Name,Notes\nNetflix,\(String(repeating: "x", count: length))\n"
        let read = { try CSVTable(data: Data(text.utf8), name: "t.csv", limits: ReadLimits(maxCellBytes: 64)).nextRow() }
        if passes {
            #expect(try read()?.cells[1].count == 64)
        } else {
            #expect(throws: ReadError.self) { try read() }
        }
    }

    /// The bank reader holds the same caps: (file, cell limit, where, words).
    @Test(arguments: [
        ("bank-long-cell.csv", 64, "3:2", "a cell longer than 64 bytes"),
        ("bank-nul.csv", ReadLimits.defaultMaxCellBytes, "3", "a NUL byte at byte 68"),
    ])
    func bankStatementsHoldTheCaps(_ file: String, _ maxCell: Int, _ at: String, _ says: String) throws {
        let data = try FixtureFolder.data("hostile/\(file)")
        let context = NormalizeContext(today: CalendarDate(iso: "2026-11-30")!)
        let caught = Self.firstError {
            let table = try TransactionTable(data: data, name: file, context: context, limits: ReadLimits(maxCellBytes: maxCell))
            _ = try BankImporter(options: ImportOptions(kind: .bank, context: context)).read(table: table, name: file)
        }
        let error = try #require(caught)
        #expect(error.description.hasPrefix("\(file):\(at): "), "\(error)")
        #expect(error.message.contains(says), "\(error)")
    }

    /// A bank statement streamed from a file stops at a row past the limit after the rows before it.
    @Test func aBankRowPastTheLimitStopsTheStream() throws {
        var text = "Date,Description,Amount\n"
        for day in 1...28 { text += "2026-10-\(day < 10 ? "0" : "")\(day),NETFLIX.COM,-9.99\n" }
        let rows = (0..<2000).map { "2026-11-01,SHOP \($0),-1.00\n" }.joined()
        text += rows + "2026-11-02,\(String(repeating: "Y", count: 5000)),-2.00\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-bank-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let context = NormalizeContext(today: CalendarDate(iso: "2026-11-30")!)
        let table = try TransactionTable(path: path, name: "s.csv", context: context, limits: ReadLimits(maxCellBytes: 4096))
        #expect {
            _ = try BankImporter(options: ImportOptions(kind: .bank, context: context)).read(table: table, name: "s.csv")
        } throws: { error in
            (error as? ReadError)?.description.hasPrefix("s.csv:\(2 + 28 + 2000):2: a cell longer than 4 KiB") == true
        }
    }

    /// Blank lines before the header, between rows and at the end: counted by reason, the
    /// first 200 listed in line order, every row still accounted for in the report.
    @Test func blankLinesAreCountedNotListed() throws {
        let data = try FixtureFolder.data("hostile/blank-lines.csv")
        let table = try CSVTable(data: data, name: "b.csv")
        var rows = 0
        while try table.nextRow() != nil { rows += 1 }
        #expect(rows == 2)
        #expect(table.skips.count == CSVTable.listedSkipsPerReason)
        #expect(table.skips.map(\.line).prefix(4) == [1, 2, 3, 6])
        #expect(table.skips.map(\.line) == table.skips.map(\.line).sorted())
        #expect(table.unlistedSkips == [.blank: 3 + 500 + 2 - CSVTable.listedSkipsPerReason])
        #expect(table.skippedRows == 505)

        var report: ImportReport?
        report = try TableImporter(options: ImportOptions(context: NormalizeContext(today: CalendarDate(iso: "2026-11-30")!)))
            .run(name: "b.csv", kind: .csv, open: { try CSVTable(data: data, name: "b.csv") }, emit: { _ in })
        #expect(report?.rows == 2 + 505)
        #expect(report?.line == "507 rows → 2 drafts, 505 skipped (505 blank)")
    }

    /// However many blank lines, the table remembers at most `listedSkipsPerReason` of them,
    /// before the header (where the search for it used to keep each) and after it.
    @Test(arguments: [true, false])
    func theSkipListStaysBounded(_ beforeHeader: Bool) throws {
        let blanks = String(repeating: "\n", count: 300_000)
        let text = beforeHeader ? blanks + "Name,Price\nNetflix,9.99\n" : "Name,Price\nNetflix,9.99\n" + blanks + "Spotify,10.99\n"
        let table = try CSVTable(data: Data(text.utf8), name: "t.csv")
        while try !table.nextBatch(limit: 512).isEmpty {}
        #expect(table.skips.count == CSVTable.listedSkipsPerReason)
        #expect(table.unlistedSkips[.blank] == 300_000 - CSVTable.listedSkipsPerReason)
    }

    /// A file of nothing but newlines is empty, said once all are read.
    @Test func onlyNewlinesIsAnEmptyFile() throws {
        #expect {
            _ = try CSVTable(data: Data(String(repeating: "\r\n", count: 200_000).utf8), name: "n.csv")
        } throws: { error in
            (error as? ReadError)?.message.hasPrefix("the file is empty") == true
        }
    }

    /// Many copies of one row fold into one draft whose provenance lists every row once, in
    /// order, whichever way the drafts are merged.
    @Test(arguments: [1, 2, 5, 3000])
    func identicalRowsFoldWithEveryProvenance(_ copies: Int) throws {
        let text = "Name,Price,Billing\n" + String(repeating: "Netflix,9.99 USD,monthly\n", count: copies)
        let (drafts, _) = try importCSV(text)
        let merged = Ingest.merge(drafts)
        #expect(merged.count == 1)
        let draft = try #require(merged.first)
        #expect(draft.provenance.map(\.row) == (1...copies).map { Optional($0) })
        let mergedIssues = draft.issues.filter { $0.code == "duplicate.merged" }
        #expect(mergedIssues.count == (copies > 1 ? 1 : 0))
        if copies > 4 {
            #expect(mergedIssues.first?.message == "found \(copies) times (t.csv:2, t.csv:3, t.csv:4 and \(copies - 3) more); merged into one")
        }
    }

    /// Folding a draft into itself (the same rows read twice) adds no provenance, issue or
    /// price point twice.
    @Test func foldingKeepsEachProvenanceOnce() throws {
        let (drafts, _) = try importCSV("Name,Price,Billing\nNetflix,9.99 USD,monthly\nNetflix,9.99 USD,monthly\n")
        let once = DraftMerger.fold(drafts[0], drafts[1])
        let again = DraftMerger.fold(once, drafts[1])
        #expect(again.provenance == once.provenance)
        #expect(again.issues == once.issues)
        #expect(once.provenance.count == 2)
    }

    /// The plan of a long name keeps every word as written, in order.
    @Test(arguments: [3, 40, 2000])
    func aLongNamesPlanKeepsItsWords(_ count: Int) throws {
        let words = (0..<count).map { i in "Word" + String(repeating: "z", count: i % 7) + String(UnicodeScalar(UInt8(97 + i % 26))) }
        let match = try #require(BrandCatalog.bundled.match("Netflix Premium " + words.joined(separator: " ")))
        #expect(match.brand.name == "Netflix")
        var expected: [String] = ["Premium"]
        var seen: Set<String> = ["premium"]
        for word in words where seen.insert(word.lowercased()).inserted { expected.append(word) }
        // A word met again is written as it was first met.
        let again = words.map { w in expected.first { $0.lowercased() == w.lowercased() } ?? w }
        #expect(match.plan == (["Premium"] + again).joined(separator: " "))
    }

    /// Notion links are cut from cells as before: (cell, cleaned).
    @Test(arguments: [
        ("Netflix", "Netflix"),
        ("Netflix (https://www.notion.so/abc)", "Netflix"),
        ("A (https://notion.so/x), B (https://www.notion.so/y)", "A, B"),
        ("Link (https://example.com/x) stays", "Link (https://example.com/x) stays"),
        ("Open (https://notion.so/never closed", "Open (https://notion.so/never closed"),
        ("  spaced (https://notion.so/z)  ", "spaced"),
    ])
    func notionLinksAreCut(_ cell: String, _ cleaned: String) {
        #expect(CellCleaner.clean(cell) == cleaned)
    }

    @Test func manyNotionLinksAreCut() {
        let cell = (0..<5000).map { "Item \($0) (https://www.notion.so/\($0))" }.joined(separator: ",")
        #expect(CellCleaner.clean(cell) == (0..<5000).map { "Item \($0)" }.joined(separator: ","))
    }

    /// Ruling out a header before scoring it never changes a score: every vocabulary phrase,
    /// decoy and their typos, scored with the quick look and without it.
    @Test func headerScoresAreUnchangedByTheQuickLook() {
        var headers: Set<String> = ["", "Field 12", "c12345", "Notes", "Preis (EUR)", "次回更新日", "Nächste Zahlung"]
        for phrase in Array(HeaderVocabulary.phrases.values.joined()) + Array(HeaderVocabulary.decoys.values.joined()) {
            headers.insert(phrase)
            headers.insert(phrase.uppercased() + "S")
            headers.insert("Total " + phrase)
            let characters = Array(phrase)
            // A typo at the start, the middle and the end.
            for i in Set([0, characters.count / 2, characters.count - 1]) where i >= 0 && i < characters.count {
                var dropped = characters
                dropped.remove(at: i)
                headers.insert(String(dropped))
                var changed = characters
                changed[i] = "q"
                headers.insert(String(changed))
                if i + 1 < characters.count {
                    var swapped = characters
                    swapped.swapAt(i, i + 1)
                    headers.insert(String(swapped))
                }
            }
        }
        var differing: [String] = []
        for header in headers.sorted() {
            let words = HeaderMatcher.Words(header: header)
            for field in Field.allCases {
                let quick = HeaderMatcher.score(field: field, header: header, words: words)
                let full = HeaderMatcher.uncachedScore(field: field, header: header, words: words)
                if quick.0 != full.0 { differing.append("\(field.rawValue) \(header): \(quick.0) vs \(full.0)") }
                let decoy = HeaderMatcher.decoys(field: field).contains { HeaderMatcher.contains($0.words, in: words) }
                if HeaderMatcher.isDecoy(field: field, words: words) != decoy { differing.append("decoy \(field.rawValue) \(header)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }
}

/// Rows bigger than a batch's byte budget make short batches, which are not the end of the table.
@Suite struct ShortBatchTests {
    @Test(arguments: [false, true])
    func everyBigRowIsImported(_ spooled: Bool) throws {
        // Rows of 200 KB: the rows the header search reads ahead (30) pass the 4 MiB a batch
        // holds, and one row of 5 MB is over it alone.
        let cell = String(repeating: "y", count: 200_000)
        var rows = (0..<40).map { "Service \($0),9.99 USD,\(cell),,,,\n" }.joined()
        rows += "Service 40,9.99 USD," + Array(repeating: String(repeating: "z", count: 1_000_000), count: 5).joined(separator: ",") + "\n"
        rows += (41..<45).map { "Service \($0),9.99 USD,\(cell),,,,\n" }.joined()
        let data = Data(("Name,Price,A,B,C,D,E\n" + rows).utf8)
        var options = ImportOptions(context: NormalizeContext(today: CalendarDate(iso: "2026-11-30")!))
        if !spooled { options.spoolDirectory = "/nonexistent-folder" }
        var names: [String] = []
        let report = try TableImporter(options: options).run(name: "big.csv", kind: .csv,
            open: { try CSVTable(data: data, name: "big.csv") }, emit: { names.append($0.name.value ?? "") })
        #expect(names == (0..<45).map { "Service \($0)" })
        #expect(report.rows == 45)
    }
}
