import Foundation

/// A row that reads cleanly: what `DraftBuilder.build` would make of it, minus the draft. A
/// draft with no warning or error, every field read with confidence, status pending, a name
/// the catalog knows without a plan, a price in whole minor units of a known currency. A
/// streamed import writes it as it comes, unless it has duplicates still being folded, in
/// which case the row is built as a draft after all.
public struct PlainRow: Sendable {
    /// The brand in `BrandCatalog.shared`: the name written, and the duplicate key.
    public let brand: Int
    /// Where the row's list entry lies in its batch's `json`: the list separator
    /// (`SubscriptionJSONWriter.Pieces.separator`), then what `writeInList` writes of its
    /// subscription.
    public let json: Range<Int>
    /// The price, as the summary adds it: `units` of 10^-`currency.minorDigits`.
    public let units: Int64
    public let currency: Currency
    public let cycle: Cycle
    /// `SummaryAccumulator.packedKey` of the currency and cycle, or 0.
    var summaryKey: UInt64 = 0

    /// `DraftMerger.key` of the row's draft.
    public var key: String { DraftMerger.brandKeys[brand]?.key ?? "" }
    /// `DraftMerger.hash(key)`.
    public var keyHash: UInt64 { DraftMerger.brandKeys[brand]?.hash ?? 0 }
}

/// What a row that may read plainly says that no column format changes: its brand and its
/// price. The first pass of a spooled table (`RowSpool`) finds these, and the second pass
/// reads the rest of the row (`PlainRowBuilder.plain`).
struct PlainFacts: Sendable {
    var brand: Int32
    /// The currency's code packed as in `Currency.byPackedCode`.
    var currency: UInt32
    var units: Int64

    static func pack(_ currency: Currency) -> UInt32 {
        currency.packedCode
    }
}

/// A batch of rows as the plain reader made them, in row order: the plain rows' JSON back to
/// back in one buffer, and the rest as drafts.
public struct PlainBatch: Sendable {
    public enum Made: Sendable {
        case plain(PlainRow)
        /// Boxed: a draft is seven times a plain row's size, and a batch's list of rows is
        /// written on one thread and read on the other, so every element counts.
        indirect case draft(ImportDraft)
    }

    public internal(set) var json: [UInt8] = []
    public internal(set) var rows: [Made] = []

    init() {}

    /// A batch of drafts only.
    init(drafts: [ImportDraft]) {
        rows = drafts.map { .draft($0) }
    }
}

/// Reads plain rows straight from a record's UTF-8 bytes, for a table whose columns are only a
/// name, price, cycle, next renewal, category and notes: the cells that repeat down a column
/// (cycle, date, category texts) are looked up by their bytes, the name is matched by
/// `BrandBytes`, the price read by `FastPrice.read`, and the JSON written from pieces made once
/// (`SubscriptionJSONWriter.Pieces`). Each value comes from the same functions a draft's would,
/// so a row it accepts gives the same subscription; any row it is not sure of is built as a
/// draft.
public final class PlainRowBuilder: Sendable {
    let builder: DraftBuilder
    private let name: Int, price: Int, cycle: Int
    private let renewal: Int?, category: Int?, notes: Int?
    private let columns: Int
    /// The mapped columns.
    private let mapped: [Int]
    /// The currency a bare `$` stands for here, when that is not a guess.
    private let dollar: Currency?
    /// `PlainFacts.pack` of `dollar`, of the context's currency, of the euro and the pound.
    private let dollarPacked: UInt32, contextPacked: UInt32
    private static let eurPacked = PlainFacts.pack(.eur), gbpPacked = PlainFacts.pack(.gbp)
    /// The JSON from the notes to the row number, with the file's name.
    private let filePiece: [UInt8]
    /// One for each thread that may make a batch (`withTables` lends one).
    private let memos = PerThread { PlainMemo() }
    /// Every piece of JSON a row is written with, kind after kind (`piece` says where each
    /// kind starts): brand heads by brand, categories by `ordinal`, units by `Cycle.Unit.rank`.
    private let pieces: PieceArena
    /// Where each kind of piece starts in `pieces` (kept per builder: a static would be
    /// checked for its first use on every row).
    private let piece: (brand: Int, category: Int, file: Int, end: Int, currencyOpen: Int, currencyClose: Int,
                        unit: Int, nextRenewal: Int)
    /// The most bytes a row's JSON takes besides its notes (`jsonBound`): the longest piece of
    /// each kind, and room for the amount (21), the code (3), the interval and row number (20
    /// each), a date (64) and quotes or `null`s.
    private let longestRow: Int
    /// Whether a batch's JSON is written straight into its array (see `init(_:direct:)`).
    private let direct: Bool

    /// The fields a plain table may map; any other makes rows that need the full builder.
    static let fields: Set<Field> = [.name, .price, .cycle, .nextRenewal, .category, .notes]

    /// Each catalog brand's list entry up to its amount (`SubscriptionJSONWriter.Pieces.head`).
    static let brandHeads = BrandCatalog.shared.brands.map { SubscriptionJSONWriter.Pieces.head(name: $0.name) }
    /// Each category's piece, by its place in `Category.allCases` (`ordinal`): a category is
    /// looked up by number, not hashed by its name, per row.
    static let categoryPieces: [[UInt8]] = Category.allCases.map { SubscriptionJSONWriter.Pieces.category($0) }
    /// Each catalog brand's category, by place in `Category.allCases`.
    static let brandCategories: [Int] = BrandCatalog.shared.brands.map { ordinal($0.category) }

    static func ordinal(_ category: Category) -> Int {
        Category.allCases.firstIndex(of: category) ?? 0
    }

    /// Nil when the table maps a field rows are not read plainly with (status, currency,
    /// start date, a split cycle …), has no cycle column, stores minor units or does not match
    /// brands.
    public convenience init?(_ builder: DraftBuilder) {
        self.init(builder, direct: true)
    }

    /// `direct` false: a batch's JSON is always written in scratch memory and copied, the way
    /// taken when a row's JSON would not fit the room `jsonBound` makes (for tests).
    init?(_ builder: DraftBuilder, direct: Bool) {
        self.direct = direct
        let mapping = builder.mapping
        guard builder.matchesBrands, !builder.storesMinorUnits,
              Set(mapping.choices.keys).isSubset(of: Self.fields),
              let name = mapping[.name], let price = mapping[.price], let cycle = mapping[.cycle] else { return nil }
        self.builder = builder
        self.name = name
        self.price = price
        self.cycle = cycle
        renewal = mapping[.nextRenewal]
        category = mapping[.category]
        notes = mapping[.notes]
        columns = mapping.header.count
        mapped = [name, price, cycle, renewal, category, notes].compactMap { $0 }
        let (dollar, guess) = FastPrice.currency(.dollar, context: builder.context)
        self.dollar = guess == nil ? dollar : nil
        dollarPacked = self.dollar.map(PlainFacts.pack) ?? 0
        contextPacked = builder.context.currency.map(PlainFacts.pack) ?? 0
        filePiece = builder.part == nil ? SubscriptionJSONWriter.Pieces.file(builder.file) : []
        typealias Pieces = SubscriptionJSONWriter.Pieces
        let units: [Cycle.Unit] = [.day, .week, .month, .year]
        precondition(units.map(\.rank) == Array(0..<4), "units in rank order")
        let kinds: [[[UInt8]]] = [Self.brandHeads, Self.categoryPieces, [filePiece], [Pieces.end], [Pieces.currencyOpen],
                                  [Pieces.currencyClose], units.map(Pieces.unit), [Pieces.nextRenewal]]
        pieces = PieceArena(kinds.flatMap { $0 })
        let starts = kinds.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        piece = (starts[0], starts[1], starts[2], starts[3], starts[4], starts[5], starts[6], starts[7])
        longestRow = kinds.reduce(0) { $0 + ($1.map(\.count).max() ?? 0) } + 21 + 3 + 20 + 20 + 64 + 16
    }

    /// The rows of `items` as plain rows where they read cleanly, else as drafts.
    public func batch(_ items: [TableItem]) -> PlainBatch {
        batch(RecordBatch(items), brands: nil)
    }

    /// The rows of `rows` as plain rows where they read cleanly, else as drafts. `brands[i]` is
    /// row `i`'s catalog brand (`-1`: none, a draft) when the first pass found it (a spooled
    /// table); nil: found here.
    func batch(_ rows: RecordBatch, brands: [Int32]?) -> PlainBatch {
        var batch = PlainBatch()
        batch.rows.reserveCapacity(rows.count)
        rows.withRecords { records in
            withTables { tables, scratch in
                /// Each row as a plain row, its JSON written to `json`, or as a draft.
                func make(into json: inout some ByteOutput) {
                    for i in 0..<records.count {
                        let record = records[i]
                        let facts: PlainFacts?
                        if record.decoded {
                            facts = nil
                        } else if let brands {
                            facts = brands[i] < 0 ? nil : self.facts(record, brand: Int(brands[i]))
                        } else {
                            facts = self.facts(record)
                        }
                        if let facts, let made = plain(record, facts: facts, tables: &tables, into: &json) {
                            batch.rows.append(.plain(made))
                        } else {
                            batch.rows.append(.draft(builder.build(record.item.sourceRow)))
                        }
                    }
                }
                // Written straight into the batch's array, made as large as the rows' JSON can
                // be; should a row's be larger after all, the batch is made again in scratch
                // memory and copied.
                var overflowed = !direct
                if direct {
                    batch.json = [UInt8](unsafeUninitializedCapacity: jsonBound(records)) { memory, count in
                        var json = BoundedBytes(memory)
                        make(into: &json)
                        overflowed = json.overflowed
                        count = overflowed ? 0 : json.count
                    }
                }
                if overflowed {
                    batch.rows.removeAll(keepingCapacity: true)
                    scratch.removeAll()
                    make(into: &scratch)
                    batch.json = Array(scratch.bytes)
                }
            }
        }
        return batch
    }

    /// The tables of a memo no other thread holds.
    private func withTables<R>(_ body: (inout PlainMemo.Tables, inout ScratchBytes) -> R) -> R {
        memos.with { memo in body(&memo.tables, &memo.scratch) }
    }

    /// The most bytes `plain` can write for these rows: every piece at its longest, numbers at
    /// their widest, each notes byte escaped as `\u00XX`.
    private func jsonBound(_ records: RecordBatch.Records) -> Int {
        var bound = records.count * longestRow
        if let notes {
            for i in 0..<records.count where notes < records[i].count { bound += 6 * records[i].field(notes).count }
        }
        return bound
    }

    /// The plain row `record` (data row `row`) stands for, with its JSON, or nil when it needs
    /// a draft.
    func plain(_ record: CSVRecord, row: Int) -> (PlainRow, json: [UInt8])? {
        record.withView(row: row) { record in
            guard let facts = facts(record) else { return nil }
            return withTables { tables, _ in
                var json: [UInt8] = []
                return plain(record, facts: facts, tables: &tables, into: &json).map { ($0, json) }
            }
        }
    }

    /// The brand and price of a row that may read plainly: its cells need no cleaning, its
    /// name is a catalog brand without a plan, its price is what `DraftBuilder.price` reads
    /// without a note, a guess or a warning, in whole minor units. Nil for any other row.
    func facts(_ record: RecordView, brand known: Int? = nil) -> PlainFacts? {
        guard !record.decoded, record.count == columns, !filePiece.isEmpty else { return nil }
        for column in mapped {
            // Cells with spaces around them or a Notion link are cleaned by the full builder.
            let cell = record.field(column)
            guard let first = cell.first, let last = cell.last else { continue }
            if first <= 0x20 || last <= 0x20 || Self.holdsLink(cell) { return nil }
        }
        guard let brand = known ?? Self.catalogBrand(record.field(name)), DraftMerger.brandKeyHashes[brand] != nil else { return nil }
        guard let reading = FastPrice.read(record.field(price)), !reading.negative else { return nil }
        let currency: Currency?, packed: UInt32
        switch reading.sign {
        case .none: (currency, packed) = (builder.context.currency, contextPacked)
        case .euro: (currency, packed) = (.eur, Self.eurPacked)
        case .pound: (currency, packed) = (.gbp, Self.gbpPacked)
        case .code(let code, let codePacked): (currency, packed) = (code, codePacked)
        case .dollar: (currency, packed) = (dollar, dollarPacked)
        }
        guard let currency, let units = Self.units(reading, digits: currency.minorDigits) else { return nil }
        return PlainFacts(brand: Int32(brand), currency: packed, units: units)
    }

    /// The rest of the row whose `facts` were found: cycle, next renewal and category, then
    /// its JSON appended to `json`, which is left as it was when the row needs a draft.
    private func plain(_ record: RecordView, facts: PlainFacts, tables: inout PlainMemo.Tables,
                       into json: inout some ByteOutput) -> PlainRow? {
        let brand = Int(facts.brand), units = facts.units, row = record.row
        guard let currency = tables.currency(facts.currency) else { return nil }

        guard let cycleValue = tables.cycle(record.field(cycle), { text in
            guard !text.isEmpty, let value = try? builder.parseCycle(text) else { return nil }
            return value
        }) else { return nil }

        var nextRenewal: CalendarDate?
        if let renewal, !record.field(renewal).isEmpty {
            // Each distinct text is read once; only then is the row's place needed (for issues).
            guard let date = tables.date(record.field(renewal), { text in
                let provenance = Provenance(file: builder.file, row: row, line: record.line, part: builder.part)
                let field = builder.date(text, column: renewal + 1, at: provenance)
                return Self.isClean(field) ? field.value : nil
            }) else { return nil }
            nextRenewal = date < builder.context.today ? DraftBuilder.rolled(date, by: cycleValue, to: builder.context.today).0 : date
        }

        var categoryValue = Self.brandCategories[brand]
        if let category, !record.field(category).isEmpty {
            // A category word the table's own words do not know is read with low confidence.
            guard let known = tables.category(record.field(category), { text in
                CategoryWords.category(for: CellCleaner.firstOfMultiSelect(text)).map(Self.ordinal)
            }) else { return nil }
            categoryValue = known
        }

        // The separator and the entry, as `SubscriptionJSONWriter.writeInList` writes it.
        let start = json.count
        json.append(bytes: pieces[piece.brand + brand])
        json.append(UInt8(ascii: "\""))
        DecimalText.appendUnits(units, digits: currency.minorDigits, to: &json)
        json.append(UInt8(ascii: "\""))
        // The code's three letters, from their packing (`PlainFacts.pack`).
        json.append(bytes: pieces[piece.currencyOpen])
        json.append(UInt8(truncatingIfNeeded: facts.currency >> 16))
        json.append(UInt8(truncatingIfNeeded: facts.currency >> 8))
        json.append(UInt8(truncatingIfNeeded: facts.currency))
        json.append(bytes: pieces[piece.currencyClose])
        json.append(bytes: pieces[piece.unit + cycleValue.unit.rank])
        JSONBytes.integer(cycleValue.interval, to: &json)
        json.append(bytes: pieces[piece.nextRenewal])
        if let nextRenewal { JSONBytes.date(nextRenewal, to: &json) } else { JSONBytes.null(&json) }
        json.append(bytes: pieces[piece.category + categoryValue])
        if let notes, !record.field(notes).isEmpty {
            JSONBytes.string(record.field(notes), to: &json)
        } else {
            JSONBytes.null(&json)
        }
        json.append(bytes: pieces[piece.file])
        JSONBytes.integer(row, to: &json)
        json.append(bytes: pieces[piece.end])
        return PlainRow(brand: brand, json: start..<json.count, units: units, currency: currency, cycle: cycleValue,
                        summaryKey: SummaryAccumulator.packedKey(code: facts.currency, cycle: cycleValue) ?? 0)
    }

    /// The amount of `reading` in minor units of a currency with `digits` of them, when it is
    /// a whole number of them that fits; as `DecimalText.minorUnits` reads the same amount.
    static func units(_ reading: FastPrice.Reading, digits: Int) -> Int64? {
        guard (0...6).contains(digits), reading.fraction <= digits else { return nil }
        var units = reading.mantissa
        for _ in reading.fraction..<digits {
            let (scaled, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            units = scaled
        }
        return units <= UInt64(Int64.max) ? Int64(units) : nil
    }

    /// A field a confident draft may carry: a value, confidence at the policy's threshold or
    /// above, no warning or error, nothing guessed.
    static func isClean<V>(_ field: DraftField<V>) -> Bool {
        field.value != nil && field.confidence >= AcceptPolicy.confidenceThreshold
            && !field.issues.contains { $0.severity >= .warning || AcceptPolicy.guessCodes.contains($0.code) }
    }

    /// The catalog brand a name cell names without a plan, when the cell needs no cleaning
    /// (no spaces around it, no Notion link): what `DraftBuilder` would read from it.
    static func catalogBrand(_ cell: UnsafeBufferPointer<UInt8>) -> Int? {
        var memo: BrandBytes.Memo?
        return catalogBrand(cell, memo: &memo)
    }

    /// `catalogBrand(cell)`, with answers remembered in `memo` when there is one.
    static func catalogBrand(_ cell: UnsafeBufferPointer<UInt8>, memo: inout BrandBytes.Memo?) -> Int? {
        guard let first = cell.first, let last = cell.last, first > 0x20, last > 0x20, !holdsLink(cell) else { return nil }
        let answer = memo == nil ? BrandCatalog.shared.bytes.match(cell) : BrandCatalog.shared.bytes.match(cell, memo: &memo!)
        guard case .brand(let brand) = answer else { return nil }
        return brand
    }

    /// Whether the cell holds ` (https://`, which starts a Notion link `CellCleaner` cuts.
    /// Each `(` is found with `memchr`.
    static func holdsLink(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        let pattern: StaticString = " (https://"
        guard cell.count >= pattern.utf8CodeUnitCount else { return false }
        return pattern.withUTF8Buffer { pattern in
            guard let base = cell.baseAddress else { return false }
            var i = 1
            while i < cell.count, let found = memchr(base + i, 0x28, cell.count - i) {
                let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if cell.count - (open - 1) >= pattern.count, memcmp(base + open - 1, pattern.baseAddress!, pattern.count) == 0 {
                    return true
                }
                i = open + 1
            }
            return false
        }
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// What the plain reader learnt of each distinct cell text of a table, by its bytes: the cycle,
/// date and category columns hold few distinct texts. A text that did not read cleanly is
/// remembered as such. Bounded: a full table starts over. Held by one batch at a time (the
/// builder keeps one for each thread that may make a batch, `PerThread`); what it remembers
/// depends only on the text, so which one a batch takes changes nothing in what is made.
final class PlainMemo {
    struct Tables {
        private var cycles = ByteKeyTable<Cycle?>(capacity: PlainMemo.capacity)
        private var dates = ByteKeyTable<CalendarDate?>(capacity: PlainMemo.capacity)
        /// Categories by `PlainRowBuilder.ordinal`.
        private var categories = ByteKeyTable<Int?>(capacity: PlainMemo.capacity)
        /// The currencies seen, and apart from them their packed codes (`PlainFacts.pack`),
        /// which are what is searched: a handful.
        private var currencies: [Currency] = []
        private var packedCodes: [UInt32] = []

        mutating func cycle(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (String) -> Cycle?) -> Cycle? {
            Self.lookUp(&cycles, bytes, read)
        }

        mutating func date(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (String) -> CalendarDate?) -> CalendarDate? {
            Self.lookUp(&dates, bytes, read)
        }

        mutating func category(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (String) -> Int?) -> Int? {
            Self.lookUp(&categories, bytes, read)
        }

        mutating func currency(_ packed: UInt32) -> Currency? {
            if let i = packedCodes.firstIndex(of: packed) { return currencies[i] }
            guard let currency = Currency.byPackedCode(packed) else { return nil }
            if currencies.count < PlainMemo.capacity {
                currencies.append(currency)
                packedCodes.append(packed)
            }
            return currency
        }

        private static func lookUp<V>(_ table: inout ByteKeyTable<V?>, _ bytes: UnsafeBufferPointer<UInt8>, _ read: (String) -> V?) -> V? {
            table.value(for: UnsafeRawBufferPointer(bytes)) { read(PlainRowBuilder.text(bytes)) }
        }
    }

    var tables = Tables()
    /// Where a batch's JSON is written before it is copied into the batch: memory kept from
    /// one batch to the next.
    var scratch = ScratchBytes(capacity: 1 << 18)

    static let capacity = 4096

    deinit { scratch.free() }
}

/// Pieces of bytes made once and kept back to back in memory that never moves, lent as
/// pointers: writing one counts no reference.
final class PieceArena: @unchecked Sendable {
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Piece `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let starts: UnsafeMutableBufferPointer<Int>

    init(_ pieces: [[UInt8]]) {
        bytes = .allocate(capacity: max(pieces.reduce(0) { $0 + $1.count }, 1))
        starts = .allocate(capacity: pieces.count + 1)
        var at = 0
        for (i, piece) in pieces.enumerated() {
            starts[i] = at
            _ = UnsafeMutableBufferPointer(rebasing: bytes[at..<(at + piece.count)]).initialize(from: piece)
            at += piece.count
        }
        starts[pieces.count] = at
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
    }

    @inline(__always)
    subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.baseAddress! + starts[i], count: starts[i + 1] - starts[i])
    }
}
