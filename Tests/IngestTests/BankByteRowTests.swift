import Foundation
import Testing
@testable import Ingest

/// The byte paths of the bank import give the answers of the paths they stand in for: records
/// read with the shared tokenizer, numeric dates without an array, descriptors looked up by their
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
        // Text after a closing quote is kept as written; the bank reader trims the spaces.
        .init(text: "\"\"\"a\"\"\" , b\n", records: [(["\"a\" ", " b"], 1)]),
    ]

    /// The records of `bytes` as the table readers read them: probed (encoding, byte order
    /// mark, delimiter), then tokenized, from a file in chunks or from memory.
    static func records(_ chunks: ChunkReader) throws -> [([String], Int)] {
        let probe = try InputProbe(chunks: chunks, hint: nil, guessLegacy: true, file: "s.csv")
        var reader = try RecordReader(chunks: chunks, probe: probe, name: "s.csv", limits: ReadLimits())
        var found: [([String], Int)] = []
        while try reader.advance() {
            let record = reader.tokenizer.record
            found.append(((0..<record.count).map { String(decoding: record.field($0), as: UTF8.self) }, record.line))
        }
        return found
    }

    @Test(arguments: recordCases)
    func recordsAreScannedIntoCells(_ c: RecordCase) throws {
        let found = try Self.records(ChunkReader(data: Data(c.text.utf8)))
        #expect(found.map(\.0) == c.records.map(\.0))
        #expect(found.map(\.1) == c.records.map(\.1))
    }

    /// Records across the boundary of the chunks a file is read in, with doubled quotes and line
    /// breaks inside quotes, come out as from the same bytes held in memory.
    @Test func recordsAcrossChunksMatchRecordsInMemory() throws {
        var text = "Date,Description,Amount\n"
        var n = 0
        while text.utf8.count < ChunkReader.chunkSize * 5 + 5000 {
            n += 1
            text += n % 7 == 0 ? "11/\(n % 28 + 1)/2026,\"SHOP \"\"\(n)\"\"\nSECOND LINE\",-\(n % 90).25\r\n"
                               : "11/\(n % 28 + 1)/2026,STORE \(n) NEW YORK NY,-\(n % 90).99\n"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let streamed = try Self.records(ChunkReader(path: url.path, display: "s.csv"))
        let whole = try Self.records(ChunkReader(data: Data(text.utf8)))
        #expect(streamed.count == n + 1)
        #expect(streamed.map(\.0) == whole.map(\.0))
        #expect(streamed.map(\.1) == whole.map(\.1))
        #expect(streamed.last?.0 == ["11/\(n % 28 + 1)/2026", n % 7 == 0 ? "SHOP \"\(n)\"\nSECOND LINE" : "STORE \(n) NEW YORK NY", n % 7 == 0 ? "-\(n % 90).25" : "-\(n % 90).99"])
    }

    // MARK: Dates

    struct DateCase: Sendable, CustomTestStringConvertible {
        var cell: String
        /// The fast path reads it (else it leaves it to `FastDate.parts`).
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
        let fast = FastDate.numericParts(bytes)
        #expect((fast != nil) == c.numeric)
        if let fast { #expect([fast.0, fast.1, fast.2] == FastDate.parts(bytes)) }
        for order in [DateOrder.monthDayYear, .dayMonthYear, .yearMonthDay, nil] {
            #expect(FastDate.date(bytes, order: order) == FastDate.date(FastDate.parts(bytes), order: order))
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
        let keys = MerchantKey(catalog: .bundled)
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
        let keys = MerchantKey(catalog: .bundled)
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
