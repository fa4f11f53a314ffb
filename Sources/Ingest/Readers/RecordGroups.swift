import Foundation

/// A table that writes one record over several rows of different kinds, as Firefly III's
/// recurrences export does (a `recurrence` row with the title and first date, a `repetition`
/// row with the cycle, a `transaction` row with the amount, all with the recurrence's id): the
/// rows of one record are joined into one, each column taking the first filled cell. The file
/// says so by its first two headers (a row-kind column such as `type` and an `id` column) and
/// its rows (a few kinds, ids repeated on consecutive rows of different kinds); any other table
/// is read as it is.
final class RecordGroups: TableSource {
    private let table: TableSource
    /// Rows read ahead to decide, handed out first.
    private var buffered: [SourceRow] = []
    private var grouped = false
    private var pending: SourceRow?
    private var groups = 0

    /// Headers of a row-kind column and an id column.
    static let kindHeaders: Set<String> = ["type", "kind", "record type", "row type", "record kind", "entry type"]

    /// Rows read to decide whether the table groups its rows.
    static let lookahead = 60

    /// `table`, joined by record when its first two headers name a row kind and an id.
    static func wrap(_ table: TableSource) throws(ReadError) -> TableSource {
        guard table.header.count >= 3, kindHeaders.contains(HeaderVocabulary.fold(table.header[0])) else { return table }
        let id = HeaderVocabulary.fold(table.header[1])
        guard id == "id" || id.hasSuffix(" id") else { return table }
        return try RecordGroups(table)
    }

    private init(_ table: TableSource) throws(ReadError) {
        self.table = table
        while buffered.count < Self.lookahead, let row = try table.nextRow() { buffered.append(row) }
        grouped = Self.groups(buffered)
        buffered.reverse()
    }

    /// Whether `rows` hold records over several rows: 2 to 6 kinds, every row with a kind and
    /// an id, and most ids on two or more consecutive rows of different kinds.
    static func groups(_ rows: [SourceRow]) -> Bool {
        guard rows.count >= 2 else { return false }
        var kinds = Set<String>()
        var runs = 0, joined = 0
        var previous: (kind: String, id: String)?
        for row in rows {
            guard row.cells.count >= 2 else { return false }
            let kind = row.cells[0].trimmedSpaces().lowercased(), id = row.cells[1].trimmedSpaces()
            guard !kind.isEmpty, !id.isEmpty else { return false }
            kinds.insert(kind)
            if let previous, previous.id == id {
                if previous.kind == kind { return false }
                joined += 1
            } else {
                runs += 1
            }
            previous = (kind, id)
        }
        return (2...6).contains(kinds.count) && joined >= runs
    }

    var name: String { table.name }
    var header: [String] { table.header }
    var headerLine: Int? { table.headerLine }
    var warnings: [Issue] { table.warnings }
    var skips: [Skip] { table.skips }
    var unlistedSkips: [Skip.Reason: Int] { table.unlistedSkips }

    private func next() throws(ReadError) -> SourceRow? {
        if let row = buffered.popLast() { return row }
        return try table.nextRow()
    }

    /// The next record: its rows joined, the row-kind cell left empty (it names a part, not the
    /// record), numbered by record, at the line of its first row.
    func nextRow() throws(ReadError) -> SourceRow? {
        guard grouped else { return try next() }
        let first: SourceRow?
        if let pending { first = pending } else { first = try next() }
        pending = nil
        guard var record = first else { return nil }
        let id = record.cells[1].trimmedSpaces()
        while let row = try next() {
            guard row.cells.count >= 2, row.cells[1].trimmedSpaces() == id else { pending = row; break }
            if row.cells.count > record.cells.count {
                record.cells += Array(repeating: "", count: row.cells.count - record.cells.count)
            }
            for (i, cell) in row.cells.enumerated() where record.cells[i].trimmedSpaces().isEmpty { record.cells[i] = cell }
        }
        if record.cells.count < header.count { record.cells += Array(repeating: "", count: header.count - record.cells.count) }
        record.cells[0] = ""
        groups += 1
        record.row = groups
        return record
    }
}
