/// What a column of a transaction table holds. Kept apart from `Field` (the subscription
/// fields) so bank detection cannot disturb subscription detection.
package enum TransactionRole: String, Sendable, CaseIterable, Comparable {
    case date, valueDate, payee, description, reference, amount, debit, credit, indicator,
         currency, balance, status, type, account

    package static func < (a: TransactionRole, b: TransactionRole) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// Header words per transaction role in the languages of the banks' exports, folded like
/// `HeaderVocabulary.fold` (lowercase, accents and punctuation off).
enum TransactionVocabulary {
    static let phrases: [TransactionRole: [String]] = [
        .date: ["dateop", "date op", "bokfdag", "transdag", "transaktionsdag", "kirjauspaiva", "tapahtumapaiva", "data contabile", "bokforingsdato", "fecha contable", "date", "transaction date", "posting date", "booking date", "trans date", "posted date", "buchungstag",
                "buchungsdatum", "datum", "fecha", "fecha operacion", "date operation", "date de l operation",
                "bokforingsdag", "transaktionsdatum", "bokforingsdatum", "dato", "bogforingsdato", "交易时间", "交易创建时间",
                "记账日期", "日期", "data", "data operazione", "started date", "transaction time", "date time", "boekdatum",
                "buchung", "data operacji", "data ksiegowania"],
        .valueDate: ["dateval", "date val", "arvopaiva", "data valuta", "valutadato", "value date", "valutadatum", "valuta", "wertstellung", "fecha valor", "date de valeur", "valutadag",
                     "rentedato", "valuteringsdato", "completed date", "付款时间", "rentedag"],
        .payee: ["saaja maksaja", "mottaker", "payee name", "other party", "beneficiaire", "payee", "merchant", "name", "counterparty", "beneficiary", "auftraggeber empfanger", "empfanger",
                 "beguenstigter zahlungspflichtiger", "begunstigter zahlungspflichtiger", "auftraggeber", "zahlungsempfanger",
                 "naam", "交易对方", "对方", "beneficiario", "mottagare", "modtager", "tiers", "counter party", "merchant name"],
        .description: ["label", "forklaring", "viesti", "message", "causale", "particulars", "narration", "vorgang", "description", "details", "transaction description", "narrative", "beschreibung", "concepto",
                       "descripcion", "libelle", "libelle operation", "omschrijving", "naam omschrijving", "tekst", "text",
                       "beskrivning", "transaktion", "商品", "商品说明", "商品名称", "交易说明", "extended details",
                       "transaction details", "posting text", "descrizione", "rubrik", "specifikation", "avisierungstext", "opis operacji", "opis"],
        .reference: ["viite", "verwendungszweck", "reference", "mededeling", "mededelingen", "memo", "remittance", "referencia",
                     "meddelande", "reference", "referenz", "note", "notes", "备注", "payment reference"],
        .amount: ["maara", "maara euroa", "amount", "betrag", "importe", "bedrag", "belopp", "belob", "montant", "金额", "金额 元", "交易金额",
                  "transaction amount", "umsatz", "belop", "importo", "valor", "gross", "amount eur", "amount usd",
                  "amount gbp", "betrag eur", "bedrag eur", "beloeb", "montant eur", "收 支金额", "金额 元 ", "kwota"],
        .debit: ["uscite", "ut fra konto", "uttak fra konto", "uttak", "belastung", "outflow", "debit", "debit amount", "soll", "withdrawal", "paid out", "money out", "ausgabe", "cargo", "debito",
                 "debet", "uttag", "udbetaling", "支出", "debits", "montant debit", "out", "lastschrift"],
        .credit: ["entrate", "inn pa konto", "innskudd pa konto", "innskudd", "gutschrift", "inflow", "credit", "credit amount", "haben", "deposit", "paid in", "money in", "einnahme", "abono", "credito",
                  "kredit", "insattning", "indbetaling", "收入", "credits", "montant credit", "in"],
        .indicator: ["af bij", "soll haben", "s h", "debit credit", "dr cr", "收 支", "收支", "credit debit indicator",
                     "cd", "debit credit indicator", "d c"],
        .currency: ["currency", "wahrung", "waehrung", "moneda", "divisa", "valuta", "devise", "munt", "币种", "货币",
                    "currency code", "valutakode"],
        .balance: ["accountbalance", "running bal", "balance", "saldo", "kontostand", "solde", "saldo na mutatie", "running balance", "余额", "账户余额",
                   "new balance", "saldo nach buchung", "balance impact"],
        .status: ["status", "state", "交易状态", "estado", "statut", "transaction status"],
        .type: ["selitys", "type", "transaction type", "buchungstext", "umsatzart", "mutatiesoort", "code", "tipo", "交易类型",
                "transaction code", "category", "交易分类", "支付方式", "bewegungstyp"],
        .account: ["card no", "card number", "kontonr", "tilinumero", "account", "account number", "konto", "iban", "rekening", "auftragskonto", "account name", "card", "card member", "rachunek"],
    ]

    /// Header words that keep a column from a role: "Balance" is never the amount.
    static let decoys: [TransactionRole: [String]] = [
        .amount: ["balance", "saldo", "fee", "net", "余额", "kontostand"],
        .date: ["value", "valuta", "completed", "wertstellung"],
        .description: ["type"],
    ]

    static let folded: [TransactionRole: [HeaderMatcher.Words]] = phrases.mapValues { list in
        list.map { HeaderMatcher.Words(header: $0) }
    }

    /// The decoys, folded once.
    static let foldedDecoys: [TransactionRole: [HeaderMatcher.Words]] = decoys.mapValues { list in
        list.map { HeaderMatcher.Words(header: $0) }
    }

    /// The words each role's phrases are made of, to rule a header out before its phrases are
    /// tried one by one (`HeaderMatcher.Reach`): most cells of a file name no role.
    static let reach: [TransactionRole: HeaderMatcher.Reach] = Dictionary(uniqueKeysWithValues: TransactionRole.allCases.map { role in
        (role, HeaderMatcher.Reach(phrases: (phrases[role] ?? []).map(HeaderMatcher.Phrase.init),
                                   decoys: (decoys[role] ?? []).map(HeaderMatcher.Phrase.init)))
    })

    /// `reach` of every role at once: a cell no role can match is passed over in one test.
    static let anyReach = HeaderMatcher.Reach(phrases: phrases.values.joined().map(HeaderMatcher.Phrase.init), decoys: [])

    /// 0…1: how well a header, already in words (it is scored for every role), names a role.
    static func score(_ role: TransactionRole, words: HeaderMatcher.Words) -> Double {
        guard !words.isEmpty, let list = folded[role], reach[role]?.mayMatch(words) != false else { return 0 }
        var best = 0.0
        for phrase in list {
            best = max(best, HeaderMatcher.match(phrase, in: words).0)
        }
        if best > 0, let decoy = foldedDecoys[role], decoy.contains(where: { HeaderMatcher.contains($0, in: words) }) {
            best *= 0.2
        }
        return best
    }
}
