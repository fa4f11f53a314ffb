/// Generic column detection for transaction tables no known layout describes: from header
/// words (`TransactionVocabulary`), or from values when there is no header row.
package enum TransactionColumns {
    /// Below this a header does not name a role.
    static let threshold = 0.7

    /// The column of each role, taking the best-scoring header first so "Amount" beats
    /// "Local amount" and each column serves one role.
    package static func detect(header: [String]) -> [TransactionRole: Int] {
        var candidates: [(score: Double, role: TransactionRole, column: Int)] = []
        for (column, cell) in header.enumerated() where !cell.isEmpty {
            let words = HeaderMatcher.Words(header: cell)
            guard TransactionVocabulary.anyReach.mayMatch(words) else { continue }
            for role in TransactionRole.allCases {
                let s = TransactionVocabulary.score(role, words: words)
                if s >= threshold { candidates.append((s, role, column)) }
            }
        }
        candidates.sort { ($0.score, -$0.column, $1.role) > ($1.score, -$1.column, $0.role) }
        var roles: [TransactionRole: Int] = [:]
        var taken = Set<Int>()
        for c in candidates where roles[c.role] == nil && !taken.contains(c.column) {
            roles[c.role] = c.column
            taken.insert(c.column)
        }
        // A table with no description, payee or reference names its counterparties in a
        // type-like column: Commerzbank's Buchungstext (beside Umsatzart, the kind of booking;
        // in Sparkasse's export it is the kind, beside a Verwendungszweck). A second type-like
        // column is taken as the text, else the only one.
        if roles[.description] == nil, roles[.payee] == nil, roles[.reference] == nil {
            if let spare = candidates.first(where: { $0.role == .type && !taken.contains($0.column) }) {
                roles[.description] = spare.column
                taken.insert(spare.column)
            } else if let type = roles[.type] {
                roles[.description] = type
                roles[.type] = nil
            }
        }
        // "Valuta" is the value date in German and Danish exports and the currency in Swedish
        // and Italian ones: beside another value-date column (Swedbank's Valutadag) it is the currency.
        if roles[.currency] == nil, let valuta = roles[.valueDate], HeaderVocabulary.fold(header[valuta]) == "valuta",
           let other = candidates.first(where: { $0.role == .valueDate && $0.column != valuta && !taken.contains($0.column) }) {
            roles[.currency] = valuta
            roles[.valueDate] = other.column
        }
        return roles
    }

    /// True when the roles make a transaction table: a date, money (an amount, or debit and
    /// credit) and something naming the counterparty.
    package static func isTransactionHeader(_ roles: [TransactionRole: Int]) -> Bool {
        roles[.date] != nil && (roles[.amount] != nil || (roles[.debit] != nil && roles[.credit] != nil))
            && (roles[.description] != nil || roles[.payee] != nil || roles[.reference] != nil)
    }

    /// Header words that mark a table of subscriptions rather than of transactions: their
    /// presence keeps a file out of bank auto-detection.
    static let subscriptionWords: Set<String> = [
        "billing cycle", "cycle", "frequency", "next renewal", "renewal", "next payment", "next billing", "plan",
        "subscription", "service", "renews", "interval", "zyklus", "ciclo", "periodicite", "frecuencia", "周期",
        "续费日期", "next charge", "due date", "repeat freq", "repeat frequency", "repeat", "recurrence", "repetition type",
        "date next", "next date",
    ]

    /// Header words both kinds of table have (Citi's Status, Capital One's and Starling's
    /// Category): they keep a file out of auto-detection only when nothing else in the header is
    /// peculiar to a statement (`statementRoles`).
    static let sharedWords: Set<String> = ["status", "category", "spending category", "state"]

    /// Whether header roles hold what `looksLikeTransactions` asks first: a date, an amount
    /// (or debit and credit) and a description or payee. Bank detection stops at a header
    /// without them.
    static func mayNameStatement(_ roles: [TransactionRole: Int]) -> Bool {
        roles[.date] != nil && (roles[.amount] != nil || (roles[.debit] != nil && roles[.credit] != nil))
            && (roles[.description] != nil || roles[.payee] != nil)
    }

    /// Roles that a list of subscriptions does not have: a running balance, separate debit and
    /// credit columns, a debit/credit indicator, a value date.
    static func hasStatementRoles(_ roles: [TransactionRole: Int]) -> Bool {
        roles[.balance] != nil || (roles[.debit] != nil && roles[.credit] != nil) || roles[.indicator] != nil
            || roles[.valueDate] != nil
    }

    /// Auto-detection without `--from`: the header clearly names date, description and amount
    /// (or debit and credit) and nothing subscription-like (cycle, renewal, plan …).
    /// `rows`, the first data rows under `header` (read only when needed), can settle a header
    /// with shared words and no statement-only column (Mint, Rocket Money): see
    /// `repeatsLikeStatement`.
    package static func looksLikeTransactions(header: [String], rows: @autoclosure () -> [[String]] = []) -> Bool {
        let roles = detect(header: header)
        guard mayNameStatement(roles) else { return false }
        if BankLayout.bundled.contains(where: { $0.matches(header: header) }) { return true }
        let folded = header.map(HeaderVocabulary.fold)
        if names(subscriptionWords, folded) { return false }
        return !names(sharedWords, folded) || hasStatementRoles(roles) || repeatsLikeStatement(roles, rows())
    }

    /// What `looksLikeTransactions` answers false from the header alone, for a header no bank
    /// layout matches and its `roles`: no date, amount and description, or a subscription word.
    /// Bank detection stops there without reading the values.
    static func headerRulesOutStatement(_ header: [String], roles: [TransactionRole: Int]) -> Bool {
        !mayNameStatement(roles) || names(subscriptionWords, header.map(HeaderVocabulary.fold))
    }

    /// Whether a folded header cell is one of `words`, or starts or ends with one as a word.
    private static func names(_ words: Set<String>, _ folded: [String]) -> Bool {
        folded.contains { cell in words.contains(cell) || words.contains { cell.hasPrefix($0 + " ") || cell.hasSuffix(" " + $0) } }
    }

    /// A statement charges the same payee again and again; a list of subscriptions names each
    /// service once. True when, among at least 8 sampled rows, one payee (or description) comes
    /// 3 times or more and at most four rows in five have a payee of their own.
    /// `byMerchant` compares the merchants the texts name (their structured name, else their
    /// first two cleaned words) rather than the texts: a headerless export's descriptions carry
    /// a reference per row (`BEA NR:IEQH524Y 21.10.25/12.01 Albert Heijn`, `/TRTP/…/EREF/…`).
    static func repeatsLikeStatement(_ roles: [TransactionRole: Int], _ rows: [[String]], byMerchant: Bool = false) -> Bool {
        guard let column = roles[.payee] ?? roles[.description] else { return false }
        func key(_ text: String) -> String {
            guard byMerchant else { return HeaderVocabulary.fold(text) }
            if DescriptorFields.isStructured(text), case let fields = DescriptorFields(text), !fields.name.isEmpty {
                return HeaderVocabulary.fold(fields.name)
            }
            return MerchantKey.clean(text).prefix(2).joined(separator: " ")
        }
        let texts = rows.compactMap { column < $0.count ? key($0[column]) : nil }.filter { !$0.isEmpty }
        guard texts.count >= 8 else { return false }
        var counts: [String: Int] = [:]
        for text in texts { counts[text, default: 0] += 1 }
        return (counts.values.max() ?? 0) >= 3 && counts.count * 5 <= texts.count * 4
    }

    /// The currency a money column's header names: `Amount (EUR)`, `Betrag (€)`, `金额（元）`,
    /// `Määrä EUROA`. Short ASCII words that are also currency signs (`tl`, `rm`, `ft`) are
    /// too often something else in a header to count.
    package static func currency(inHeader header: String) -> Currency? {
        let tokens = header.split { $0.isWhitespace || "()[]（）/,:;".contains($0) }
        for token in tokens {
            let text = String(token)
            if text.count < 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) { continue }
            if case .iso(let currency)? = CurrencySigns.sign(text) { return currency }
        }
        return nil
    }

    /// Roles from values alone (exports without a header row): the column where nearly every
    /// value is a date, the numeric column with decimals, and the longest text column.
    static func detect(values rows: [[String]]) -> [TransactionRole: Int] {
        guard let width = rows.first?.count, width > 1 else { return [:] }
        var roles: [TransactionRole: Int] = [:]
        func share(_ column: Int, _ test: (String) -> Bool) -> Double {
            let cells = rows.compactMap { column < $0.count ? $0[column] : nil }
            return cells.isEmpty ? 0 : Double(cells.filter(test).count) / Double(cells.count)
        }
        // The lengths are checked first: a cell of megabytes is neither, and reading it whole
        // (or counting its characters) would cost its length for every test.
        func isDate(_ s: String) -> Bool {
            guard s.utf8.count <= 100 else { return false }
            // `20261105`: eight digits that make a day of this century or the last (ABN AMRO's .TAB export).
            if s.utf8.count == 8, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let y = Int(s.prefix(4)), (1990...2099).contains(y),
               let m = Int(s.dropFirst(4).prefix(2)), let d = Int(s.suffix(2)) {
                return CalendarDate(year: y, month: m, day: d) != nil
            }
            let parts = FastDate.parts(Array(s.utf8)[...])
            return parts.count >= 3 && s.count <= 25 && s.contains(where: { $0 == "/" || $0 == "-" || $0 == "." || $0 == " " })
        }
        func isAmount(_ s: String) -> Bool {
            !s.isEmpty && s.utf8.count <= 80 && s.count <= 20 && s.allSatisfy { $0.isNumber || "-+.,() $€£".contains($0) } && s.contains(where: \.isNumber)
                && (s.contains(".") || s.contains(","))
        }
        roles[.date] = (0..<width).first { share($0, isDate) >= 0.8 }
        // A second date column (the value date, `28.11.2026`) reads like an amount with dots.
        let amounts = (0..<width).filter { $0 != roles[.date] && share($0, { isAmount($0) && !isDate($0) }) >= 0.8 }
        // Of several money columns the amount is the one with the most minus signs: balances
        // (ABN AMRO's start and end balance before the amount) are seldom negative.
        let negative = amounts.map { c in (c, share(c, { $0.hasPrefix("-") || $0.hasSuffix("-") || $0.hasPrefix("(") })) }
        roles[.amount] = negative.max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }?.0
        // A column of three-letter ISO codes is the currency.
        roles[.currency] = (0..<width).first { c in
            c != roles[.date] && c != roles[.amount] && share(c, { $0.count == 3 && $0.allSatisfy(\.isUppercase) && Currency($0) != nil }) >= 0.9
        }
        var longest: (Int, Int)?
        for c in 0..<width where c != roles[.date] && c != roles[.amount] && c != roles[.currency] {
            let length = rows.reduce(0) { $0 + (c < $1.count ? $1[c].utf8.count : 0) }
            if share(c, isAmount) < 0.5, length > (longest?.1 ?? 0) { longest = (c, length) }
        }
        roles[.description] = longest?.0
        return roles
    }
}
