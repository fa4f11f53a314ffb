/// A merchant as recognised from a bank descriptor: a stable key that groups its charges,
/// the name to show and the category.
package struct Merchant: Hashable, Sendable {
    /// `brand:Netflix` for catalog brands, else the cleaned descriptor words (`PLANET FITNESS`).
    package var key: String
    package var name: String
    package var category: Category?
    /// True when the brand catalog knows the merchant as a subscription service.
    package var isKnownService: Bool
}

/// Cleans bank descriptors to merchants: processor prefixes, card and phone numbers, dates,
/// reference ids, per-charge tokens, locations and legal suffixes go; what is left is matched
/// against the brand catalog, so "NETFLIX.COM 866-579-7172 CA" and "Netflix.com Los Gatos"
/// are one merchant, "Netflix".
package struct MerchantKey: Sendable {
    package var catalog: BrandCatalog

    package init(catalog: BrandCatalog) {
        self.catalog = catalog
    }

    /// Processors written before a `*` or as a first word: the merchant follows them.
    static let processors: Set<String> = ["SQ", "TST", "PAYPAL", "PP", "GOOGLE", "SP", "IN", "FS", "DD", "PADDLE.NET",
                                          "PADDLE", "2CO", "STRIPE", "APPLEPAY", "KLARNA", "ZTL", "BT", "PY", "EB"]
    /// Middlemen whose own name hides the merchant: look in the reference.
    static let middlemen: [String] = ["PAYPAL", "KLARNA", "STRIPE", "ADYEN", "MOLLIE", "WORLDLINE", "NEXI", "SUMUP", "GOCARDLESS"]
    /// Words of card and direct-debit paperwork, in the banks' languages.
    static let noise: Set<String> = [
        "POS", "PURCHASE", "AUTHORIZED", "ON", "RECURRING", "PAYMENT", "DEBIT", "CREDIT", "CARD", "VISA", "MASTERCARD",
        "MC", "CHECKCARD", "CHECK", "WITH", "PIN", "INTL", "TRANSACTION", "PENDING", "KARTENZAHLUNG", "LASTSCHRIFT",
        "SEPA", "BASISLASTSCHRIFT", "FOLGELASTSCHRIFT", "ERSTLASTSCHRIFT", "ELV", "GIROCARD", "DEBITK", "CB", "PRLV",
        "PRELEVEMENT", "CARTE", "PAIEMENT", "PAR", "BETAALAUTOMAAT", "BEA", "GEA", "IDEAL", "INCASSO", "KORTKÖP",
        "KORTKOP", "DANKORT", "VISA/DANKORT", "AVTALEGIRO", "AUTOGIRO", "VAREKJØP", "VAREKJOP", "RECIBO", "COMPRA", "TARJ", "TARJ.", "ADDEBITO", "SDD", "PAGAMENTO", "REF", "NR", "ID", "REFERENCE", "ACH", "WEB", "ONLINE", "CONTACTLESS",
        "ORIG", "CO", "DES", "INDN", "PPD", "CCD", "EUR", "USD", "GBP", "SEK", "DKK", "NOK", "CNY",
        "MANDAT", "MANDATSREF", "GLÄUBIGER", "EREF", "MREF", "CRED", "SVWZ", "ABBUCHUNG", "EINKAUF", "IHR", "BEI",
        "VON", "FUER", "FÜR", "AN", "KAUFUMSATZ", "DIRECT", "DEBIT.", "DDR", "BGC", "FPO", "FPI", "SO", "STO",
        "INC", "LLC", "LTD", "LIMITED", "GMBH", "AG", "BV", "B.V.", "B.V", "SARL", "S.A.R.L.", "SA", "SAS", "AB", "AS",
        "A/S", "OY", "CORP", "EUROPE", "INTERNATIONAL", "SERVICES", "S.A.", "PLC", "KG", "SRL", "SL", "NV", "N.V.",
        "ET", "CIE", "S.C.A.", "SCA", "COM.", "UK", "HTTP", "HTTPS", "WWW", "HELP", "BILLING", "MEMBERSHIP", "SUBSCRIPTION",
        "MONTHLY", "ANNUAL", "RENEWAL", "AUTOPAY", "WWW.", "MKTP", "MARKETPLACE", "DIGITAL", "MEDIA",
        "ZAKUP", "PRZY", "UŻYCIU", "UZYCIU", "KARTY", "POLECENIE", "ZAPŁATY", "ZAPLATY", "PRZELEW", "KARTENBELASTUNG",
    ]
    /// Country and US state codes that trail a descriptor.
    static let regions: Set<String> = [
        "US", "USA", "CA", "NY", "WA", "TX", "FL", "IL", "NJ", "MA", "GA", "NC", "OH", "PA", "MI", "VA", "AZ", "CO", "OR",
        "MN", "UT", "NV", "DE", "GB", "IE", "NL", "LU", "SE", "DK", "NO", "FR", "ES", "IT", "CN", "HK", "SG", "CH", "AT",
        "BE", "FI", "PT", "PL", "AU", "JP", "GBR", "IRL", "NLD", "LUX", "DEU", "SWE", "DNK", "FRA", "LOS", "GATOS",
        "LONDON", "DUBLIN", "AMSTERDAM", "LUXEMBOURG", "BERLIN", "MUNICH", "MUENCHEN", "STOCKHOLM", "PARIS", "CUPERTINO",
        "SEATTLE", "SAN", "FRANCISCO", "JOSE", "NEW", "YORK", "HTTPSNETFLIX", "KOBENHAVN", "COPENHAGEN", "OSLO",
    ]

    /// The descriptor words that name the merchant, upper-cased: noise, numbers and
    /// per-charge tokens removed. Pure ASCII work on bytes; other scripts pass through.
    package static func clean(_ descriptor: String) -> [String] {
        cleanASCII(descriptor) ?? cleanCharacters(descriptor)
    }

    /// `clean` for any text, by `Character`.
    static func cleanCharacters(_ descriptor: String) -> [String] {
        var text = descriptor.uppercased()
        if let star = text.firstIndex(of: "*") {
            let before = text[..<star].trimmedSpaces()
            let after = String(text[text.index(after: star)...])
            let lastWord = before.split(separator: " ").last.map(String.init) ?? ""
            if before.isEmpty || processors.contains(before) || processors.contains(lastWord) {
                text = after
            } else {
                // `AMZN Prime*2K4L19LB3`: what follows the star is the charge's own token.
                let tail = after.split(separator: " ").dropFirst().joined(separator: " ")
                text = before + " " + tail
            }
        }
        var words: [String] = []
        var tokens: [Substring] = []
        text.split(whereSeparator: { " ,;:#/\\()|_\t\"'<>[]{}=".contains($0) }).forEach { tokens.append($0) }
        for (i, raw) in tokens.enumerated() {
            var token = raw
            while let last = token.last, last == "." || last == "-" || last == "*" || last == "+" { token = token.dropLast() }
            while let first = token.first, first == "." || first == "-" || first == "*" || first == "+" { token = token.dropFirst() }
            if token.hasPrefix("WWW.") { token = token.dropFirst(4) }
            guard !token.isEmpty else { continue }
            let digits = token.filter(\.isNumber).count
            if digits == token.count {
                // Pure numbers are dates, store ids, card digits and phone parts; keep a lone
                // three-digit one ("365").
                let lonely = token.count == 3 && !(i > 0 && tokens[i - 1].allSatisfy(\.isNumber))
                    && !(i + 1 < tokens.count && tokens[i + 1].allSatisfy(\.isNumber)) && i > 0
                if !lonely { continue }
            } else if digits >= 2 || (digits >= 1 && token.count >= 5 && token.count - digits < 6)
                        || (digits >= 1 && token.contains("X")) || token.allSatisfy({ $0 == "X" }) && token.count >= 3 {
                // Reference ids and per-charge tokens (`P2B3C4D5E6`, `S1234`, `XXXX1234`);
                // a brand with one digit in a long word (`1PASSWORD`) stays.
                continue
            }
            let word = String(token)
            if noise.contains(word) { continue }
            if word.count == 1 && word.first?.isLetter == true && word.first?.isASCII == true { continue }
            words.append(word)
        }
        while let last = words.last, regions.contains(last), words.count > 1 { words.removeLast() }
        words.removeFirst(words.dropLast().prefix(while: { processors.contains($0) }).count)
        return Array(words.prefix(4))
    }

    /// `clean` on bytes, for ASCII text without carriage returns (where every `Character` is
    /// one byte); nil for other text.
    static func cleanASCII(_ descriptor: String) -> [String]? {
        var descriptor = descriptor
        let upper: [UInt8]? = descriptor.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            return bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        guard var text = upper else { return nil }
        func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        if let star = text.firstIndex(of: 0x2A) {
            var lo = 0, hi = star
            while lo < hi, text[lo] == 0x20 || text[lo] == 0x09 { lo += 1 }
            while hi > lo, text[hi - 1] == 0x20 || text[hi - 1] == 0x09 { hi -= 1 }
            var wordStart = hi
            while wordStart > lo, text[wordStart - 1] != 0x20 { wordStart -= 1 }
            let after = text[(star + 1)...]
            if lo == hi || processors.contains(string(text[lo..<hi])) || processors.contains(string(text[wordStart..<hi])) {
                text = Array(after)
            } else {
                // `AMZN Prime*2K4L19LB3`: what follows the star is the charge's own token.
                var joined = Array(text[lo..<hi])
                joined.append(0x20)
                var first = true
                for piece in after.split(separator: 0x20) {
                    if first { first = false; continue }
                    if joined.count > hi - lo + 1 { joined.append(0x20) }
                    joined += piece
                }
                text = joined
            }
        }
        var tokens: [Range<Int>] = []
        tokens.reserveCapacity(16)
        var start = -1
        let separators = MerchantKey.separators
        for (i, byte) in text.enumerated() {
            if separators[Int(byte)] {
                if start >= 0 { tokens.append(start..<i) }
                start = -1
            } else if start < 0 {
                start = i
            }
        }
        if start >= 0 { tokens.append(start..<text.count) }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isTrimmed(_ byte: UInt8) -> Bool { byte == 0x2E || byte == 0x2D || byte == 0x2A || byte == 0x2B }
        var words: [String] = []
        words.reserveCapacity(tokens.count)
        for (i, raw) in tokens.enumerated() {
            var lo = raw.lowerBound, hi = raw.upperBound
            while hi > lo, isTrimmed(text[hi - 1]) { hi -= 1 }
            while lo < hi, isTrimmed(text[lo]) { lo += 1 }
            if hi - lo >= 4, text[lo..<lo + 4].elementsEqual("WWW.".utf8) { lo += 4 }
            guard lo < hi else { continue }
            let token = text[lo..<hi]
            let digits = token.reduce(0) { $0 + (isDigit($1) ? 1 : 0) }
            if digits == token.count {
                let lonely = token.count == 3 && !(i > 0 && text[tokens[i - 1]].allSatisfy(isDigit))
                    && !(i + 1 < tokens.count && text[tokens[i + 1]].allSatisfy(isDigit)) && i > 0
                if !lonely { continue }
            } else if digits >= 2 || (digits >= 1 && token.count >= 5 && token.count - digits < 6)
                        || (digits >= 1 && token.contains(0x58)) || token.allSatisfy({ $0 == 0x58 }) && token.count >= 3 {
                continue
            }
            if token.count == 1, let letter = token.first, (letter >= 0x41 && letter <= 0x5A) || (letter >= 0x61 && letter <= 0x7A) { continue }
            let word = string(token)
            if noise.contains(word) { continue }
            words.append(word)
        }
        while let last = words.last, regions.contains(last), words.count > 1 { words.removeLast() }
        words.removeFirst(words.dropLast().prefix(while: { processors.contains($0) }).count)
        return Array(words.prefix(4))
    }

    /// Bytes that split a descriptor into tokens, as in `cleanCharacters`.
    private static let separators: [Bool] = (0..<128).map { " ,;:#/\\()|_\t\"'<>[]{}=".utf8.contains(UInt8($0)) }

    /// The merchant a transaction names: the counterparty or description, and for middlemen
    /// (PayPal, Klarna, a direct debit with a legal name) the brand found in the reference.
    package func merchant(payee: String, text: String, reference: String) -> Merchant {
        var memo = Memo()
        return merchant(payee: payee, text: text, reference: reference, memo: &memo)
    }

    /// Catalog look-ups, and merchants named by their cleaned words alone, remembered across
    /// calls: a statement's one-off descriptors (`AMZN Mktp US*41E6180M`) mostly clean to
    /// words seen before.
    struct Memo {
        var brands: [String: Merchant?] = [:]
        var byWords: [String: Merchant] = [:]
        /// Entries per table; beyond it look-ups are made again.
        static let limit = 50_000
    }

    /// As `merchant(payee:text:reference:)`, remembering catalog look-ups in `memo` across calls.
    func merchant(payee: String, text: String, reference: String, memo: inout Memo) -> Merchant {
        func brand(_ text: String) -> Merchant? {
            if let known = memo.brands[text] { return known }
            let found = self.brand(text)
            if memo.brands.count < Memo.limit { memo.brands[text] = found }
            return found
        }
        let primary = payee.isEmpty ? text : payee
        let isMiddleman = MerchantKey.isMiddleman(primary)
        if isMiddleman {
            for extra in [text, reference] where !extra.isEmpty && extra != primary {
                let words = MerchantKey.clean(extra)
                if let hit = brand(words.joined(separator: " ")) ?? brand(extra) { return hit }
            }
        }
        let words = MerchantKey.clean(primary)
        let joined = words.joined(separator: " ")
        // Neither a middleman's reference nor a second text is read: the words alone decide.
        let wordsDecide = !isMiddleman && !words.isEmpty && (payee.isEmpty || text.isEmpty)
        if wordsDecide, let known = memo.byWords[joined] { return known }
        if let hit = brand(joined) {
            if wordsDecide, memo.byWords.count < Memo.limit { memo.byWords[joined] = hit }
            return hit
        }
        if payee.isEmpty == false, !text.isEmpty, let hit = brand(MerchantKey.clean(text).joined(separator: " ")) { return hit }
        if !reference.isEmpty, words.isEmpty || isMiddleman, let hit = brand(reference) { return hit }
        let key = words.isEmpty ? HeaderVocabulary.fold(primary).uppercased() : words.prefix(3).joined(separator: " ")
        let merchant = Merchant(key: key, name: MerchantKey.title(key), category: nil, isKnownService: false)
        if wordsDecide, memo.byWords.count < Memo.limit { memo.byWords[joined] = merchant }
        return merchant
    }

    /// A descriptor starting with a middleman's name and without a `*` (`PAYPAL *NETFLIX` names
    /// the merchant itself). ASCII text is compared on bytes, other text upper-cased first.
    static func isMiddleman(_ primary: String) -> Bool {
        var text = primary
        let ascii: Bool? = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard !bytes.contains(0x2A) else { return false }
            return middlemenBytes.contains { name in
                bytes.count >= name.count
                    && zip(bytes, name).allSatisfy { byte, letter in (byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte) == letter }
            }
        }
        if let ascii { return ascii }
        let upper = primary.uppercased()
        return middlemen.contains { upper.hasPrefix($0) } && !upper.contains("*")
    }

    private static let middlemenBytes: [[UInt8]] = middlemen.map { Array($0.utf8) }

    private func brand(_ text: String) -> Merchant? {
        guard !text.isEmpty, let match = catalog.match(text) else { return nil }
        return Merchant(key: "brand:" + match.brand.name, name: match.brand.name, category: match.brand.category, isKnownService: true)
    }

    /// `PLANET FITNESS` → `Planet Fitness`; scripts without case stay as they are.
    static func title(_ key: String) -> String {
        key.split(separator: " ").map { word in
            word.count <= 3 && word.contains(".") == false && word.allSatisfy({ $0.isASCII && $0.isLetter }) && word.count <= 2
                ? String(word) : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }
}
