/// Collects a price column's values to decide whether `,` or `.` is its decimal mark.
/// `9,99` proves comma; `1,299.00` and `9.99` prove point; `1.299` alone proves nothing.
package struct DecimalMarkEvidence: Sendable {
    package private(set) var comma = 0
    package private(set) var point = 0
    package private(set) var ambiguous = 0

    package init() {}

    package mutating func observe(_ raw: Substring) {
        count(Self.reading(raw))
    }

    /// What one value says of the mark: `,` or `.` proven, ambiguous, or nothing (nil).
    package enum Reading: Sendable { case comma, point, ambiguous }

    /// What `raw` says, on its own. It depends on the digits only through where they stand
    /// and whether a group is a lone `0` (see `PriceNumber`), so texts that differ only in
    /// digits 1–9 say the same (`ColumnFormats` looks their shapes up).
    package static func reading(_ raw: Substring) -> Reading? {
        let text = ScalarText(raw)
        guard let start = text.scalars.firstIndex(where: ScalarText.isDigit) else { return nil }
        let number = PriceNumber.scan(text, at: start)
        if let dash = number.dashDecimals {
            return dash == "," ? .comma : (dash == "." ? .point : nil)
        }
        switch number.read() {
        case .value(_, let fraction):
            guard !fraction.isEmpty, let mark = number.separators.last else { return nil }
            return mark == "," ? .comma : (mark == "." ? .point : nil)
        case .ambiguous:
            return .ambiguous
        case .invalid:
            return nil
        }
    }

    package mutating func count(_ reading: Reading?) {
        switch reading {
        case .comma: comma += 1
        case .point: point += 1
        case .ambiguous: ambiguous += 1
        case nil: break
        }
    }

    /// Adds what `other` counted: values counted in parts decide as they do counted together.
    package mutating func add(_ other: DecimalMarkEvidence) {
        comma += other.comma
        point += other.point
        ambiguous += other.ambiguous
    }

    /// The mark the values prove; nil when none does (the parser then asks the locale).
    /// `guessed` is true when the column mixes both and the majority was taken.
    package func decide(locale: String?) -> (mark: DecimalMark?, guessed: Bool) {
        if comma > 0 && point == 0 { return (.comma, false) }
        if point > 0 && comma == 0 { return (.point, false) }
        if comma > 0 && point > 0 { return (comma > point ? .comma : .point, true) }
        return (nil, false)
    }
}
