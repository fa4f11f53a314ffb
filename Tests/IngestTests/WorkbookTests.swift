import Foundation
import Testing
@testable import Ingest

/// .xlsx and .ods workbooks: number formats, serial dates, the sheets chosen, what each row
/// becomes, and broken files refused with a located error. The fixtures are written by
/// Fixtures/workbooks/generate.py.
@Suite struct WorkbookTests {
    static let today = CalendarDate(year: 2026, month: 3, day: 1)!

    static func options(sheet: String? = nil) -> ImportOptions {
        var options = ImportOptions(context: NormalizeContext(today: today))
        options.sheet = sheet
        return options
    }

    static let formats: [(String, NumberFormat)] = [
        ("General", .number),
        ("0.00", .number),
        ("#,##0.00", .number),
        ("yyyy-mm-dd", .date),
        ("dd.mm.yyyy", .date),
        ("[$-409]mmmm d, yyyy", .date),
        ("mmm yy", .date),
        ("h:mm", .time),
        ("mm:ss", .time),
        ("[h]:mm:ss", .time),
        ("d/m/yyyy h:mm", .date),
        ("[$€-407]#,##0.00", .currency("€", before: true)),
        ("#,##0.00 [$€-407]", .currency("€", before: false)),
        ("[$$-409]#,##0.00;[Red]-[$$-409]#,##0.00", .currency("$", before: true)),
        ("\"$\"#,##0.00", .currency("$", before: true)),
        ("#,##0.00\\ \"kr\"", .currency("kr", before: false)),
        ("#,##0\" ¥\"", .currency("¥", before: false)),
        ("[$CHF] #,##0.00", .currency("CHF", before: true)),
        ("£#,##0.00", .currency("£", before: true)),
        ("0.00E+00", .number),
        ("0%", .number),
        ("@", .number),
    ]

    @Test(arguments: formats)
    func numberFormats(_ c: (String, NumberFormat)) {
        #expect(NumberFormat.parse(c.0) == c.1, "\(c.0)")
    }

    static let builtIn: [(Int, NumberFormat)] = [(0, .number), (2, .number), (14, .date), (17, .date), (20, .time), (22, .date), (31, .date), (46, .time), (49, .number), (57, .date)]

    @Test(arguments: builtIn)
    func builtInFormats(_ c: (Int, NumberFormat)) {
        #expect(NumberFormat.builtIn(c.0) == c.1)
    }

    /// Serial days in both date systems, checked against Python's datetime (1899-12-30 and
    /// 1904-01-01 plus the serial), and the 1900 system's days before its false 29 February.
    static let serials: [(Double, Bool, String?)] = [
        (1, false, "1900-01-01"),
        (59, false, "1900-02-28"),
        (61, false, "1900-03-01"),
        (46097, false, "2026-03-16"),
        (46090.75, false, "2026-03-09"),
        (2958465, false, "9999-12-31"),
        (0, true, "1904-01-01"),
        (44632, true, "2026-03-13"),
        (0, false, nil),
        (-3, false, nil),
        (3_000_000, false, nil),
    ]

    @Test(arguments: serials)
    func serialDates(_ c: (Double, Bool, String?)) {
        #expect(NumberFormat.date(serial: c.0, date1904: c.1)?.description == c.2, "\(c.0) \(c.1)")
    }

    static let numbers: [(String, String?)] = [
        ("12.99", "12.99"), ("10.9900000000000002", "10.99"), ("9.9999999999999995E-3", "0.01"), ("1.5E-3", "0.0015"),
        ("100", "100"), ("-18.5", "-18.5"), ("0", "0"), ("123456789012.34", "123456789012.34"), ("twelve", nil), ("", nil),
    ]

    @Test(arguments: numbers)
    func plainNumbers(_ c: (String, String?)) {
        #expect(NumberFormat.plain(c.0) == c.1, "\(c.0)")
    }

    struct Row: Equatable, CustomStringConvertible {
        var name: String, amount: String, currency: String?, next: String?, part: String?, line: Int?
        var description: String { "\(name) \(amount) \(currency ?? "-") \(next ?? "-") \(part ?? "-"):\(line ?? 0)" }
    }

    static func rows(_ file: String, sheet: String? = nil) throws -> (rows: [Row], report: ImportReport) {
        var drafts: [ImportDraft] = []
        let report = try Importer(options: options(sheet: sheet)).run(path: FixtureFolder.url("workbooks/\(file)").path, name: file) {
            drafts.append($0)
        }
        let rows = drafts.map { draft in
            Row(name: draft.name.value ?? "", amount: draft.price.value?.amountText ?? "",
                currency: draft.price.value?.currency?.code, next: draft.nextRenewal.value?.description,
                part: draft.provenance.first?.part, line: draft.provenance.first?.line)
        }
        return (rows, report)
    }

    /// Each fixture's rows as checked by hand against the generator's cells.
    static let imports: [(String, String?, [Row])] = [
        ("household.xlsx", nil, [
            Row(name: "Netflix", amount: "13.99", currency: "EUR", next: "2026-03-16", part: "Subscriptions", line: 2),
            Row(name: "Spotify Premium", amount: "10.99", currency: "EUR", next: "2026-03-03", part: "Subscriptions", line: 3),
            // A gap of two empty rows, then a note over two lines: rows keep the sheet's numbers.
            Row(name: "iCloud+ 200 GB", amount: "2.99", currency: "EUR", next: "2026-03-09", part: "Subscriptions", line: 6),
            Row(name: "GitHub Copilot", amount: "100.00", currency: "USD", next: "2026-10-05", part: "Subscriptions", line: 7),
        ]),
        ("household.xlsx", "Settings", [
            Row(name: "Hidden row", amount: "1", currency: nil, next: nil, part: "Settings", line: 2),
        ]),
        ("inline-1904.xlsx", nil, [
            Row(name: "Disney+", amount: "8.99", currency: "EUR", next: "2026-03-13", part: "Abos", line: 2),
            Row(name: "Nintendo Switch Online", amount: "2400", currency: "JPY", next: "2026-05-20", part: "Abos", line: 3),
        ]),
        ("two-lists.xlsx", nil, [
            Row(name: "Netflix", amount: "13.99", currency: "USD", next: nil, part: "Streaming", line: 2),
            Row(name: "1Password Families", amount: "59.88", currency: "GBP", next: nil, part: "Software", line: 2),
        ]),
        ("budget.ods", nil, [
            Row(name: "Netflix", amount: "13.99", currency: "EUR", next: "2026-03-15", part: "Abos", line: 2),
            Row(name: "Spotify", amount: "10.99", currency: "EUR", next: "2026-03-02", part: "Abos", line: 6),
            Row(name: "Adobe CC", amount: "59.99", currency: nil, next: nil, part: "Abos", line: 7),
            Row(name: "Amazon Prime", amount: "89.90", currency: "EUR", next: "2026-11-01", part: "Abos", line: 8),
        ]),
        // Written by openpyxl (a title row, a blank row, a totals row with a formula, a date-time).
        ("openpyxl-abonnements.xlsx", nil, [
            Row(name: "Canal+", amount: "24.99", currency: "EUR", next: "2026-03-05", part: "Abonnements", line: 4),
            Row(name: "Deezer Premium", amount: "11.99", currency: "EUR", next: "2026-03-12", part: "Abonnements", line: 5),
            Row(name: "Free Fibre", amount: "29.99", currency: "EUR", next: "2026-03-20", part: "Abonnements", line: 6),
            Row(name: "Assurance habitation", amount: "186.40", currency: "EUR", next: "2026-09-01", part: "Abonnements", line: 7),
        ]),
        // Written by odfpy.
        ("odfpy-subscriptions.ods", nil, [
            Row(name: "YouTube Premium", amount: "12.99", currency: "GBP", next: "2026-03-08", part: "Subscriptions", line: 2),
            Row(name: "Amazon Prime", amount: "95.00", currency: "GBP", next: "2026-07-14", part: "Subscriptions", line: 3),
            Row(name: "Xbox Game Pass", amount: "14.99", currency: "GBP", next: "2026-03-27", part: "Subscriptions", line: 4),
        ]),
        ("budget.ods", "2", [
            Row(name: "Netflix", amount: "13.99", currency: "EUR", next: "2026-03-15", part: "Abos", line: 2),
            Row(name: "Spotify", amount: "10.99", currency: "EUR", next: "2026-03-02", part: "Abos", line: 6),
            Row(name: "Adobe CC", amount: "59.99", currency: nil, next: nil, part: "Abos", line: 7),
            Row(name: "Amazon Prime", amount: "89.90", currency: "EUR", next: "2026-11-01", part: "Abos", line: 8),
        ]),
    ]

    @Test(arguments: imports)
    func importsTheSheets(_ c: (String, String?, [Row])) throws {
        let (rows, report) = try Self.rows(c.0, sheet: c.1)
        #expect(rows == c.2, "\(c.0)")
        #expect(report.kind == .sheets)
    }

    /// The note names the sheets read and those left out, with why.
    static let notes: [(String, String?, String)] = [
        ("household.xlsx", nil, "read sheet \"Subscriptions\" (5 rows); left out \"Settings\" (hidden), \"Summary\" (no name column)"),
        ("openpyxl-abonnements.xlsx", nil, "read sheet \"Abonnements\" (8 rows); left out \"Read me\" (no price column)"),
        ("two-lists.xlsx", nil, "read sheets \"Streaming\" (1 row), \"Software\" (1 row)"),
        ("budget.ods", nil, "read sheet \"Abos\" (5 rows); left out \"Versteckt\" (hidden), \"Übersicht\" (no name or price column)"),
        ("budget.ods", "abos", "read sheet \"Abos\" (5 rows); left out \"Übersicht\" (not chosen), \"Versteckt\" (not chosen)"),
    ]

    @Test(arguments: notes)
    func notesNameTheSheets(_ c: (String, String?, String)) throws {
        let (_, report) = try Self.rows(c.0, sheet: c.1)
        #expect(report.warnings.first { $0.code == "workbook.sheets" }?.message == c.2)
    }

    /// Broken workbooks: the file (and sheet) named, the row and column where known, and why.
    static let broken: [(String, String?, String, Int?, Int?, String)] = [
        ("broken-cut-off.xlsx", nil, "broken-cut-off.xlsx", nil, nil, "no central directory found"),
        ("not-a-workbook.xlsx", nil, "not-a-workbook.xlsx", nil, nil, "is a ZIP archive but not a workbook"),
        ("broken-dtd.xlsx", nil, "broken-dtd.xlsx: xl/worksheets/sheet1.xml", nil, nil, "declares a DTD"),
        ("broken-not-utf8.xlsx", nil, "broken-not-utf8.xlsx: xl/styles.xml", 2, nil, "byte 0xB4 is not UTF-8"),
        ("broken-truncated-xml.xlsx", nil, "broken-truncated-xml.xlsx: xl/worksheets/sheet1.xml", nil, nil, "ends inside an element"),
        ("broken-shared-index.xlsx", nil, "broken-shared-index.xlsx: List", 2, 1, "cell A2 points at shared string 57"),
        ("broken-number.xlsx", nil, "broken-number.xlsx: List", 2, 2, "cell B2 should hold a number but holds \"twelve\""),
        ("broken-rows-out-of-order.xlsx", nil, "broken-rows-out-of-order.xlsx: List", 3, nil, "row 3 comes after row 5"),
        ("broken-far-column.xlsx", nil, "broken-far-column.xlsx: List", 2, 12001, "past the 10000 columns"),
        ("broken-repeated-columns.ods", nil, "broken-repeated-columns.ods: List", 2, 2, "a cell repeated to column 50001"),
        ("broken-repeated-rows.ods", nil, "broken-repeated-rows.ods: List", 2, nil, "a row repeated 100000000 times goes past the 1048576 rows"),
        // Repeat counts past any integer are held at 2^32: the row after the empty ones is past the last row.
        ("broken-huge-repeats.ods", nil, "broken-huge-repeats.ods: List", 4_294_967_298, nil, "row 4294967298 is past the 1048576 rows"),
        ("household.xlsx", "Budget", "household.xlsx", nil, nil, "--sheet Budget: the workbook has no such sheet (sheets: 1 \"Summary\", 2 \"Subscriptions\", 3 \"Settings\")"),
    ]

    @Test(arguments: broken)
    func brokenWorkbooksSayWhere(_ c: (String, String?, String, Int?, Int?, String)) {
        do {
            _ = try Self.rows(c.0, sheet: c.1)
            Testing.Issue.record("\(c.0) was read")
        } catch let error as ReadError {
            #expect(error.file == c.2, "\(error)")
            #expect(error.line == c.3, "\(error)")
            #expect(error.column == c.4, "\(error)")
            #expect(error.message.contains(c.5), "\(error.message)")
        } catch {
            Testing.Issue.record("unexpected \(error)")
        }
    }

    /// Workbooks are told from their first bytes and extension or their members, whatever `--from`.
    @Test func workbooksAreToldApart() {
        let options = Self.options()
        for file in ["household.xlsx", "budget.ods", "inline-1904.xlsx"] {
            #expect(options.inputKind(of: FixtureFolder.url("workbooks/\(file)").path) == .workbook, "\(file)")
        }
        #expect(options.inputKind(of: FixtureFolder.url("notion/export.zip").path) == .notionExport)
        #expect(!Workbook.isWorkbook(path: FixtureFolder.url("notion/export.zip").path))
    }

    /// A sheet's CSV lines map back to its rows through gaps and cells over several lines.
    @Test func sheetLinesMapBack() {
        var lines = SheetLines()
        lines.add(csvLine: 5, row: 6)
        lines.add(csvLine: 7, row: 7)
        #expect([1, 4, 5, 6, 7, 9].map(lines.row) == [1, 4, 6, 7, 7, 9])
    }

    @Test(arguments: [("worksheets/sheet1.xml", "xl/", "xl/worksheets/sheet1.xml"), ("/xl/sharedStrings.xml", "xl/", "xl/sharedStrings.xml"),
                      ("../media/x.xml", "xl/worksheets/", "xl/media/x.xml"), ("xl/workbook.xml", "", "xl/workbook.xml")])
    func relationshipTargets(_ c: (String, String, String)) {
        #expect(Workbook.resolve(c.0, from: c.1) == c.2)
    }
}
