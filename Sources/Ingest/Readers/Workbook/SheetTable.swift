import Foundation

/// A workbook sheet's CSV file read by the table reader, with every line number turned back
/// into the sheet's own row number (`SheetLines`), so that skips, provenance and messages point
/// at the row the user sees.
final class SheetTable: TableSource {
    private let table: CSVTable
    let lines: SheetLines

    init(table: CSVTable, lines: SheetLines) {
        self.table = table
        self.lines = lines
    }

    var name: String { table.name }
    var header: [String] { table.header }
    var headerLine: Int? { table.headerLine.map(lines.row) }
    var warnings: [Issue] { table.warnings }
    var skips: [Skip] {
        table.skips.map { skip in
            var skip = skip
            skip.line = lines.row(skip.line)
            return skip
        }
    }
    var unlistedSkips: [Skip.Reason: Int] { table.unlistedSkips }

    /// An error of the table reader, located at the sheet's row.
    private func located(_ error: ReadError) -> ReadError {
        var error = error
        error.line = error.line.map(lines.row)
        return error
    }

    func nextRow() throws(ReadError) -> SourceRow? {
        let next: SourceRow?
        do { next = try table.nextRow() } catch { throw located(error) }
        guard var row = next else { return nil }
        row.line = lines.row(row.line)
        return row
    }

    func nextItem() throws(ReadError) -> TableItem? {
        let next: TableItem?
        do { next = try table.nextItem() } catch { throw located(error) }
        guard let item = next else { return nil }
        switch item {
        case .utf8(let record, let row):
            return .utf8(CSVRecord(bytes: record.bytes, ends: record.ends, line: lines.row(record.line)), row: row)
        case .decoded(var row):
            row.line = lines.row(row.line)
            return .decoded(row)
        }
    }
}
