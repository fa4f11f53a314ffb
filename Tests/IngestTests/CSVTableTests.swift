import Foundation
import Testing
@testable import Ingest

/// Everything a table hands out, read to the end.
struct ReadTable {
    var header: [String]
    var headerLine: Int?
    var delimiter: Character
    var rows: [[String]]
    var rowLines: [Int]
    var skips: [String]
    var warnings: [String]
    var ragged: Int

    init(_ data: Data, encoding: TextEncoding? = nil) throws {
        let table = try CSVTable(data: data, name: "t.csv", encoding: encoding)
        var rows: [[String]] = [], lines: [Int] = []
        while let row = try table.nextRow() {
            rows.append(row.cells)
            lines.append(row.line)
        }
        header = table.header
        headerLine = table.headerLine
        delimiter = table.delimiter
        self.rows = rows
        rowLines = lines
        skips = table.skips.map { "\($0.reason.rawValue)@\($0.line)" }
        warnings = table.warnings.map(\.code.rawValue)
        ragged = table.raggedRows
    }

    init(_ text: String) throws { try self.init(Data(text.utf8)) }
}

struct LayoutCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var delimiter: Character = ","
    var header: [String]
    var headerLine: Int?
    var rows: Int
    var skips: [String] = []
    var testDescription: String { name }
}

@Suite struct CSVTableTests {
    static let layouts: [LayoutCase] = [
        LayoutCase(name: "comma", text: "Name,Price\nNetflix,$9.99\n", header: ["Name", "Price"], headerLine: 1, rows: 1),
        LayoutCase(name: "semicolon with decimal commas", text: "Dienst;Preis;Zyklus\nNetflix;12,99 €;monatlich\nSpotify;10,99 €;monatlich\n",
                   delimiter: ";", header: ["Dienst", "Preis", "Zyklus"], headerLine: 1, rows: 2),
        LayoutCase(name: "tab", text: "Name\tPrice\tCycle\nNetflix\t9.99\tmonthly\n", delimiter: "\t",
                   header: ["Name", "Price", "Cycle"], headerLine: 1, rows: 1),
        LayoutCase(name: "pipe", text: "Name|Price|Cycle\nNetflix|9.99|monthly\n", delimiter: "|",
                   header: ["Name", "Price", "Cycle"], headerLine: 1, rows: 1),
        LayoutCase(name: "quoted commas do not count", text: "Name;Note\n\"a, b, c\";\"x, y\"\n\"d, e\";z\n", delimiter: ";",
                   header: ["Name", "Note"], headerLine: 1, rows: 2),
        LayoutCase(name: "header trimmed", text: " Name , Price \nNetflix,1\n", header: ["Name", "Price"], headerLine: 1, rows: 1),
        LayoutCase(name: "title and blank line above the header (Google Sheets)",
                   text: "My subscriptions,,\n,,\nService,Price,Cycle\nNetflix,9.99,monthly\n",
                   header: ["Service", "Price", "Cycle"], headerLine: 3, rows: 1, skips: ["preamble@1", "blank@2"]),
        LayoutCase(name: "account details above the header (bank)",
                   text: "Kontoauszug\nKonto;DE12 3456 7890;;\nZeitraum;01.10.2026;31.10.2026;\n\nBuchungstag;Betrag;Verwendungszweck;Währung\n02.10.2026;-12,99;NETFLIX;EUR\n",
                   delimiter: ";", header: ["Buchungstag", "Betrag", "Verwendungszweck", "Währung"], headerLine: 5, rows: 1,
                   skips: ["preamble@1", "preamble@2", "preamble@3", "blank@4"]),
        LayoutCase(name: "blank lines before the header", text: "\n\nName,Price\nNetflix,1\n", header: ["Name", "Price"],
                   headerLine: 3, rows: 1, skips: ["blank@1", "blank@2"]),
        LayoutCase(name: "no header (Wells Fargo)",
                   text: "\"01/02/2026\",\"-15.49\",\"*\",\"\",\"NETFLIX.COM\"\r\n\"01/03/2026\",\"-9.99\",\"*\",\"\",\"SPOTIFY USA\"\r\n",
                   header: ["Column 1", "Column 2", "Column 3", "Column 4", "Column 5"], headerLine: nil, rows: 2),
        LayoutCase(name: "single column", text: "Name\nNetflix\nSpotify\n", header: ["Name"], headerLine: 1, rows: 2),
        LayoutCase(name: "header only", text: "Name,Price\n", header: ["Name", "Price"], headerLine: 1, rows: 0),
    ]

    @Test(arguments: layouts)
    func layout(_ c: LayoutCase) throws {
        let table = try ReadTable(c.text)
        #expect(table.delimiter == c.delimiter)
        #expect(table.header == c.header)
        #expect(table.headerLine == c.headerLine)
        #expect(table.rows.count == c.rows)
        #expect(table.skips == c.skips)
    }

    static let skipped: [(String, String, [String], [String])] = [
        ("blank rows", "Name,Price\nA,1\n\n,\n  , \nB,2\n", ["A", "B"], ["blank@3", "blank@4", "blank@5"]),
        ("repeated header", "Name,Price\nA,1\nName,Price\nB,2\n", ["A", "B"], ["repeated header@3"]),
        ("repeated header, other case", "Name,Price\nA,1\nNAME, price\nB,2\n", ["A", "B"], ["repeated header@3"]),
        ("Total", "Name,Price,Cycle\nA,1,monthly\nTotal,1,\n", ["A"], ["totals@3"]),
        ("Totals: with currency", "Name,Price,Cycle\nA,1 €,monthly\nTotals:,\"45,97 €\",\n", ["A"], ["totals@3"]),
        ("Gesamt", "Dienst;Preis;Zyklus\nA;1;monatlich\nGesamt;;\n", ["A"], ["totals@3"]),
        ("Summe with code", "Dienst;Preis;Zyklus\nA;1;monatlich\nSumme;EUR 12,00;\n", ["A"], ["totals@3"]),
        ("Grand total", "Name,Price,Cycle\nA,1,monthly\nGrand total,99,\n", ["A"], ["totals@3"]),
        ("Total general", "Nombre,Precio,Ciclo\nA,1,mensual\nTotal general,99,\n", ["A"], ["totals@3"]),
        ("合计", "名称,价格,周期\n爱奇艺,¥25,每月\n合计,¥25,\n", ["爱奇艺"], ["totals@3"]),
        ("合計", "サービス,料金\nA,980\n合計,980\n", ["A"], ["totals@3"]),
        ("totals in the second column", "Name,Price,Cycle\nA,1,monthly\n,Subtotal,45\n", ["A"], ["totals@3"]),
        ("a service called Total is data", "Name,Price,Cycle\nTotal,9.99,monthly\n", ["Total"], []),
        ("a totals word with text after it is data", "Name,Price,Notes\nSum,9.99,a maths app\n", ["Sum"], []),
    ]

    @Test(arguments: skipped)
    func skips(_ c: (String, String, [String], [String])) throws {
        let table = try ReadTable(c.1)
        #expect(table.rows.map { $0[0] } == c.2, "\(c.0)")
        #expect(table.skips == c.3, "\(c.0)")
    }

    @Test func raggedRowsBecomeRowsAndAreCounted() throws {
        let table = try ReadTable("Name,Price,Cycle\nA,1\nB,2,monthly,extra\nC,3,yearly\n")
        #expect(table.rows == [["A", "1"], ["B", "2", "monthly", "extra"], ["C", "3", "yearly"]])
        #expect(table.ragged == 2)
    }

    @Test func lineNumbersCountLinesInsideQuotes() throws {
        let table = try ReadTable("Name,Notes\r\nA,\"two\r\nlines\"\r\n\r\nB,x\r\n")
        #expect(table.rowLines == [2, 5])
        #expect(table.skips == ["blank@4"])
    }

    @Test func rowNumbersCountDataRowsOnly() throws {
        let table = try CSVTable(data: Data("Title\n\nName,Price\nA,1\n\nB,2\n".utf8), name: "t.csv")
        var numbers: [Int] = []
        while let row = try table.nextRow() { numbers.append(row.row) }
        #expect(numbers == [1, 2])
    }

    @Test func emptyFileIsAnError() {
        #expect(throws: ReadError.self) { try ReadTable("") }
        #expect(throws: ReadError.self) { try ReadTable("\n\n,,\n") }
    }

    @Test func unterminatedQuoteWarns() throws {
        let table = try ReadTable("Name,Notes\nA,\"open\nB,x\n")
        #expect(table.warnings == ["csv.unterminated-quote"])
        #expect(table.rows.count == 1)
    }

    @Test func missingFileNamesIt() {
        #expect(throws: ReadError.self) { try CSVTable(path: "no/such/file.csv") }
        do {
            _ = try CSVTable(path: "no/such/file.csv", name: "file.csv")
        } catch {
            #expect(error.description.hasPrefix("file.csv: cannot read"))
        }
    }

    /// Records cross the 64 KiB read chunks: every row must come out whole and in order.
    @Test func largeInputCrossesChunks() throws {
        var text = "Name,Price,Notes\n"
        for i in 0..<5000 { text += "Café \(i),€\(i).99,\"a, \"\"quoted\"\"\nnote é\"\n" }
        let table = try ReadTable(text)
        #expect(table.rows.count == 5000)
        #expect(table.rows[4321] == ["Café 4321", "€4321.99", "a, \"quoted\"\nnote é"])
        #expect(table.rowLines[4321] == 2 + 2 * 4321)
        #expect(table.warnings.isEmpty)
    }
}
