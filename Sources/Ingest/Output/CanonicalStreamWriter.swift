/// Writes the canonical document one subscription at a time, so an import of a million rows
/// never holds them all. `CanonicalJSON.text` writes its whole documents through it.
///
/// Subscriptions are written as UTF-8 into a buffer handed to the sink in pieces of about
/// 128 KiB, so the sink is called once per few hundred subscriptions, not once per row. The
/// piece is small enough to stay in the processor's cache until the kernel copies it: pieces
/// of a MiB made a million-row import about 10% slower.
package struct CanonicalStreamWriter {
    private let sink: ([UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    /// Where `SubscriptionJSONWriter.writeInList` puts a list entry together.
    private var scratch: [UInt8] = []
    private var count = 0
    private var summary = SummaryAccumulator()

    private let rates: ExchangeRates?
    private static let flushAt = 1 << 17
    /// What comes before the first entry of the list, and before each one after it: bytes
    /// made once (a string's UTF-8 view was appended a byte at a time, per row).
    private static let firstSeparator = Array("\n    ".utf8), separator = Array(",\n    ".utf8)

    /// `rates` adds `summary.converted`, the totals converted into one currency; `writeBytes` takes UTF-8.
    package init(rates: ExchangeRates? = nil, writeBytes: @escaping ([UInt8]) throws -> Void) {
        self.sink = writeBytes
        self.rates = rates
        buffer.reserveCapacity(Self.flushAt + 4096)
    }

    /// The same, for a sink that takes text.
    package init(rates: ExchangeRates? = nil, write: @escaping (String) throws -> Void) {
        self.init(rates: rates, writeBytes: { try write(String(decoding: $0, as: UTF8.self)) })
    }

    package mutating func begin() throws {
        buffer.append(contentsOf: "{\n  \"schema\": \"\(CanonicalJSON.schemaID)\",\n  \"subscriptions\": [".utf8)
    }

    package mutating func add(_ sub: Subscription) throws {
        if sub.alsoFrom.count >= 1024 {
            // A long list of sources is handed on as it is written.
            let sink = self.sink, limit = Self.flushAt
            try entry(sub) { buffer in
                try SubscriptionJSONWriter.write(sub, to: &buffer, indent: 2) { bytes in
                    guard bytes.count >= limit else { return }
                    try sink(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
        } else {
            // Taken out of `self` for the call, so that it is not shared and copied on write.
            var scratch: [UInt8] = []
            swap(&scratch, &self.scratch)
            defer { swap(&scratch, &self.scratch) }
            try entry(sub) { SubscriptionJSONWriter.writeInList(sub, to: &$0, scratch: &scratch) }
        }
    }

    /// A row that read cleanly, with the bytes `SubscriptionJSONWriter.writeInList` writes of
    /// it already made (`entry`).
    package mutating func add(_ row: PlainRow, entry: ArraySlice<UInt8>) throws {
        guard !entry.isEmpty else {
            guard let sub = row.subscription else { preconditionFailure("a plain row without its entry keeps its subscription") }
            return try add(sub)
        }
        buffer.append(contentsOf: count == 0 ? Self.firstSeparator : Self.separator)
        buffer.append(contentsOf: entry)
        count += 1
        summary.add(row.charge)
        if buffer.count >= Self.flushAt { try flush() }
    }

    /// One entry of the list: the separator, what `write` puts after it, the summary's count.
    private mutating func entry(_ sub: Subscription, _ write: (inout [UInt8]) throws -> Void) throws {
        buffer.append(contentsOf: count == 0 ? Self.firstSeparator : Self.separator)
        try write(&buffer)
        count += 1
        summary.add(sub)
        if buffer.count >= Self.flushAt { try flush() }
    }

    /// The bytes `add` writes for `sub` after the separator.
    package static func render(_ sub: Subscription) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        SubscriptionJSONWriter.writeInList(sub, to: &bytes)
        return bytes
    }

    package mutating func finish() throws {
        let close = count == 0 ? "]" : "\n  ]"
        let summaryText = CanonicalJSON.value(summary.summary, rates: rates).serialized(pretty: true, indent: 1)
        buffer.append(contentsOf: "\(close),\n  \"summary\": \(summaryText)\n}\n".utf8)
        try flush()
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    package var written: Int { count }
    package var currentSummary: Summary { summary.summary }
}
