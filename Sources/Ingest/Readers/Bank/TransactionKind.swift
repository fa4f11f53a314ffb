/// What a transaction row is, before any series is looked for.
package enum TransactionKind: Hashable, Sendable {
    /// Money out that may belong to a subscription.
    case charge
    /// Money in: salary, interest, payments received; or a refund candidate (checked later
    /// against the merchant's charges).
    case moneyIn
    /// Between own accounts, card repayments, wallet top-ups and funding rows.
    case transfer(String)
    /// A recurring payment that is not a subscription: rent, loan, utilities, phone, tax …
    case bill(String)
    /// Not booked (pending, vorgemerkt) or declined, failed, closed.
    case notBooked(String)
    case zero
}

import Foundation

/// Sorts rows into charges, money in, transfers, bills and rows not booked, from the words of
/// their type, status and descriptor in the banks' languages.
package enum TransactionClassifier {
    /// The status a bank file format gives a transaction it lists again under the same id.
    static let duplicateStatus = "duplicate of line"
    static let notBooked = [duplicateStatus, "pending", "vorgemerkt", "in bearbeitung", "declined", "failed", "denied", "reversed",
                            "storniert", "abgelehnt", "交易关闭", "已关闭", "失败", "cancelled", "canceled", "rejected",
                            "afgewezen", "refusé", "refuse", "avvisad", "afvist", "not booked", "nicht gebucht"]
    static let transfers = ["transfer", "xfer", "overboeking", "umbuchung", "übertrag", "uebertrag", "virement interne",
                            "savings", "sparkonto", "spaarrekening", "tagesgeld", "sparen", "转账", "余额宝", "充值",
                            "提现", "pot", "payment thank you", "autopay payment", "credit card payment", "card repayment",
                            "kreditkartenabrechnung", "kreditkarte", "epayment", "card deposit", "bank deposit",
                            "deposit to pp", "funding", "general card deposit", "transfer to bank", "zelle", "venmo",
                            "eigene", "own account", "overføring", "overforing", "överföring", "overforsel", "opsparing",
                            "spar", "traspaso", "giroconto", "virement vers", "vir sepa", "internal", "moneybox", "isa", "przelew wlasny",
                            "przelew własny"]
    static let bills: [(String, [String])] = [
        ("rent", ["rent", "miete", "huur", "loyer", "hyra", "husleje", "husleie", "felleskostnader", "alquiler", "arrendamiento", "affitto", "房租", "landlord", "property mgmt", "wohnungsbau",
                  "wohnbau", "vermietung", "hausverwaltung", "woningcorporatie", "lettings", "housing", "czynsz", "spoldzielnia mieszkaniowa",
                  "spółdzielnia mieszkaniowa"]),
        ("loan", ["loan", "mortgage", "darlehen", "tilgung", "hypotheek", "lening", "pret immo", "prêt", "echeance pret",
                  "bolån", "bolan", "lån", "laan", "car finance", "student loan", "navient", "sallie mae", "花呗", "借呗",
                  "还款", "finanzierung", "ratenkredit", "auto finance"]),
        ("utilities", ["electric", "energy", "energie", "energia", "bolletta", "strom", "strøm", "nettleie", "stadtwerke", "vattenfall", "e.on", "eon energie", "edf",
                       "engie", "eneco", "british gas", "octopus", "thames water", "pg&e", "con ed", "duke energy", "water",
                       "gas natural", "电费", "水费", "燃气", "fortum", "ørsted", "orsted", "essent", "vitens", "wasser",
                       "national grid", "xcel", "総合", "elektrizitatswerk", "elektrizitaetswerk", "elektrizitätswerk", "energia elektryczna"]),
        ("phone and internet", ["verizon", "at&t", "t-mobile", "tmobile", "comcast", "xfinity", "spectrum", "vodafone",
                                "telekom", "o2 ", "bt group", "virgin media", "kpn", "ziggo", "telia", "telenor", "orange sa",
                                "sfr", "free mobile", "bouygues", "中国移动", "中国联通", "中国电信", "话费", "1&1", "congstar",
                                "ee limited", "sky broadband", "three uk", "yallo", "tele2", "tre ", "yousee", "mobilcom",
                                "internet", "broadband", "telecom", "mobile plan", "swisscom", "sunrise", "orange polska"]),
        ("insurance", ["insurance", "versicherung", "verzekering", "assurance", "seguro", "seguros", "assicurazione", "assicurazioni", "försäkring", "forsikring", "geico",
                       "allianz", "axa", "huk-coburg", "保险", "state farm", "progressive ins", "aviva", "tryg", "if skadefor", "krankenkasse", "krankenversicherung",
                       "ubezpieczenie", "pzu"]),
        ("tax and licence", ["council tax", "tax", "finanzamt", "rundfunk", "tv licence", "tv license", "tv licensing", "gez", "belastingdienst", "impot",
                             "impôt", "skatteverket", "skatteetaten", "skat", "irs", "hmrc", "dvla", "kfz-steuer", "gemeente"]),
        ("salary", ["salary", "payroll", "nomina", "nómina", "stipendio", "gehalt", "lohn", "salaris", "loon", "salaire", "lön", "lon ", "løn", "工资", "wynagrodzenie"]),
        ("childcare and school", ["kita", "kindergarten", "school fee", "tuition", "daycare", "nursery"]),
    ]

    /// The word of `status` that says the transaction is not booked (pending, declined …), if any.
    package static func notBookedWord(in status: String) -> String? {
        guard !status.isEmpty else { return nil }
        let lowered = status.lowercased()
        return notBooked.first { lowered.contains($0) }
    }

    /// The kind of a transaction from its amount, status, type and descriptor words.
    package static func classify(_ t: Transaction) -> TransactionKind {
        if let word = notBookedWord(in: t.status) { return .notBooked(word) }
        if t.amount == 0 { return .zero }
        return classify(amount: t.amount, words: words(of: t))
    }

    /// The kind from the amount and the words found by `words(of:)` (cached per descriptor).
    static func classify(amount: Int64, words: TransactionKind?) -> TransactionKind {
        if case .transfer? = words { return words ?? .charge }
        if amount < 0 { return .moneyIn }
        return words ?? .charge
    }

    /// A transfer or bill named by the row's type and descriptor words, nil for neither.
    static func words(of t: Transaction) -> TransactionKind? {
        words(type: t.type, payee: t.payee, text: t.text, reference: t.reference)
    }

    /// As `words(of:)`, from the four fields it reads.
    static func words(type: String, payee: String, text: String, reference: String) -> TransactionKind? {
        let fields = [type, payee, text, reference]
        if case .read(let kind) = phraseIndex.kind(ofLatin: fields) { return kind }
        let text = fields.joined(separator: " ").lowercased()
        return phraseIndex.kind(of: text, tokens: tokenize(text))
    }

    /// A phrase split into lowercase words (so "pot" never matches "spotify"), or kept whole
    /// for scripts written without spaces.
    struct Phrase {
        var text: String
        var words: [String]
        var cjk: Bool
        var utf8: [UInt8]

        init(_ text: String) {
            self.text = text.trimmedSpaces()
            words = TransactionClassifier.tokenize(self.text)
            cjk = text.unicodeScalars.contains { $0.value >= 0x2E80 }
            utf8 = Array(self.text.utf8)
        }
    }

    static let transferPhrases = transfers.map(Phrase.init)
    static let billPhrases = bills.map { ($0.0, $0.1.map(Phrase.init)) }
    static let phraseIndex = PhraseIndex(transfers: transferPhrases, bills: billPhrases)

    /// Byte search, without Foundation's locale-aware `range(of:)`.
    static func bytes(_ haystack: String.UTF8View, contain needle: [UInt8]) -> Bool {
        let h = Array(haystack)
        guard !needle.isEmpty, h.count >= needle.count else { return false }
        for start in 0...(h.count - needle.count) where h[start] == needle[0] {
            if h[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    static func tokenize(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
