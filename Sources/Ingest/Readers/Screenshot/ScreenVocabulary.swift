import Foundation

/// Words that give a screenshot line its role, in English, German, Spanish, French, Italian and Chinese.
/// Matched on folded text (lowercase, no accents) as whole words, or as substrings for CJK.
enum ScreenVocabulary {
    static let currencySigns: Set<Character> = ["$", "€", "£", "₹", "¥", "￥", "₽", "₺", "₩", "元", "円", "₪", "₱", "₫", "฿", "₴", "₦", "₣"]

    /// Lines that sum or restate other lines: their amounts are never a subscription's price.
    static let totals = [
        "total", "subtotal", "sub total", "tax", "taxes", "vat", "gst", "sales tax", "order id", "order number",
        "invoice", "receipt no", "balance", "available", "average", "avg", "spent", "spending", "spend",
        "per month total", "monthly spend", "yearly spend", "savings", "saved", "yearly cost", "annual cost", "monthly cost", "ersparnis", "ahorro", "economies", "节省", "this month", "next month", "last month", "budget",
        "summe", "gesamt", "insgesamt", "zwischensumme", "mwst", "ust", "steuer", "kontostand", "guthaben",
        "durchschnitt", "ausgaben", "rechnungsnummer", "bestellnummer",
        "subtotal", "impuesto", "impuestos", "iva", "saldo", "promedio", "gastos", "pedido",
        "sous total", "taxe", "tva", "solde", "moyenne", "depenses", "commande", "facture",
        "totale", "subtotale", "imposta", "spese", "ordine",
        "总计", "合计", "小计", "税", "余额", "平均", "订单号", "总额", "支出",
    ]

    /// A heading over a breakdown: the priced lines right under it are sums per category.
    static let breakdown = ["by category", "per category", "categories", "spending by category", "nach kategorie",
                            "kategorien", "por categoria", "categorias", "par categorie", "按类别", "分类"]

    /// A heading after which the lines list past charges, not subscriptions.
    static let history = [
        "payment history", "billing history", "purchase history", "order history", "transaction history",
        "transactions", "recent transactions", "recent activity", "past payments", "previous payments",
        "zahlungsverlauf", "umsatze", "letzte umsatze", "transaktionen", "zahlungshistorie",
        "historial de pagos", "historial", "movimientos", "transacciones",
        "historique des paiements", "historique", "transactions recentes",
        "cronologia pagamenti", "cronologia dei pagamenti", "storico pagamenti", "storico dei pagamenti", "cronologia",
        "movimenti", "ultimi movimenti", "transazioni", "transazioni recenti", "attivita recente",
        "historico de pagamentos", "historico", "transacoes", "transacoes recentes", "movimentos", "atividade recente",
        "betalingsgeschiedenis", "betaalgeschiedenis", "geschiedenis", "transacties", "recente transacties",
        "付款记录", "账单记录", "交易记录", "历史", "消费记录",
    ]

    /// Words of an offer, not of a subscription's name: a banner's "Save 30%", "立省30元".
    static let promotion = [
        "save", "off", "try", "upgrade", "offer", "deal", "discount", "free trial", "limited time",
        "spare", "sparen", "sparst", "angebot", "rabatt", "jetzt testen", "gratis testen",
        "ahorra", "oferta", "descuento", "prueba gratis",
        "economisez", "economise", "offre", "remise", "essai gratuit",
        "risparmia", "offerta", "sconto", "prova gratis",
        "economize", "poupe", "desconto", "teste gratis", "experimente",
        "bespaar", "aanbieding", "korting", "probeer",
        "立省", "优惠", "限时", "特惠", "立减", "折扣",
    ]

    /// Labels of the renewal date.
    static let renewal = [
        "renews", "renew", "renewal", "renewing", "next billing", "next billing date", "next payment", "next charge",
        "next bill", "next", "due", "billed on", "bills on", "charges on", "expires", "auto renews", "will renew",
        "verlangert sich", "verlangert", "verlangerung", "nachste zahlung", "nachste abbuchung", "nachste abrechnung",
        "fallig", "lauft ab", "se renueva", "renovacion", "proximo pago", "proximo cobro", "proxima factura", "vence",
        "se renouvelle", "renouvellement", "prochain paiement", "prochain prelevement", "prochaine facture", "expire",
        "续费", "续订", "到期", "下次", "扣费日期", "续费日期", "下次扣费",
    ]

    /// Labels of the day a free trial ends (its first charge follows).
    static let trial = [
        "trial ends", "trial ending", "trial until", "trial expires", "free trial ends", "free trial until", "trial period ends",
        "probezeitraum endet", "testzeitraum endet", "probemonat endet", "gratis bis", "kostenlos bis",
        "prueba gratuita termina", "prueba termina", "periodo de prueba hasta", "prueba hasta",
        "essai gratuit jusqu", "fin de l essai", "essai se termine", "periode d essai",
        "试用期至", "免费试用至", "试用到期", "试用结束",
    ]

    /// Labels of a date that is not the next renewal.
    static let pastDate = [
        "last paid", "last payment", "paid on", "started", "since", "member since", "purchased", "joined", "created",
        "charged on", "ended", "cancelled on", "canceled on", "expired",
        "zuletzt", "letzte zahlung", "seit", "bezahlt am", "gestartet", "ultimo pago", "desde", "pagado",
        "dernier paiement", "depuis", "paye le", "上次", "开通", "开始",
    ]

    /// Words that are never a subscription's name on their own: buttons, statuses, labels,
    /// section titles and tab bar items.
    static let notNames: Set<String> = [
        "cancel", "cancel subscription", "manage", "edit", "change", "change plan", "update", "view", "details",
        "more", "options", "settings", "back", "done", "close", "ok", "save", "delete", "remove", "add",
        "active", "inactive", "paused", "cancelled", "canceled", "expired", "trial", "free trial", "renews",
        "subscriptions", "subscription", "your subscriptions", "my subscriptions", "payments subscriptions",
        "payments and subscriptions", "automatic payments", "account", "billing", "plan", "plans", "membership",
        "home", "search", "library", "profile", "apps", "games", "offers", "books", "kids", "wallet", "activity",
        "upcoming", "overview", "dashboard", "all", "monthly", "yearly", "annual", "annually", "weekly",
        "individual", "family", "student", "premium", "standard", "basic", "price", "amount", "date", "status",
        "name", "service", "category", "payment", "payments", "next payment", "payment method", "visa", "mastercard", "amex", "paypal", "next",
        "kundigen", "abo kundigen", "verwalten", "bearbeiten", "aktiv", "abos", "abonnements", "abonnement",
        "konto", "zahlung", "zahlungen", "monatlich", "jahrlich", "cancelar", "gestionar", "editar", "activa", "activo",
        "suscripciones", "suscripcion", "cuenta", "pago", "pagos", "mensual", "anual", "annuler", "gerer", "modifier",
        "actif", "abonnements", "compte", "paiement", "paiements", "mensuel", "annuel", "取消", "管理", "编辑", "自动续费",
        "已开通", "订阅", "会员", "首页", "我的", "生效中", "连续包月", "连续包年",
        "month", "year", "week", "monat", "jahr", "woche", "mes", "ano", "semana", "mois", "an", "semaine", "月", "年",
        "day", "days", "tag", "tage", "dia", "dias", "jour", "jours", "天", "left", "ago",
        "receipt", "your receipt", "invoice", "quittung", "rechnung", "recibo", "factura", "recu", "facture",
        "ricevuta", "fattura", "收据", "发票",
    ]

    /// Words that mark an amount as derived from the billed one ("≈ $8.33/mo", "that's $8.33 a month").
    static let derived = ["that s", "thats", "equals", "equivalent", "works out", "only", "just", "entspricht", "nur",
                          "equivale", "solo", "soit", "seulement", "相当于", "约"]

    /// Field labels of key–value pages ("Price", "Preis", "Prezzo", "Plan", "Next billing date",
    /// "Prossimo pagamento"): the column headers the table reader knows, in all its languages.
    /// Such a label alone is never a name; the value beside or under it is read instead.
    static let fieldLabels: Set<String> = {
        let fields: [Field] = [.name, .price, .currency, .cycle, .nextRenewal, .startDate, .category, .status]
        return Set(fields.flatMap { HeaderVocabulary.phrases[$0] ?? [] }).union(planLabels)
    }()

    /// Words for "plan" that never begin a name, so they are taken off a value beside them
    /// ("Tarif Twitch Turbo"); "Plan" itself can ("Plan Estándar") and is taken off only with a colon.
    static let planLabels: Set<String> = ["tarif", "piano", "formule", "套餐"]

    /// Folds text for matching: lowercase, no accents, punctuation as single spaces.
    static func fold(_ text: String) -> String { HeaderVocabulary.fold(text) }

    /// True when `folded` holds one of `phrases` as whole words (CJK phrases as substrings).
    static func contains(_ folded: String, any phrases: [String]) -> Bool {
        phrases.contains { phrase in matches(folded, phrase) }
    }

    static func matches(_ folded: String, _ phrase: String) -> Bool {
        if phrase.unicodeScalars.contains(where: { $0.value >= 0x3000 }) { return folded.contains(phrase) }
        guard let range = folded.range(of: phrase) else { return false }
        var search = range
        while true {
            let beforeOK = search.lowerBound == folded.startIndex || folded[folded.index(before: search.lowerBound)] == " "
            let afterOK = search.upperBound == folded.endIndex || folded[search.upperBound] == " "
            if beforeOK && afterOK { return true }
            guard let next = folded.range(of: phrase, range: search.upperBound..<folded.endIndex) else { return false }
            search = next
        }
    }
}
