/// Writes a subscription's canonical JSON straight into text, the same bytes as
/// `CanonicalJSON.value(sub).serialized(pretty: true, indent:)` without building the
/// `JSONValue` tree: the streamed output writes one per row.
enum SubscriptionJSONWriter {
    static func write(_ sub: Subscription, to out: inout String, indent level: Int) {
        out += "{"
        key("name", first: true, level, &out)
        JSONValue.writeString(sub.name, to: &out)
        key("price", level, &out)
        if let price = sub.price { write(price, to: &out, indent: level + 1) } else { out += "null" }
        key("cycle", level, &out)
        if let cycle = sub.cycle {
            out += "{"
            key("unit", first: true, level + 1, &out)
            JSONValue.writeString(cycle.unit.rawValue, to: &out)
            key("interval", level + 1, &out)
            out += String(cycle.interval)
            out += JSONValue.newline(level + 1)
            out += "}"
        } else {
            out += "null"
        }
        key("nextRenewal", level, &out)
        optional(sub.nextRenewal?.description, &out)
        key("category", level, &out)
        optional(sub.category?.rawValue, &out)
        key("notes", level, &out)
        optional(sub.notes, &out)
        key("source", level, &out)
        write(sub.source, to: &out, indent: level + 1)
        if !sub.alsoFrom.isEmpty {
            key("alsoFrom", level, &out)
            out += "["
            for (i, source) in sub.alsoFrom.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.newline(level + 2)
                write(source, to: &out, indent: level + 2)
            }
            out += JSONValue.newline(level + 1)
            out += "]"
        }
        if !sub.priceHistory.isEmpty {
            key("priceHistory", level, &out)
            out += "["
            for (i, point) in sub.priceHistory.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.newline(level + 2)
                out += "{"
                key("date", first: true, level + 2, &out)
                optional(point.date?.description, &out)
                key("price", level + 2, &out)
                write(point.price, to: &out, indent: level + 3)
                out += JSONValue.newline(level + 2)
                out += "}"
            }
            out += JSONValue.newline(level + 1)
            out += "]"
        }
        out += JSONValue.newline(level)
        out += "}"
    }

    static func write(_ price: Price, to out: inout String, indent level: Int) {
        out += "{"
        key("amount", first: true, level, &out)
        JSONValue.writeString(price.amountText, to: &out)
        key("currency", level, &out)
        optional(price.currency?.code, &out)
        out += JSONValue.newline(level)
        out += "}"
    }

    static func write(_ source: Provenance, to out: inout String, indent level: Int) {
        out += "{"
        key("file", first: true, level, &out)
        JSONValue.writeString(source.file, to: &out)
        if let part = source.part {
            key("part", level, &out)
            JSONValue.writeString(part, to: &out)
        }
        if let row = source.row {
            key("row", level, &out)
            out += String(row)
        }
        if let line = source.line, source.row == nil {
            key("line", level, &out)
            out += String(line)
        }
        if let box = source.box {
            key("box", level, &out)
            out += "["
            for (i, n) in [box.x, box.y, box.width, box.height].enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.newline(level + 2)
                out += String(n)
            }
            out += JSONValue.newline(level + 1)
            out += "]"
        }
        out += JSONValue.newline(level)
        out += "}"
    }

    /// A member's separator, line break and key, in an object that starts at `level`.
    private static func key(_ name: String, first: Bool = false, _ level: Int, _ out: inout String) {
        if !first { out += "," }
        out += JSONValue.newline(level + 1)
        out += "\""
        out += name
        out += "\": "
    }

    private static func optional(_ text: String?, _ out: inout String) {
        if let text { JSONValue.writeString(text, to: &out) } else { out += "null" }
    }
}
