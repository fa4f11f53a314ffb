import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An OpenDocument spreadsheet's `content.xml`: every `table:table`, its rows and cells written
/// to a `SheetWriter` each. Cells are typed by `office:value-type` (float, currency with
/// `office:currency`, percentage, date, time, boolean, string); a repeated cell or row
/// (`table:number-columns-repeated`, `table:number-rows-repeated`) is written that many times
/// when it holds something and only counted when empty, as the thousands of empty rows and
/// columns LibreOffice writes at a sheet's end are.
final class ODSCollector: WorkbookXMLDelegate {
    let book: String
    let limits: WorkbookLimits
    var sheets: [Workbook.ReadSheet] = []

    private var writer: SheetWriter?
    private var sheetName = ""
    private var hidden = false
    private var tableDepth = 0
    private var row = 0
    private var rowRepeat = 1
    private var cells: [(column: Int, text: String)] = []
    private var column = 0
    /// The cell being read.
    private var inCell = false
    private var cellRepeat = 1
    private var typed: String?
    private var paragraphs: [String] = []
    private var paragraph = ""
    private var paragraphDepth = 0
    private var annotationDepth = 0
    /// Styles of hidden tables (`table:display="false"` in a table style).
    private var hiddenStyles: Set<String> = []
    private var styleName = ""

    init(what: String, book: String, limits: WorkbookLimits) {
        self.book = book
        self.limits = limits
        super.init(what: what)
    }

    /// Where a message about the current cell (or, with `cell` false, row) points.
    private func error(_ message: String, cell: Bool = true, remedy: Issue.Remedy? = nil) -> ReadError {
        ReadError(file: "\(book): \(sheetName)", line: row + 1, column: cell ? column + 1 : nil, message, remedy: remedy)
    }

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        if tableDepth > 1 { if name == "table" { tableDepth += 1 }; return }
        switch name {
        case "style":
            styleName = attributes["name"] ?? ""
        case "table-properties":
            if attributes["display"] == "false" { hiddenStyles.insert(styleName) }
        case "table":
            tableDepth += 1
            guard tableDepth == 1 else { return }
            sheetName = attributes["name"] ?? "Sheet\(sheets.count + 1)"
            hidden = attributes["style-name"].map { hiddenStyles.contains($0) } ?? false
            row = 0
            do { writer = try SheetWriter(what: "\(book): \(sheetName)", limits: limits) } catch { fail(parser, error) }
        case "table-row" where tableDepth == 1:
            rowRepeat = ODSCollector.repeats(attributes["number-rows-repeated"])
            cells.removeAll(keepingCapacity: true)
            column = 0
        case "table-cell", "covered-table-cell":
            guard tableDepth == 1 else { return }
            inCell = true
            cellRepeat = ODSCollector.repeats(attributes["number-columns-repeated"])
            paragraphs = []
            typed = ODSCollector.typedValue(attributes)
        case "p", "h":
            if inCell, annotationDepth == 0 { paragraphDepth += 1; if paragraphDepth == 1 { paragraph = "" } }
        case "s":
            if paragraphDepth > 0, annotationDepth == 0 {
                paragraph += String(repeating: " ", count: min(max(1, attributes["c"].flatMap { Int($0) } ?? 1), 1000))
            }
        case "tab":
            if paragraphDepth > 0, annotationDepth == 0 { paragraph += "\t" }
        case "line-break":
            if paragraphDepth > 0, annotationDepth == 0 { paragraph += "\n" }
        case "annotation":
            annotationDepth += 1
        default: break
        }
    }

    override func end(_ parser: XMLParser, _ name: Substring) {
        guard failure == nil else { return }
        if tableDepth > 1 { if name == "table" { tableDepth -= 1 }; return }
        switch name {
        case "annotation":
            annotationDepth -= 1
        case "p", "h":
            if inCell, annotationDepth == 0, paragraphDepth > 0 {
                paragraphDepth -= 1
                if paragraphDepth == 0 { paragraphs.append(paragraph) }
            }
        case "table-cell", "covered-table-cell":
            guard inCell else { return }
            inCell = false
            let text = typed ?? paragraphs.joined(separator: "\n")
            if text.isEmpty {
                column += cellRepeat
                return
            }
            guard column + cellRepeat <= limits.maxColumns else {
                fail(parser, error("a cell repeated to column \(column + cellRepeat), past the \(limits.maxColumns) columns a table may have",
                                   remedy: .raiseLimit(.columns, current: limits.maxColumns)))
                return
            }
            for _ in 0..<cellRepeat {
                cells.append((column, text))
                column += 1
            }
        case "table-row":
            guard let writer else { return }
            let filled = cells.contains { !$0.text.isEmpty }
            if filled {
                guard row + rowRepeat <= limits.maxRows, rowRepeat * max(cells.count, 1) <= limits.maxRepeatedCells else {
                    let what = rowRepeat == 1 ? "row \(row + 1) is" : "a row repeated \(rowRepeat) times goes"
                    fail(parser, error("\(what) past the \(limits.maxRows) rows (or \(limits.maxRepeatedCells) cells) a sheet may have; the workbook is damaged or hostile", cell: false))
                    return
                }
                do {
                    for _ in 0..<rowRepeat {
                        row += 1
                        try writer.write(row: row, cells: cells)
                    }
                } catch {
                    fail(parser, error)
                }
            } else {
                // Empty rows only move the row count on (LibreOffice writes a million at a sheet's end).
                row = min(row + rowRepeat, 1 << 40)
            }
        case "table":
            tableDepth -= 1
            guard let writer else { return }
            self.writer = nil
            do {
                let file = try writer.finish()
                sheets.append(Workbook.ReadSheet(sheet: Workbook.Sheet(name: sheetName, number: sheets.count + 1, hidden: hidden),
                                                 file: file, lines: writer.lines, rows: writer.rows))
            } catch {
                fail(parser, error)
            }
        default: break
        }
    }

    override func text(_ string: String) {
        if paragraphDepth > 0, annotationDepth == 0 { paragraph += string }
    }

    /// A repeat count as written, at least 1 and at most 2^32 (more than any sheet holds; larger
    /// counts would only overflow the arithmetic).
    static func repeats(_ text: String?) -> Int {
        min(max(1, text.flatMap { Int($0) } ?? 1), 1 << 32)
    }

    /// A cell's value from its type attributes, as text the normalisers read; nil for strings
    /// and for types whose shown text is best (percentages, times).
    static func typedValue(_ attributes: [Substring: String]) -> String? {
        switch attributes["value-type"] {
        case "float":
            return attributes["value"].flatMap(NumberFormat.plain)
        case "currency":
            guard let value = attributes["value"].flatMap(NumberFormat.plain) else { return nil }
            guard let code = attributes["currency"], !code.isEmpty else { return nil }
            return "\(value) \(code)"
        case "date":
            return attributes["date-value"].map { String($0.prefix(10)) }
        case "boolean":
            return attributes["boolean-value"].map { $0 == "true" ? "TRUE" : "FALSE" }
        case "string":
            return attributes["string-value"]
        default:
            return nil
        }
    }
}
