import Foundation

/// Header words per field in the languages the readers meet, and the words that mark a decoy
/// column (a derived "monthly cost", a "created" time) that must not win the field.
package enum HeaderVocabulary {
    /// Built once: creating a Locale per call cost more than the folding itself.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Folds a header for matching: lowercase, accents removed, emoji and punctuation dropped,
    /// spaces collapsed. `"  Próxima Renovación 📅"` → `"proxima renovacion"`.
    package static func fold(_ header: String) -> String {
        if header.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(header) }
        if let spaced = emojiAsSpaces(header) { return foldASCII(spaced) }
        if let known = folded.value(for: header) { return known }
        let result = uncachedFold(header)
        folded.store(result, for: header)
        return result
    }

    private static let folded = MemoCache<String, String>()

    static func uncachedFold(_ header: String) -> String {
        let lowered = header.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                     locale: posix)
        var out = ""
        var lastSpace = true
        for scalar in lowered.unicodeScalars {
            // A variation selector (`☁️` is ☁ and U+FE0F) only says how to draw the character
            // before it: it is no letter of a word.
            if scalar.properties.isVariationSelector { continue }
            let keep = CharacterSet.alphanumerics.contains(scalar) && !scalar.properties.isEmojiPresentation
            if keep {
                out.unicodeScalars.append(scalar)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        if out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    /// ASCII text with emoji among its words (`🎬 Netflix`, a Notion title), the emoji written as
    /// spaces; nil for any other text. Folding leaves such an emoji (a symbol drawn as an emoji,
    /// standing alone) as it is and `uncachedFold` drops it like punctuation, so `foldASCII` of
    /// the result is the fold. Tested against `uncachedFold` for every such emoji.
    static func emojiAsSpaces(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        /// The scalar before was a symbol that the emoji selector (U+FE0F) may follow.
        var selectable = false
        for scalar in text.unicodeScalars {
            if selectable {
                // `☁️`: a symbol drawn as text unless the selector after it asks for an emoji.
                // Without the selector, the text is left to Foundation.
                guard scalar.value == 0xFE0F else { return nil }
                selectable = false
            } else if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else if isLoneEmoji(scalar) {
                bytes.append(UInt8(ascii: " "))
            } else if isSelectableEmoji(scalar) {
                bytes.append(UInt8(ascii: " "))
                selectable = true
            } else {
                return nil
            }
        }
        return selectable ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// A symbol drawn as text by default, which U+FE0F after it draws as an emoji (`☁️`, `🏋️`).
    /// Taken only with the selector after it: on its own such a symbol may fold to a letter (`Ⓜ`).
    static func isSelectableEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isEmoji && !properties.isEmojiPresentation && properties.generalCategory == .otherSymbol
            && !properties.isEmojiModifier && !scalar.isASCII
    }

    /// An emoji symbol that needs no joiner or selector: anything that could follow it to make
    /// one character with it (a selector, a skin tone, a joiner) is not ASCII, so it is refused.
    static func isLoneEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isEmojiPresentation && properties.generalCategory == .otherSymbol && !properties.isEmojiModifier
    }

    /// `fold` for ASCII text, where folding is lowercasing and the letters and digits are the
    /// alphanumerics: the same result without Foundation's string machinery.
    static func foldASCII(_ header: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(header.utf8.count)
        var lastSpace = true
        for byte in header.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
                lastSpace = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                out.append(byte | 0x20)
                lastSpace = false
            default:
                if !lastSpace {
                    out.append(UInt8(ascii: " "))
                    lastSpace = true
                }
            }
        }
        if out.last == UInt8(ascii: " ") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Phrases per field, already folded. A header matches a phrase exactly, word-for-word
    /// with plural `s` dropped, or with one typo in words of five letters or more.
    static let phrases: [Field: [String]] = [
        .name: [
            "name", "service", "subscription", "title", "app", "product", "plan", "merchant", "payee",
            "vendor", "provider", "description", "item", "what", "company", "brand", "tool", "website",
            "nombre", "servicio", "suscripcion", "nome", "servico", "assinatura", "abbonamento", "servizio",
            "dienst", "abonnement", "anbieter", "bezeichnung", "titel", "nom", "naam", "navn", "tjeneste",
            "tjanst", "prenumeration", "名称", "服务", "订阅", "项目", "名前", "サービス", "サブスク", "サブスクリプション",
            "サービス名", "服务名称", "订阅名称", "abo", "titulo", "titre", "produit",
        ],
        .price: [
            "price", "amount", "cost", "fee", "how much", "charge", "payment", "value", "sum", "rate",
            "precio", "importe", "monto", "coste", "costo", "preco", "valor", "prezzo", "importo",
            "preis", "betrag", "kosten", "gebuhr", "prix", "montant", "tarif", "cout", "prijs", "bedrag",
            "pris", "belop", "belopp", "belob", "价格", "金额", "费用", "价钱", "金額", "価格", "料金", "値段",
            "amount minor", "price cents", "amount cents", "milliunits", "price minor",
        ],
        .currency: [
            "currency", "cur", "ccy", "moneda", "divisa", "moeda", "valuta", "wahrung", "devise",
            "monnaie", "munt", "valuta kode", "货币", "币种", "通貨", "currency code",
        ],
        .cycle: [
            "billing cycle", "cycle", "frequency", "period", "billing period", "billing", "interval", "recurrence",
            "repeat freq", "repeat frequency", "repeats", "repeat", "repeat type", "repetition", "repetition type",
            "recurrence type",
            "renews every", "every", "billing frequency", "plan type", "ciclo", "frecuencia", "periodo", "periodicidad",
            "ciclo de facturacion", "frequencia", "periodicidade", "frequenza", "periodicita", "zyklus",
            "abrechnungszeitraum", "intervall", "haufigkeit", "zahlungsintervall", "rhythmus", "frequence",
            "periodicite", "cycle de facturation", "frequentie", "periode", "betalingsfrequentie",
            "frekvens", "betalingsperiode", "intervall", "周期", "付费周期", "计费周期", "频率", "扣费周期",
            "支払いサイクル", "請求サイクル", "周期 ", "サイクル", "頻度", "契約期間", "billing interval",
        ],
        .cycleInterval: ["every", "interval count", "frequency count", "cycle count", "billing frequency", "repeat every", "cada", "alle", "tous les", "ogni", "elke", "hver", "var", "每"],
        .cycleUnit: ["unit", "cycle unit", "period unit", "frequency unit", "interval unit", "unidad", "einheit", "unite", "unita", "eenheid", "enhet"],
        .nextRenewal: [
            "next renewal", "renewal", "renews", "renewal date", "next payment", "next payment date",
            "next billing", "next billing date", "next charge", "due", "due date", "next due", "next date",
            "date", "renew date", "billing date", "payment date", "next", "expires", "expiry", "expiration",
            "proxima renovacion", "renovacion", "fecha", "proximo pago", "fecha de pago", "vencimiento",
            "proxima cobranca", "renovacao", "data", "vencimento", "proximo pagamento", "rinnovo",
            "prossimo rinnovo", "scadenza", "prossimo pagamento", "nachste zahlung", "verlangerung",
            "fallig", "falligkeit", "datum", "nachste abbuchung", "abbuchung", "nachste verlangerung",
            "prochain paiement", "renouvellement", "echeance", "prochaine echeance", "date",
            "volgende betaling", "verlenging", "vervaldatum", "neste betaling", "fornyelse", "forfall",
            "nasta betalning", "fornyelse", "forfallodag", "naeste betaling", "fornyelsesdato",
            "续费日期", "下次续费", "到期日", "下次扣款", "到期", "日期", "续费", "下次付款", "次回更新",
            "更新日", "次回請求日", "支払日", "次回支払日", "期限",
        ],
        .startDate: [
            "start date", "start", "started", "since", "begin", "subscribed", "first payment", "signup date",
            "first payment date", "first bill", "first billing", "first billing date", "first charge", "date first",
            "first date",
            "fecha de inicio", "inicio", "data de inicio", "data inizio", "beginn", "startdatum", "seit",
            "date de debut", "debut", "begindatum", "startdato", "开始日期", "开始", "開始日", "登録日",
        ],
        .category: [
            "category", "category name", "type", "tag", "tags", "group", "kind", "label", "categoria", "tipo", "kategorie",
            "art", "typ", "categorie", "soort", "kategori", "类别", "分类", "类型", "カテゴリ", "カテゴリー", "種類",
        ],
        .notes: [
            "notes", "note", "comment", "comments", "memo", "remarks", "details", "notas", "nota",
            "comentario", "observacoes", "note", "notizen", "notiz", "bemerkung", "kommentar", "remarques",
            "commentaire", "notities", "opmerking", "notater", "anteckningar", "noter", "备注", "说明", "メモ", "備考",
        ],
        .status: [
            "status", "state", "estado", "situacao", "stato", "zustand", "statut", "etat", "staat", "tilstand",
            "状态", "状態", "ステータス",
        ],
        .trialEnds: [
            "trial ends", "trial end", "trial end date", "trial ends on", "free trial ends", "free trial end",
            "free trial end date", "freetrialenddate", "trial until", "trial expires", "trial expiry", "end of trial",
            "trial ending", "trial end day", "fin de la prueba", "probezeit endet", "ende probezeit", "fin d essai",
            "trial", "free trial", "in trial", "on trial", "is trial", "trial active",
        ],
        .endDate: [
            "end date", "ends", "ended", "ended on", "ends on", "end", "date end", "cancellation date", "cancelled on",
            "canceled on", "cancelled at", "canceled at", "cancel date", "cancellation", "termination date", "repeat until",
            "fecha de baja", "fecha de fin", "fecha fin", "kundigungsdatum", "enddatum", "date de fin", "date de resiliation",
            "data fine", "data di fine", "einddatum", "opzegdatum", "解約日", "终止日期", "结束日期",
        ],
        .active: [
            "active", "enabled", "is active", "on", "activo", "ativo", "attivo", "aktiv", "actif", "actief",
            "cancelled", "canceled", "paused", "disabled", "inactive", "启用", "有効",
        ],
    ]

    /// Header words that mark a derived or bookkeeping column; they keep a column from
    /// winning the field named with its key.
    static let decoys: [Field: [String]] = [
        .price: ["monthly", "per month", "annual", "yearly", "per year", "estimated", "estimate", "total",
                 "average", "avg", "equivalent", "normalized", "mensual", "monatlich", "mensuel", "pro monat",
                 "al mes", "par mois", "per maand", "每月", "月額換算", "annuel", "jahrlich", "spent", "paid so far",
                 "lifetime", "budget"],
        .nextRenewal: ["start", "created", "updated", "modified", "added", "last", "previous", "first",
                       "signup", "since", "cancelled", "canceled", "ended", "end", "trial", "inicio",
                       "beginn", "debut", "开始", "created at", "updated at", "letzte", "ultimo", "dernier"],
        .name: ["id", "uuid", "url", "link", "icon", "logo", "image", "account", "email", "user"],
        .category: ["payment type", "payment method", "card", "typ zahlung"],
        .cycle: ["cycle count", "trial period"],
        // Tabi's "Reminder Enabled": whether the app reminds, not whether the subscription runs.
        .active: ["reminder", "reminders", "notification", "notifications", "alert", "alerts"],
    ]
}
