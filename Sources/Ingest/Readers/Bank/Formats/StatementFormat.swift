import Foundation

/// The bank file formats besides delimited tables: OFX (1.x SGML, 2.x XML, and Quicken's QFX),
/// QIF, ISO 20022 CAMT.052/053/054 and SWIFT MT940/MT942. Each is read into `StatementEntry`s,
/// which `TransactionTable` then reads as it reads a CSV export, so every format meets the
/// same dates, amounts, signs, merchant keys and recurrence finder.
package enum StatementFormat: String, Sendable, CaseIterable {
    case ofx, qif, camt, mt940

    /// How the import report names the format.
    var title: String {
        switch self {
        case .ofx: return "OFX"
        case .qif: return "QIF"
        case .camt: return "CAMT"
        case .mt940: return "MT940"
        }
    }

    /// The format the start of a file is written in, from its content alone (an OFX file saved
    /// as `.txt` is still OFX); nil for anything else, delimited tables included. `text` is the
    /// file's first bytes decoded to UTF-8 (or Windows-1252 passed through).
    /// `quick` false skips the first test (tests hold both ways to the same answers).
    package static func sniff(_ text: some Collection<UInt8>, quick: Bool = true) -> StatementFormat? {
        // The same first test on the bytes: the first byte after ASCII spaces and a byte order
        // mark, when it is ASCII, and no `<` in the first 4 KiB.
        let bytes = Array(text.prefix(4096))
        if quick, let first = bytes.drop(while: { [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first,
           first < 0x80, !"oO<!{:-".utf8.contains(first),
           bytes.withUnsafeBufferPointer({ memchr($0.baseAddress!, Int32(UInt8(ascii: "<")), $0.count) == nil }) {
            return nil
        }
        let head = String(decoding: bytes, as: UTF8.self)
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        // Each format below starts with one of these characters or holds a `<`: a CSV table
        // is ruled out without upper-casing and searching its first 4 KiB.
        if quick, !(start.first.map { "oO<!{:-".contains($0) } ?? false), !head.utf8.contains(UInt8(ascii: "<")) { return nil }
        let upper = start.prefix(4096).uppercased()
        if upper.hasPrefix("OFXHEADER") || upper.hasPrefix("<OFX>") || upper.contains("<?OFX ") || upper.hasPrefix("<?XML") && upper.contains("<OFX>") {
            return .ofx
        }
        if upper.hasPrefix("<"), upper.contains("CAMT.05") || upper.contains("<BKTOCSTMRSTMT") || upper.contains("<BKTOCSTMRACCTRPT")
            || upper.contains("<BKTOCSTMRDBTCDTNTFCTN") {
            return .camt
        }
        if upper.hasPrefix("!TYPE:") || upper.hasPrefix("!ACCOUNT") || upper.hasPrefix("!OPTION:") || upper.hasPrefix("!CLEAR:") {
            return .qif
        }
        // SWIFT blocks (`{1:F01…}{4:`) or a bare statement starting with its reference tag;
        // a balance or statement line must follow, so a note starting ":20:" is not taken.
        if upper.hasPrefix("{1:") || upper.hasPrefix(":20:") || upper.hasPrefix(":940:") || upper.hasPrefix("-\n:20:") {
            if upper.contains(":61:") || upper.contains(":60F:") || upper.contains(":60M:") || upper.contains(":34F:") { return .mt940 }
        }
        return nil
    }

    /// Reads a whole file of this format into entries. `bytes` are the file's bytes (XML is
    /// read by the XML parser, which follows its own declaration); `text` is the same file
    /// decoded, for the line-based formats.
    func read(bytes: Data, text: @autoclosure () -> String, file: String) throws(ReadError) -> StatementEntries {
        switch self {
        case .ofx: return try OFXReader(file: file).read(text())
        case .qif: return try QIFReader(file: file).read(text())
        case .camt: return try CAMTReader(file: file).read(bytes)
        case .mt940: return try MT940Reader(file: file).read(text())
        }
    }
}

/// One booked (or pending) transaction of a structured statement, as the file gives it: the
/// date, the signed amount as text (money out negative), and the text fields a CSV export
/// would have in its columns; `line` is where the transaction starts in the file.
struct StatementEntry: Equatable {
    /// The date as the table reads it: ISO `2026-11-05`, or the file's own numbers in the
    /// file's order for QIF, whose order the table decides from all the dates.
    var date: String
    /// `-15.49`; QIF's and OFX's as written (`-1,234.56`, `-15,49`), the table deciding the mark.
    var amount: String
    var currency = ""
    var payee = ""
    var text = ""
    var reference = ""
    var type = ""
    var status = ""
    var line: Int
}

extension StatementEntry {
    /// Puts a transaction's purpose and its direct-debit references where a bank's CSV export
    /// has them (Sparkasse's and DKB's Verwendungszweck is the reference beside the payee), so
    /// the same transaction reads the same in every format: with a counterparty, the purpose
    /// and then the mandate and creditor ids are the reference; without one, the purpose is
    /// the description.
    mutating func setPurpose(_ purpose: String, references: DescriptorFields) {
        let ids = references.reference
        if payee.isEmpty {
            text = purpose
            reference = ids
        } else {
            reference = [purpose, ids].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }
}

/// The entries of a statement file and how the table should read them.
struct StatementEntries {
    /// The layout name the import report shows ("OFX 1.x (SGML)", "CAMT.053").
    var layout: String
    var entries: [StatementEntry]
    /// The date order when the format fixes one (ISO dates); nil lets the table decide.
    var dateOrder: DateOrder? = .yearMonthDay
    /// The decimal mark when the format fixes one; nil lets the table decide.
    var decimalMark: DecimalMark? = .point

    /// The columns of the table `csv` writes.
    static let header = ["Date", "Amount", "Currency", "Payee", "Description", "Reference", "Type", "Status"]
    static let roles: [TransactionRole: Int] = [.date: 0, .amount: 1, .currency: 2, .payee: 3, .description: 4, .reference: 5,
                                                .type: 6, .status: 7]

    /// The entries as a UTF-8 CSV table with `header`, one line per entry (line breaks inside
    /// a field become spaces), for `TransactionTable` to read as it reads an export.
    var csv: Data {
        var out = ""
        out.reserveCapacity(entries.count * 96 + 80)
        func cell(_ s: String) -> String {
            let flat = s.contains(where: { $0 == "\n" || $0 == "\r" }) ? s.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : String($0) }.joined() : s
            guard flat.contains(where: { $0 == "," || $0 == "\"" }) || flat.hasPrefix(" ") || flat.hasSuffix(" ") else { return flat }
            return "\"" + flat.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        out += StatementEntries.header.joined(separator: ",") + "\n"
        for e in entries {
            out += [e.date, e.amount, e.currency, e.payee, e.text, e.reference, e.type, e.status].map(cell).joined(separator: ",") + "\n"
        }
        return Data(out.utf8)
    }

    /// The file's line of each entry, in the order the table's data lines come (its line 2 is
    /// the first entry).
    var lines: [Int] { entries.map(\.line) }
}

/// Small shared pieces of the format readers.
enum StatementText {
    /// The lines of a text, ended by LF, CRLF or a lone CR, empty ones kept so that a line's
    /// place is its number.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// Characters of a field with runs of spaces (and line breaks) made one space, trimmed.
    static func squeezed(_ s: some StringProtocol) -> String {
        s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references, for OFX's SGML values
    /// (the XML parser decodes its own).
    static func unescaped(_ s: Substring) -> String {
        guard s.contains("&") else { return String(s) }
        var out = ""
        var rest = s[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            guard let semi = tail.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = tail[tail.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
            if let c = named[name] {
                out += c
            } else if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
                out.unicodeScalars.append(u)
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = Unicode.Scalar(v) {
                out.unicodeScalars.append(u)
            } else {
                out += tail[...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// A date written `YYYYMMDD…` (OFX's `20261105120000.000[-5:EST]`) or `YYYY-MM-DD…`
    /// (ISO, CAMT's `2026-11-05T10:00:00`) as ISO `2026-11-05`, nil when it is neither or no
    /// such day exists.
    static func isoDate(_ raw: some StringProtocol) -> String? {
        let s = raw.trimmingCharacters(in: .whitespaces)
        let digits: [Int]
        let u = Array(s.utf8)
        func number(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= u.count, u[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return u[r].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        if u.count >= 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"), let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) {
            digits = [y, m, d]
        } else if let y = number(0..<4), let m = number(4..<6), let d = number(6..<8) {
            digits = [y, m, d]
        } else {
            return nil
        }
        guard let date = CalendarDate(year: digits[0], month: digits[1], day: digits[2]) else { return nil }
        return date.description
    }
}
