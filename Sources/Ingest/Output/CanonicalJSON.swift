/// Writes subscriptions in the canonical `ingest/subscriptions@1` form, keys in the documented
/// order, subscriptions in input order: the same input gives the same bytes.
package enum CanonicalJSON {
    package static let schemaID = "ingest/subscriptions@1"

    /// The whole document as text, pretty-printed, with a final line end. `rates` adds
    /// `summary.converted`, the totals converted into one currency.
    package static func text(_ subscriptions: [Subscription], rates: ExchangeRates? = nil) -> String {
        var bytes: [UInt8] = []
        var writer = CanonicalStreamWriter(rates: rates, writeBytes: { bytes += $0 })
        // Writing into an array cannot fail.
        try? writer.begin()
        for sub in subscriptions { try? writer.add(sub) }
        try? writer.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func value(_ price: Price) -> JSONValue {
        .object([("amount", .string(price.amountText)), ("currency", .optional(price.currency?.code))])
    }

    package static func value(_ cycle: Cycle) -> JSONValue {
        .object([("unit", .string(cycle.unit.rawValue)), ("interval", .int(cycle.interval))])
    }

    package static func value(_ source: Provenance) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(source.file))]
        if let part = source.part { members.append(("part", .string(part))) }
        if let row = source.row { members.append(("row", .int(row))) }
        if let line = source.line, source.row == nil { members.append(("line", .int(line))) }
        if let box = source.box {
            members.append(("box", .array([.int(box.x), .int(box.y), .int(box.width), .int(box.height)])))
        }
        return .object(members)
    }

    package static func value(_ summary: Summary, rates: ExchangeRates? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("active", .int(summary.active)),
            ("totals", .array(summary.totals.map { total in
                .object([
                    ("currency", .string(total.currency.code)),
                    ("monthly", .string(DecimalText.format(total.monthly, minorDigits: total.currency.minorDigits))),
                    ("yearly", .string(DecimalText.format(total.yearly, minorDigits: total.currency.minorDigits))),
                ])
            })),
        ]
        if summary.notInTotals > 0 { members.append(("notInTotals", .int(summary.notInTotals))) }
        if let rates { members.append(("converted", rates.convert(summary).json)) }
        return .object(members)
    }
}
