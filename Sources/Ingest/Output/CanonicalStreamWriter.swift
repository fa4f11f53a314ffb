/// Writes the canonical document one subscription at a time, so an import of a million rows
/// never holds them all. The bytes equal `CanonicalJSON.text` of the same subscriptions.
public struct CanonicalStreamWriter {
    private let write: (String) throws -> Void
    private var count = 0
    private var summary = SummaryAccumulator()

    private let rates: ExchangeRates?

    /// `rates` adds `summary.converted` (see `CanonicalJSON.document`).
    public init(rates: ExchangeRates? = nil, write: @escaping (String) throws -> Void) {
        self.write = write
        self.rates = rates
    }

    public mutating func begin() throws {
        try write("{\n  \"schema\": \"\(CanonicalJSON.schemaID)\",\n  \"subscriptions\": [")
    }

    public mutating func add(_ sub: Subscription) throws {
        var text = count == 0 ? "\n    " : ",\n    "
        SubscriptionJSONWriter.write(sub, to: &text, indent: 2)
        try write(text)
        count += 1
        summary.add(sub)
    }

    public mutating func finish() throws {
        let close = count == 0 ? "]" : "\n  ]"
        let summaryText = CanonicalJSON.value(summary.summary, rates: rates).serialized(pretty: true, indent: 1)
        try write("\(close),\n  \"summary\": \(summaryText)\n}\n")
    }

    public var written: Int { count }
    public var currentSummary: Summary { summary.summary }
}
