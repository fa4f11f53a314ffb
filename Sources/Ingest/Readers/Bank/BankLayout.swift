/// How a transaction table marks money going out.
package enum SignConvention: String, Sendable {
    /// Charges are negative amounts (most bank accounts).
    case signed
    /// Charges are positive amounts, payments and refunds negative (card-issuer exports).
    case chargesPositive
    /// Separate debit and credit columns, both holding positive amounts.
    case debitCredit
    /// Positive amounts with a column saying which way they go (Af/Bij, S/H, 收/支, DR/CR).
    case indicator
}

/// A known export layout, recognised from its header cells (`Resources/bank-layouts.json`).
package struct BankLayout: Sendable, Hashable {
    package var name: String
    /// The header cells as the bank writes them; nil for exports without a header row.
    package var header: [String]?
    /// Headerless exports: the number of columns.
    package var columns: Int?
    /// Header cell (or `#1`, `#2` … for headerless exports) → role.
    package var roles: [String: TransactionRole]
    package var sign: SignConvention?
    /// Indicator values that mean money out (`Af`, `S`, `支出`, `DR`), folded.
    package var debitWords: [String]
    package var dateOrder: DateOrder?
    package var decimalMark: DecimalMark?
    package var encoding: TextEncoding?
    package var currency: Currency?

    /// The bundled layouts, loaded once.
    package static let bundled: [BankLayout] = {
        guard let text = Resources.text("bank-layouts.json"), let list = try? BankLayout.parse(text) else { return [] }
        return list
    }()

    /// Reads the layouts file: an array of objects with `name`, `header` or `columns`, `roles`,
    /// and optional `sign`, `debit`, `dateOrder`, `decimalMark`, `encoding`, `currency`.
    package static func parse(_ text: String) throws -> [BankLayout] {
        guard case .array(let items) = try JSONValue.parse(text) else {
            throw ReadError(file: "bank-layouts.json", "expected an array of layouts")
        }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue, case .object(let pairs)? = item["roles"] else { return nil }
            var roles: [String: TransactionRole] = [:]
            for (key, value) in pairs {
                if let role = value.stringValue.flatMap(TransactionRole.init(rawValue:)) { roles[key] = role }
            }
            var header: [String]?
            if case .array(let cells)? = item["header"] { header = cells.compactMap(\.stringValue) }
            var debit: [String] = []
            if case .array(let words)? = item["debit"] { debit = words.compactMap(\.stringValue).map(HeaderVocabulary.fold) }
            var columns: Int?
            switch item["columns"] {
            case .int(let n)?: columns = n
            case .number(let n)?: columns = Int(n)
            default: columns = nil
            }
            return BankLayout(name: name, header: header, columns: columns, roles: roles,
                              sign: item["sign"]?.stringValue.flatMap(SignConvention.init(rawValue:)),
                              debitWords: debit,
                              dateOrder: item["dateOrder"]?.stringValue.flatMap(DateOrder.init(rawValue:)),
                              decimalMark: item["decimalMark"]?.stringValue.flatMap(DecimalMark.init(rawValue:)),
                              encoding: item["encoding"]?.stringValue.flatMap { TextEncoding(userText: $0) },
                              currency: item["currency"]?.stringValue.flatMap { Currency($0) })
        }
    }

    /// True when every header cell of the layout is in `header` (folded, any order) and the
    /// counts agree: extra or missing columns mean another layout.
    func matches(header cells: [String]) -> Bool {
        guard let signature = header, signature.count == cells.filter({ !$0.isEmpty }).count || signature.count == cells.count else { return false }
        let have = Set(cells.map(HeaderVocabulary.fold))
        return signature.allSatisfy { have.contains(HeaderVocabulary.fold($0)) }
    }

    /// The column of each role in a table with this header.
    func columns(in cells: [String]) -> [TransactionRole: Int] {
        var out: [TransactionRole: Int] = [:]
        let folded = cells.map(HeaderVocabulary.fold)
        for (key, role) in roles {
            if key.hasPrefix("#"), let n = Int(key.dropFirst()) { out[role] = n - 1; continue }
            if let index = folded.firstIndex(of: HeaderVocabulary.fold(key)) { out[role] = index }
        }
        return out
    }
}
