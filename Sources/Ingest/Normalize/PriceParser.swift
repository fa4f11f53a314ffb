import Foundation

/// A price read from text, with what the text said besides the amount.
public struct ParsedPrice: Hashable, Sendable {
    public var price: Price
    /// A cycle written next to the price (`$9.99/mo`), handed on to the cycle field.
    public var cycle: Cycle?
    /// Choices the parser had to guess (currency, decimal mark), as warnings.
    public var issues: [Issue]
    /// Facts worth keeping in notes (`free trial`).
    public var notes: [String]

    public init(price: Price, cycle: Cycle? = nil, issues: [Issue] = [], notes: [String] = []) {
        self.price = price
        self.cycle = cycle
        self.issues = issues
        self.notes = notes
    }
}

/// Reads "$9.99", "9,99 €", "EUR 1.299,00" and "1 200 kr".
public struct PriceParser: Sendable {
    public var context: NormalizeContext

    public init(context: NormalizeContext) {
        self.context = context
    }

    static let example = "9.99, $9.99 or 9,99 €"

    /// `decimalMark` is the column's decided mark: it settles values whose own digits cannot
    /// (`1.299`), never overrides a value that proves its mark (`9,99`, `1,299.00`).
    public func parse(_ raw: Substring, decimalMark: DecimalMark? = nil) throws(NormalizeError) -> ParsedPrice {
        let text = raw.trimmingSpaces()
        guard !text.isEmpty else { throw NormalizeError(.empty, "the price is empty") }
        var currency: Currency?
        var issues: [Issue] = []
        var digits = ""
        for ch in text {
            if ch.isASCII && (ch.isNumber || ch == "." || ch == ",") { digits.append(ch) }
            else if ch == "-" && digits.isEmpty { digits.append(ch) }
        }
        let scalars = text.unicodeScalars
        let upper = text.uppercased()
        if scalars.contains("€") || upper.hasSubstring("EUR") { currency = Currency(unchecked: "EUR") }
        else if scalars.contains("£") || upper.hasSubstring("GBP") { currency = Currency(unchecked: "GBP") }
        else if let code = text.split(separator: " ").lazy.compactMap({ Currency($0) }).first { currency = code }
        else if scalars.contains("$") {
            if let c = context.currency { currency = c } else {
                currency = .usd
                issues.append(Issue("currency.guessed", .warning, "\"$\" taken as USD; pass --currency to choose"))
            }
        } else { currency = context.currency }
        let mark = decimalMark ?? (digits.lastIndex(of: ",").map { comma in
            digits.lastIndex(of: ".").map { $0 < comma } ?? (digits.distance(from: comma, to: digits.endIndex) != 4)
        } ?? false ? .comma : .point)
        let group: Character = mark == .comma ? "." : ","
        let decimal: Character = mark == .comma ? "," : "."
        let plain = String(digits.filter { $0 != group }.map { $0 == decimal ? "." : $0 })
        guard let amount = DecimalText.parse(plain) else {
            throw .notA("price", found: String(raw), example: PriceParser.example)
        }
        return ParsedPrice(price: Price(amount: amount, currency: currency), issues: issues)
    }
}
