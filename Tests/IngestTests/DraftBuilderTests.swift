import Foundation
import Testing
@testable import Ingest

/// Imports a small CSV text through the whole table pipeline.
func importCSV(_ text: String, today: String = "2026-11-30", locale: String? = nil,
               overrides: [Field: String] = [:]) throws -> (drafts: [ImportDraft], report: ImportReport) {
    let context = NormalizeContext(today: CalendarDate(iso: today) ?? CalendarDate(dayNumber: 0), locale: locale)
    var drafts: [ImportDraft] = []
    let report = try TableImporter(options: ImportOptions(context: context, overrides: overrides))
        .run(name: "t.csv", kind: .csv, open: { try CSVTable(data: Data(text.utf8), name: "t.csv") },
             emit: { drafts.append($0) })
    return (drafts, report)
}

@Suite struct DraftBuilderTests {
    /// The price column's header names the period when no cycle column does: (csv, cycle of row 1).
    @Test(arguments: [
        ("Service,Monthly Cost,Renewal Date\nNetflix,$15.49,12/05/2026\n", "month"),
        ("Service,Price / year,Renewal Date\nNetflix,$185.88,12/05/2026\n", "year"),
        ("Service,Coste anual,Renovación\nNetflix,185,88 €,05/12/2026\n", "year"),
        ("Service,Monthly Cost,Cycle\nNetflix,$185.88,yearly\n", "year"),
        ("Service,Monthly Cost\nNetflix,$185.88/yr\n", "year"),
        ("Service,Price\nNetflix,$15.49\n", "-"),
    ])
    func cycleFromThePriceHeader(_ csv: String, _ cycle: String) throws {
        let (drafts, _) = try importCSV(csv)
        #expect(drafts.first?.cycle.value?.description ?? "-" == cycle)
    }

    /// A bare ¥ is the yuan in a table written in Chinese, the yen otherwise: (csv, locale, currency, guessed).
    @Test(arguments: [
        ("名称,价格,周期\n爱奇艺,¥25.00,每月\n", nil, "CNY", false),
        ("Name,Price,Cycle\n爱奇艺,¥25.00,monthly\n腾讯视频,¥30.00,monthly\n", nil, "CNY", false),
        ("サービス名,料金,支払いサイクル\nNetflix,\"¥1,490\",月額\n", nil, "JPY", false),
        ("Name,Price,Cycle\nNetflix,¥1490,monthly\n", nil, "JPY", true),
        ("名称,价格,周期\n爱奇艺,¥25.00,每月\n", "ja_JP", "JPY", false),
    ] as [(String, String?, String, Bool)])
    func yenSignFollowsTheTablesScript(_ csv: String, _ locale: String?, _ code: String, _ guessed: Bool) throws {
        let (drafts, _) = try importCSV(csv, locale: locale)
        let price = try #require(drafts.first?.price)
        #expect(price.value?.currency?.code == code)
        #expect(price.issues.contains { $0.code == "currency.guessed" } == guessed)
    }


    @Test func pastRenewalRollsForwardByWholeCycles() throws {
        let (drafts, _) = try importCSV("Name,Price,Cycle,Next renewal\nNetflix,$15.49,monthly,2026-01-31\nGym,$300,yearly,2024-12-01\n")
        #expect(drafts[0].nextRenewal.value?.description == "2026-11-30")
        #expect(drafts[0].nextRenewal.raw == "2026-01-31")
        #expect(drafts[0].nextRenewal.issues.contains { $0.code == "date.rolled-forward" })
        #expect(drafts[1].nextRenewal.value?.description == "2026-12-01")
    }

    @Test func pastRenewalWithoutCycleStaysAndIsFlagged() throws {
        let (drafts, _) = try importCSV("Name,Price,Next renewal\nNetflix,$15.49,2026-01-31\n")
        #expect(drafts[0].nextRenewal.value?.description == "2026-01-31")
        #expect(drafts[0].nextRenewal.issues.contains { $0.code == "date.past" })
    }

    static let inactiveCases: [(String, ImportDraft.Status)] = [
        ("Name,Price,Status\nA,$1,Cancelled\n", .inactive),
        ("Name,Price,Status\nA,$1,Paused\n", .inactive),
        ("Name,Price,Status\nA,$1,Active\n", .pending),
        ("Name,Price,Active\nA,$1,No\n", .inactive),
        ("Name,Price,Active\nA,$1,Yes\n", .pending),
        ("Name,Price,Cancelled\nA,$1,Yes\n", .inactive),
        ("Name,Price,Cancelled\nA,$1,No\n", .pending),
        ("Name,Price,Enabled\nA,$1,false\n", .inactive),
    ]

    @Test(arguments: inactiveCases)
    func statusAndActiveColumns(_ c: (String, ImportDraft.Status)) throws {
        #expect(try importCSV(c.0).drafts[0].status == c.1)
    }

    static let minorUnitCases: [(String, String)] = [
        ("Name,Amount (cents),Currency\nA,1549,USD\n", "15.49"),
        ("Name,amount_minor,Currency\nA,1200,JPY\n", "1200"),
        ("Name,amount_minor,Currency\nA,12500,KWD\n", "12.500"),
        ("Name,Amount milliunits,Currency\nA,15490,USD\n", "15.49"),
        ("Name,Amount,Currency\nA,1549,USD\n", "1549.00"),
    ]

    @Test(arguments: minorUnitCases)
    func minorUnitColumns(_ c: (String, String)) throws {
        #expect(try importCSV(c.0).drafts[0].price.value?.amountText == c.1)
    }

    @Test func cycleSplitOverTwoColumns() throws {
        let (drafts, _) = try importCSV("Title,Amount,Every,Unit\nA,1,2,weeks\nB,1,12,month\nC,1,x,month\n")
        #expect(drafts[0].cycle.value == Cycle(unit: .week, interval: 2))
        #expect(drafts[1].cycle.value == Cycle(unit: .year, interval: 1))
        #expect(drafts[2].cycle.issues.contains { $0.code == "cycle.unparseable" })
    }

    @Test func epochTimestamps() throws {
        let (drafts, _) = try importCSV("Name,Price,Cycle,Next payment\nA,$1,monthly,1796428800\nB,$1,monthly,1796428800000\n")
        #expect(drafts[0].nextRenewal.value?.description == "2026-12-05")
        #expect(drafts[1].nextRenewal.value?.description == "2026-12-05")
    }

    /// Only ASCII digits of a timestamp's length read as one (the check is by bytes).
    @Test(arguments: [
        ("1796428800", "2026-12-05"), ("1796428800000", "2026-12-05"), ("179642880", "1975-09-11"),
        ("17964288000", nil), ("", nil), ("+1796428800", nil), ("2027-06-10", nil),
        ("\u{0661}\u{0667}\u{0669}\u{0666}\u{0664}\u{0662}\u{0668}\u{0668}\u{0660}\u{0660}", nil),
        ("１７９６４２８８００", nil), ("1796428800\u{301}", nil),
    ] as [(String, String?)])
    func epochDateReadsOnlyASCIIDigits(text: String, expected: String?) {
        #expect(DraftBuilder.epochDate(text)?.description == expected)
    }

    @Test func notionCellsAreCleaned() throws {
        let (drafts, _) = try importCSV("""
            Name,Price,Category,Renews,Account
            Figma (https://www.notion.so/Figma-0123456789abcdef0123456789abcdef),$15.00,"Software, Design",2026-12-05 → 2027-12-05,x
            """ + "\n")
        #expect(drafts[0].name.value == "Figma")
        #expect(drafts[0].category.value == .software)
        #expect(drafts[0].nextRenewal.value?.description == "2026-12-05")
    }

    @Test func missingNameIsAnErrorNotADrop() throws {
        let (drafts, report) = try importCSV("Name,Price\n,$1\nB,$2\n")
        #expect(drafts.count == 2)
        #expect(drafts[0].name.issues.contains { $0.code == "name.missing" && $0.severity == .error })
        #expect(report.rows == 2)
    }

    @Test func unparseablePriceNamesFileRowAndColumn() throws {
        let (drafts, _) = try importCSV("Name,Price\nA,abc\n")
        let issue = try #require(drafts[0].price.issues.first)
        #expect(issue.code == "price.unparseable")
        #expect(issue.message.hasPrefix("t.csv:2:2: \"abc\""))
    }

    @Test func raggedRowsAreReported() throws {
        let (drafts, _) = try importCSV("Name,Price,Cycle\nA,$1\nB,$2,monthly,extra\n")
        #expect(drafts.allSatisfy { $0.issues.contains { $0.code == "row.ragged" } })
        #expect(drafts[0].name.value == "A")
    }

    @Test func currencyColumnFillsAndConflicts() throws {
        let (drafts, _) = try importCSV("Name,Price,Currency\nA,15.49,EUR\nB,£3,EUR\nC,$3,CAD\nD,3,XYZ\n")
        #expect(drafts[0].price.value?.currency?.code == "EUR")
        #expect(drafts[1].price.issues.contains { $0.code == "currency.conflict" })
        #expect(drafts[2].price.value?.currency?.code == "CAD")
        #expect(drafts[3].price.issues.contains { $0.code == "currency.unknown" })
    }

    @Test func stderrLineCountsEveryRow() throws {
        let (_, report) = try importCSV("Name,Price\nA,$1\n\nB,$2\n")
        #expect(report.line == "3 rows → 2 drafts, 1 skipped (1 blank)")
    }
}

@Suite struct InputSnifferTests {
    static let cases: [([UInt8], InputSniffer.Content)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .image),
        ([0xFF, 0xD8, 0xFF, 0xE0], .image),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .image),
        ([0x49, 0x49, 0x2A, 0x00, 0x08], .image),
        ([0x50, 0x4B, 0x03, 0x04, 0x14], .zip),
        (Array("Name,Price\n".utf8), .text),
        (Array("BMW,30\n".utf8), .text),
        ([], .text),
    ]

    @Test(arguments: cases)
    func content(_ c: ([UInt8], InputSniffer.Content)) {
        #expect(InputSniffer.content(of: c.0) == c.1)
    }
}

/// Tables of more than one batch are built on a second thread: the drafts must come out in row
/// order and equal those built one by one, at and around the batch boundaries.
@Suite struct BatchedBuildTests {
    @Test(arguments: [0, 1, TableImporter.batchSize - 1, TableImporter.batchSize, TableImporter.batchSize + 1,
                      3 * TableImporter.batchSize + 7])
    func draftsComeInRowOrderAndEqualOneByOne(rows count: Int) throws {
        let header = ["Name", "Price", "Cycle", "Next renewal"]
        let cycles = ["monthly", "yearly", "weekly", "every 2 months"]
        let rows = (0..<count).map { i in ["Service \(i)", "\(i % 90 + 1).99 EUR", cycles[i % cycles.count], "2027-0\(i % 9 + 1)-1\(i % 9)"] }
        let table = StubTable(name: "t.csv", header: header, rows: rows, skips: [], warnings: [])
        let context = NormalizeContext(today: CalendarDate(iso: "2026-11-30")!)
        let mapping = try ColumnDetector(context: context).detect(header: header, samples: rows, overrides: [:])
        let builder = DraftBuilder(mapping: mapping, formats: ColumnFormats(mapping: mapping), context: context, catalog: .bundled, file: "t.csv")
        var drafts: [ImportDraft] = []
        try TableImporter.build(table, with: builder) { drafts.append($0) }
        let reference = StubTable(name: "t.csv", header: header, rows: rows, skips: [], warnings: [])
        var expected: [ImportDraft] = []
        while let row = try reference.nextRow() { expected.append(builder.build(row)) }
        #expect(drafts.count == count)
        #expect(drafts.map { $0.provenance[0].row } == (0..<count).map { $0 + 1 })
        #expect(drafts == expected)
    }
}

/// A count column with no interval in it (0, negative, past `Int`) once read as an interval
/// of 1 or overflowed day arithmetic; it is now `cycle.invalid-interval`.
@Suite struct CycleCountColumnTests {
    @Test func countsOutsideTheRangeAreFlagged() throws {
        let csv = "Name,Price,Every,Unit\nA,9.99 USD,0,month\nB,9.99 USD,99999999999999999999,week\nC,9.99 USD,-3,week\nD,9.99 USD,2,week\nE,9.99 USD,1001,day\n"
        let drafts = try importCSV(csv).drafts
        #expect(drafts.map { $0.cycle.issues.first?.code } == ["cycle.invalid-interval", "cycle.invalid-interval", "cycle.invalid-interval", nil, "cycle.invalid-interval"])
        #expect(drafts[3].cycle.value == Cycle(unit: .week, interval: 2))
    }

    /// A renewal on the last supported day rolled on by a cycle passes 9999: the date is kept
    /// with an error, never written with five digits.
    @Test func rollingPastTheLastYearIsFlagged() throws {
        let drafts = try importCSV("Name,Price,Billing,Next renewal\nA,9.99 USD,yearly,9999-06-01\n", today: "9999-12-01").drafts
        #expect(drafts[0].nextRenewal.issues.map(\.code).contains("date.out-of-range"))
        #expect(drafts[0].nextRenewal.value?.isSupported == true)
    }
}
