import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads ISO 20022 cash-management statements with Foundation's XML parser: CAMT.053 (the
/// statement), CAMT.052 (the intraday report) and CAMT.054 (debit and credit notices). Each
/// `<Ntry>` is an entry: `Amt` with its `Ccy`, `CdtDbtInd` (`DBIT` is money out), `RvslInd`,
/// `Sts` (`PDNG` is pending), `BookgDt` (else `ValDt`), `AddtlNtryInf`; from its `TxDtls` the
/// counterparty (the creditor's name for money out, the debtor's for money in), the remittance
/// text (`RmtInf/Ustrd`), the mandate id (`MndtId`) and the SEPA creditor id. An entry booked
/// as a batch, with one amount per `TxDtls`, gives one entry per transaction.
struct CAMTReader {
    var file: String

    func read(_ data: Data) throws(ReadError) -> StatementEntries {
        let collector = CAMTCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        parser.shouldProcessNamespaces = false
        if !parser.parse() || collector.failure != nil {
            if let failure = collector.failure { throw ReadError(file: file, line: max(1, failure.line), failure.message) }
            let at = collector.errorAt ?? (parser.lineNumber, parser.columnNumber)
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw ReadError(file: file, line: max(1, at.line), column: at.column > 0 ? at.column : nil,
                            "is not well-formed XML: \(CAMTReader.describe(code)) (expected a complete CAMT document; was the file cut off or edited?)")
        }
        // libxml2 may end a document cut off inside an element without an error.
        if let open = collector.openElements.last {
            throw ReadError(file: file, line: open.line,
                            "the file ends inside <\(open.name)> opened on line \(open.line) (cut off? expected </\(open.name)> and the rest of the document)")
        }
        guard let kind = collector.kind else {
            throw ReadError(file: file, line: 1,
                            "no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn element (expected an ISO 20022 camt.053, camt.052 or camt.054 document)")
        }
        return StatementEntries(layout: kind, entries: collector.entries)
    }

    /// What the XML parser's error code means, in words. The codes are libxml2's, which
    /// Foundation hands on as they are (`XMLParser.ErrorCode` uses the same numbers).
    static func describe(_ code: Int) -> String {
        switch code {
        case 76: return "a closing tag does not match the element it should close"
        case 5, 77: return "the document ends before its elements are closed"
        case 4: return "the document is empty or does not start with an element"
        case 73, 74: return "a tag is not finished"
        case 9: return "a character that XML does not allow"
        case 26, 27: return "an entity that is not declared (a bare & must be written &amp;)"
        case 23, 68: return "a name or entity is not complete (a bare & must be written &amp;)"
        case 39, 40, 41: return "an attribute that is not written right"
        case 31, 32: return "an encoding the parser does not know"
        default: return "parser error \(code)"
        }
    }
}

/// The XML parser's delegate: keeps the path of open elements and fills one `<Ntry>` at a time.
private final class CAMTCollector: NSObject, XMLParserDelegate {
    var entries: [StatementEntry] = []
    var kind: String?
    var failure: (line: Int, message: String)?
    /// Where the XML parser met its first error.
    var errorAt: (line: Int, column: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if errorAt == nil { errorAt = (parser.lineNumber, parser.columnNumber) }
    }

    /// One `<TxDtls>`.
    private struct Details {
        var amount = "", currency = "", direction = ""
        var creditor = "", debtor = "", ultimateCreditor = "", ultimateDebtor = ""
        var remittance: [String] = []
        var mandate = "", creditorId = "", endToEnd = "", info = ""
    }

    /// The `<Ntry>` being read.
    private struct Entry {
        var line: Int
        var amount = "", currency = "", direction = "", reversal = false, status = ""
        var booked = "", value = "", info = "", code = ""
        var details: [Details] = []
    }

    private var path: [String] = []
    /// The line each element of `path` opened on.
    private var lines: [Int] = []
    /// The elements open when the parser stopped, outermost first.
    var openElements: [(name: String, line: Int)] { zip(path, lines).map { ($0, $1) } }
    private var text = ""
    private var attributes: [String: String] = [:]
    private var entry: Entry?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        path.append(local)
        lines.append(parser.lineNumber)
        text = ""
        self.attributes = attributes
        switch local {
        case "BkToCstmrStmt": kind = kind ?? "CAMT.053"
        case "BkToCstmrAcctRpt": kind = kind ?? "CAMT.052"
        case "BkToCstmrDbtCdtNtfctn": kind = kind ?? "CAMT.054"
        case "Ntry":
            if kind == nil {
                failure = (parser.lineNumber, "<Ntry> outside a statement (expected it inside BkToCstmrStmt/Stmt)")
                parser.abortParsing()
            }
            entry = Entry(line: parser.lineNumber)
        case "TxDtls":
            entry?.details.append(Details())
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let value = StatementText.squeezed(text)
        defer {
            path.removeLast()
            lines.removeLast()
            text = ""
        }
        guard entry != nil, let ntry = path.lastIndex(of: "Ntry") else { return }
        let inner = Array(path[(ntry + 1)...])
        if inner.isEmpty {
            finish()
            return
        }
        if let tx = inner.firstIndex(of: "TxDtls") {
            details(Array(inner[(tx + 1)...]), value)
            return
        }
        switch inner {
        case ["Amt"]:
            entry?.amount = value
            entry?.currency = attributes["Ccy"] ?? entry?.currency ?? ""
        case ["CdtDbtInd"]: entry?.direction = value
        case ["RvslInd"]: entry?.reversal = value.lowercased() == "true"
        case ["Sts"], ["Sts", "Cd"]: entry?.status = value
        case ["BookgDt", "Dt"], ["BookgDt", "DtTm"]: entry?.booked = value
        case ["ValDt", "Dt"], ["ValDt", "DtTm"]: entry?.value = value
        case ["AddtlNtryInf"]: entry?.info = value
        case ["BkTxCd", "Prtry", "Cd"]: entry?.code = value
        default: break
        }
    }

    /// A field of the last `<TxDtls>`, by its path below it.
    private func details(_ inner: [String], _ value: String) {
        guard var d = entry?.details.last else { return }
        switch inner {
        case ["AmtDtls", "TxAmt", "Amt"], ["Amt"]:
            d.amount = value
            d.currency = attributes["Ccy"] ?? d.currency
        case ["CdtDbtInd"]: d.direction = value
        case ["RltdPties", "Cdtr", "Nm"], ["RltdPties", "Cdtr", "Pty", "Nm"]: d.creditor = value
        case ["RltdPties", "Dbtr", "Nm"], ["RltdPties", "Dbtr", "Pty", "Nm"]: d.debtor = value
        case ["RltdPties", "UltmtCdtr", "Nm"], ["RltdPties", "UltmtCdtr", "Pty", "Nm"]: d.ultimateCreditor = value
        case ["RltdPties", "UltmtDbtr", "Nm"], ["RltdPties", "UltmtDbtr", "Pty", "Nm"]: d.ultimateDebtor = value
        case ["RmtInf", "Ustrd"]: d.remittance.append(value)
        case ["RmtInf", "Strd", "CdtrRefInf", "Ref"]: d.remittance.append(value)
        case ["Refs", "MndtId"]: d.mandate = value
        case ["Refs", "EndToEndId"]: d.endToEnd = value
        case ["AddtlTxInf"]: d.info = value
        default:
            // The SEPA creditor id: `Cdtr/Id/PrvtId/Othr/Id` (or `CdtrSchmeId/…`) whose scheme is SEPA.
            if inner.last == "Id", inner.contains("Othr"), inner.contains("Cdtr") || inner.contains("CdtrSchmeId") {
                d.creditorId = value
            }
        }
        if var e = entry {
            e.details[e.details.count - 1] = d
            entry = e
        }
    }

    /// The entries of the closed `<Ntry>`.
    private func finish() {
        guard let e = entry else { return }
        entry = nil
        let date = e.booked.isEmpty ? e.value : e.booked
        let batch = e.details.count > 1 && e.details.allSatisfy { !$0.amount.isEmpty }
        let parts: [Details] = batch ? e.details : [e.details.first ?? Details()]
        for d in parts {
            let direction = batch && !d.direction.isEmpty ? d.direction : e.direction
            let out = direction.uppercased() == "DBIT"
            // A reversal books the opposite way: a returned direct debit is money in.
            let negative = out != e.reversal
            let amount = batch ? d.amount : e.amount
            var item = StatementEntry(date: StatementText.isoDate(date) ?? date,
                                      amount: amount.isEmpty ? "" : (negative ? "-" : "") + amount, line: e.line)
            item.currency = batch && !d.currency.isEmpty ? d.currency : e.currency
            let counterparty = out ? [d.ultimateCreditor, d.creditor] : [d.ultimateDebtor, d.debtor]
            item.payee = (out ? d.creditor : d.debtor).isEmpty ? counterparty.first { !$0.isEmpty } ?? "" : (out ? d.creditor : d.debtor)
            let remittance = d.remittance.joined(separator: " ")
            // Remittance text written in the SEPA keyword form (`SVWZ+…`) is read for its parts.
            let fields = DescriptorFields.isStructured(remittance) ? DescriptorFields(remittance) : nil
            var purpose = fields?.remittance ?? remittance
            if purpose.isEmpty { purpose = d.info.isEmpty ? (item.payee.isEmpty ? e.info : "") : d.info }
            var refs = DescriptorFields()
            refs.mandate = d.mandate.isEmpty ? fields?.mandate ?? "" : d.mandate
            refs.creditorId = d.creditorId.isEmpty ? fields?.creditorId ?? "" : d.creditorId
            item.setPurpose(purpose, references: refs)
            item.type = e.info.isEmpty ? e.code : e.info
            switch e.status.uppercased() {
            case "PDNG": item.status = "pending"
            case "INFO": item.status = "not booked"
            default: break
            }
            entries.append(item)
        }
    }
}
