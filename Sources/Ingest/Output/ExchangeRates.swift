import Foundation

/// User-supplied exchange rates for an optional converted total (never fetched from a network):
/// `{"base": "EUR", "rates": {"USD": "0.92", "GBP": "1.17"}}` means 1 USD = 0.92 EUR. Rates
/// are Decimal strings (numbers are accepted too); the base itself needs no entry.
package struct ExchangeRates: Hashable, Sendable {
    package var base: Currency
    package var rates: [Currency: Decimal]

    package init(base: Currency, rates: [Currency: Decimal]) {
        self.base = base
        self.rates = rates
    }

    /// The rates a file may give: positive, at most 20 significant digits, from 10^-9 to 10^9.
    /// Totals (each under 10^15 per subscription) times such a rate stay exact in a `Decimal`.
    package static let rateRange = Decimal(sign: .plus, exponent: -9, significand: 1)...Decimal(sign: .plus, exponent: 9, significand: 1)
    package static let rateDigits = 20

    package init(json text: String, file: String) throws(DocumentError) {
        let document: JSONValue
        do { document = try JSONValue.parse(text) } catch { throw DocumentError("\(file):\(error)") }
        guard case .object(let top) = document else {
            throw DocumentError("\(file): expected an object such as {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}}")
        }
        var seenKeys: Set<String> = []
        for (key, _) in top {
            guard key == "base" || key == "rates" || key == "$schema" else {
                throw DocumentError("\(file): \"\(key)\": unknown key (expected \"base\" and \"rates\")")
            }
            guard seenKeys.insert(key).inserted else { throw DocumentError("\(file): \"\(key)\" is given twice") }
        }
        guard let code = document["base"]?.stringValue, let base = Currency(code) else {
            throw DocumentError("\(file): \"base\" must be an ISO 4217 code such as \"EUR\" (format: {\"base\": \"EUR\", \"rates\": {\"USD\": \"0.92\"}})")
        }
        guard case .object(let members)? = document["rates"] else {
            throw DocumentError("\(file): \"rates\" must be an object such as {\"USD\": \"0.92\"} (1 USD = 0.92 \(base.code))")
        }
        var rates: [Currency: Decimal] = [:]
        for (key, value) in members {
            guard let currency = Currency(key) else { throw DocumentError("\(file): rates: \"\(key)\" is not an ISO 4217 code") }
            let text: String?
            switch value {
            case .string(let s): text = s
            case .number(let s): text = s
            case .int(let i): text = String(i)
            default: text = nil
            }
            let outOfRange = { (rate: Decimal?) in
                ExchangeRates.significantDigits(text ?? "") > ExchangeRates.rateDigits || rate.map { !ExchangeRates.rateRange.contains($0) } == true
            }
            let rate = text.flatMap { DecimalText.parse($0) }
            guard let text, rate != nil || outOfRange(nil), text.first != "-", rate.map({ $0 > 0 }) ?? true else {
                throw DocumentError("\(file): rates: \(key) \(value.serialized()) is not a positive decimal (expected e.g. \"0.92\")")
            }
            guard let rate, !outOfRange(rate) else {
                throw DocumentError("\(file): rates: \(key) \(value.serialized()) is out of range (expected a rate from 0.000000001 to 1000000000 with at most \(ExchangeRates.rateDigits) significant digits)")
            }
            guard rates[currency] == nil else { throw DocumentError("\(file): rates: \(key) is given twice") }
            rates[currency] = rate
        }
        self.init(base: base, rates: rates)
    }

    /// Digits of a decimal literal without leading and trailing zeros (`0.0920` → 2).
    static func significantDigits(_ text: String) -> Int {
        let digits = text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }.count
    }

    /// What one unit of `currency` is worth in the base, nil when no rate is given.
    package func rate(_ currency: Currency) -> Decimal? {
        currency == base ? 1 : rates[currency]
    }

    /// The per-currency totals converted and added up in the base currency. Currencies without
    /// a rate are left out and listed in `missing`.
    package func convert(_ summary: Summary) -> ConvertedTotal {
        var total = ConvertedTotal(currency: base, monthly: 0, yearly: 0, missing: [])
        for line in summary.totals {
            guard let rate = rate(line.currency) else { total.missing.append(line.currency); continue }
            total.monthly += line.monthly * rate
            total.yearly += line.yearly * rate
        }
        return total
    }
}

/// Totals converted into one currency with user-given rates, labelled as converted.
package struct ConvertedTotal: Hashable, Sendable {
    package var currency: Currency
    package var monthly: Decimal
    package var yearly: Decimal
    /// Currencies that had totals but no rate, so are not in this total.
    package var missing: [Currency]

    package var json: JSONValue {
        .object([
            ("currency", .string(currency.code)),
            ("monthly", .string(DecimalText.format(monthly, minorDigits: currency.minorDigits))),
            ("yearly", .string(DecimalText.format(yearly, minorDigits: currency.minorDigits))),
            ("missingRates", .array(missing.map { .string($0.code) })),
        ])
    }
}
