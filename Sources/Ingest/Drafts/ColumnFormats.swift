/// What a whole column's values decide together: the day/month order of its dates and the
/// decimal mark of its prices. Built from every row, one value at a time, in constant memory.
public struct ColumnFormats: Sendable {
    public private(set) var dateEvidence: [Int: DateOrderEvidence] = [:]
    public private(set) var decimalEvidence: [Int: DecimalMarkEvidence] = [:]
    /// Header and name cells written with Han characters, and with kana: a table in Chinese
    /// (Han and no kana) means yuan by a bare `¥`, one in Japanese yen.
    public private(set) var hanCells = 0, kanaCells = 0
    private var nameColumn: Int?

    public init(mapping: ColumnMapping) {
        for field in [Field.nextRenewal, .startDate] {
            if let column = mapping[field] { dateEvidence[column] = DateOrderEvidence() }
        }
        if let column = mapping[.price] { decimalEvidence[column] = DecimalMarkEvidence() }
        nameColumn = mapping[.name]
        for cell in mapping.header { countScript(cell) }
    }

    public enum CJKScript: Sendable { case chinese, japanese }

    /// The header's and names' script when they use Chinese characters: Japanese when any has
    /// kana, else Chinese; nil for tables that use neither.
    public var cjkScript: CJKScript? { kanaCells > 0 ? .japanese : (hanCells > 0 ? .chinese : nil) }

    private mutating func countScript(_ cell: String) {
        guard cell.utf8.contains(where: { $0 >= 0xE3 }) else { return }
        var han = false, kana = false
        for scalar in cell.unicodeScalars {
            if (0x3040...0x30FF).contains(scalar.value) { kana = true }
            else if (0x4E00...0x9FFF).contains(scalar.value) { han = true }
        }
        if kana { kanaCells += 1 } else if han { hanCells += 1 }
    }

    public mutating func observe(_ row: SourceRow) {
        if let c = nameColumn, c < row.cells.count { countScript(row.cells[c]) }
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
