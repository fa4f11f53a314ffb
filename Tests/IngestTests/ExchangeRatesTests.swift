import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct ExchangeRatesTests {
    static let summary = Summary([
        Sample.subscription("A", "10", "EUR"), Sample.subscription("B", "10", "USD"), Sample.subscription("C", "1000", "JPY"),
    ])

    @Test func convertsWithTheGivenRatesAndListsMissingOnes() throws {
        let rates = try ExchangeRates(json: #"{"base": "EUR", "rates": {"USD": "0.92"}}"#, file: "rates.json")
        let converted = rates.convert(Self.summary)
        #expect(converted.json.serialized() == #"{"currency":"EUR","monthly":"19.20","yearly":"230.40","missingRates":["JPY"]}"#)
    }

    @Test func canonicalSummaryKeepsPerCurrencyTotalsNextToConverted() throws {
        let rates = try ExchangeRates(json: #"{"base": "USD", "rates": {"EUR": 1.1, "JPY": "0.0067"}}"#, file: "rates.json")
        let doc = try JSONValue.parse(CanonicalJSON.text([Sample.subscription("A", "10", "EUR"), Sample.subscription("C", "1000", "JPY")], rates: rates))
        #expect(doc["summary"]?["totals"].map { if case .array(let a) = $0 { return a.count } else { return 0 } } == 2)
        #expect(doc["summary"]?["converted"]?["monthly"] == .string("17.70"))
    }

    @Test func streamWriterWritesTheSameBytes() throws {
        let rates = ExchangeRates(base: .eur, rates: [.usd: 1])
        let subs = [Sample.subscription("A", "10", "EUR"), Sample.subscription("B", "10", "USD")]
        var text = ""
        var writer = CanonicalStreamWriter(rates: rates) { text += $0 }
        try writer.begin()
        for sub in subs { try writer.add(sub) }
        try writer.finish()
        #expect(text == CanonicalJSON.text(subs, rates: rates))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var json: String
        var message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        Bad(json: #"{"rates": {}}"#, message: #"rates.json: "base" must be an ISO 4217 code such as "EUR" (format: {"base": "EUR", "rates": {"USD": "0.92"}})"#),
        Bad(json: #"{"base": "EUR", "rates": {"USD": "abc"}}"#, message: #"rates.json: rates: USD "abc" is not a positive decimal (expected e.g. "0.92")"#),
        Bad(json: #"{"base": "EUR", "rates": {"US": "1"}}"#, message: #"rates.json: rates: "US" is not an ISO 4217 code"#),
        Bad(json: #"{"base": "EUR", "rates": [1]}"#, message: #"rates.json: "rates" must be an object such as {"USD": "0.92"} (1 USD = 0.92 EUR)"#),
        Bad(json: "{\"base\": ", message: "rates.json:1:10: unexpected end of the file (expected a value)"),
        // A 120-digit rate once made the converted total "NaN.00".
        Bad(json: #"{"base": "EUR", "rates": {"USD": "111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111"}}"#,
            message: #"rates.json: rates: USD "111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" is out of range (expected a rate from 0.000000001 to 1000000000 with at most 20 significant digits)"#),
        Bad(json: #"{"base": "EUR", "rates": {"USD": 1e30}}"#, message: #"rates.json: rates: USD 1e30 is not a positive decimal (expected e.g. "0.92")"#),
        Bad(json: #"{"base": "EUR", "rates": {"USD": "0.0000000001"}}"#,
            message: #"rates.json: rates: USD "0.0000000001" is out of range (expected a rate from 0.000000001 to 1000000000 with at most 20 significant digits)"#),
        Bad(json: #"{"base": "EUR", "rates": {"USD": "-1"}}"#, message: #"rates.json: rates: USD "-1" is not a positive decimal (expected e.g. "0.92")"#),
        Bad(json: #"{"base": "EUR", "rates": {"USD": "1", "USD": "2"}}"#, message: "rates.json: rates: USD is given twice"),
        Bad(json: #"{"base": "EUR", "rates": {"USD": "1"}, "rate": {}}"#, message: #"rates.json: "rate": unknown key (expected "base" and "rates")"#),
        Bad(json: #"{"base": "EUR", "base": "USD", "rates": {}}"#, message: #"rates.json: "base" is given twice"#),
    ]

    /// Totals at the amount limit converted at the largest rate stay exact decimals.
    @Test func largestRateAndAmountsGiveNumbers() throws {
        let rates = try ExchangeRates(json: #"{"base": "EUR", "rates": {"USD": "1000000000"}}"#, file: "rates.json")
        let subs = (0..<3).map { Sample.subscription("S\($0)", "999999999999999.99", "USD") }
        let json = try JSONValue.parse(CanonicalJSON.text(subs, rates: rates))["summary"]?["converted"]?.serialized() ?? ""
        #expect(!json.contains("NaN"))
        #expect(json.contains(#""yearly":"35999999999999999640000000.00""#))
    }

    @Test(arguments: bad)
    func badRatesFiles(_ c: Bad) {
        do {
            _ = try ExchangeRates(json: c.json, file: "rates.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == c.message)
        }
    }
}
