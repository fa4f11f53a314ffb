import Foundation

/// A delimited text file read as a table: header row, then data rows.
///
/// First version: reads the whole file, UTF-8 only, comma delimiter, first non-blank row is the
/// header. The reader issue replaces the inside with a streaming tokenizer and dialect sniffing.
public final class CSVTable: TableSource {
    public let name: String
    public private(set) var header: [String] = []
    public private(set) var headerLine: Int?
    public private(set) var warnings: [Issue] = []
    public private(set) var skips: [Skip] = []

    private var records: [(cells: [String], line: Int)] = []
    private var position = 0
    private var rowNumber = 0

    public convenience init(path: String, name: String? = nil) throws(ReadError) {
        let display = name ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(file: display, "cannot read the file (check that it exists and is readable)")
        }
        try self.init(data: data, name: display)
    }

    public init(data: Data, name: String) throws(ReadError) {
        self.name = name
        let text = String(decoding: data, as: UTF8.self)
        records = CSVTable.split(text)
        while position < records.count, records[position].cells.allSatisfy({ $0.isEmpty }) {
            skips.append(Skip(.blank, line: records[position].line))
            position += 1
        }
        guard position < records.count else {
            throw ReadError(file: name, "the file is empty (expected a header row and data rows)")
        }
        header = records[position].cells.map { $0.trimmingCharacters(in: .whitespaces) }
        headerLine = records[position].line
        position += 1
    }

    public func nextRow() throws(ReadError) -> SourceRow? {
        while position < records.count {
            let record = records[position]
            position += 1
            if record.cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                skips.append(Skip(.blank, line: record.line))
                continue
            }
            rowNumber += 1
            return SourceRow(cells: record.cells, row: rowNumber, line: record.line)
        }
        return nil
    }

    static func split(_ text: String) -> [(cells: [String], line: Int)] {
        var out: [(cells: [String], line: Int)] = []
        var cells: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var startLine = 1
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { inQuotes = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == "," {
                cells.append(field); field = ""
            } else if c == "\n" || c == "\r" {
                if c == "\r", i + 1 < chars.count, chars[i + 1] == "\n" { i += 1 }
                cells.append(field); field = ""
                out.append((cells, startLine)); cells = []
                line += 1; startLine = line
            } else {
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if !field.isEmpty || !cells.isEmpty { cells.append(field); out.append((cells, startLine)) }
        return out
    }
}
