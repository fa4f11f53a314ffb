/// What a whole column's values decide together: the day/month order of its dates and the
/// decimal mark of its prices. Built from every row, one value at a time, in constant memory.
package struct ColumnFormats: Sendable {
    /// Each date column's evidence, and each price column's: a row updates them in place, with
    /// no lookup by column.
    private var dates: [(column: Int, evidence: DateOrderEvidence)] = []
    private var decimals: [(column: Int, evidence: DecimalMarkEvidence)] = []
    /// Header and name cells written with Han characters, and with kana: a table in Chinese
    /// (Han and no kana) means yuan by a bare `¥`, one in Japanese yen.
    package private(set) var hanCells = 0, kanaCells = 0
    private var nameColumn: Int?
    /// The price column's filled cells, those that are negative, and those that are whole
    /// numbers of 1000 or more in tens (`-18990`): scheduled-transaction exports write
    /// outflows negative, some in thousandths.
    package private(set) var priceCells = 0, negativePrices = 0, wholeTensPrices = 0
    /// Prices written with a bare yen sign (`¥`, `￥`), and those of them that are whole
    /// amounts of 1000 or more (`¥1,490`, `¥5000`): yen prices are whole and often in the
    /// thousands, yuan prices small or with decimals (`¥25.00`).
    package private(set) var yenSignPrices = 0, wholeThousandsYen = 0
    /// Names matching a catalog service sold only in Japan, and only in China.
    package private(set) var japaneseServices = 0, chineseServices = 0

    /// The market of a service that tells the yen from the yuan.
    package enum Market: Sendable {
        case japan, china

        init?(_ code: String?) {
            switch code {
            case "JP": self = .japan
            case "CN": self = .china
            default: return nil
            }
        }
    }

    /// Counts a row whose name is a catalog service sold in one market.
    mutating func countMarket(_ market: Market?) {
        switch market {
        case .japan?: japaneseServices += 1
        case .china?: chineseServices += 1
        case nil: break
        }
    }

    /// What the list's services say a bare `¥` is: the yen when more of them are sold only in
    /// Japan than only in China, the yuan the other way round; nil when they do not tell.
    package var yenByServices: CJKScript? {
        japaneseServices > chineseServices ? .japanese : chineseServices > japaneseServices ? .chinese : nil
    }

    package init(mapping: ColumnMapping) {
        for field in [Field.nextRenewal, .startDate] {
            if let column = mapping[field], !dates.contains(where: { $0.column == column }) {
                dates.append((column, DateOrderEvidence()))
            }
        }
        if let column = mapping[.price] { decimals.append((column, DecimalMarkEvidence())) }
        nameColumn = mapping[.name]
        for cell in mapping.header { countScript(cell) }
    }

    /// The same columns with nothing counted, not even the header's script: a part of the rows
    /// is counted in it and then added to the whole (`add`).
    func uncounted() -> ColumnFormats {
        var formats = self
        for i in formats.dates.indices { formats.dates[i].evidence = DateOrderEvidence() }
        for i in formats.decimals.indices { formats.decimals[i].evidence = DecimalMarkEvidence() }
        formats.hanCells = 0
        formats.kanaCells = 0
        formats.priceCells = 0
        formats.negativePrices = 0
        formats.wholeTensPrices = 0
        formats.yenSignPrices = 0
        formats.wholeThousandsYen = 0
        formats.japaneseServices = 0
        formats.chineseServices = 0
        return formats
    }

    /// Adds what `part` (made by `uncounted` from formats of the same mapping) counted: rows
    /// counted in parts decide what they decide counted together.
    mutating func add(_ part: ColumnFormats) {
        precondition(part.dates.map(\.column) == dates.map(\.column) && part.decimals.map(\.column) == decimals.map(\.column),
                     "formats of the same columns")
        for i in dates.indices { dates[i].evidence.add(part.dates[i].evidence) }
        for i in decimals.indices { decimals[i].evidence.add(part.decimals[i].evidence) }
        hanCells += part.hanCells
        kanaCells += part.kanaCells
        priceCells += part.priceCells
        negativePrices += part.negativePrices
        wholeTensPrices += part.wholeTensPrices
        yenSignPrices += part.yenSignPrices
        wholeThousandsYen += part.wholeThousandsYen
        japaneseServices += part.japaneseServices
        chineseServices += part.chineseServices
    }

    /// Whether most bare-¥ prices are whole thousands: the yen, by the amounts.
    package var yenByAmounts: Bool { yenSignPrices > 0 && wholeThousandsYen * 2 > yenSignPrices }

    /// Whether most prices are negative: outflows, as scheduled-transaction exports write them.
    package var outflowsNegative: Bool { priceCells > 0 && negativePrices * 3 >= priceCells * 2 }

    /// Whether every price is a whole number of 1000 or more in tens, with outflows negative:
    /// amounts in thousandths (YNAB's milliunits, `-18990` for 18.99).
    package var pricesInThousandths: Bool { outflowsNegative && priceCells >= 2 && wholeTensPrices == priceCells }

    private mutating func countPrice(_ cell: some BidirectionalCollection<UInt8>) {
        var bytes = cell.drop { $0 == 0x20 }
        guard let first = bytes.first else { return }
        priceCells += 1
        let negative = first == UInt8(ascii: "-") || first == UInt8(ascii: "(") || cell.starts(with: [0xE2, 0x88, 0x92])
        if negative { negativePrices += 1 }
        if first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 { bytes = bytes.dropLast() }
        if bytes.count >= 4, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes.last == UInt8(ascii: "0") { wholeTensPrices += 1 }
        countYen(bytes)
    }

    /// Counts a bare-¥ price (`¥` C2 A5 or `￥` EF BF A5) and whether it is whole and 1000 or more.
    private mutating func countYen(_ bytes: some Collection<UInt8>) {
        // Both signs end in A5, after C2 or after EF BF.
        var before = (UInt8(0), UInt8(0)), sign = false, digits = 0, firstDigit: UInt8?, dot = false, comma = false
        for byte in bytes {
            if byte == 0xA5 && (before.1 == 0xC2 || (before.0 == 0xEF && before.1 == 0xBF)) { sign = true }
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if firstDigit == nil { firstDigit = byte }
            }
            if byte == UInt8(ascii: ".") { dot = true }
            if byte == UInt8(ascii: ",") { comma = true }
            before = (before.1, byte)
        }
        guard sign else { return }
        yenSignPrices += 1
        if !(dot && !comma), digits >= 4, firstDigit != 0x30 { wholeThousandsYen += 1 }
    }

    package enum CJKScript: Sendable { case chinese, japanese }

    /// The header's and names' script when they use Chinese characters: Japanese when any has
    /// kana, else Chinese; nil for tables that use neither.
    package var cjkScript: CJKScript? { kanaCells > 0 ? .japanese : (hanCells > 0 ? .chinese : nil) }

    private mutating func countScript(_ cell: String) {
        guard cell.utf8.contains(where: { $0 >= 0xE3 }) else { return }
        var han = false, kana = false
        for scalar in cell.unicodeScalars {
            if (0x3040...0x30FF).contains(scalar.value) { kana = true }
            else if (0x4E00...0x9FFF).contains(scalar.value) { han = true }
        }
        if kana { kanaCells += 1 } else if han { hanCells += 1 }
    }

    /// Readings already made, by column and text (prices by their shape, `shape`): a
    /// column's dates and price shapes repeat, and reading one costs far more than a lookup.
    private var readings = ByteKeyTable<Reading>(capacity: ColumnFormats.remembered)
    private static let remembered = 4096

    private enum Reading {
        case date(DateOrderEvidence.Reading?)
        case decimal(DecimalMarkEvidence.Reading?)
    }

    /// A row as the table handed it on; bytes are read without making strings of every cell.
    package mutating func observe(_ item: TableItem) {
        guard case .utf8(let record, _) = item else { return observe(item.sourceRow) }
        record.withView { observe($0) }
    }

    /// A row of a batch (`RecordBatch`), read from its bytes.
    mutating func observe(_ record: RecordView) {
        guard !record.decoded else { return observe(record.item.sourceRow) }
        if let c = nameColumn, c < record.count, record.field(c).contains(where: { $0 >= 0xE3 }) {
            countScript(String(decoding: record.field(c), as: UTF8.self))
        }
        if let c = decimals.first?.column, c < record.count { countPrice(record.field(c)) }
        for i in dates.indices where dates[i].column < record.count {
            let column = dates[i].column
            // An ISO date says nothing of the order, and is the commonest kind in big files.
            if Self.isISODate(record.field(column)) { continue }
            let reading = remember(column, record.field(column), shape: false) { .date(DateOrderEvidence.reading($0)) }
            if case .date(let date) = reading { dates[i].evidence.count(date) }
        }
        for i in decimals.indices where decimals[i].column < record.count {
            let column = decimals[i].column
            let reading = remember(column, record.field(column), shape: true) { .decimal(DecimalMarkEvidence.reading($0)) }
            if case .decimal(let mark) = reading { decimals[i].evidence.count(mark) }
        }
    }

    /// Whether `cell` is `yyyy-mm-dd` in ASCII digits and nothing else: such a text starts
    /// with an ISO date (`DateParser.isoPrefix`), so `DateOrderEvidence.reading` gives nil.
    static func isISODate(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count == 10 else { return false }
        func digit(_ i: Int) -> Bool { b[i] &- UInt8(ascii: "0") < 10 }
        return b[4] == UInt8(ascii: "-") && b[7] == UInt8(ascii: "-") && digit(0) && digit(1) && digit(2) && digit(3)
            && digit(5) && digit(6) && digit(8) && digit(9)
    }

    /// `ASCII digits 1–9 → 1`: what a price text says of its mark depends on nothing else
    /// of its digits (`DecimalMarkEvidence.reading`).
    static func shape(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") ? UInt8(ascii: "1") : byte
    }

    private mutating func remember(_ column: Int, _ cell: UnsafeBufferPointer<UInt8>, shape: Bool,
                                   _ read: (Substring) -> Reading) -> Reading {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: cell.count + 8) { key in
            for k in 0..<8 { key[k] = UInt8(truncatingIfNeeded: column >> (8 * k)) }
            var i = 8
            for byte in cell {
                key[i] = shape ? ColumnFormats.shape(byte) : byte
                i += 1
            }
            return readings.value(for: UnsafeRawBufferPointer(key)) {
                // A reading depends on the text alone (a price's on its shape): the tables of
                // one run share what they read.
                let shared = SharedKey(shaped: shape, text: String(decoding: UnsafeBufferPointer(rebasing: key[8..<i]), as: UTF8.self))
                if let known = ColumnFormats.knownReadings.value(for: shared) { return known }
                let made = read(Substring(String(decoding: cell, as: UTF8.self)))
                ColumnFormats.knownReadings.store(made, for: shared)
                return made
            }
        }
    }

    /// A cell's text (a price's shape) as `knownReadings` knows it.
    private struct SharedKey: Hashable {
        var shaped: Bool
        var text: String
    }

    private static let knownReadings = MemoCache<SharedKey, Reading>(limit: 20_000)

    package mutating func observe(_ row: SourceRow) {
        if let c = nameColumn, c < row.cells.count { countScript(row.cells[c]) }
        if let c = decimals.first?.column, c < row.cells.count { countPrice(Array(row.cells[c].utf8)) }
        for i in dates.indices where dates[i].column < row.cells.count {
            dates[i].evidence.observe(row.cells[dates[i].column][...])
        }
        for i in decimals.indices where decimals[i].column < row.cells.count {
            decimals[i].evidence.observe(row.cells[decimals[i].column][...])
        }
    }

    /// The decided order for a date column, and whether it was a guess.
    package func dateOrder(column: Int, locale: String?) -> (order: DateOrder?, guessed: Bool) {
        dates.first { $0.column == column }?.evidence.decide(locale: locale) ?? (nil, false)
    }

    package func decimalMark(column: Int, locale: String?) -> (mark: DecimalMark?, guessed: Bool) {
        decimals.first { $0.column == column }?.evidence.decide(locale: locale) ?? (nil, false)
    }
}
