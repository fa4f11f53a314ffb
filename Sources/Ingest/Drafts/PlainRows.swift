import Foundation

/// A row that reads cleanly: the subscription it stands for once accepted, and its duplicate
/// key. It is what `DraftBuilder.build` would make of the row, minus the draft: a draft with
/// no warning or error, every field read with confidence, status pending, a name the catalog
/// knows without a plan. A streamed import writes it as it comes, unless it has duplicates
/// still being folded, in which case the row is built as a draft after all.
public struct PlainRow: Sendable {
    public var subscription: Subscription
    /// The subscription as the streamed output writes it (`CanonicalStreamWriter.render`),
    /// made on the thread that builds rows.
    public var json: [UInt8]
    /// `DraftMerger.key` of the draft, and its hash.
    public var key: String
    public var keyHash: UInt64
}

/// Reads plain rows straight from a record's UTF-8 bytes, for a table whose columns are only a
/// name, price, cycle, next renewal, category and notes: the cells that repeat down a column
/// (cycle, date, category texts) are looked up by their bytes, the name is matched by
/// `BrandBytes`. Each value comes from the same `DraftBuilder` functions a draft's would, so a
/// row it accepts gives the same subscription; any row it is not sure of gives nil and is
/// built as a draft.
public final class PlainRowBuilder: Sendable {
    let builder: DraftBuilder
    private let name: Int, price: Int, cycle: Int
    private let renewal: Int?, category: Int?, notes: Int?
    private let columns: Int
    /// The mapped columns.
    private let mapped: [Int]
    private let memo = PlainMemo()

    /// The fields a plain table may map; any other makes rows that need the full builder.
    static let fields: Set<Field> = [.name, .price, .cycle, .nextRenewal, .category, .notes]

    /// Nil when the table maps a field rows are not read plainly with (status, currency,
    /// start date, a split cycle …), has no cycle column, stores minor units or does not match
    /// brands.
    public init?(_ builder: DraftBuilder) {
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
    }

    /// The plain row `record` (data row `row`) stands for, or nil when it needs a draft.
    public func plain(_ record: CSVRecord, row: Int) -> PlainRow? {
        guard record.count == columns else { return nil }
        for column in mapped {
            // Cells with spaces around them or a Notion link are cleaned by the full builder.
            let cell = record.field(column)
            guard let first = cell.first, let last = cell.last else { continue }
            if first <= 0x20 || last <= 0x20 || Self.holdsLink(cell) { return nil }
        }
        guard let brandIndex = Self.catalogBrand(record.field(name)) else { return nil }
        let brand = BrandCatalog.shared.brands[brandIndex]
        let provenance = Provenance(file: builder.file, row: row, line: record.line, part: builder.part)

        let priceText = Self.text(record.field(price))
        guard !priceText.isEmpty else { return nil }
        let (priceField, _) = builder.price(priceText, column: price + 1, currencyCell: nil, at: provenance)
        guard let amount = priceField.value, Self.isClean(priceField) else { return nil }
        guard let (key, hash) = DraftMerger.brandKeys[brandIndex] else { return nil }

        guard let cycleValue = memo.cycle(record.field(cycle), { text in
            guard !text.isEmpty, let value = try? builder.parseCycle(text) else { return nil }
            return value
        }) else { return nil }

        var nextRenewal: CalendarDate?
        if let renewal, !record.field(renewal).isEmpty {
            guard let date = memo.date(record.field(renewal), { text in
                let field = builder.date(text, column: renewal + 1, at: provenance)
                return Self.isClean(field) ? field.value : nil
            }) else { return nil }
            nextRenewal = date < builder.context.today ? DraftBuilder.rolled(date, by: cycleValue, to: builder.context.today).0 : date
        }

        var categoryValue = brand.category
        if let category, !record.field(category).isEmpty {
            // A category word the table's own words do not know is read with low confidence.
            guard let known = memo.category(record.field(category), { text in
                CategoryWords.category(for: CellCleaner.firstOfMultiSelect(text))
            }) else { return nil }
            categoryValue = known
        }

        var notesValue: String?
        if let notes, !record.field(notes).isEmpty { notesValue = Self.text(record.field(notes)) }

        let subscription = Subscription(name: brand.name, price: amount, cycle: cycleValue, nextRenewal: nextRenewal,
                                        category: categoryValue, notes: notesValue, source: provenance)
        return PlainRow(subscription: subscription, json: CanonicalStreamWriter.render(subscription), key: key, keyHash: hash)
    }

    /// A field a confident draft may carry: a value, confidence at the policy's threshold or
    /// above, no warning or error, nothing guessed.
    static func isClean<V>(_ field: DraftField<V>) -> Bool {
        field.value != nil && field.confidence >= AcceptPolicy.confidenceThreshold
            && !field.issues.contains { $0.severity >= .warning || AcceptPolicy.guessCodes.contains($0.code) }
    }

    /// The catalog brand a name cell names without a plan, when the cell needs no cleaning
    /// (no spaces around it, no Notion link): what `DraftBuilder` would read from it.
    static func catalogBrand(_ cell: ArraySlice<UInt8>) -> Int? {
        guard let first = cell.first, let last = cell.last, first > 0x20, last > 0x20, !holdsLink(cell),
              case .brand(let brand) = cell.withUnsafeBufferPointer({ BrandCatalog.shared.bytes.match($0) }) else { return nil }
        return brand
    }

    /// Whether the cell holds ` (https://`, which starts a Notion link `CellCleaner` cuts.
    static func holdsLink(_ bytes: ArraySlice<UInt8>) -> Bool {
        let pattern: StaticString = " (https://"
        guard bytes.count >= pattern.utf8CodeUnitCount else { return false }
        return pattern.withUTF8Buffer { pattern in
            var i = bytes.startIndex + 1
            while let open = bytes[i...].firstIndex(of: UInt8(ascii: "(")) {
                if bytes[(open - 1)...].starts(with: pattern) { return true }
                i = open + 1
            }
            return false
        }
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// What the plain reader learnt of each distinct cell text of a table, by its bytes: the cycle,
/// date and category columns hold few distinct texts. A text that did not read cleanly is
/// remembered as such. Bounded: a full table starts over. The builder's rows are made one batch
/// at a time, so the lock is never contended; it keeps the tables safe all the same.
final class PlainMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var cycles = ByteKeyTable<Cycle?>(capacity: PlainMemo.capacity)
    private var dates = ByteKeyTable<CalendarDate?>(capacity: PlainMemo.capacity)
    private var categories = ByteKeyTable<Category?>(capacity: PlainMemo.capacity)

    static let capacity = 4096

    func cycle(_ bytes: ArraySlice<UInt8>, _ read: (String) -> Cycle?) -> Cycle? {
        lookUp(&cycles, bytes, read)
    }

    func date(_ bytes: ArraySlice<UInt8>, _ read: (String) -> CalendarDate?) -> CalendarDate? {
        lookUp(&dates, bytes, read)
    }

    func category(_ bytes: ArraySlice<UInt8>, _ read: (String) -> Category?) -> Category? {
        lookUp(&categories, bytes, read)
    }

    private func lookUp<V>(_ table: inout ByteKeyTable<V?>, _ bytes: ArraySlice<UInt8>, _ read: (String) -> V?) -> V? {
        lock.lock()
        defer { lock.unlock() }
        return bytes.withUnsafeBytes { raw in table.value(for: raw) { read(PlainRowBuilder.text(bytes)) } }
    }
}
