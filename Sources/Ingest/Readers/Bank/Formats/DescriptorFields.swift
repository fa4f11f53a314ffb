/// The structured fields banks write into a transaction's free text: the German MT940 `?20`–`?63`
/// subfields, the SEPA keywords inside a purpose (`EREF+`, `MREF+`, `CRED+`, `SVWZ+`, `ABWA+`),
/// and the slash form of Dutch and ISO exports (`/TRTP/…/NAME/…/REMI/…/EREF/…`). What they
/// carry becomes a counterparty name, a remittance text, a booking text and the mandate and
/// creditor references, which stay the same from one charge of a direct debit to the next.
struct DescriptorFields: Equatable {
    /// The counterparty (`?32`/`?33`, `/NAME/`, `ABWA+`/`ABWE+` fall back to it).
    var name = ""
    /// What the payment is for (`SVWZ+`, `/REMI/`, the purpose lines without keywords).
    var remittance = ""
    /// The bank's booking text (`?00`, `/TRTP/`).
    var bookingText = ""
    var endToEnd = ""
    var mandate = ""
    var creditorId = ""

    /// The mandate and creditor references as one reference text, empty without them.
    var reference: String {
        [mandate.isEmpty ? "" : "MREF " + mandate, creditorId.isEmpty ? "" : "CRED " + creditorId].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether `text` holds any structure this type reads.
    /// Asked of every distinct descriptor of a statement, so it looks at bytes: a Foundation
    /// search per keyword made it three quarters of a Chase-like import.
    static func isStructured(_ text: String) -> Bool {
        isSubfielded(text) || slashKeys(in: text) >= 2 || hasSEPAKeyword(text)
    }

    private static let sepaKeywordBytes = sepaKeywords.map { Array($0.utf8) }

    /// Words that name a SEPA direct debit's mandate or creditor id, uppercased: the structured
    /// formats' `MREF`/`CRED` (as `reference` writes them and SEPA purposes hold them), Dutch
    /// `/CSID/` and `/MARF/`, German Mandatsreferenz and Gläubiger-ID.
    private static let mandateWords: [[UInt8]] = ["MREF", "CRED", "/CSID/", "/MARF/", "MANDATSREF", "GLAEUBIGER", "GLÄUBIGER", "GL\u{E4}UBIGER", "GLAUBIGER"]
        .map { Array($0.utf8) }

    /// Whether `text` names a mandate or creditor id (`MREF M-123 CRED DE98ZZZ…`, `MREF+…`,
    /// `/CSID/NL…`): a word of `mandateWords` not inside a longer word (`CREDIT` is none).
    /// Asked of every distinct descriptor, so it compares bytes.
    static func namesMandate(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 4 else { return false }
            func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
            func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
            // One pass over the text: only where a word of `mandateWords` can begin are they tried.
            for start in 0..<bytes.count where mandateFirstBytes[Int(upper(bytes[start]))] {
                for word in mandateWords where word[0] == upper(bytes[start]) && start + word.count <= bytes.count {
                    guard (0..<word.count).allSatisfy({ upper(bytes[start + $0]) == word[$0] || (word[$0] >= 0x80 && bytes[start + $0] == word[$0]) }) else { continue }
                    let end = start + word.count
                    if word[0] == UInt8(ascii: "/") { return true }
                    let before = start == 0 || !isLetter(bytes[start - 1])
                    // MREF and CRED stand alone (`MREF+`, `MREF:`, `MREF M-1`); the German words begin longer ones.
                    let after = word.count > 4 || end == bytes.count || !isLetter(bytes[end])
                    if before && after { return true }
                }
            }
            return false
        }
    }

    /// By byte value: whether a word of `mandateWords` begins with it.
    private static let mandateFirstBytes: [Bool] = (0..<256).map { byte in mandateWords.contains { Int($0[0]) == byte } }

    /// Whether a SEPA keyword stands right before a plus sign somewhere in `text` (`SVWZ+`).
    static func hasSEPAKeyword(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var at = 0
        while let plus = bytes[at...].firstIndex(of: UInt8(ascii: "+")) {
            if sepaKeywordBytes.contains(where: { key in plus >= key.count && bytes[(plus - key.count)..<plus].elementsEqual(key) }) {
                return true
            }
            at = plus + 1
        }
        return false
    }

    /// German MT940 `:86:` text: three digits (the business code), then `?00`, `?20` … subfields.
    static func isSubfielded(_ text: String) -> Bool {
        let u = Array(text.utf8.prefix(4))
        return u.count == 4 && u[0...2].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && u[3] == UInt8(ascii: "?")
    }

    /// Reads whichever structure `text` has; plain text is all remittance.
    init(_ text: String) {
        if DescriptorFields.isSubfielded(text) {
            readSubfields(text)
        } else if DescriptorFields.slashKeys(in: text) >= 2 {
            readSlashes(text)
        } else {
            readKeywords(text)
        }
    }

    init() {}

    // MARK: German subfields

    private mutating func readSubfields(_ text: String) {
        var purpose = "", name = ""
        // `?` followed by two digits starts a subfield; anything else is text.
        let chars = Array(text)
        var i = 3
        var code = -1
        var value = ""
        func flush() {
            switch code {
            case 0: bookingText = value
            case 20...29, 60...63: purpose += value
            case 32, 33: name += value
            default: break
            }
        }
        while i < chars.count {
            if chars[i] == "?", i + 2 < chars.count, let d1 = chars[i + 1].wholeNumberValue, let d2 = chars[i + 2].wholeNumberValue {
                flush()
                code = d1 * 10 + d2
                value = ""
                i += 3
                continue
            }
            value.append(chars[i])
            i += 1
        }
        flush()
        self.name = StatementText.squeezed(name)
        var inner = DescriptorFields()
        inner.readKeywords(purpose)
        remittance = inner.remittance
        endToEnd = inner.endToEnd
        mandate = inner.mandate
        creditorId = inner.creditorId
        if self.name.isEmpty { self.name = inner.name }
    }

    // MARK: SEPA keywords

    static let sepaKeywords = ["EREF", "KREF", "MREF", "CRED", "DEBT", "SVWZ", "ABWA", "ABWE", "IBAN", "BIC", "COAM", "OAMT", "SQTP", "PURP"]

    /// `EREF+ref MREF+mandate CRED+DE98ZZZ… SVWZ+purpose`: each keyword's value runs to the
    /// next keyword (keywords are upper case, a plus sign after them). Text before the first
    /// keyword is remittance when there is no `SVWZ+`.
    private mutating func readKeywords(_ text: String) {
        var marks: [(key: String, start: String.Index, end: String.Index)] = []
        var search = text.startIndex
        while search < text.endIndex, let plus = text[search...].firstIndex(of: "+") {
            let before = text[..<plus]
            if let key = DescriptorFields.sepaKeywords.first(where: { before.hasSuffix($0) }) {
                // No word boundary is asked for: subfields are joined without one
                // (`?20EREF+NOTPROVIDED?21MREF+…` reads `EREF+NOTPROVIDEDMREF+…`).
                marks.append((key, text.index(plus, offsetBy: -key.count), text.index(after: plus)))
            }
            search = text.index(after: plus)
        }
        guard !marks.isEmpty else {
            remittance = StatementText.squeezed(text)
            return
        }
        var free = String(text[..<marks[0].start])
        for (n, mark) in marks.enumerated() {
            let end = n + 1 < marks.count ? marks[n + 1].start : text.endIndex
            let value = StatementText.squeezed(text[mark.end..<end])
            switch mark.key {
            case "EREF": endToEnd = value
            case "MREF": mandate = value
            case "CRED": creditorId = value
            case "SVWZ": remittance = value
            case "ABWA", "ABWE": if name.isEmpty { name = value }
            case "KREF", "DEBT", "IBAN", "BIC", "COAM", "OAMT", "SQTP", "PURP": break
            default: free += " " + value
            }
        }
        if remittance.isEmpty { remittance = StatementText.squeezed(free) }
    }

    // MARK: Slash fields

    static let slashFieldKeys: Set<String> = ["TRTP", "CSID", "NAME", "MARF", "REMI", "IBAN", "BIC", "EREF", "ORDP", "BENM", "ID",
                                              "ADDR", "CDTRREF", "CDTRREFTP", "CD", "ISSR", "RTRN", "PREF", "ULTC", "ULTD", "PURP",
                                              "SVCL", "CODE", "USTD", "STRD", "RTYP", "ULTB"]

    /// How many distinct `/KEY/` markers of `slashFieldKeys` the text holds.
    static func slashKeys(in text: String) -> Int {
        guard text.utf8.contains(UInt8(ascii: "/")) else { return 0 }
        return Set(slashMarks(in: text).map(\.key)).count
    }

    /// Each `/KEY/` of `slashFieldKeys` in `text`, with where it starts and where its value
    /// starts. Slashes are found in the bytes (a slash is one byte), and only a run of 2–9
    /// capital letters between two is looked up: a date's `11/24/` is passed over without a
    /// string being made of it.
    private static func slashMarks(in text: String) -> [(key: String, start: String.Index, end: String.Index)] {
        var marks: [(key: String, start: String.Index, end: String.Index)] = []
        let bytes = text.utf8
        let slashByte = UInt8(ascii: "/")
        var i = bytes.startIndex
        while let slash = bytes[i...].firstIndex(of: slashByte) {
            let after = bytes.index(after: slash)
            guard let next = bytes[after...].firstIndex(of: slashByte) else { break }
            let run = bytes[after..<next]
            if (2...9).contains(run.count), run.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }),
               case let key = String(decoding: run, as: UTF8.self), slashFieldKeys.contains(key) {
                marks.append((key, slash, bytes.index(after: next)))
                i = next
            } else {
                i = after
            }
        }
        return marks
    }

    private mutating func readSlashes(_ text: String) {
        let marks = DescriptorFields.slashMarks(in: text)
        for (n, mark) in marks.enumerated() {
            let end = n + 1 < marks.count ? marks[n + 1].start : text.endIndex
            let value = StatementText.squeezed(text[mark.end..<end])
            switch mark.key {
            case "NAME": if name.isEmpty { name = value }
            case "REMI", "USTD": remittance = remittance.isEmpty ? value : remittance + " " + value
            case "TRTP": bookingText = value
            case "EREF": endToEnd = value
            case "MARF": mandate = value
            case "CSID": creditorId = value
            default: break
            }
        }
    }
}
