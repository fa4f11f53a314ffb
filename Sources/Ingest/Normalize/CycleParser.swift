/// Reads "monthly", "every 2 weeks", "/yr", "quarterly", "mensual", "每月".
public struct CycleParser: Sendable {
    public init() {}

    static let example = "monthly, yearly, every 2 weeks"

    public func parse(_ raw: Substring) throws(NormalizeError) -> Cycle {
        let text = raw.trimmingSpaces().lowercased()
        guard !text.isEmpty else { throw NormalizeError(.empty, "the billing cycle is empty") }
        let words: [(String, Cycle)] = [
            ("biweekly", Cycle(unit: .week, interval: 2)), ("fortnight", Cycle(unit: .week, interval: 2)),
            ("weekly", .weekly), ("quarter", Cycle(unit: .month, interval: 3)),
            ("semiannual", Cycle(unit: .month, interval: 6)), ("month", .monthly), ("/mo", .monthly),
            ("year", .yearly), ("annual", .yearly), ("/yr", .yearly), ("daily", Cycle(unit: .day)),
        ]
        for (word, cycle) in words where text.hasSubstring(word) { return cycle }
        throw .notA("billing cycle", found: String(raw), example: CycleParser.example)
    }
}
