import Foundation

/// A JSON value whose objects keep their keys in the order they were written, so every output
/// has the documented key order and the same input gives the same bytes.
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written exactly as given (decimal amounts, confidences).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// `.string` for a value, `.null` for nil.
    package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }

    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Serialises with two-space indentation (`pretty`) or on one line, keys in stored order.
    /// `indent` is the nesting level the value starts at (for values written inside a document).
    package func serialized(pretty: Bool = false, indent: Int = 0) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: indent)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let n): out += n
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += JSONValue.newline(indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += JSONValue.newline(indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += JSONValue.newline(indent + 1) }
                JSONValue.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += JSONValue.newline(indent) }
            out += "}"
        }
    }

    /// Line breaks with their indentation, made once.
    private static let newlines = (0..<12).map { "\n" + String(repeating: "  ", count: $0) }

    static func newline(_ indent: Int) -> String {
        indent < newlines.count ? newlines[indent] : "\n" + String(repeating: "  ", count: indent)
    }

    /// A quoted, escaped string; the escaping rules are `JSONBytes.string`'s, so the streamed
    /// output and the documents built as values escape alike.
    static func writeString(_ s: String, to out: inout String) {
        // Most strings need no escape: append them whole.
        if !s.utf8.contains(where: JSONBytes.needsEscape) {
            out += "\""
            out += s
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        JSONBytes.string(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// Parses JSON text, keeping object key order. Numbers stay as their source text.
    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONTextParser(Array(text.utf8))
        return try parser.parseDocument()
    }
}

/// Where JSON text went wrong: a byte offset, its line and column, and what was expected.
package struct JSONParseError: Error, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String
    package var description: String { "\(line):\(column): \(message)" }
}

struct JSONTextParser {
    /// How deep arrays and objects may nest: the parser recurses once per level, so a file of
    /// 100,000 brackets would otherwise run out of stack. Real drafts and config files nest
    /// about five deep.
    static let maxDepth = 256

    let bytes: [UInt8]
    var i = 0
    /// Arrays and objects open around the value being parsed.
    var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    func error(_ message: String) -> JSONParseError {
        var line = 1, column = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return JSONParseError(line: line, column: column, message: message)
    }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        skipSpace()
        guard i == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of the file (expected a value)") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            try enter()
            defer { depth -= 1 }
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try parseString()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                i += 1
                members.append((key, try parseValue()))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of the file (expected ',' or '}')") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            try enter()
            defer { depth -= 1 }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try parseValue())
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of the file (expected ',' or ']')") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard i > start else { throw error("unexpected character (expected a value)") }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            if let int = Int(text) { return .int(int) }
            guard Double(text) != nil else { throw error("\"\(text)\" is not a number") }
            return .number(text)
        }
    }

    /// Counts one more level of nesting, refusing more than `maxDepth`.
    mutating func enter() throws(JSONParseError) {
        guard depth < Self.maxDepth else {
            throw error("arrays and objects nested more than \(Self.maxDepth) deep (this is not a file ingest writes)")
        }
        depth += 1
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else {
            throw error("unexpected word (expected true, false or null)")
        }
        i += w.count
        return value
    }

    mutating func parseString() throws(JSONParseError) -> String {
        i += 1
        var out = [UInt8]()
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var code = hex4(at: i + 1) else {
                        throw error("bad \\u escape (expected four hexadecimal digits)")
                    }
                    i += 4
                    if (0xD800..<0xDC00).contains(code), i + 6 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"),
                       bytes[i + 2] == UInt8(ascii: "u"), let low = hex4(at: i + 3),
                       (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(bytes[i])
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw error("unterminated string")
    }

    /// The value of four hexadecimal digits starting at `start`, or nil.
    func hex4(at start: Int) -> UInt32? {
        guard start >= 0, start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for b in bytes[start..<start + 4] {
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
