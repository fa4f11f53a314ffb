/// Collects a price column's values to decide whether `,` or `.` is its decimal mark.
/// `9,99` proves comma; `1,299.00` proves point; `1.299` alone proves nothing.
public struct DecimalMarkEvidence: Sendable {
    public private(set) var comma = 0
    public private(set) var point = 0
    public private(set) var ambiguous = 0

    public init() {}

    public mutating func observe(_ raw: Substring) {
        let digits = raw.filter { $0.isNumber || $0 == "," || $0 == "." }
        guard let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) else { return }
        let after = digits.distance(from: last, to: digits.endIndex) - 1
        let mark = digits[last]
        let marks = digits.filter { $0 == "," || $0 == "." }
        if Set(marks).count == 2 || after != 3 || marks.count > 1 && marks.allSatisfy({ $0 == mark }) == false {
            if mark == "," { comma += 1 } else { point += 1 }
        } else if marks.count > 1 {
            // `1,299,000`: repeated marks group thousands, so the other one is the decimal mark.
            if mark == "," { point += 1 } else { comma += 1 }
        } else {
            ambiguous += 1
        }
    }

    public func decide(locale: String?) -> (mark: DecimalMark?, guessed: Bool) {
        if comma > 0 && point == 0 { return (.comma, false) }
        if point > 0 && comma == 0 { return (.point, false) }
        if comma > 0 && point > 0 { return (comma > point ? .comma : .point, true) }
        return (nil, false)
    }
}
