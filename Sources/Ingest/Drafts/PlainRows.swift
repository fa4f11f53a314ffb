import Foundation

/// A row that reads cleanly: the subscription `DraftBuilder.build` would make of it, without
/// the draft. A draft with no warning or error, every field read with confidence, status
/// pending, a name the catalog knows without a plan or an ASCII name it does not know at all,
/// a price in whole minor units of a known currency. A streamed import writes it as it comes,
/// unless it has duplicates still being folded, in which case the row is built as a draft after all.
package struct PlainRow: Sendable {
    /// The brand, by its place in the import's catalog, whose key is the row's duplicate key
    /// (`BrandCatalog.brandKeys`); -1 for a name the catalog does not know.
    package let brand: Int
    /// The hash of the duplicate key (`DraftMerger.hash`) of a name the catalog does not know;
    /// 0 for a brand's row.
    package let nameKey: UInt64
    /// Nil when the import's sink takes list entries (`SubscriptionSink.takesEntries`): its
    /// JSON and `charge` are all it needs, and a subscription kept per row would be copied
    /// from the thread that made it to the one that writes it.
    package let subscription: Subscription?
    /// What the summary totals of it (`SummaryAccumulator.add(_:)`).
    package let charge: Charge
    /// Where its list entry lies in its batch's `json` (empty for a row made alone).
    let json: Range<Int>

    /// A plain row's price and cycle; it is always charging (it has no status).
    package struct Charge: Sendable {
        package let currency: Currency
        package let cycle: Cycle
        /// The amount in minor units of `currency`.
        package let units: Int64
    }

    init(brand: Int, nameKey: UInt64, subscription: Subscription?, charge: Charge, json: Range<Int> = 0..<0) {
        self.brand = brand
        self.nameKey = nameKey
        self.subscription = subscription
        self.charge = charge
        self.json = json
    }
}

/// What a row that may read plainly says that no column format changes: its brand and its
/// price. The first pass of a spooled table (`RowSpool`) finds the brands, and the second pass
/// reads the rest of the row (`PlainRowBuilder.plain`).
struct PlainFacts: Sendable {
    /// -1 for a name the catalog does not know (`PlainRow.brand`).
    var brand: Int32
    /// `PlainRow.nameKey`.
    var nameKey: UInt64
    /// The currency's code packed as in `Currency.byPackedCode`.
    var currency: UInt32
    var units: Int64

    static func pack(_ currency: Currency) -> UInt32 {
        currency.packedCode
    }

    /// A row's brand as the first pass spools it (`DraftBuilder.nameAnswer`): the brand,
    /// `noBrand` for a name the catalog does not know, or `leftToDraft`.
    static func spooled(_ answer: BrandBytes.Answer) -> Int32 {
        switch answer {
        case .brand(let brand): Int32(brand)
        case .none: noBrand
        case .unsure: leftToDraft
        }
    }

    /// The answer `spooled` stands for.
    static func answer(spooled: Int32) -> BrandBytes.Answer {
        switch spooled {
        case noBrand: .none
        case leftToDraft: .unsure
        default: .brand(Int(spooled))
        }
    }

    static let noBrand: Int32 = -2
    /// A row the full builder reads (a plan, a name not in ASCII, a cell that needs cleaning).
    static let leftToDraft: Int32 = -1
}

/// A batch of rows as the plain reader made them, in row order: plain rows where they read
/// cleanly (with their JSON), the rest as drafts.
package struct PlainBatch: Sendable {
    package enum Made: Sendable {
        /// The row is `plain[i]`. Held apart, so that handing rows on copies no subscription.
        case plain(Int)
        /// Boxed: a batch's list of rows is written on one thread and read on the other, so
        /// every element's size counts.
        indirect case draft(ImportDraft)
    }

    package internal(set) var rows: [Made] = []
    /// The rows that read cleanly, in row order.
    package internal(set) var plain: [PlainRow] = []
    /// The plain rows' list entries back to back, as `SubscriptionJSONWriter.writeInList` writes
    /// them: written on the thread that made the batch, so the output only copies them.
    package internal(set) var json: [UInt8] = []

    init() {}

    /// A batch of drafts only.
    init(drafts: [ImportDraft]) {
        rows = drafts.map { .draft($0) }
    }
}

/// Reads plain rows straight from a record's UTF-8 bytes, for a table whose columns are only a
/// name, price, cycle, next renewal, category and notes: the cells that repeat down a column
/// (cycle, date, category texts) are looked up by their bytes, the name is matched by
/// `BrandBytes` and the price read by `FastPrice.read`. Each value comes from the same
/// functions a draft's would, so a row it accepts gives the same subscription; any row it is
/// not sure of is built as a draft.
package final class PlainRowBuilder: Sendable {
    let builder: DraftBuilder
    private let name: Int, price: Int, cycle: Int
    private let renewal: Int?, category: Int?, notes: Int?
    private let columns: Int
    /// The mapped columns.
    private let mapped: [Int]
    /// The currency a bare `$` stands for here, when that is not a guess.
    private let dollar: Currency?
    /// The currency `£` stands for here: GBP, or the locale's own pound (FKP in `en_FK`).
    private let pound: Currency
    /// `PlainFacts.pack` of `dollar`, of the context's currency, of the euro and of `pound`.
    private let dollarPacked: UInt32, contextPacked: UInt32, poundPacked: UInt32
    private static let eurPacked = PlainFacts.pack(.eur)
    /// One for each thread that may make a batch (`PerThread`).
    private let memos = PerThread { PlainMemo() }
    /// Batches' JSON buffers the output is done with (`recycle`), for the next batches.
    private let buffers = BufferPool()
    /// Whether a batch's plain rows keep their subscriptions (`PlainRow.subscription`).
    private let keepsSubscriptions: Bool
    /// The builder's catalog, and its brands' key hashes and categories (`Self.ordinal`),
    /// taken once: they are read per row.
    private let catalog: BrandCatalog
    private let brandKeyHashes: [UInt64?]
    private let brandCategories: [Int]
    /// Key hashes whose rows are made drafts (`PlainSink.folded`); nil or empty: none.
    private let folded: KeyHashes?

    /// The fields a plain table may map; any other makes rows that need the full builder.
    static let fields: Set<Field> = [.name, .price, .cycle, .nextRenewal, .category, .notes]

    static func ordinal(_ category: Category) -> Int {
        Category.allCases.firstIndex(of: category) ?? 0
    }

    /// Nil when the table maps a field rows are not read plainly with (status, currency,
    /// start date, a split cycle …), has no cycle column, stores minor units, does not match
    /// brands or is a part of its file (a sheet tab or ZIP member). `keepingSubscriptions`
    /// false: a batch's rows are their JSON and charges only. Rows whose duplicate key hash
    /// is in `folded` are made drafts.
    package init?(_ builder: DraftBuilder, keepingSubscriptions: Bool = true, folded: KeyHashes? = nil) {
        let mapping = builder.mapping
        guard builder.matchesBrands, !builder.storesMinorUnits, builder.part == nil, !builder.formats.outflowsNegative,
              Set(mapping.choices.keys).isSubset(of: Self.fields),
              let name = mapping[.name], let price = mapping[.price], let cycle = mapping[.cycle] else { return nil }
        self.builder = builder
        self.keepsSubscriptions = keepingSubscriptions
        self.name = name
        self.price = price
        self.cycle = cycle
        renewal = mapping[.nextRenewal]
        category = mapping[.category]
        notes = mapping[.notes]
        columns = mapping.header.count
        mapped = [name, price, cycle, renewal, category, notes].compactMap { $0 }
        let locale = builder.context.locale.flatMap(LocaleData.named)
        let (dollar, guess) = FastPrice.currency(.dollar, context: builder.context, locale: locale)
        pound = FastPrice.currency(.pound, context: builder.context, locale: locale).0 ?? .gbp
        poundPacked = PlainFacts.pack(pound)
        self.dollar = guess == nil ? dollar : nil
        dollarPacked = self.dollar.map(PlainFacts.pack) ?? 0
        contextPacked = builder.context.currency.map(PlainFacts.pack) ?? 0
        catalog = builder.catalog
        brandKeyHashes = catalog.brandKeyHashes
        brandCategories = catalog.categoryOrdinals
        self.folded = folded?.count == 0 ? nil : folded
    }

    /// The rows of `items` as plain rows where they read cleanly, else as drafts.
    package func batch(_ items: [TableItem]) -> PlainBatch {
        batch(RecordBatch(items), brands: nil)
    }

    /// The rows of `rows` as plain rows where they read cleanly, else as drafts. `brands[i]` is
    /// row `i`'s catalog brand as the first pass found it (`PlainFacts.spooled`) when it did (a
    /// spooled table); nil: found here.
    func batch(_ rows: RecordBatch, brands: [Int32]?) -> PlainBatch {
        var batch = PlainBatch()
        batch.rows.reserveCapacity(rows.count)
        // Most rows of a clean table are plain: their array grown row by row was copied whole each time.
        batch.plain.reserveCapacity(rows.count)
        batch.json = buffers.take()
        rows.withRecords { records in
            memos.with { memo in
                // Each plain row's subscription, put together here member by member (`subscription(_:facts:tables:into:)`).
                var subscription = PlainMemo.blank
                for i in 0..<records.count {
                    let record = records[i]
                    let facts: PlainFacts?
                    if record.decoded {
                        facts = nil
                    } else if let brands {
                        facts = self.facts(record, brand: PlainFacts.answer(spooled: brands[i]))
                    } else {
                        facts = self.facts(record)
                    }
                    if let facts, !isFolded(facts),
                       let charge = self.subscription(record, facts: facts, tables: &memo.tables, into: &subscription) {
                        let start = batch.json.count
                        SubscriptionJSONWriter.writeInList(subscription, to: &batch.json, scratch: &memo.scratch,
                                                            serviceMember: memo.serviceMember(brand: Int(facts.brand), catalog.services))
                        batch.rows.append(.plain(batch.plain.count))
                        batch.plain.append(PlainRow(brand: Int(facts.brand), nameKey: facts.nameKey, subscription: keepsSubscriptions ? subscription : nil,
                                                    charge: charge, json: start..<batch.json.count))
                    } else {
                        batch.rows.append(.draft(builder.build(record.item.sourceRow)))
                    }
                }
            }
        }
        return batch
    }

    /// Whether a row of these facts has its duplicates folded, so it comes as a draft.
    private func isFolded(_ facts: PlainFacts) -> Bool {
        guard let folded else { return false }
        let hash = facts.brand >= 0 ? brandKeyHashes[Int(facts.brand)] : facts.nameKey
        return hash.map(folded.contains) ?? false
    }

    /// Gives `batch`'s JSON buffer back once its entries were copied to the output: the next
    /// batch writes into it instead of asking the system for fresh pages (a buffer of a
    /// batch's size, made anew each time, cost a tenth of the million-row import in page faults).
    package func recycle(_ batch: PlainBatch) {
        buffers.give(batch.json)
    }

    /// The plain row `record` (data row `row`) stands for, or nil when it needs a draft.
    func plain(_ record: CSVRecord, row: Int) -> PlainRow? {
        record.withView(row: row) { record in
            guard let facts = facts(record) else { return nil }
            return memos.with { memo in
                var subscription = PlainMemo.blank
                return self.subscription(record, facts: facts, tables: &memo.tables, into: &subscription).map {
                    PlainRow(brand: Int(facts.brand), nameKey: facts.nameKey, subscription: subscription, charge: $0)
                }
            }
        }
    }

    /// The brand and price of a row that may read plainly: its cells need no cleaning, its
    /// name is a catalog brand without a plan or an ASCII name of no brand, its price is what
    /// `DraftBuilder.price` reads without a note, a guess or a warning, in whole minor units.
    /// Nil for any other row. `known`: the name's `DraftBuilder.catalogAnswer`, when found.
    func facts(_ record: RecordView, brand known: BrandBytes.Answer? = nil) -> PlainFacts? {
        guard !record.decoded, record.count == columns, known != .unsure else { return nil }
        for column in mapped {
            // Cells with spaces around them or a Notion link are cleaned by the full builder.
            let cell = record.field(column)
            guard let first = cell.first, let last = cell.last else { continue }
            if first <= 0x20 || last <= 0x20 || DraftBuilder.holdsLink(cell) { return nil }
        }
        // A name with runs of white space inside is written with them made one space, by the builder.
        let nameCell = record.field(name)
        guard !Self.hasInnerSpaceRun(nameCell) else { return nil }
        var memo: BrandBytes.Memo?
        let brand: Int32, nameKey: UInt64
        switch known ?? builder.catalogAnswer(nameCell, memo: &memo) {
        case .brand(let found):
            guard brandKeyHashes[found] != nil else { return nil }
            (brand, nameKey) = (Int32(found), 0)
        case .none:
            // The draft's key is the name folded (`DraftMerger.key`); a name of no word has none.
            guard let hash = catalog.bytes.nameKeyHash(nameCell) else { return nil }
            (brand, nameKey) = (-1, hash)
        case .unsure:
            return nil
        }
        guard let reading = FastPrice.read(record.field(price)), !reading.negative else { return nil }
        let currency: Currency?, packed: UInt32
        switch reading.sign {
        case .none: (currency, packed) = (builder.context.currency, contextPacked)
        case .euro: (currency, packed) = (.eur, Self.eurPacked)
        case .pound: (currency, packed) = (pound, poundPacked)
        case .code(let code, let codePacked): (currency, packed) = (code, codePacked)
        case .dollar: (currency, packed) = (dollar, dollarPacked)
        }
        guard let currency, let units = Self.units(reading, digits: currency.minorDigits) else { return nil }
        return PlainFacts(brand: brand, nameKey: nameKey, currency: packed, units: units)
    }

    /// The rest of the row whose `facts` were found: cycle, next renewal, category and notes,
    /// as its subscription, put member by member in `subscription` (reused row after row: a
    /// subscription made anew and returned was built aside and copied, each of its strings
    /// counted twice), and its charge; nil when the row needs a draft, and then `subscription`
    /// is left as it was.
    private func subscription(_ record: RecordView, facts: PlainFacts, tables: inout PlainMemo.Tables,
                              into subscription: inout Subscription) -> PlainRow.Charge? {
        let brand = Int(facts.brand), row = record.row
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

        var categoryValue = brand >= 0 ? brandCategories[brand] : nil
        var categoryText: String?
        if let category, !record.field(category).isEmpty {
            // A category word the table's own words do not know is read with low confidence.
            guard let known = tables.category(record.field(category), { text in
                CategoryWords.category(for: CellCleaner.firstOfMultiSelect(text)).map {
                    PlainMemo.CategoryReading(ordinal: Self.ordinal($0), written: text.lowercased() == $0.rawValue ? nil : text)
                }
            }) else { return nil }
            categoryValue = known.ordinal
            categoryText = known.written
        }

        var notesValue: String?
        if let notes, !record.field(notes).isEmpty { notesValue = Self.text(record.field(notes)) }
        let amount = Decimal(sign: .plus, exponent: -currency.minorDigits, significand: Decimal(facts.units))
        let nameText = Self.text(record.field(name))
        // A name of no brand and no category cell: the category its words name, if any
        // ("Car insurance"), as `DraftBuilder.build` reads it.
        let categoryFound = categoryValue.map { Category.allCases[$0] } ?? CategoryWords.category(for: nameText)
        // Only the members a plain row sets; the others stay as `PlainMemo.blank` has them.
        subscription.name = nameText
        subscription.price = Price(amount: amount, currency: currency)
        subscription.cycle = cycleValue
        subscription.nextRenewal = nextRenewal
        subscription.category = categoryFound
        subscription.notes = notesValue
        subscription.source = Provenance(file: builder.file, row: row, line: record.line, part: nil)
        subscription.categoryText = categoryText
        subscription.service = brand >= 0 ? catalog.services[brand] : nil
        return PlainRow.Charge(currency: currency, cycle: cycleValue, units: facts.units)
    }

    /// Whether the cell holds a control byte or two spaces in a row (`DraftBuilder.writtenName` changes it).
    static func hasInnerSpaceRun(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousSpace = false
        for byte in cell {
            if byte < 0x20 { return true }
            let space = byte == 0x20
            if space, previousSpace { return true }
            previousSpace = space
        }
        return false
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
    /// A category cell read: the category by `PlainRowBuilder.ordinal`, and the text as written
    /// when it is not the category's own word (the output's `categoryText`).
    struct CategoryReading {
        let ordinal: Int
        let written: String?
    }

    // One batch at a time holds a memo (`PerThread` locks it), so its members are not checked
    // for overlapping access at run time, which cost two checks a row.
    /// Where `SubscriptionJSONWriter.writeInList` puts a list entry together.
    @exclusivity(unchecked) var scratch: [UInt8] = []
    /// Each catalog brand's `service` member once written (`SubscriptionJSONWriter.serviceMember`), by brand.
    @exclusivity(unchecked) private var serviceMembers: [[UInt8]?] = []

    func serviceMember(brand: Int, _ services: [Subscription.Service]) -> [UInt8]? {
        guard services.indices.contains(brand) else { return nil }
        if serviceMembers.isEmpty { serviceMembers = Array(repeating: nil, count: services.count) }
        if let bytes = serviceMembers[brand] { return bytes }
        let bytes = SubscriptionJSONWriter.serviceMember(services[brand])
        serviceMembers[brand] = bytes
        return bytes
    }
    struct Tables {
        private var cycles = ByteKeyTable<Cycle?>(capacity: PlainMemo.capacity)
        private var dates = ByteKeyTable<CalendarDate?>(capacity: PlainMemo.capacity)
        private var categories = ByteKeyTable<CategoryReading?>(capacity: PlainMemo.capacity)
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

        mutating func category(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (String) -> CategoryReading?) -> CategoryReading? {
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

    @exclusivity(unchecked) var tables = Tables()
    /// Where a plain row's subscription is put together (`PlainRowBuilder.subscription`): a
    /// plain row never sets the members left empty here.
    static let blank = Subscription(name: "", price: nil, cycle: nil, nextRenewal: nil, category: nil, notes: nil,
                                    source: Provenance(file: ""))

    static let capacity = 4096
}

/// Byte buffers kept for reuse, a few at most. A buffer is emptied when taken, not when given:
/// by then whoever gave it has let go of it, so its memory is reused rather than copied.
final class BufferPool: @unchecked Sendable {
    private let lock = SpinningLock()
    private var buffers: [[UInt8]] = []
    private static let kept = 8

    func take() -> [UInt8] {
        var buffer = lock.withLock { buffers.popLast() } ?? []
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }

    func give(_ buffer: [UInt8]) {
        guard buffer.capacity > 0 else { return }
        lock.withLock { if buffers.count < Self.kept { buffers.append(buffer) } }
    }
}
