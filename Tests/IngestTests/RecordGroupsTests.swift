import Foundation
import Testing
@testable import Ingest

/// Tables that write one record over rows of several kinds (Firefly III's recurrences export)
/// are joined by record; other tables, even with a `type` and an `id` column, are read as they are.
@Suite struct RecordGroupsTests {
    static let firefly = """
        type,id,title,description,first_date,repeat_until,repetitions,apply_rules,active,repetition_type,repetition_moment,repetition_skip,weekend,amount,currency_code,source_name,destination_name,category_name
        recurrence,1,Netflix,,2026-10-05,,0,1,1
        repetition,1,,,,,,,,monthly,5,0,1
        transaction,1,,,,,,,,,,,,15.49,USD,Checking,Netflix,Entertainment
        recurrence,2,Gym membership,,2026-01-15,,0,1,1
        repetition,2,,,,,,,,yearly,2026-01-15,0,1
        transaction,2,,,,,,,,,,,,299.00,EUR,Checking,Gym,Health

        """

    /// (csv, names, prices, cycles, next renewals, data rows numbered) of the drafts made.
    static let cases: [(String, [String], [String], [String], [String?])] = [
        (firefly, ["Netflix", "Gym membership"], ["15.49", "299.00"], ["month/1", "year/1"], ["2026-12-05", "2027-01-15"]),
        // A type column that is a category, ids not repeated: read row by row.
        ("type,id,name,price,cycle\nstreaming,1,Netflix,15.49 USD,monthly\nmusic,2,Spotify,9.99 USD,monthly\n",
         ["Netflix", "Spotify"], ["15.49", "9.99"], ["month/1", "month/1"], [nil, nil]),
        // The same kind twice for one id is not a record of parts.
        ("kind,id,name,price,cycle\nsub,1,Netflix,15.49 USD,monthly\nsub,1,Netflix HD,17.99 USD,monthly\n",
         ["Netflix", "Netflix HD"], ["15.49", "17.99"], ["month/1", "month/1"], [nil, nil]),
    ]

    @Test(arguments: cases)
    func joinsRecordsOverRows(_ c: (String, [String], [String], [String], [String?])) throws {
        let context = NormalizeContext(today: CalendarDate(iso: "2026-11-30")!)
        var drafts: [ImportDraft] = []
        _ = try TableImporter(options: ImportOptions(context: context)).run(name: "t.csv", kind: .csv, open: {
            try RecordGroups.wrap(CSVTable(data: Data(c.0.utf8), name: "t.csv"))
        }, emit: { drafts.append($0) })
        #expect(drafts.map { $0.name.value ?? "" } == c.1)
        #expect(drafts.map { $0.price.value?.amountText ?? "" } == c.2)
        #expect(drafts.map { $0.cycle.value.map { "\($0.unit.rawValue)/\($0.interval)" } ?? "" } == c.3)
        #expect(drafts.map { $0.nextRenewal.value?.description } == c.4)
    }

    /// A record keeps the line of its first row; records are numbered 1, 2, ….
    @Test func recordsKeepTheirFirstLine() throws {
        let table = try RecordGroups.wrap(CSVTable(data: Data(Self.firefly.utf8), name: "t.csv"))
        var places: [(Int, Int)] = []
        while let row = try table.nextRow() { places.append((row.row, row.line)) }
        #expect(places.map(\.0) == [1, 2])
        #expect(places.map(\.1) == [2, 5])
    }
}
