import Foundation

/// A bank or card export read as transactions: finds the encoding, the delimiter, the header
/// row below any preamble (or none), the layout or the columns, the date order, the decimal
/// mark and the sign convention, then streams signed `Transaction`s and `Skip`s.
public final class TransactionTable {
    /// What the table hands out next.
    public enum Item {
        case transaction(Transaction)
        case skip(Skip)
    }

    public let name: String
    /// The known layout the header matched, nil when the columns were detected generically.
    public private(set) var layout: String?
    public private(set) var header: [String] = []
    public private(set) var columns: [TransactionRole: Int] = [:]
    public private(set) var sign: SignConvention = .signed
    public private(set) var dateOrder: DateOrder?
    public private(set) var decimalMark: DecimalMark?
    public private(set) var encoding: TextEncoding = .utf8
    public private(set) var currency: Currency?
    /// How the sign convention was chosen, for the report.
    public private(set) var signReason = ""

    private var debitWords: Set<String> = TransactionTable.defaultDebitWords
    private var records: DelimitedRecords
    private var pending: [Skip] = []
    private var lookahead: [ByteRecord] = []
    private var lookaheadIndex = 0
    private var row = 0
    /// What reading a row needs, settled once the columns and formats are.
    private var format = RowFormat()

    /// The columns and formats a row is read with: a value, so the batch loop reads them from
    /// a local copy instead of the table's properties.
    struct RowFormat {
        var at = Positions([:])
        var sign: SignConvention = .signed
        var dateOrder: DateOrder?
        var decimalMark: DecimalMark?
        var currency: Currency?
        var encoding: TextEncoding = .utf8
        var debitWords: Set<String> = []
    }

    /// Column numbers of the roles `read` takes, looked up once rather than per row.
    struct Positions {
        var date, amount, debit, credit, indicator, currency, payee, description, reference, type, status, account: Int?

        init(_ columns: [TransactionRole: Int]) {
            date = columns[.date]
            amount = columns[.amount]
            debit = columns[.debit]
            credit = columns[.credit]
            indicator = columns[.indicator]
            currency = columns[.currency]
            payee = columns[.payee]
            description = columns[.description]
            reference = columns[.reference]
            type = columns[.type]
            status = columns[.status]
            account = columns[.account]
        }
    }

    static let defaultDebitWords: Set<String> = ["af", "s", "soll", "debit", "dr", "d", "支出", "支", "debet", "out", "db", "belastung"]
    static let neutralWords: Set<String> = ["不计收支", "", "other"]

    /// Whether a column's values are only debit/credit words (at least 8 of them, both kinds
    /// present): then it gives the direction as an indicator column does.
    static func saysDebitOrCredit(_ values: [String]) -> Bool {
        let words = values.map(HeaderVocabulary.fold).filter { !$0.isEmpty }
        let debit: Set<String> = ["debit", "dr", "db"], credit: Set<String> = ["credit", "cr"]
        return words.count >= 8 && words.allSatisfy { debit.contains($0) || credit.contains($0) }
            && words.contains(where: debit.contains) && words.contains(where: credit.contains)
    }
    static let sampleCount = 400

    /// Opens a file; the head decides encoding and delimiter, the rest is streamed.
    /// `encoding` overrides the sniffed one (`--encoding`).
    public convenience init(path: String, name: String? = nil, encoding: TextEncoding? = nil, context: NormalizeContext,
                            limits: ReadLimits = ReadLimits()) throws(ReadError) {
        let display = name ?? path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadError(file: display, "cannot read the file (check that it exists and is readable)")
        }
        let head = (try? handle.read(upToCount: DelimitedRecords.chunkSize)).flatMap { $0 }.map { [UInt8]($0) } ?? []
        try self.init(handle: handle, head: head, name: display, encoding: encoding, context: context, limits: limits)
    }

    /// Reads a statement held in memory.
    public convenience init(data: Data, name: String, encoding: TextEncoding? = nil, context: NormalizeContext,
                            limits: ReadLimits = ReadLimits()) throws(ReadError) {
        try self.init(handle: nil, head: [UInt8](data), name: name, encoding: encoding, context: context, limits: limits)
    }

    /// The most bytes of a UTF-16 or GB18030 statement, which is transcoded whole.
    static let maxTranscodedBytes = 256 << 20

    /// The caps records are held to.
    public let limits: ReadLimits

    /// Why reading stopped before the end of the file (a row past a limit, binary data); the
    /// importer reports it once the rows before are read.
    public var failure: ReadError? { records.failure.map { $0.error(file: name, limits: limits) } }

    private init(handle: FileHandle?, head: [UInt8], name: String, encoding hint: TextEncoding?, context: NormalizeContext,
                 limits: ReadLimits) throws(ReadError) {
        self.name = name
        self.limits = limits
        var bytes = head
        var stream = handle
        encoding = hint ?? EncodingSniffer.sniff(Array(head.prefix(1 << 16)))
        if encoding != .utf8 && encoding != .windows1252 {
            // UTF-16 and GB18030 exports are small (wallet apps, Excel): transcode them whole,
            // up to a cap.
            if let handle {
                while bytes.count <= Self.maxTranscodedBytes, let more = try? handle.read(upToCount: 1 << 20), !more.isEmpty {
                    bytes += more
                }
            }
            guard bytes.count <= Self.maxTranscodedBytes else {
                throw ReadError(file: name, "a \(encoding.rawValue) statement over \(ReadLimits.size(Self.maxTranscodedBytes)) is not read (convert it to UTF-8 first)")
            }
            if let (_, bom) = TextEncoding.fromBOM(bytes[...]) { bytes.removeFirst(bom) }
            var decoder = try StreamingDecoder(encoding: encoding)
            bytes = decoder.decode(bytes) + decoder.finish()
            stream = nil
        }
        let delimiter = DelimitedRecords.sniffDelimiter(Array(bytes.prefix(1 << 16)))
        records = DelimitedRecords(handle: stream, head: bytes, atEnd: stream == nil, delimiter: delimiter, limits: limits)
        while lookahead.count < TransactionTable.sampleCount + 40, let record = records.next() { lookahead.append(record) }
        if let failure { throw failure }
        guard lookahead.contains(where: { !$0.isBlank }) else {
            throw ReadError(file: name, "the file is empty (expected a table of transactions)")
        }
        try chooseColumns(context: context)
        decideFormats(context: context)
        format = RowFormat(at: Positions(columns), sign: sign, dateOrder: dateOrder, decimalMark: decimalMark,
                           currency: currency, encoding: encoding, debitWords: debitWords)
    }

    /// A cell's text, spaces and tabs around it trimmed.
    func text(_ bytes: ArraySlice<UInt8>) -> String {
        decode(TransactionTable.trimmed(bytes))
    }

    /// Bytes of the file's encoding as text.
    func decode(_ bytes: ArraySlice<UInt8>) -> String {
        TransactionTable.decode(bytes, encoding: encoding)
    }

    /// Bytes of a table read in `encoding` (UTF-8 or Windows-1252; others were transcoded) as text.
    static func decode(_ bytes: ArraySlice<UInt8>, encoding: TextEncoding) -> String {
        encoding == .windows1252 ? Windows1252.decode(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lo = bytes.startIndex, hi = bytes.endIndex
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        return bytes[lo..<hi]
    }

    /// The trimmed bytes of a column, empty when the table or the row has no such column.
    private static func cellBytes(_ cells: RecordCells, _ column: Int?) -> ArraySlice<UInt8> {
        guard let c = column, c < cells.count else { return [] }
        return TransactionTable.trimmed(cells[c])
    }

    /// Where a column's trimmed bytes lie in `cells.bytes`; empty without such a column.
    private static func field(_ cells: RecordCells, _ column: Int?) -> Range<Int> {
        guard let c = column, c < cells.count else { return 0..<0 }
        return TransactionTable.trimmed(cells[c]).indices
    }

    /// Header row: the first of the opening rows that a known layout recognises, else the first
    /// that names a date, an amount (or debit and credit) and a text column. Rows above it are
    /// preamble. No such row: an export without header, matched by column count and values.
    private func chooseColumns(context: NormalizeContext) throws(ReadError) {
        let scan = min(lookahead.count, 40)
        var found: (index: Int, layout: BankLayout?, roles: [TransactionRole: Int])?
        for i in 0..<scan where lookahead[i].cells.count >= 2 {
            let cells = lookahead[i].cells.map(text)
            if let layout = BankLayout.bundled.first(where: { $0.matches(header: cells) }) {
                found = (i, layout, layout.columns(in: cells))
                break
            }
            let roles = TransactionColumns.detect(header: cells)
            if TransactionColumns.isTransactionHeader(roles) {
                found = (i, nil, roles)
                break
            }
        }
        if let found {
            for i in 0..<found.index {
                let record = lookahead[i]
                pending.append(Skip(record.isBlank ? .blank : .preamble, line: record.line))
            }
            header = lookahead[found.index].cells.map(text)
            lookaheadIndex = found.index + 1
            columns = found.roles
            if let layout = found.layout { adopt(layout) }
            return
        }
        let width = Dictionary(grouping: lookahead.filter { !$0.isBlank }, by: { $0.cells.count })
            .max { $0.value.count < $1.value.count }?.key ?? 0
        let samples = lookahead.filter { $0.cells.count == width }
        if let layout = BankLayout.bundled.first(where: { $0.header == nil && $0.columns == width }) {
            let roles = layout.columns(in: [])
            let dates = samples.prefix(20).filter { r in roles[.date].map { BankValueParser.dateParts(r.cells[$0]).count >= 3 } ?? false }
            let firstIsData = lookahead.first(where: { !$0.isBlank }).map { r in
                roles[.date].map { $0 < r.cells.count && BankValueParser.dateParts(r.cells[$0]).count >= 3 } ?? false
            } ?? false
            if firstIsData, dates.count * 10 >= min(20, samples.count) * 8 {
                columns = roles
                adopt(layout)
            }
        }
        if columns.isEmpty { columns = TransactionColumns.detect(values: samples.prefix(60).map { $0.cells.map(text) }) }
        guard columns[.date] != nil, columns[.amount] != nil || columns[.debit] != nil else {
            throw ReadError(file: name, line: lookahead.first?.line,
                            "no header row names a date and an amount column, and no column holds dates and amounts (expected e.g. Date, Description, Amount)")
        }
        header = (1...max(1, width)).map { "Column \($0)" }
    }

    private func adopt(_ layout: BankLayout) {
        self.layout = layout.name
        if let s = layout.sign { sign = s; signReason = "sign convention \(s.rawValue) of the layout" }
        if !layout.debitWords.isEmpty { debitWords = Set(layout.debitWords) }
        dateOrder = layout.dateOrder
        decimalMark = layout.decimalMark
        currency = layout.currency
    }

    /// Date order and decimal mark from the sample when the layout gave none; the sign
    /// convention from the columns, else from the share of signs (see `SignConvention`).
    private func decideFormats(context: NormalizeContext) {
        let sample = lookahead[lookaheadIndex...].prefix(TransactionTable.sampleCount)
        if dateOrder == nil, let c = columns[.date] {
            dateOrder = BankValueParser.dateOrder(of: sample.compactMap { c < $0.cells.count ? BankValueParser.dateParts($0.cells[c]) : nil })
                ?? (context.region == "US" ? .monthDayYear : (context.locale == nil ? .monthDayYear : .dayMonthYear))
        }
        if decimalMark == nil {
            let amountColumns = [columns[.amount], columns[.debit], columns[.credit]].compactMap { $0 }
            decimalMark = BankValueParser.decimalMark(of: sample.flatMap { r in amountColumns.compactMap { $0 < r.cells.count ? r.cells[$0] : nil } })
        }
        if currency == nil {
            // A currency in the amount's header (`Amount (EUR)`) is the file's own word; the
            // --currency default comes after it.
            let money = [columns[.amount], columns[.debit], columns[.credit]].compactMap { $0 }.filter { $0 < header.count }
            currency = money.lazy.compactMap { TransactionColumns.currency(inHeader: self.header[$0]) }.first ?? context.currency
        }
        guard signReason.isEmpty else { return }
        if columns[.debit] != nil && columns[.credit] != nil {
            sign = .debitCredit
            signReason = "separate debit and credit columns"
        } else if columns[.indicator] != nil {
            sign = .indicator
            signReason = "a debit/credit indicator column"
        } else if let c = columns[.type], TransactionTable.saysDebitOrCredit(sample.map { $0.cells.count > c ? text($0.cells[c]) : "" }) {
            // Mint's and other aggregators' Transaction Type: amounts unsigned, the type says.
            columns[.indicator] = c
            sign = .indicator
            signReason = "a type column that says debit or credit"
        } else if let c = columns[.amount] {
            let values = sample.compactMap { c < $0.cells.count ? BankValueParser.amount($0.cells[c], mark: decimalMark) : nil }.filter { $0 != 0 }
            let positive = values.filter { $0 > 0 }.count
            // Card-issuer exports list purchases as positive and payments as negative; a bank
            // account has a balance column or mostly negative rows (many charges, few credits).
            if columns[.balance] == nil, values.count >= 5, positive * 10 >= values.count * 7 {
                sign = .chargesPositive
                signReason = "\(positive) of \(values.count) sampled amounts positive and no balance column: a card export, charges positive"
            } else {
                sign = .signed
                signReason = "charges negative (\(values.count - positive) of \(values.count) sampled amounts negative)"
            }
        }
    }

    static let summaryWords = ["total", "summe", "saldo", "balance", "合计", "总计", "共", "已收入", "已支出", "待收入", "待支出",
                               "solde", "totaal", "opening", "closing", "anfangssaldo", "endsaldo", "kontostand", "不计收支"]

    /// The next transaction or skip, nil at the end.
    public func next() -> Item? {
        switch nextBytes() {
        case nil: return nil
        case .skip(let skip): return .skip(skip)
        case .transaction(let t): return .transaction(transaction(t))
        }
    }

    /// A row's text fields decoded.
    func transaction(_ t: TransactionBytes) -> Transaction {
        Transaction(date: t.date, amount: t.amount, currency: t.currency, payee: decode(t.bytes[t.payee]), text: decode(t.bytes[t.text]),
                    reference: decode(t.bytes[t.reference]), type: decode(t.bytes[t.type]), status: decode(t.bytes[t.status]),
                    account: decode(t.bytes[t.account]), row: t.row, line: t.line)
    }

    /// As `next()`, the text fields left as bytes: after the sampled records, a row costs no
    /// array of cells and no `String`.
    func nextBytes() -> ByteItem? {
        if !pending.isEmpty { return .skip(pending.removeFirst()) }
        if lookaheadIndex < lookahead.count {
            let record = lookahead[lookaheadIndex]
            lookaheadIndex += 1
            if lookaheadIndex == lookahead.count { lookahead = []; lookaheadIndex = 0 }
            if record.isBlank { return .skip(Skip(.blank, line: record.line)) }
            row += 1
            return read(RecordCells(record), line: record.line)
        }
        guard records.advance() else { return nil }
        let cells = records.cells
        if cells.isBlank { return .skip(Skip(.blank, line: records.recordLine)) }
        row += 1
        return read(cells, line: records.recordLine)
    }

    /// Reads rows into `batch` until it holds `limit` items; false when the table has ended.
    /// Rows after the sampled ones are read with the reader, the row count and the formats in
    /// local variables, so the loop touches no property of the table.
    func fill(_ batch: inout RowBatch, limit: Int) -> Bool {
        while batch.count < limit, !pending.isEmpty || lookaheadIndex < lookahead.count {
            guard let item = nextBytes() else { return false }
            batch.append(item)
        }
        var records = DelimitedRecords(bytes: [], delimiter: 0x2C)
        swap(&records, &self.records)
        defer { swap(&records, &self.records) }
        let format = self.format
        var row = self.row
        defer { self.row = row }
        while batch.count < limit {
            guard records.advance() else { return false }
            let cells = records.cells
            if cells.isBlank {
                batch.append(.skip(Skip(.blank, line: records.recordLine)))
                continue
            }
            row += 1
            TransactionTable.read(cells, line: records.recordLine, row: row, format: format, into: &batch)
        }
        return true
    }

    private func read(_ cells: RecordCells, line: Int) -> ByteItem {
        TransactionTable.read(cells, line: line, row: row, format: format)
    }

    /// A data row (number `row`) as a transaction or a skip.
    private static func read(_ cells: RecordCells, line: Int, row: Int, format: RowFormat) -> ByteItem {
        switch parse(cells, line: line, row: row, format: format) {
        case .skip(let skip): return .skip(skip)
        case .row(let date, let amount, let currency):
            let at = format.at
            return .transaction(TransactionBytes(date: date, amount: amount, currency: currency, bytes: cells.bytes,
                                                 payee: field(cells, at.payee), text: field(cells, at.description),
                                                 reference: field(cells, at.reference), type: field(cells, at.type),
                                                 status: field(cells, at.status), account: field(cells, at.account),
                                                 row: row, line: line))
        }
    }

    /// As `read`, straight into a batch: the same fields, with no `TransactionBytes` between.
    private static func read(_ cells: RecordCells, line: Int, row: Int, format: RowFormat, into batch: inout RowBatch) {
        switch parse(cells, line: line, row: row, format: format) {
        case .skip(let skip): batch.append(.skip(skip))
        case .row(let date, let amount, let currency):
            let at = format.at
            batch.appendRow(day: date.dayNumber, amount: amount, currency: currency, row: row, line: line, bytes: cells.bytes,
                            type: field(cells, at.type), payee: field(cells, at.payee), text: field(cells, at.description),
                            reference: field(cells, at.reference), status: field(cells, at.status))
        }
    }

    /// What a data row holds before its text fields are taken.
    private enum Parsed {
        case skip(Skip)
        case row(CalendarDate, Int64, Currency?)
    }

    /// The date, signed amount and currency of a data row, or why it is skipped.
    private static func parse(_ cells: RecordCells, line: Int, row: Int, format: RowFormat) -> Parsed {
        let at = format.at, dateOrder = format.dateOrder, decimalMark = format.decimalMark
        func text(_ bytes: ArraySlice<UInt8>) -> String { TransactionTable.decode(TransactionTable.trimmed(bytes), encoding: format.encoding) }
        func decode(_ bytes: ArraySlice<UInt8>) -> String { TransactionTable.decode(bytes, encoding: format.encoding) }
        guard let dc = at.date, dc < cells.count,
              let date = BankValueParser.date(cells[dc], order: dateOrder) else {
            let joined = cells.map(text).joined(separator: " ").lowercased()
            if joined.allSatisfy({ $0 == "-" || $0 == " " }) || TransactionTable.summaryWords.contains(where: { joined.contains($0) }) {
                return .skip(Skip(.totals, line: line, row: row, detail: "summary line"))
            }
            let found = at.date.flatMap { $0 < cells.count ? text(cells[$0]) : nil } ?? ""
            return .skip(Skip(.unusable, line: line, row: row, detail: "\"\(found)\" is not a date"))
        }
        var amount: Int64?
        switch format.sign {
        case .signed:
            amount = at.amount.flatMap { $0 < cells.count ? BankValueParser.amount(cells[$0], mark: decimalMark) : nil }.map { -$0 }
        case .chargesPositive:
            amount = at.amount.flatMap { $0 < cells.count ? BankValueParser.amount(cells[$0], mark: decimalMark) : nil }
        case .debitCredit:
            let debit = at.debit.flatMap { $0 < cells.count ? BankValueParser.amount(cells[$0], mark: decimalMark) : nil }
            let credit = at.credit.flatMap { $0 < cells.count ? BankValueParser.amount(cells[$0], mark: decimalMark) : nil }
            if let debit, debit != 0 { amount = abs(debit) } else if let credit { amount = -abs(credit) }
        case .indicator:
            if let value = at.amount.flatMap({ $0 < cells.count ? BankValueParser.amount(cells[$0], mark: decimalMark) : nil }) {
                let word = HeaderVocabulary.fold(decode(cellBytes(cells, at.indicator)))
                if TransactionTable.neutralWords.contains(word) {
                    return .skip(Skip(.transfer, line: line, row: row, detail: "neither in nor out"))
                }
                amount = format.debitWords.contains(word) ? abs(value) : -abs(value)
            }
        }
        guard let amount else {
            return .skip(Skip(.unusable, line: line, row: row, detail: "no amount"))
        }
        var rowCurrency = format.currency
        let code = cellBytes(cells, at.currency)
        if !code.isEmpty, let c = Currency(decode(code)) { rowCurrency = c }
        return .row(date, amount, rowCurrency)
    }
}

/// A transaction as `TransactionTable` reads it, its text fields still the file's bytes
/// (trimmed): the bank importer decodes them only for a descriptor it has not met yet. The
/// fields are ranges of one shared buffer, so handing a row on retains one reference.
struct TransactionBytes {
    var date: CalendarDate
    var amount: Int64
    var currency: Currency?
    /// The bytes the ranges below point into (the reader's buffer, or a record's own copy).
    var bytes: [UInt8]
    var payee, text, reference, type, status, account: Range<Int>
    var row: Int
    var line: Int
}

/// What `TransactionTable.nextBytes()` hands out.
enum ByteItem {
    case transaction(TransactionBytes)
    case skip(Skip)
}
