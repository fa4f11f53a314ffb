import Foundation
import Testing
@testable import Ingest

/// The byte paths of the bank import give the answers of the paths they stand in for: records
/// scanned into reused ranges, numeric dates without an array, descriptors looked up by their
/// bytes, merchants remembered by their words, packed charges, rows read on a second thread.
@Suite struct BankByteRowTests {
    // MARK: Records

    struct RecordCase: Sendable, CustomTestStringConvertible {
        var text: String
        /// Cells and starting line of each record.
        var records: [([String], Int)]
        var testDescription: String { text.debugDescription }
    }

    static let recordCases: [RecordCase] = [
        .init(text: "a,b,c\n1,2,3\n", records: [(["a", "b", "c"], 1), (["1", "2", "3"], 2)]),
        .init(text: "a,b\r\n1,2\r\n", records: [(["a", "b"], 1), (["1", "2"], 2)]),
        .init(text: "a,b\r1,2", records: [(["a", "b"], 1), (["1", "2"], 2)]),
        .init(text: "\"x,y\",z\n", records: [(["x,y", "z"], 1)]),
        .init(text: "\"say \"\"hi\"\"\",2\n3,\"\"\"\"\n", records: [(["say \"hi\"", "2"], 1), (["3", "\""], 2)]),
        .init(text: "\"two\nlines\",1\nnext,2\n", records: [(["two\nlines", "1"], 1), (["next", "2"], 3)]),
        .init(text: ",,\n\n,x", records: [(["", "", ""], 1), ([""], 2), (["", "x"], 3)]),
        .init(text: "\u{FEFF}head,er\nlast,row", records: [(["head", "er"], 1), (["last", "row"], 2)]),
        .init(text: "\"\"\"a\"\"\" , b\n", records: [(["\"a\"", " b"], 1)]),
    ]

    @Test(arguments: recordCases)
    func recordsAreScannedIntoCells(_ c: RecordCase) {
        var reader = DelimitedRecords(bytes: Array(c.text.utf8), delimiter: 0x2C)
        var found: [([String], Int)] = []
        while reader.advance() {
            found.append((reader.cells.map { String(decoding: $0, as: UTF8.self) }, reader.recordLine))
        }
        #expect(found.map(\.0) == c.records.map(\.0))
        #expect(found.map(\.1) == c.records.map(\.1))
        var copies = DelimitedRecords(bytes: Array(c.text.utf8), delimiter: 0x2C)
        var copied: [[String]] = []
        while let record = copies.next() { copied.append(record.cells.map { String(decoding: $0, as: UTF8.self) }) }
        #expect(copied == c.records.map(\.0))
    }

    /// Records across the boundary of the chunks a file is read in, with doubled quotes and line
    /// breaks inside quotes, come out as from the same bytes held in memory.
    @Test func recordsAcrossChunksMatchRecordsInMemory() throws {
        var text = "Date,Description,Amount\n"
        var n = 0
        while text.utf8.count < DelimitedRecords.chunkSize * 2 + 5000 {
            n += 1
            text += n % 7 == 0 ? "11/\(n % 28 + 1)/2026,\"SHOP \"\"\(n)\"\"\nSECOND LINE\",-\(n % 90).25\r\n"
                               : "11/\(n % 28 + 1)/2026,STORE \(n) NEW YORK NY,-\(n % 90).99\n"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        let head = [UInt8](try handle.read(upToCount: DelimitedRecords.chunkSize) ?? Data())
        var streamed = DelimitedRecords(handle: handle, head: head, atEnd: false, delimiter: 0x2C)
        var whole = DelimitedRecords(bytes: Array(text.utf8), delimiter: 0x2C)
        var count = 0
        while let expected = whole.next() {
            guard streamed.advance() else { Issue.record("stream ended after \(count) records"); return }
            #expect(Array(streamed.cells) == expected.cells, "record \(count + 1)")
            #expect(streamed.recordLine == expected.line)
            count += 1
        }
        let more = streamed.advance()
        #expect(!more)
        #expect(count == n + 1)
    }

    /// The scan the word-at-a-time one replaces: byte by byte.
    static func scanByteByByte(_ buffer: [UInt8], from start: Int, delimiter: UInt8, final: Bool)
        -> (found: (end: Int, next: Int, newlines: Int)?, ranges: [Range<Int>], doubled: [Int]) {
        var ranges: [Range<Int>] = [], doubledCells: [Int] = []
        var i = start, cellStart = i, inQuotes = false, quoted = false, doubled = false, newlines = 0
        let n = buffer.count
        func finishCell(_ end: Int) {
            if quoted {
                var lo = cellStart
                while lo < end, buffer[lo] != 0x22 { lo += 1 }
                var hi = end
                while hi > lo + 1, buffer[hi - 1] != 0x22 { hi -= 1 }
                if doubled { doubledCells.append(ranges.count) }
                ranges.append(hi > lo + 1 ? (lo + 1)..<(hi - 1) : lo..<lo)
            } else {
                ranges.append(cellStart..<end)
            }
            quoted = false
            doubled = false
        }
        while i < n {
            let c = buffer[i]
            if inQuotes {
                if c == 0x22 {
                    if i + 1 < n, buffer[i + 1] == 0x22 { doubled = true; i += 2; continue }
                    if i + 1 >= n && !final { return (nil, ranges, doubledCells) }
                    inQuotes = false
                } else if c == 0x0A { newlines += 1 }
                i += 1
                continue
            }
            if c == 0x22 {
                inQuotes = true
                quoted = true
            } else if c == delimiter {
                finishCell(i)
                cellStart = i + 1
            } else if c == 0x0A || c == 0x0D {
                let end = i
                if c == 0x0D {
                    if i + 1 >= n && !final { return (nil, ranges, doubledCells) }
                    if i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                }
                finishCell(end)
                return ((end, i + 1, newlines), ranges, doubledCells)
            }
            i += 1
        }
        guard final, i > start || !ranges.isEmpty else { return (nil, ranges, doubledCells) }
        finishCell(n)
        return ((n, n, newlines), ranges, doubledCells)
    }

    /// Random texts of letters, spaces, delimiters, quotes and line breaks, in runs long and
    /// short, scanned record by record from every start both ways.
    @Test(arguments: [(UInt64(1), UInt8(0x2C)), (2, 0x2C), (3, 0x3B), (4, 0x09), (5, 0x2C), (6, 0x7C)])
    func wordAtATimeScanMatchesByteByByteScan(_ seed: UInt64, _ delimiter: UInt8) {
        var numbers = BankStreamingTests.Numbers(state: seed)
        let alphabet: [UInt8] = Array("abcXYZ 019.-".utf8) + [0x22, 0x0A, 0x0D, delimiter, 0x2C, 0x3B, 0x09]
        for _ in 0..<20 {
            var text: [UInt8] = []
            for _ in 0..<numbers.next(120) {
                // Long runs of plain bytes, then a few special ones.
                let plain = numbers.next(3) == 0 ? numbers.next(30) : 0
                for _ in 0..<plain { text.append(alphabet[numbers.next(12)]) }
                text.append(alphabet[numbers.next(alphabet.count)])
            }
            for start in 0...text.count {
                for final in [false, true] {
                    let expected = Self.scanByteByByte(text, from: start, delimiter: delimiter, final: final)
                    var ranges: [Range<Int>] = [], doubled: [Int] = []
                    let found = text.withUnsafeBufferPointer {
                        DelimitedRecords.scan($0, from: start, delimiter: delimiter, final: final, ranges: &ranges, doubledCells: &doubled)
                    }
                    #expect(found?.end == expected.found?.end && found?.next == expected.found?.next && found?.newlines == expected.found?.newlines)
                    if found != nil {
                        #expect(ranges == expected.ranges)
                        #expect(doubled == expected.doubled)
                    }
                }
            }
        }
    }

    // MARK: Dates

    struct DateCase: Sendable, CustomTestStringConvertible {
        var cell: String
        /// The fast path reads it (else it leaves it to `dateParts`).
        var numeric: Bool
        var testDescription: String { cell.debugDescription }
    }

    static let dates: [DateCase] = [
        .init(cell: "11/29/2026", numeric: true),
        .init(cell: "29.11.26", numeric: true),
        .init(cell: "2026-11-29", numeric: true),
        .init(cell: "1/2/3", numeric: true),
        .init(cell: "1234567/1/1", numeric: true),
        .init(cell: "12345678/1/1", numeric: false),
        .init(cell: "20261102", numeric: false),
        .init(cell: "2 Nov 2026", numeric: false),
        .init(cell: "2026-11-29T10:00:00", numeric: false),
        .init(cell: "11/29/2026 10:00", numeric: false),
        .init(cell: "12//2026", numeric: false),
        .init(cell: "-11/29/2026", numeric: false),
        .init(cell: "11/29/", numeric: false),
        .init(cell: "11/29/2026/5", numeric: false),
        .init(cell: "29-11", numeric: false),
        .init(cell: " 11/29/2026", numeric: false),
        .init(cell: "", numeric: false),
    ]

    @Test(arguments: dates)
    func numericDatesReadAsDateParts(_ c: DateCase) {
        let bytes = Array(c.cell.utf8)[...]
        let fast = BankValueParser.numericParts(bytes)
        #expect((fast != nil) == c.numeric)
        if let fast { #expect([fast.0, fast.1, fast.2] == BankValueParser.dateParts(bytes)) }
        for order in [DateOrder.monthDayYear, .dayMonthYear, .yearMonthDay, nil] {
            #expect(BankValueParser.date(bytes, order: order) == BankValueParser.date(BankValueParser.dateParts(bytes), order: order))
        }
    }

    // MARK: Descriptor cache

    @Test func byteKeyTableFindsWhatItHolds() {
        let keys: [[UInt8]] = [[], [0], [0, 0], Array("NETFLIX".utf8), Array("NETFLIX.".utf8), Array("NETFLIX.COM".utf8),
                               Array("12345678".utf8), Array("12345679".utf8), Array("123456781".utf8), Array("123456782".utf8)]
        var table = ByteKeyTable<Int>(capacity: keys.count)
        for (i, key) in keys.enumerated() {
            key.withUnsafeBytes { table.insert($0, hash: ByteKeyTable<Int>.hash($0), value: i) }
        }
        #expect(table.isFull)
        for (i, key) in keys.enumerated() {
            #expect(key.withUnsafeBytes { table.value(for: $0, hash: ByteKeyTable<Int>.hash($0)) } == i)
        }
        for absent in [Array("NETFLI".utf8), Array("12345670".utf8), [1], [0, 0, 0]] {
            #expect(absent.withUnsafeBytes { table.value(for: $0, hash: ByteKeyTable<Int>.hash($0)) } == nil)
        }
        table.removeAll()
        #expect(table.count == 0)
        #expect(keys[3].withUnsafeBytes { table.value(for: $0, hash: ByteKeyTable<Int>.hash($0)) } == nil)
    }

    /// Keys are compared as words that may overlap when 4 to 16 bytes long: a difference at
    /// any place, for every length around those bounds, must be seen.
    @Test func keysDifferingAnywhereAreNotTheSame() {
        for count in 0...40 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ count) }
            a.withUnsafeBytes { a in
                var b = Array(a)
                #expect(b.withUnsafeBytes { ByteKeyTable<Int>.sameBytes(a.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count) })
                for i in 0..<count {
                    b[i] ^= 0x40
                    #expect(!b.withUnsafeBytes { ByteKeyTable<Int>.sameBytes(a.baseAddress!, $0.baseAddress!, count) }, "length \(count), byte \(i)")
                    b[i] ^= 0x40
                }
            }
        }
    }

    static let rows: [BankFastPathTests.Row] = BankFastPathTests.rows
        + BankFastPathTests.descriptors.map { BankFastPathTests.Row(text: $0) }
        + [BankFastPathTests.Row(payee: "PayPal Europe S.a.r.l. et Cie S.C.A", reference: "Spotify AB, Ihr Einkauf bei Spotify AB"),
           BankFastPathTests.Row(payee: "Netflix", text: "NETFLIX.COM"),
           BankFastPathTests.Row(payee: "AB", text: "SPOTIFY P2B3C4D5E6"),
           BankFastPathTests.Row(type: "A", payee: "BC"),
           BankFastPathTests.Row(type: "AB", payee: "C")]

    static func bytes(_ row: BankFastPathTests.Row) -> TransactionBytes {
        var bytes: [UInt8] = []
        func field(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes += text.utf8
            return start..<bytes.count
        }
        let payee = field(row.payee), text = field(row.text), reference = field(row.reference), type = field(row.type)
        return TransactionBytes(date: CalendarDate(dayNumber: 20_454), amount: 100, currency: nil, bytes: bytes, payee: payee,
                                text: text, reference: reference, type: type, status: 0..<0, account: 0..<0, row: 1, line: 2)
    }

    /// Twice through every row, with generations of two entries so entries move between them.
    @Test func cachedMerchantsAndWordsMatchFreshOnes() {
        var cache = MerchantCache(limit: 2)
        let keys = MerchantKey()
        for row in Self.rows + Self.rows.reversed() {
            let entry = cache.entry(for: Self.bytes(row), encoding: .utf8, keys: keys)
            let t = row.transaction
            #expect(cache.merchants[Int(entry.merchant)] == keys.merchant(payee: t.payee, text: t.text, reference: t.reference),
                    "\(row.testDescription)")
            #expect(cache.kinds[Int(entry.words)] == TransactionClassifier.words(of: t), "\(row.testDescription)")
        }
    }

    @Test func merchantsRememberedByWordsMatchFreshOnes() {
        var memo = MerchantKey.Memo()
        let keys = MerchantKey()
        for row in Self.rows + Self.rows {
            let remembered = keys.merchant(payee: row.payee, text: row.text, reference: row.reference, memo: &memo)
            #expect(remembered == keys.merchant(payee: row.payee, text: row.text, reference: row.reference), "\(row.testDescription)")
        }
    }

    static let middlemen: [String] = [
        "PAYPAL", "PayPal Europe S.a.r.l.", "paypal *netflix", "KLARNA AB", "Klarna*Zalando", "STRIPE", "stripe payments uk",
        "Mollie B.V.", "GoCardless Ltd", "PAYPA", "ADYENX", "XPAYPAL", "", "Pay\u{0131}Pal", "PAYPAL ÖSTERREICH", "paypal ß",
    ]

    @Test(arguments: middlemen)
    func middlemanTestOnBytesMatchesUpperCasedText(_ text: String) {
        let upper = text.uppercased()
        #expect(MerchantKey.isMiddleman(text) == (MerchantKey.middlemen.contains { upper.hasPrefix($0) } && !upper.contains("*")))
    }

    // MARK: Charges and the second thread

    @Test(arguments: [0, 1, -1, 154_900, -154_900, Int64(UInt32.max), Int64(UInt32.max) + 1, -Int64(UInt32.max) - 2,
                      Int64.max, Int64.min])
    func chargeKeepsItsAmount(_ amount: Int64) {
        var charge = Charge(day: 20_454, amount: amount, row: 7, line: 8)
        #expect(charge.amount == amount)
        charge.amount = ~amount
        #expect(charge.amount == ~amount)
        #expect(charge.day == 20_454 && charge.row == 7 && charge.line == 8)
    }

    @Test func chargeIsTwentyBytes() {
        #expect(MemoryLayout<Charge>.stride == 20)
    }

    // MARK: Packed charges

    static let chargeRuns: [[Charge]] = [
        [],
        [Charge(day: 20_454, amount: 154_900, row: 1, line: 2)],
        // Newest first, as most banks list them: days go down, rows up.
        (1...50).map { Charge(day: 20_454 - $0 * 3, amount: 154_900, row: $0 * 11, line: $0 * 11 + 1) },
        // Amounts and line offsets that jump, far dates, a zero and the extremes of each field.
        [Charge(day: 0, amount: 0, row: 0, line: 0),
         Charge(day: Int(Int32.max), amount: Int64.max, row: Int(Int32.max), line: Int(Int32.min)),
         Charge(day: Int(Int32.min), amount: Int64.min, row: 1, line: Int(Int32.max)),
         Charge(day: -1, amount: 1, row: 2, line: 40),
         Charge(day: 7, amount: 99_999_999_999, row: 3, line: 41)],
    ]

    @Test(arguments: chargeRuns)
    func packedChargesComeBackAsAppended(_ charges: [Charge]) {
        var log = ChargeLog()
        for charge in charges { log.append(charge) }
        #expect(log.count == charges.count)
        #expect(log.charges == charges)
        #expect(ChargeLog(charges).charges == charges)
    }

    /// Rows read on the second thread, in batches, are the rows of the table read in place: the
    /// same skips, and per transaction the same day, amount, currency, row, line, key fields
    /// and status, with the key's hash.
    @Test func readAheadHandsOnEveryRowInOrder() throws {
        var text = "Statement for account 1234\n\nDate,Description,Amount,Status,Currency\n"
        for n in 1...(ReadAhead.batchSize * 3 + 17) {
            text += n % 97 == 0 ? "\n" : n % 89 == 0 ? "TOTAL,,,,\n"
                : "11/\(n % 28 + 1)/2026,\"SHOP \(n % 50) \"\"NY\"\"\",-\(n % 40).50,\(n % 13 == 0 ? "pending" : ""),\(n % 7 == 0 ? "EUR" : "")\n"
        }
        let inPlace = try table(text)
        var expected: [String] = []
        while let item = inPlace.nextBytes() { expected.append(Self.describe(item)) }
        let ahead = ReadAhead(try table(text))
        var found: [String] = []
        var batches = 0
        while let batch = ahead.nextBatch() {
            batches += 1
            #expect(batch.count <= ReadAhead.batchSize)
            for row in batch.rows { found.append(Self.describe(row, in: batch)) }
        }
        #expect(batches >= 3)
        #expect(found.count == expected.count)
        #expect(found == expected)
        #expect(expected.contains { $0.contains("pending") } && expected.contains { $0.contains("EUR") } && expected.contains { $0.hasPrefix("skip") })
    }

    static func describe(_ item: ByteItem) -> String {
        switch item {
        case .skip(let skip): return "skip \(skip)"
        case .transaction(let t):
            var key: [UInt8] = []
            MerchantCache.appendKey(of: t, to: &key)
            let hash = key.withUnsafeBytes { ByteKeyTable<MerchantCache.Entry>.hash($0) }
            let fields = [t.type, t.payee, t.text, t.reference, t.status].map { String(decoding: t.bytes[$0], as: UTF8.self) }
            return "\(t.date.dayNumber) \(t.amount) \(String(describing: t.currency)) \(t.row) \(t.line) \(fields) \(hash)"
        }
    }

    static func describe(_ row: RowBatch.Row, in batch: RowBatch) -> String {
        if row.skip >= 0 { return "skip \(batch.skips[row.skip])" }
        let fields = batch.bytes.withUnsafeBytes { bytes in
            MerchantCache.fields(of: UnsafeRawBufferPointer(rebasing: bytes[row.key])).map { String(decoding: $0, as: UTF8.self) }
        } + [String(decoding: batch.bytes[row.status], as: UTF8.self)]
        return "\(row.day) \(row.amount) \(String(describing: row.currency)) \(row.row) \(row.line) \(fields) \(row.hash)"
    }
}
