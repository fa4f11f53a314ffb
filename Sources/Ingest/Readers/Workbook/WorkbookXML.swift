import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs Foundation's XML parser over one workbook member spooled to a file, a chunk at a time.
/// A member that declares a DTD is refused before parsing (no workbook has one; entities are how
/// a few kilobytes of XML expand to gigabytes), and a document that ends inside an element is an
/// error rather than the part read so far.
enum WorkbookXML {
    /// Element and attribute names without their namespace prefix (`x:row` → `row`).
    static func local(_ name: String) -> Substring {
        guard let colon = name.lastIndex(of: ":") else { return name[...] }
        return name[name.index(after: colon)...]
    }

    static func attributes(_ attributes: [String: String]) -> [Substring: String] {
        var out: [Substring: String] = [:]
        for (key, value) in attributes { out[local(key)] = value }
        return out
    }

    /// Parses `file` with `delegate`; `what` names the member in messages (`book.xlsx: xl/worksheets/sheet1.xml`).
    static func parse(_ file: TemporaryFile, what: String, delegate: WorkbookXMLDelegate) throws(ReadError) {
        try refuseDTD(file, what: what)
        try requireUTF8(file, what: what)
        guard let stream = InputStream(fileAtPath: file.path) else {
            throw ReadError(file: what, "cannot read the inflated member back from its temporary file")
        }
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure { throw failure }
        if !ok {
            let at = delegate.errorAt ?? (parser.lineNumber, parser.columnNumber)
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw ReadError(file: what, line: max(1, at.line), column: at.column > 0 ? at.column : nil,
                            "is not well-formed XML: \(CAMTReader.describe(code)) (the workbook is damaged; open it and save it again, or export the sheet as CSV)")
        }
        if delegate.depth > 0 {
            throw ReadError(file: what, "the XML ends inside an element (the workbook is cut off; download or save it again)")
        }
    }

    /// Checks that the member is UTF-8, as workbooks write their XML, a chunk at a time: bytes
    /// that are not would reach Foundation's XML parser, which stops the program on some of
    /// them (in a name) instead of reporting an error.
    static func requireUTF8(_ file: TemporaryFile, what: String) throws(ReadError) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return }
        defer { try? handle.close() }
        var carried: [UInt8] = []
        var line = 1
        while true {
            let chunk = [UInt8]((try? handle.read(upToCount: 1 << 20)) ?? Data())
            let atEnd = chunk.isEmpty
            var bytes = carried + chunk
            carried = []
            if !atEnd {
                // A sequence cut at the chunk's end waits for the next chunk.
                var start = bytes.count
                while start > 0, bytes.count - start < 4, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
                if start > 0, bytes[start - 1] >= 0xC0 { start -= 1; carried = Array(bytes[start...]); bytes.removeSubrange(start...) }
            }
            if String(validating: bytes, as: UTF8.self) == nil {
                var i = 0
                while i < bytes.count {
                    let b = bytes[i]
                    let length = b < 0x80 ? 1 : (0xC2...0xDF).contains(b) ? 2 : (0xE0...0xEF).contains(b) ? 3 : (0xF0...0xF4).contains(b) ? 4 : 0
                    let valid = length > 0 && i + length <= bytes.count && bytes[(i + 1)..<(i + length)].allSatisfy { $0 & 0xC0 == 0x80 }
                        && String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
                    if !valid { break }
                    if b == 0x0A { line += 1 }
                    i += length
                }
                let shown = i < bytes.count ? "0x" + String(bytes[i], radix: 16, uppercase: true) : "a cut-off character"
                throw ReadError(file: what, line: line, "byte \(shown) is not UTF-8, which a workbook's XML is written in (the workbook is damaged; open it and save it again, or export the sheet as CSV)")
            }
            line += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            if atEnd { return }
        }
    }

    /// Looks at the bytes before the first element for `<!DOCTYPE`.
    static func refuseDTD(_ file: TemporaryFile, what: String) throws(ReadError) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        var i = 0
        while i + 1 < head.count {
            if head[i] == UInt8(ascii: "<") {
                let next = head[i + 1]
                if next == UInt8(ascii: "!"), head[(i + 2)...].starts(with: Array("DOCTYPE".utf8)) {
                    throw ReadError(file: what, "declares a DTD, which no workbook does (refused: its entities could expand without end); save the sheet again or export it as CSV")
                }
                if next != UInt8(ascii: "!"), next != UInt8(ascii: "?") { return }
            }
            i += 1
        }
    }
}

/// A delegate of `WorkbookXML.parse`: keeps the element depth and the first failure.
class WorkbookXMLDelegate: NSObject, XMLParserDelegate {
    /// The member, as messages name it.
    let what: String
    var failure: ReadError?
    var errorAt: (line: Int, column: Int)?
    var depth = 0

    init(what: String) { self.what = what }

    /// Stops the parser with `error` (the first one wins).
    func fail(_ parser: XMLParser, _ error: ReadError) {
        if failure == nil { failure = error }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if errorAt == nil { errorAt = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(parser, ReadError(file: what, "declares an entity \"\(name)\", which no workbook does; save the sheet again or export it as CSV"))
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        depth += 1
        start(parser, WorkbookXML.local(elementName), WorkbookXML.attributes(attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        depth -= 1
        end(parser, WorkbookXML.local(elementName))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text(string) }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text(String(decoding: CDATABlock, as: UTF8.self)) }

    func start(_ parser: XMLParser, _ name: Substring, _ attributes: [Substring: String]) {}
    func end(_ parser: XMLParser, _ name: Substring) {}
    func text(_ string: String) {}
}

/// Caps on what one workbook may hold, beside the ZIP limits on each member.
package struct WorkbookLimits: Sendable {
    /// Text written for one sheet (its CSV), the same as a ZIP member may inflate to.
    var maxSheetBytes: Int
    /// Columns in one row: `--max-columns`.
    var maxColumns: Int
    /// Rows in one sheet: Excel's and LibreOffice's own limit.
    var maxRows = 1_048_576
    /// Bytes of the shared strings table held in memory.
    var maxSharedStringBytes = 256 << 20
    /// Cells one repeated cell or row of an .ods sheet may stand for.
    var maxRepeatedCells = 10_000_000

    init(zip: ZipLimits, read: ReadLimits) {
        maxSheetBytes = zip.maxMemberBytes
        maxColumns = read.maxColumns
    }
}
