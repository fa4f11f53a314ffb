import Foundation

/// Writes a sheet's rows, as a workbook reader hands them on, to a temporary CSV file that the
/// table reader then reads like any other list. Each sheet row becomes one record; the rows
/// skipped (empty rows, long runs of them) and cells holding line breaks make CSV lines and sheet
/// rows differ, which `lines` records so that messages name the sheet's own row numbers.
final class SheetWriter {
    let file: TemporaryFile
    let what: String
    let limits: WorkbookLimits
    /// Where CSV lines stop matching sheet rows.
    private(set) var lines = SheetLines()
    /// The CSV line the next record starts on.
    private var csvLine = 1
    /// The last sheet row written, 0 before the first.
    private var lastRow = 0
    private var written = 0
    private var buffer: [UInt8] = []
    /// Rows written that hold at least one cell.
    private(set) var rows = 0
    /// The most cells a row has had so far: shorter rows are filled up to it, so that a row
    /// whose last cells are empty is not taken for a ragged one.
    private var width = 0

    init(what: String, limits: WorkbookLimits) throws(ReadError) {
        self.what = what
        self.limits = limits
        file = try TemporaryFile(prefix: "ingest-sheet", what: what)
    }

    /// Writes sheet row `row` (1-based) with its cells by 0-based column; an empty row writes
    /// nothing. Rows come in increasing order.
    func write(row: Int, cells: [(column: Int, text: String)]) throws(ReadError) {
        guard cells.contains(where: { !$0.text.isEmpty }) else { return }
        // One blank line stands for any run of empty rows, so that blocks stay apart.
        if row > lastRow + 1, lastRow > 0 {
            buffer.append(UInt8(ascii: "\n"))
            csvLine += 1
        }
        if row != csvLine + lines.offset(at: csvLine) { lines.add(csvLine: csvLine, row: row) }
        var column = 0
        for cell in cells.sorted(by: { $0.column < $1.column }) {
            while column < cell.column {
                if column > 0 { buffer.append(UInt8(ascii: ",")) }
                column += 1
            }
            if column > 0 { buffer.append(UInt8(ascii: ",")) }
            column += 1
            append(cell.text)
        }
        while column < width {
            buffer.append(UInt8(ascii: ","))
            column += 1
        }
        width = max(width, column)
        buffer.append(UInt8(ascii: "\n"))
        csvLine += 1
        lastRow = row
        rows += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// A cell, quoted when it holds a delimiter, a quote or a line break.
    private func append(_ text: String) {
        let bytes = Array(text.utf8)
        let quote = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard quote else { buffer.append(contentsOf: bytes); return }
        buffer.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
            if byte == 10 { csvLine += 1 }
            buffer.append(byte)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private func flush() throws(ReadError) {
        written += buffer.count
        if written > limits.maxSheetBytes {
            throw ReadError(file: what, "the sheet holds more than \(limits.maxSheetBytes) bytes of text, the limit for one sheet; save it as CSV and import that",
                            remedy: .raiseLimit(.memberBytes, current: limits.maxSheetBytes))
        }
        let data = buffer
        buffer.removeAll(keepingCapacity: true)
        let file = self.file, what = self.what
        try data.withUnsafeBytes { raw in Result { () throws(ReadError) in try file.write(raw, what: what) } }.get()
    }

    /// Writes what is left and closes the file for reading.
    func finish() throws(ReadError) -> TemporaryFile {
        try flush()
        file.finishWriting()
        return file
    }
}

/// The sheet row each line of a sheet's CSV file stands for.
package struct SheetLines: Sendable, Equatable {
    /// (first CSV line, sheet row minus CSV line from there on), in line order.
    private var shifts: [(line: Int, offset: Int)] = []

    package init() {}

    package static func == (a: SheetLines, b: SheetLines) -> Bool {
        a.shifts.map(\.line) == b.shifts.map(\.line) && a.shifts.map(\.offset) == b.shifts.map(\.offset)
    }

    mutating func add(csvLine: Int, row: Int) {
        if let last = shifts.last, last.line == csvLine { shifts.removeLast() }
        shifts.append((csvLine, row - csvLine))
    }

    func offset(at line: Int) -> Int {
        let after = shifts.firstIndex { $0.line > line }
        return after == 0 ? 0 : shifts[after - 1].offset
    }

    /// The sheet row of CSV line `line`.
    package func row(_ line: Int) -> Int { line + offset(at: line) }
}
