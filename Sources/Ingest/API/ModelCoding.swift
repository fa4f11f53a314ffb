import Foundation

// The Codable forms of the values a subscription and a draft hold. They are the forms the
// canonical JSON writes (`docs/formats.md`), so `JSONDecoder` reads a canonical document's
// subscriptions back into the same values: amounts are decimal strings (never a binary
// floating-point number), dates `yyyy-mm-dd`, currencies ISO 4217 codes.

extension Price: Codable {
    private enum Keys: String, CodingKey { case amount, currency }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let text = try container.decode(String.self, forKey: .amount)
        guard let amount = Price.exactDecimal(text) else {
            throw DecodingError.dataCorruptedError(forKey: .amount, in: container,
                                                   debugDescription: "\"\(text)\" is not a decimal amount (expected e.g. 9.99)")
        }
        self.init(amount: amount, currency: try container.decodeIfPresent(Currency.self, forKey: .currency))
    }

    /// Written with every digit the amount has and at least the currency's minor digits, which
    /// for any amount the canonical output can hold is the text it writes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(writtenAmountText, forKey: .amount)
        try container.encode(currency, forKey: .currency)
    }

    /// `-12.50` as a `Decimal`; nil for anything but an optional minus, digits and at most one
    /// point with digits on both sides.
    static func exactDecimal(_ text: String) -> Decimal? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              digits.count <= 40 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Currency: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let currency = Currency(code) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(code)\" is not an ISO 4217 currency code")
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

extension CalendarDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a date (expected yyyy-mm-dd)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Cycle.Unit: Codable {}

extension Cycle: Codable {
    private enum Keys: String, CodingKey { case unit, interval }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(unit: try container.decode(Unit.self, forKey: .unit), interval: try container.decode(Int.self, forKey: .interval))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(unit, forKey: .unit)
        try container.encode(interval, forKey: .interval)
    }
}

extension Category: Codable {}

extension Provenance: Codable {
    private enum Keys: String, CodingKey { case file, part, row, line, box }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var box: Box?
        if let numbers = try container.decodeIfPresent([Int].self, forKey: .box) {
            guard numbers.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .box, in: container, debugDescription: "a box is [x, y, width, height]")
            }
            box = Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        self.init(file: try container.decode(String.self, forKey: .file),
                  row: try container.decodeIfPresent(Int.self, forKey: .row),
                  line: try container.decodeIfPresent(Int.self, forKey: .line),
                  part: try container.decodeIfPresent(String.self, forKey: .part), box: box)
    }

    /// Every member it has; `canonical` leaves the line out when there is a row, as the
    /// canonical output does.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, canonical: false)
    }

    func encode(to encoder: any Encoder, canonical: Bool) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(part, forKey: .part)
        try container.encodeIfPresent(row, forKey: .row)
        if !canonical || row == nil { try container.encodeIfPresent(line, forKey: .line) }
        if let box { try container.encode([box.x, box.y, box.width, box.height], forKey: .box) }
    }

    /// A provenance written as the canonical output writes it.
    struct Canonical: Encodable {
        var source: Provenance
        func encode(to encoder: any Encoder) throws { try source.encode(to: encoder, canonical: true) }
    }
}
