/// What a whole column's values decide together: the day/month order of its dates and the
/// decimal mark of its prices. Built from every row, one value at a time, in constant memory.
public struct ColumnFormats: Sendable {
    public private(set) var dateEvidence: [Int: DateOrderEvidence] = [:]
    public private(set) var decimalEvidence: [Int: DecimalMarkEvidence] = [:]

    public init(mapping: ColumnMapping) {
        for field in [Field.nextRenewal, .startDate] {
            if let column = mapping[field] { dateEvidence[column] = DateOrderEvidence() }
        }
        if let column = mapping[.price] { decimalEvidence[column] = DecimalMarkEvidence() }
    }

    public mutating func observe(_ row: SourceRow) {
        for column in dateEvidence.keys where column < row.cells.count {
            dateEvidence[column]?.observe(row.cells[column][...])
        }
        for column in decimalEvidence.keys where column < row.cells.count {
            decimalEvidence[column]?.observe(row.cells[column][...])
        }
    }

    /// The decided order for a date column, and whether it was a guess.
    public func dateOrder(column: Int, locale: String?) -> (order: DateOrder?, guessed: Bool) {
        dateEvidence[column]?.decide(locale: locale) ?? (nil, false)
    }

    public func decimalMark(column: Int, locale: String?) -> (mark: DecimalMark?, guessed: Bool) {
        decimalEvidence[column]?.decide(locale: locale) ?? (nil, false)
    }
}
