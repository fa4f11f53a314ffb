/// Something worth telling the user about one value, row or file. Codes are stable strings
/// (`price.unparseable`, `date.ambiguous`, `row.ragged`) that scripts and CI can filter on.
public struct Issue: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        case info, warning, error

        var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var code: String
    public var severity: Severity
    public var message: String

    public init(_ code: String, _ severity: Severity, _ message: String) {
        self.code = code
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code): \(message)" }
}

/// Text from an input made safe to print on a terminal: control characters (C0, DEL, C1) and
/// bidirectional overrides are written as escapes (`\u001B`, `\n`), so a cell cannot move the
/// cursor, clear the screen, reorder a line or start a new one. Every message that quotes a
/// cell goes through it before it is printed.
public enum VisibleText {
    /// `keepingLineBreaks` leaves `\n` and `\r` for a format that escapes them its own way.
    public static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        let escape = { (s: Unicode.Scalar) in needsEscape(s) && !(keepingLineBreaks && (s == "\n" || s == "\r")) }
        guard text.unicodeScalars.contains(where: escape) else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard escape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// Checks on a price that was read as written but cannot go into the output as it is.
public enum PriceChecks {
    /// The `price.negative` error for an amount below zero (a refund or a credit, not a
    /// subscription's price), nil for any other amount. `location` starts the message.
    public static func negative(_ price: Price, at location: String?) -> Issue? {
        guard price.amount < 0 else { return nil }
        let text = price.amountText + (price.currency.map { " \($0.code)" } ?? "")
        return Issue("price.negative", .error,
            "\(location.map { "\($0): " } ?? "")the price \(text) is negative (a refund or credit?); the draft is left pending, out of the output, until a person accepts it; write the price as a positive amount")
    }
}
