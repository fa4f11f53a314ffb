import Testing
@testable import Ingest

/// The byte paths for ASCII descriptors and the phrase index give the answers of the
/// `Character` paths and of a search through every phrase in list order.
@Suite struct BankFastPathTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var type = "", payee = "", text = "", reference = ""
        var testDescription: String { [type, payee, text, reference].joined(separator: " | ") }

        var transaction: Transaction {
            Transaction(date: CalendarDate(dayNumber: 20_454), amount: 100, payee: payee, text: text,
                        reference: reference, type: type, row: 1, line: 2)
        }
    }

    static let rows: [Row] = [
        Row(type: "DEBIT_CARD", text: "AMZN Mktp US*41E6180M"),
        Row(type: "ACH_DEBIT", text: "Payment Thank You - Web"),
        Row(text: "PAYMENT THANK"),
        Row(text: "thank you payment"),
        Row(text: "CHASE CREDIT CRD AUTOPAY PAYMENT PPD ID: 4760039224"),
        Row(text: "Online Transfer to SAV ...1234"),
        Row(text: "SPOTIFY P2B3C4D5E6"),
        Row(text: "POT TRANSFER"),
        Row(text: "Monzo pot"),
        Row(text: "Zelle payment to John"),
        Row(text: "VENMO *CASHOUT"),
        Row(text: "AT&T MOBILITY PAYMENT"),
        Row(text: "AT T BILL"),
        Row(text: "1&1 Telecom GmbH"),
        Row(text: "PG&E WEB ONLINE"),
        Row(text: "E.ON Energie Deutschland"),
        Row(text: "O2 UK"),
        Row(text: "Con Ed of NY"),
        Row(text: "STATE FARM INSURANCE 800-956-6310 IL"),
        Row(text: "Council Tax Leeds"),
        Row(text: "TAX REFUND"),
        Row(text: "RENT 12/2026 LANDLORD"),
        Row(text: "Student Loan Navient"),
        Row(text: "Sallie Mae"),
        Row(text: "Mae Sallie"),
        Row(text: "KITA Sonnenschein", reference: "Beitrag Dezember"),
        Row(payee: "Vattenfall Europe Sales GmbH", text: "Abschlag Strom"),
        Row(type: "Lastschrift", payee: "Stadtwerke München", reference: "Abschlag Wasser"),
        Row(type: "Überweisung", payee: "Max Mustermann", reference: "Übertrag Sparkonto"),
        Row(payee: "Hausverwaltung Müller", reference: "Miete Januar"),
        Row(text: "Overføring til opsparing"),
        Row(text: "Virement interne"),
        Row(text: "Prêt immo échéance"),
        Row(type: "支出", payee: "中国移动", text: "话费充值"),
        Row(payee: "房东", text: "房租 12月"),
        Row(text: "支付宝 余额宝 转入"),
        Row(text: "爱奇艺黄金会员"),
        Row(text: "東京電力 総合"),
        Row(text: "NETFLIX.COM\t866-579-7172 CA"),
        Row(text: "tre mobile"),
        Row(text: "TELE2 SVERIGE"),
        Row(text: "Salary ACME\r\nCorp"),
        Row(text: "ISA subscription"),
        Row(type: "LASTSCHRIFT", payee: "STADTWERKE MÜNCHEN", reference: "ÜBERTRAG"),
        Row(text: "ÜBERWEISUNG Straße ½ µ ª"),
        Row(text: "İSTANBUL KİRA ödemesi"),
        Row(text: "Miete\u{00A0}Wohnung Übertrag\u{00AD}Sparkonto"),
        Row(text: "Přeplatek ŽIVNOSTENSKÁ Pojišťovna"),
        Row(text: "PRÊT IMMO ÉCHÉANCE"),
        Row(text: "Übertrag\u{0308} Konto"),
        Row(text: "Ubertrag\u{0308} Konto"),
        Row(text: "Miete ΜΙΣΘΟΣ"),
        Row(text: "Kelvin \u{212A} energy"),
        Row(text: ""),
    ]

    /// The search the index replaces: every transfer phrase in order, then every bill phrase.
    static func linearWords(_ t: Transaction) -> TransactionKind? {
        let text = (t.type + " " + t.payee + " " + t.text + " " + t.reference).lowercased()
        let tokens = TransactionClassifier.tokenize(text)
        let set = Set(tokens)
        func found(_ phrase: TransactionClassifier.Phrase) -> Bool {
            if phrase.cjk { return TransactionClassifier.bytes(text.utf8, contain: phrase.utf8) }
            guard phrase.words.allSatisfy(set.contains) else { return false }
            if phrase.words.count == 1 { return true }
            guard tokens.count >= phrase.words.count else { return false }
            for start in 0...(tokens.count - phrase.words.count)
            where Array(tokens[start..<start + phrase.words.count]) == phrase.words {
                return true
            }
            return false
        }
        if let hit = TransactionClassifier.transferPhrases.first(where: found) { return .transfer(hit.text) }
        for (kind, list) in TransactionClassifier.billPhrases where list.contains(where: found) { return .bill(kind) }
        return nil
    }

    @Test(arguments: rows)
    func phraseIndexFindsWhatTheLinearSearchFinds(_ row: Row) {
        let t = row.transaction
        #expect(TransactionClassifier.words(of: t) == Self.linearWords(t))
    }

    /// Every character from U+0080 to U+024F, in upper and lower case, inside, before, after and
    /// between phrase words: the byte path (`PhraseIndex.kind(ofLatin:)`) splits and lowercases
    /// as the `Character` path does, or leaves the text to it.
    @Test func latinBytesSplitAsCharactersDo() {
        let phrases = ["übertrag", "miete", "virement interne", "payment thank you", "lastschrift"]
        var compared = 0
        for value in 0x80..<0x250 {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let c = String(scalar)
            for phrase in phrases {
                let upper = phrase.uppercased()
                for text in ["\(c)\(phrase)", "\(phrase)\(c)", "\(c) \(upper) x", phrase.replacingOccurrences(of: " ", with: c),
                             "\(upper.prefix(2))\(c)\(upper.dropFirst(2))"] {
                    let row = Row(payee: c, text: text)
                    #expect(TransactionClassifier.words(of: row.transaction) == Self.linearWords(row.transaction), "\(text)")
                    compared += 1
                }
            }
        }
        #expect(compared > 2_000)
    }

    @Test func phraseIndexKeepsListPriority() {
        #expect(TransactionClassifier.words(of: Row(text: "Payment Thank You").transaction) == .transfer("payment thank you"))
        #expect(TransactionClassifier.words(of: Row(text: "Rent insurance").transaction) == .bill("rent"))
        #expect(TransactionClassifier.words(of: Row(text: "insurance rent").transaction) == .bill("rent"))
        #expect(TransactionClassifier.words(of: Row(text: "loan transfer").transaction) == .transfer("transfer"))
        #expect(TransactionClassifier.words(of: Row(text: "房租 转账").transaction) == .transfer("转账"))
        #expect(TransactionClassifier.words(of: Row(text: "spotify").transaction) == nil)
    }

    static let descriptors: [String] = [
        "AMZN Mktp US*41E6180M",
        "AMZN Prime*2K4L19LB3",
        "AMZN Prime*2K4L19LB3 AMZN.COM/BILL WA",
        "amzn prime * 2K4L19LB3 extra words",
        "*LEADING STAR TOKEN",
        " \tSQ *BLUE BOTTLE COFFEE NY",
        "SQ\t*BLUE BOTTLE",
        "TST* DIG INN 0123",
        "PAYPAL *DISNEYPLUS 4029357733",
        "GOOGLE *YouTubePremium g.co/helppay#",
        "NETFLIX.COM 866-579-7172 CA",
        "Netflix.com Los Gatos",
        "WWW.NETFLIX.COM",
        "www.spotify.com/us",
        "SPOTIFY P2B3C4D5E6",
        "PURCHASE AUTHORIZED ON 11/02 PLANET FITNESS 0123 CHICAGO IL S385123456789012 CARD 1234",
        "HELLOFRESH K3BD0Y NY",
        "MICROSOFT 365 BILLING",
        "365 MICROSOFT",
        "OFFICE 365 2026",
        "APPLE.COM/BILL 866-712-7753 CA",
        "XBOX LIVE XXXX1234",
        "XXX STORE",
        "1PASSWORD TORONTO",
        "S1234 SHOP",
        "A B C D E F",
        "...---+++",
        "CB SPOTIFY 12/03",
        "Visa/Dankort Spotify P1234ABCDE",
        "PRLV SEPA NETFLIX INTERNATIONAL B.V.",
        "ADOBE *CREATIVE CLOUD 726-946-8771 CA",
        "\"QUOTED\" NAME (DE) [X] {Y} <Z> a=b",
        "US",
        "PAYPAL",
        "SALARY ACME\r\nCORP",
        "Café Noir",
        "",
    ]

    @Test(arguments: descriptors)
    func asciiCleaningMatchesCharacterCleaning(_ descriptor: String) {
        #expect(MerchantKey.clean(descriptor) == MerchantKey.cleanCharacters(descriptor))
    }

    @Test func cleaningTakesTheCharacterPathForOtherText() {
        #expect(MerchantKey.cleanASCII("Café Noir") == nil)
        #expect(MerchantKey.cleanASCII("SALARY\r\nACME") == nil)
        #expect(MerchantKey.cleanASCII("AMZN Mktp US*41E6180M") == ["AMZN"])
    }
}
