/// Reads OFX bank and card statements: 1.x, which is SGML (leaf elements such as `<TRNAMT>-15.49`
/// are not closed), and 2.x, which is XML; Quicken's QFX is OFX with an `<INTU.BID>`. One scanner
/// of tags reads both, since no XML parser takes the SGML form. Each `<STMTTRN>` becomes an
/// entry: `DTPOSTED`, `TRNAMT` (money out negative), `NAME` (or `PAYEE`'s), `MEMO`, `TRNTYPE`,
/// and the currency of its `CURRENCY` aggregate, else the statement's `CURDEF`. A `FITID` met
/// again in the same account marks its entry a duplicate of the first.
struct OFXReader {
    var file: String

    /// A tag met while scanning: its name (uppercased), whether it closes, and the text after it
    /// up to the next tag.
    private struct Tag {
        var name: Substring
        var closing: Bool
        var value: Substring
        var line: Int
    }

    func read(_ text: String) throws(ReadError) -> StatementEntries {
        let tags = try scan(text)
        guard let ofx = tags.firstIndex(where: { $0.name == "OFX" && !$0.closing }) else {
            throw ReadError(file: file, line: 1, "no <OFX> element (expected an OFX statement: a header, then <OFX> … </OFX>)")
        }
        let isXML = text.prefix(200).uppercased().contains("<?XML") || text.prefix(400).uppercased().contains("OFXHEADER=\"200\"")
        var layout = isXML ? "OFX 2.x (XML)" : "OFX 1.x (SGML)"
        if tags.contains(where: { $0.name == "INTU.BID" }) { layout = "QFX (" + layout + ")" }
        var entries: [StatementEntry] = []
        var currencyDefault = ""
        /// The account of the statement being read (`ACCTID`), and the line of each FITID seen in it.
        var account = ""
        var seen: [String: Int] = [:]
        /// The open aggregates, innermost last.
        var open: [(name: Substring, line: Int)] = []
        var current: (entry: StatementEntry, fields: [Substring: String], opened: Int)?
        /// The last element written with a value: XML closes it, SGML need not.
        var lastValued: Substring = ""
        for tag in tags[ofx...] {
            if tag.closing {
                // A closing tag ends its aggregate and any leaf elements SGML left open inside it.
                guard let at = open.lastIndex(where: { $0.name == tag.name }) else {
                    if isLeaf(tag.name) || tag.name == lastValued { continue }
                    throw ReadError(file: file, line: tag.line, "</\(tag.name)> closes an element that was not opened (the file is damaged or cut)")
                }
                if tag.name == "STMTTRN" || tag.name == "STMTTRNP", let done = current {
                    var entry = finish(done.entry, done.fields, currency: currencyDefault)
                    // A FITID is unique within its account: the same one again is the same
                    // transaction (two overlapping downloads joined), counted once.
                    if let id = done.fields["FITID"], !id.isEmpty {
                        let key = account + "\u{1F}" + id
                        if let first = seen[key] {
                            entry.status = "\(TransactionClassifier.duplicateStatus) \(first) (FITID \(id))"
                        } else {
                            seen[key] = done.opened
                        }
                    }
                    entries.append(entry)
                    current = nil
                }
                if tag.name == "OFX" {
                    return StatementEntries(layout: layout, entries: entries, dateOrder: .yearMonthDay, decimalMark: nil)
                }
                open.removeSubrange(at...)
                continue
            }
            let value = StatementText.squeezed(StatementText.unescaped(tag.value))
            if value.isEmpty && !isLeaf(tag.name) {
                if tag.name == "STMTTRN" || tag.name == "STMTTRNP" {
                    if let open = current {
                        throw ReadError(file: file, line: open.opened,
                                        "<STMTTRN> opened on line \(open.opened) is not closed before line \(tag.line) (expected </STMTTRN>)")
                    }
                    var entry = StatementEntry(date: "", amount: "", line: tag.line)
                    if tag.name == "STMTTRNP" { entry.status = "pending" }
                    current = (entry, [:], tag.line)
                }
                open.append((tag.name, tag.line))
                continue
            }
            lastValued = tag.name
            if tag.name == "CURDEF" { currencyDefault = value }
            if tag.name == "ACCTID", current == nil { account = value }
            guard current != nil else { continue }
            // A `CURRENCY` aggregate's symbol is the currency of the amount; `ORIGCURRENCY`'s
            // only says what it was converted from.
            if tag.name == "CURSYM" {
                if open.last?.name == "CURRENCY" { current?.fields["CURRENCY"] = value }
                continue
            }
            if current?.fields[tag.name] == nil { current?.fields[tag.name] = value }
        }
        if let current {
            throw ReadError(file: file, line: current.opened,
                            "<STMTTRN> opened on line \(current.opened) is not closed: the file ends first (cut off? expected </STMTTRN> and </OFX>)")
        }
        throw ReadError(file: file, line: tags.last?.line ?? 1, "the file ends before </OFX> (cut off? expected </OFX> at the end)")
    }

    /// Elements that hold a value and are never aggregates, so a bare `</NAME>` of an XML file,
    /// or a leaf written empty, is not taken for an aggregate.
    private func isLeaf(_ name: Substring) -> Bool {
        OFXReader.leaves.contains(name)
    }

    static let leaves: Set<Substring> = ["TRNTYPE", "DTPOSTED", "DTUSER", "DTAVAIL", "TRNAMT", "FITID", "CORRECTFITID", "CHECKNUM",
                                         "REFNUM", "SIC", "PAYEEID", "NAME", "EXTDNAME", "MEMO", "CURSYM", "CURRATE", "CURDEF",
                                         "BANKID", "BRANCHID", "ACCTID", "ACCTTYPE", "DTSTART", "DTEND", "BALAMT", "DTASOF",
                                         "CODE", "SEVERITY", "MESSAGE", "DTSERVER", "LANGUAGE", "TRNUID", "ORG", "FID",
                                         "INTU.BID", "INTU.USERID", "SRVRTID", "ADDR1", "ADDR2", "ADDR3", "CITY", "STATE",
                                         "POSTALCODE", "COUNTRY", "PHONE", "INV401KSOURCE", "MKTGINFO", "DTACCTUP", "DTPROFUP"]

    /// The entry of a closed `<STMTTRN>`.
    private func finish(_ start: StatementEntry, _ fields: [Substring: String], currency: String) -> StatementEntry {
        var entry = start
        let posted = fields["DTPOSTED"] ?? fields["DTUSER"] ?? ""
        entry.date = StatementText.isoDate(posted) ?? posted
        entry.amount = fields["TRNAMT"] ?? ""
        entry.currency = fields["CURRENCY"] ?? currency
        entry.payee = fields["NAME"] ?? fields["EXTDNAME"] ?? ""
        entry.type = fields["TRNTYPE"] ?? ""
        if entry.payee.isEmpty, let check = fields["CHECKNUM"] { entry.payee = "CHECK " + check }
        // The memo is what a CSV export's Memo column holds: the reference beside the payee,
        // the description when there is none.
        if entry.payee.isEmpty { entry.text = fields["MEMO"] ?? "" } else { entry.reference = fields["MEMO"] ?? "" }
        return entry
    }

    /// The tags of the file in order, each with the text up to the next tag and its line.
    /// Processing instructions (`<?xml …?>`, `<?OFX …?>`) and comments are passed over.
    private func scan(_ text: String) throws(ReadError) -> [Tag] {
        var tags: [Tag] = []
        let u = text.utf8
        var line = 1
        var i = u.startIndex
        func countLines(_ from: String.Index, _ to: String.Index) -> Int {
            u[from..<to].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        while let open = u[i...].firstIndex(of: UInt8(ascii: "<")) {
            line += countLines(i, open)
            guard let close = u[open...].firstIndex(of: UInt8(ascii: ">")) else {
                throw ReadError(file: file, line: line, "a tag is not closed with \">\" (the file is cut off or damaged)")
            }
            var inner = text[u.index(after: open)..<close]
            let valueStart = u.index(after: close)
            let next = u[valueStart...].firstIndex(of: UInt8(ascii: "<")) ?? u.endIndex
            let value = text[valueStart..<next]
            if inner.hasPrefix("?") || inner.hasPrefix("!") {
                line += countLines(open, close)
                i = valueStart
                continue
            }
            let closing = inner.hasPrefix("/")
            if closing { inner = inner.dropFirst() }
            let selfClosing = inner.hasSuffix("/")
            if selfClosing { inner = inner.dropLast() }
            let name = Substring(inner.prefix { !$0.isWhitespace }.uppercased())
            guard !name.isEmpty else {
                throw ReadError(file: file, line: line, "an empty tag \"<\(inner)>\" (expected an OFX element name such as <STMTTRN>)")
            }
            tags.append(Tag(name: name, closing: closing, value: closing ? "" : value, line: line))
            if selfClosing { tags.append(Tag(name: name, closing: true, value: "", line: line)) }
            line += countLines(open, close)
            i = valueStart
        }
        return tags
    }
}
