import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A spreadsheet workbook: an Office Open XML `.xlsx` (what Excel and "Download → Microsoft
/// Excel" in Google Sheets give) or an OpenDocument `.ods` (LibreOffice). Read with the ZIP
/// reader and Foundation's XML parser; each sheet is written to a temporary CSV file, with dates
/// as ISO dates and amounts with the currency their format or type names, for the table reader.
package final class Workbook: @unchecked Sendable {
    package enum Format: String, Sendable { case xlsx, ods }

    /// One sheet as the workbook lists it.
    package struct Sheet: Sendable, Equatable {
        package var name: String
        /// 1-based, in the workbook's order.
        package var number: Int
        /// Hidden sheets are read only when `--sheet` names them.
        package var hidden: Bool
        /// The member holding an .xlsx sheet.
        var member: String?
    }

    /// A sheet written out as CSV.
    package struct ReadSheet: Sendable {
        package var sheet: Sheet
        package var file: TemporaryFile
        /// The sheet row each CSV line stands for.
        package var lines: SheetLines
        /// Rows holding a cell.
        package var rows: Int
    }

    package let name: String
    package let format: Format
    package private(set) var sheets: [Sheet] = []
    private let archive: ZipArchive
    private let zip: ZipLimits
    private let limits: WorkbookLimits
    /// .xlsx: the date system, shared strings and each style's number format.
    private var date1904 = false
    private var sharedStrings: [String] = []
    private var styles: [NumberFormat] = []
    /// .ods: every sheet, written while the sheets were listed (one pass over content.xml).
    private var odsSheets: [ReadSheet] = []
    /// .ods: the numbers of the sheets `read` handed out, whose files the caller removes.
    private var handedOut: Set<Int> = []

    /// File extensions of workbooks.
    package static let extensions: Set<String> = ["xlsx", "xlsm", "ods"]

    /// Whether the file at `path` is a workbook: a ZIP with a workbook extension, or a ZIP that
    /// holds `xl/workbook.xml` or an OpenDocument spreadsheet's `mimetype`.
    package static func isWorkbook(path: String) -> Bool {
        isWorkbook(path: path, head: InputSniffer.prefix(path: path))
    }

    /// `isWorkbook(path:)`, given the file's first bytes.
    static func isWorkbook(path: String, head: [UInt8]) -> Bool {
        guard ZipArchive.looksLikeZip(head: head) else { return false }
        if extensions.contains(FileExtension.of(path)) { return true }
        guard let archive = try? ZipArchive(path: path, name: path) else { return false }
        return format(of: archive) != nil
    }

    static func format(of archive: ZipArchive) -> Format? {
        let paths = Set(archive.entries.map(\.path))
        if paths.contains("xl/workbook.xml") || paths.contains("[Content_Types].xml") && paths.contains("_rels/.rels")
            && archive.entries.contains(where: { $0.path.hasPrefix("xl/") }) { return .xlsx }
        if paths.contains("content.xml"), let mimetype = archive.entries.first(where: { $0.path == "mimetype" }),
           let data = try? archive.contents(of: mimetype, limits: ZipLimits(maxMemberBytes: 256)),
           String(decoding: data, as: UTF8.self).hasPrefix("application/vnd.oasis.opendocument.spreadsheet") { return .ods }
        return nil
    }

    package init(path: String, name: String, zip: ZipLimits = ZipLimits(), read: ReadLimits = ReadLimits()) throws(ReadError) {
        self.name = name
        self.zip = zip
        limits = WorkbookLimits(zip: zip, read: read)
        archive = try ZipArchive(path: path, name: name)
        guard let format = Workbook.format(of: archive) else {
            let ext = FileExtension.of(path)
            throw ReadError(file: name, "is a ZIP archive but not a\(ext == "ods" ? "n OpenDocument spreadsheet" : " workbook") "
                + "(no xl/workbook.xml or content.xml inside; save it again from the spreadsheet app, or export the sheet as CSV)")
        }
        self.format = format
        switch format {
        case .xlsx:
            sheets = try listXLSX()
        case .ods:
            let collector = ODSCollector(what: "\(name): content.xml", book: name, limits: limits)
            try parse("content.xml", collector)
            odsSheets = collector.sheets
            sheets = collector.sheets.map(\.sheet)
        }
        guard !sheets.isEmpty else { throw ReadError(file: name, "the workbook holds no sheet") }
    }

    /// The sheets in `chosen`, written out as CSV; the caller removes the files.
    package func read(_ chosen: [Sheet]) throws(ReadError) -> [ReadSheet] {
        if format == .ods {
            let numbers = Set(chosen.map(\.number))
            handedOut.formUnion(numbers)
            return odsSheets.filter { numbers.contains($0.sheet.number) }
        }
        var out: [ReadSheet] = []
        for sheet in chosen {
            guard let member = sheet.member else { continue }
            let what = "\(name): \(sheet.name)"
            let collector = XLSXSheetCollector(what: what, limits: limits, sharedStrings: sharedStrings,
                                               styles: styles, date1904: date1904)
            do {
                try parse(member, collector)
            } catch {
                collector.writer?.file.remove()
                throw error
            }
            guard let writer = collector.writer else { continue }
            out.append(ReadSheet(sheet: sheet, file: try writer.finish(), lines: writer.lines, rows: writer.rows))
        }
        return out
    }

    /// Removes the files of sheets read while listing (.ods) that were not handed out.
    package func removeUnread() {
        for sheet in odsSheets where !handedOut.contains(sheet.sheet.number) { sheet.file.remove() }
    }

    /// The sheet `--sheet` names: a name (case and spaces aside) or a 1-based number.
    package func sheet(named text: String) throws(ReadError) -> Sheet {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let found = sheets.first(where: { $0.name == wanted })
            ?? sheets.first(where: { $0.name.trimmingCharacters(in: .whitespaces).lowercased() == wanted.lowercased() }) {
            return found
        }
        if let number = Int(wanted), let found = sheets.first(where: { $0.number == number }) { return found }
        throw ReadError(file: name, "--sheet \(text): the workbook has no such sheet (sheets: \(sheets.map { "\($0.number) \"\($0.name)\"" }.joined(separator: ", ")))")
    }

    private func entry(_ path: String) -> ZipArchive.Entry? {
        archive.entries.first { $0.path == path } ?? archive.entries.first { $0.path.lowercased() == path.lowercased() }
    }

    /// Inflates `path` to a temporary file and parses it.
    private func parse(_ path: String, _ delegate: WorkbookXMLDelegate) throws(ReadError) {
        guard let entry = entry(path) else {
            throw ReadError(file: name, "the workbook lists \(path) but the archive does not hold it (damaged or cut off; save it again)")
        }
        let file = try archive.spool(entry, limits: zip)
        defer { file.remove() }
        try WorkbookXML.parse(file, what: "\(name): \(path)", delegate: delegate)
    }

    /// Reads the package and workbook relationships, the sheet list, the date system, the
    /// number formats and the shared strings.
    private func listXLSX() throws(ReadError) -> [Sheet] {
        var workbookPath = "xl/workbook.xml"
        if entry("_rels/.rels") != nil {
            let rels = RelationshipCollector(what: "\(name): _rels/.rels")
            try parse("_rels/.rels", rels)
            if let target = rels.targets.first(where: { $0.type.hasSuffix("/officeDocument") })?.target {
                workbookPath = Workbook.resolve(target, from: "")
            }
        }
        let folder = workbookPath.contains("/") ? String(workbookPath[...workbookPath.lastIndex(of: "/")!]) : ""
        let book = WorkbookCollector(what: "\(name): \(workbookPath)")
        try parse(workbookPath, book)
        date1904 = book.date1904
        let relsPath = folder + "_rels/" + (workbookPath.split(separator: "/").last.map(String.init) ?? "workbook.xml") + ".rels"
        var targets: [String: String] = [:]
        var sharedPath = folder + "sharedStrings.xml", stylesPath = folder + "styles.xml"
        if entry(relsPath) != nil {
            let rels = RelationshipCollector(what: "\(name): \(relsPath)")
            try parse(relsPath, rels)
            for rel in rels.targets {
                let resolved = Workbook.resolve(rel.target, from: folder)
                targets[rel.id] = resolved
                if rel.type.hasSuffix("/sharedStrings") { sharedPath = resolved }
                if rel.type.hasSuffix("/styles") { stylesPath = resolved }
            }
        }
        if entry(stylesPath) != nil {
            let collector = StylesCollector(what: "\(name): \(stylesPath)")
            try parse(stylesPath, collector)
            styles = collector.styles
        }
        if entry(sharedPath) != nil {
            let collector = SharedStringsCollector(what: "\(name): \(sharedPath)", limit: limits.maxSharedStringBytes)
            try parse(sharedPath, collector)
            sharedStrings = collector.strings
        }
        var sheets: [Sheet] = []
        for (i, listed) in book.sheets.enumerated() {
            let member = listed.relation.flatMap { targets[$0] } ?? folder + "worksheets/sheet\(i + 1).xml"
            sheets.append(Sheet(name: listed.name, number: i + 1, hidden: listed.hidden, member: member))
        }
        return sheets
    }

    /// A relationship target as a path in the archive: `worksheets/sheet1.xml` beside the
    /// workbook, `/xl/worksheets/sheet1.xml` from the root, `../` taken up.
    static func resolve(_ target: String, from folder: String) -> String {
        var parts: [Substring] = target.hasPrefix("/") ? [] : folder.split(separator: "/")
        for part in target.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}

/// `_rels/*.rels`: each relationship's id, type and target.
private final class RelationshipCollector: WorkbookXMLDelegate {
    var targets: [(id: String, type: String, target: String)] = []

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        guard name == "Relationship", let target = attributes["Target"] else { return }
        if attributes["TargetMode"] == "External" { return }
        targets.append((attributes["Id"] ?? "", attributes["Type"] ?? "", target))
    }
}

/// `xl/workbook.xml`: the sheets in order and the date system.
private final class WorkbookCollector: WorkbookXMLDelegate {
    var sheets: [(name: String, relation: String?, hidden: Bool)] = []
    var date1904 = false

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        if name == "workbookPr", let value = attributes["date1904"] { date1904 = value == "1" || value.lowercased() == "true" }
        if name == "sheet" {
            let state = attributes["state"] ?? "visible"
            sheets.append((attributes["name"] ?? "Sheet\(sheets.count + 1)", attributes["id"], state != "visible"))
        }
    }
}

/// `xl/styles.xml`: the number format of each cell style (`cellXfs`), by the style's index.
private final class StylesCollector: WorkbookXMLDelegate {
    var custom: [Int: NumberFormat] = [:]
    var styles: [NumberFormat] = []
    private var inCellXfs = false

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        switch name {
        case "numFmt":
            if let id = attributes["numFmtId"].flatMap({ Int($0) }), let code = attributes["formatCode"] {
                custom[id] = NumberFormat.parse(code)
            }
        case "cellXfs": inCellXfs = true
        case "xf" where inCellXfs:
            let id = attributes["numFmtId"].flatMap { Int($0) } ?? 0
            styles.append(custom[id] ?? NumberFormat.builtIn(id))
        default: break
        }
    }

    override func end(_ parser: XMLParser, _ name: Substring) {
        if name == "cellXfs" { inCellXfs = false }
    }
}

/// `xl/sharedStrings.xml`: each `<si>`'s text, its rich-text runs joined, phonetic runs left out.
private final class SharedStringsCollector: WorkbookXMLDelegate {
    var strings: [String] = []
    let limit: Int
    private var bytes = 0
    private var current = ""
    private var inText = false, inPhonetic = false

    init(what: String, limit: Int) {
        self.limit = limit
        super.init(what: what)
    }

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        switch name {
        case "si": current = ""
        case "t": inText = true
        case "rPh": inPhonetic = true
        default: break
        }
    }

    override func end(_ parser: XMLParser, _ name: Substring) {
        switch name {
        case "si":
            bytes += current.utf8.count + 16
            if bytes > limit {
                fail(parser, ReadError(file: what, "the shared strings take more than \(limit) bytes, the limit a workbook's text may hold in memory; export the sheet as CSV"))
                return
            }
            strings.append(current)
        case "t": inText = false
        case "rPh": inPhonetic = false
        default: break
        }
    }

    override func text(_ string: String) {
        if inText, !inPhonetic { current += string }
    }
}

/// One `xl/worksheets/sheetN.xml`: each row's cells, typed by `t` and their style's number
/// format, handed to a `SheetWriter`.
private final class XLSXSheetCollector: WorkbookXMLDelegate {
    let limits: WorkbookLimits
    /// The workbook's shared strings, by index.
    let strings: [String]
    let styles: [NumberFormat]
    let date1904: Bool
    var writer: SheetWriter?

    private var row = 0
    private var cells: [(column: Int, text: String)] = []
    private var column = -1
    private var type = "n"
    private var style = 0
    private var value = ""
    private var inline = ""
    private var inValue = false, inInline = false, inPhonetic = false

    init(what: String, limits: WorkbookLimits, sharedStrings: [String], styles: [NumberFormat], date1904: Bool) {
        self.limits = limits
        strings = sharedStrings
        self.styles = styles
        self.date1904 = date1904
        super.init(what: what)
    }

    override func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {
        switch name {
        case "sheetData":
            do { writer = try SheetWriter(what: what, limits: limits) } catch { fail(parser, error) }
        case "row":
            let given = attributes["r"].flatMap { Int($0) }
            let next = given ?? row + 1
            guard next > row, next <= limits.maxRows else {
                fail(parser, ReadError(file: what, line: next,
                    next > limits.maxRows ? "row \(next) is past the \(limits.maxRows) rows a sheet may have (the workbook is damaged)"
                        : "row \(next) comes after row \(row) (rows out of order: the workbook is damaged; save it again)"))
                return
            }
            row = next
            cells.removeAll(keepingCapacity: true)
            column = -1
        case "c":
            let ref = attributes["r"].flatMap(XLSXSheetCollector.column(of:))
            column = ref ?? column + 1
            if column >= limits.maxColumns {
                fail(parser, ReadError(file: what, line: row, column: column + 1,
                    "row \(row) has a cell in column \(column + 1), past the \(limits.maxColumns) columns a table may have",
                    remedy: .raiseLimit(.columns, current: limits.maxColumns)))
                return
            }
            type = attributes["t"] ?? "n"
            style = attributes["s"].flatMap { Int($0) } ?? 0
            value = ""
            inline = ""
        case "v": inValue = true
        case "is": inInline = true
        case "rPh": inPhonetic = true
        default: break
        }
    }

    override func end(_ parser: XMLParser, _ name: Substring) {
        switch name {
        case "v": inValue = false
        case "is": inInline = false
        case "rPh": inPhonetic = false
        case "c":
            guard failure == nil else { return }
            do {
                let text = try cellText()
                if !text.isEmpty { cells.append((column, text)) }
            } catch {
                fail(parser, error)
            }
        case "row":
            guard failure == nil, let writer else { return }
            do { try writer.write(row: row, cells: cells) } catch { fail(parser, error) }
        default: break
        }
    }

    override func text(_ string: String) {
        if inValue { value += string } else if inInline, !inPhonetic { inline += string }
    }

    /// The cell as text the normalisers read: shared and inline strings as written, numbers
    /// plainly, dates as ISO dates, amounts with their format's currency sign.
    private func cellText() throws(ReadError) -> String {
        let place = "\(XLSXSheetCollector.letters(column))\(row)"
        switch type {
        case "s":
            guard let index = Int(value.trimmingCharacters(in: .whitespaces)), strings.indices.contains(index) else {
                throw ReadError(file: what, line: row, column: column + 1,
                    "cell \(place) points at shared string \(value), which the workbook does not hold (it has \(strings.count)); the workbook is damaged, save it again")
            }
            return strings[index]
        case "inlineStr": return inline
        case "str", "e": return value
        case "b": return value == "1" ? "TRUE" : value == "0" ? "FALSE" : value
        case "d": return String(value.prefix(10))
        default:
            let raw = value.trimmingCharacters(in: .whitespaces)
            guard !raw.isEmpty else { return "" }
            guard let number = NumberFormat.plain(raw) else {
                throw ReadError(file: what, line: row, column: column + 1,
                    "cell \(place) should hold a number but holds \"\(raw.prefix(40))\"; the workbook is damaged, save it again")
            }
            let format = styles.indices.contains(style) ? styles[style] : .number
            switch format {
            case .date:
                if let serial = Double(raw), let date = NumberFormat.date(serial: serial, date1904: date1904) { return date.description }
                return number
            case .currency(let sign, let before):
                return before ? "\(sign)\(number)" : "\(number) \(sign)"
            case .number, .time:
                return number
            }
        }
    }

    /// The 0-based column of a cell reference (`C7` → 2); nil when it has no letters.
    static func column(of reference: String) -> Int? {
        var value = 0, letters = 0
        for scalar in reference.unicodeScalars {
            guard scalar.value >= 65, scalar.value <= 90 || (scalar.value >= 97 && scalar.value <= 122) else { break }
            value = value * 26 + Int((scalar.value & ~0x20) - 64)
            letters += 1
            if letters > 3 { return nil }
        }
        return letters == 0 ? nil : value - 1
    }

    /// The letters of a 0-based column (2 → `C`).
    static func letters(_ column: Int) -> String {
        var n = column + 1, out = ""
        while n > 0 {
            let d = (n - 1) % 26
            out = String(UnicodeScalar(UInt8(65 + d))) + out
            n = (n - 1) / 26
        }
        return out
    }
}
