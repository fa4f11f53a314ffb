import Foundation
import Testing
@testable import Ingest

/// Rows read a batch at a time (`CSVTable.nextItems`, `nextBatch` and the views of
/// `RecordBatch.withRecords`) must be the rows read one at a time, with the same skips and
/// warnings; the tokenizer's eight-bytes-at-a-time search must find what a byte-by-byte loop
/// finds.
@Suite struct CSVBatchTests {
    struct Row: Equatable {
        var cells: [String]
        var row: Int
        var line: Int
        var bytes: Bool
    }

    static func row(_ item: TableItem) -> Row {
        let source = item.sourceRow
        if case .utf8 = item { return Row(cells: source.cells, row: source.row, line: source.line, bytes: true) }
        return Row(cells: source.cells, row: source.row, line: source.line, bytes: false)
    }

    /// Every CSV file under Fixtures/.
    static let files: [URL] = {
        let root = FixtureFolder.root
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension.lowercased() == "csv" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }()

    /// Reads `data` row by row and `limit` rows at a time, and checks that both give the same
    /// rows, skips, warnings and ragged rows; the rows read.
    @discardableResult
    static func readBothWays(_ data: Data, limit: Int, _ label: String) throws -> [Row] {
        let single = try CSVTable(data: data, name: "f.csv"), batched = try CSVTable(data: data, name: "f.csv")
        var one: [Row] = []
        while let item = try single.nextItem() { one.append(row(item)) }
        var many: [Row] = []
        while true {
            let items = try batched.nextItems(limit: limit)
            if items.isEmpty { break }
            #expect(items.count <= limit)
            many += items.map(row)
        }
        #expect(one == many, "\(label)")
        #expect(single.skips == batched.skips, "\(label)")
        #expect(single.warnings == batched.warnings, "\(label)")
        #expect(single.raggedRows == batched.raggedRows, "\(label)")
        // The same rows as views of each batch, and as the batches put together.
        let viewed = try CSVTable(data: data, name: "f.csv")
        var views: [Row] = []
        var joined = RecordBatch()
        while true {
            let batch = try viewed.nextBatch(limit: limit)
            if batch.isEmpty { break }
            batch.withRecords { records in
                for i in 0..<records.count { views.append(view(records[i])) }
            }
            joined.append(contentsOf: batch)
        }
        #expect(one == views, "\(label)")
        #expect(one == joined.items.map(row), "\(label)")
        #expect(single.skips == viewed.skips, "\(label)")
        return one
    }

    /// A view's row as `row` gives a table's item.
    static func view(_ record: RecordView) -> Row {
        let cells = (0..<record.count).map { String(decoding: record.field($0), as: UTF8.self) }
        return Row(cells: cells, row: record.row, line: record.line, bytes: !record.decoded)
    }

    @Test(arguments: [1, 3, 512])
    func batchesReadWhatSingleRowsRead(limit: Int) throws {
        #expect(Self.files.count > 50)
        for file in Self.files {
            let data = try Data(contentsOf: file)
            // Files the reader refuses (empty, a header only) have nothing to compare.
            guard (try? CSVTable(data: data, name: "f.csv")) != nil else { continue }
            try Self.readBothWays(data, limit: limit, file.lastPathComponent)
        }
    }

    /// A generated table of several chunks (the reader's chunk boundaries fall inside records)
    /// with every kind of record the reader meets: line
    /// ends LF, CRLF and lone CR, quoted cells with delimiters, doubled quotes and line breaks,
    /// text after a closing quote, blank rows, the header again, a totals row, ragged rows,
    /// bytes that are not UTF-8, and a last record without a line end.
    static func messyTable(seed: UInt64, rows: Int, delimiter: String) -> Data {
        var state = seed
        func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        let cells = ["Netflix", "Spotify Family", "€9.99", "USD 12.00", "monthly", "2026-12-05", "", " spaced ",
                     "\"quoted\(delimiter) with delimiter\"", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "\"crlf\r\ninside\"",
                     "\"closed\"after", "mid\"quote", "Café", "ab cd ef gh ij kl mn op"]
        let header = ["Name", "Price", "Cycle", "Next renewal", "Notes"].joined(separator: delimiter)
        var bytes = Array(header.utf8) + [0x0A]
        for row in 0..<rows {
            let kind = next(40)
            var line: [UInt8]
            switch kind {
            case 0: line = []
            case 1: line = Array(header.utf8)
            case 2: line = Array("Total\(delimiter)123.45".utf8)
            case 3: line = Array("Netflix\(delimiter)caf".utf8) + [0xE9] + Array("\(delimiter)x".utf8)
            default:
                let count = kind == 4 ? 3 : (kind == 5 ? 7 : 5)
                line = Array((0..<count).map { _ in cells[next(cells.count)] }.joined(separator: delimiter).utf8)
            }
            bytes += line
            if row < rows - 1 || next(2) == 0 { bytes += [[0x0A], [0x0D, 0x0A], [0x0D]][next(10) < 7 ? 0 : (next(3) < 2 ? 1 : 2)] }
        }
        return Data(bytes)
    }

    @Test(arguments: [(1, ","), (2, ";"), (3, "\t"), (4, ",")])
    func messyChunksReadAlike(seed: UInt64, delimiter: String) throws {
        let data = Self.messyTable(seed: seed, rows: 6000, delimiter: delimiter)
        #expect(data.count > 3 * (1 << 16))
        for limit in [7, 512] {
            #expect(try Self.readBothWays(data, limit: limit, "seed \(seed)").count > 5000)
        }
    }

    /// Texts with the searched bytes at every offset of an eight-byte word, and none.
    @Test func wordSearchFindsTheFirstByte() {
        // SplitMix64 from a fixed seed: the same texts every run.
        var state: UInt64 = 20261201
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [UInt8] = Array("ab,\"\r\n; x".utf8)
        for length in 0..<40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
                bytes.withUnsafeBufferPointer { input in
                    for start in 0...length {
                        for (a, b, c) in [(UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")),
                                          (UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")),
                                          (UInt8(ascii: ";"), UInt8(ascii: "\n"), UInt8(ascii: "\r"))] {
                            let expected = (start..<length).first { [a, b, c].contains(input[$0]) } ?? length
                            #expect(CSVTokenizer.firstOf(a, b, c, in: input, from: start) == expected)
                        }
                    }
                }
            }
        }
    }
}

/// Currency codes met as bytes are looked up by place, not hashed: every known code must come
/// back as itself, and nothing else must.
@Suite struct PackedCurrencyTests {
    static func pack(_ code: String) -> UInt32 { code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }

    @Test func everyCodeComesBack() {
        var known = 0
        for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            for second in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                for third in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                    let code = String(decoding: [first, second, third], as: UTF8.self)
                    let found = Currency.byPackedCode(Self.pack(code))
                    #expect(found == Currency(code), "\(code)")
                    if found != nil { known += 1 }
                }
            }
        }
        #expect(known > 150)
        for odd in ["usd", "US", "USDX", "U$D", "€"] { #expect(Currency.byPackedCode(Self.pack(odd)) == nil, "\(odd)") }
        #expect(PlainFacts.pack(Currency("EUR")!) == Self.pack("EUR"))
    }
}

/// Dates written as JSON bytes must read as `CalendarDate.description` quoted.
@Suite struct JSONDateBytesTests {
    @Test func datesAreWrittenAsTheirDescription() {
        var dates: [CalendarDate] = []
        for year in [0, 1, 9, 10, 99, 100, 999, 1000, 1999, 2026, 9999, 10000, -1] {
            for (month, day) in [(1, 1), (2, 28), (9, 9), (10, 10), (12, 31)] {
                dates.append(CalendarDate(dayNumber: CalendarDate(year: 2026, month: 1, day: 1)!.dayNumber))
                if let date = CalendarDate(year: year, month: month, day: day) { dates.append(date) }
            }
        }
        dates += stride(from: -800_000, through: 3_000_000, by: 997).map { CalendarDate(dayNumber: $0) }
        #expect(dates.count > 3000)
        for date in dates {
            var out: [UInt8] = []
            JSONBytes.date(date, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "\"\(date.description)\"", "\(date)")
        }
    }
}
