/// Collects a price column's values to decide whether `,` or `.` is its decimal mark.
/// `9,99` proves comma; `1,299.00` and `9.99` prove point; `1.299` alone proves nothing.
public struct DecimalMarkEvidence: Sendable {
    public private(set) var comma = 0
    public private(set) var point = 0
    public private(set) var ambiguous = 0

    public init() {}

    public mutating func observe(_ raw: Substring) {
        let text = ScalarText(raw)
        guard let start = text.scalars.firstIndex(where: ScalarText.isDigit) else { return }
        let number = PriceNumber.scan(text, at: start)
        if let dash = number.dashDecimals {
            if dash == "," { comma += 1 } else if dash == "." { point += 1 }
            return
        }
        switch number.read() {
        case .value(_, let fraction):
            guard !fraction.isEmpty, let mark = number.separators.last else { return }
            if mark == "," { comma += 1 } else if mark == "." { point += 1 }
        case .ambiguous:
            ambiguous += 1
        case .invalid:
            break
        }
    }

    /// The mark the values prove; nil when none does (the parser then asks the locale).
    /// `guessed` is true when the column mixes both and the majority was taken.
    public func decide(locale: String?) -> (mark: DecimalMark?, guessed: Bool) {
        if comma > 0 && point == 0 { return (.comma, false) }
        if point > 0 && comma == 0 { return (.point, false) }
        if comma > 0 && point > 0 { return (comma > point ? .comma : .point, true) }
        return (nil, false)
    }
}
