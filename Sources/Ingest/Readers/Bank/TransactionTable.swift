import Foundation

/// A bank or card export read as transactions: finds the encoding, the delimiter, the header
/// row below any preamble (or none), the layout or the columns, the date order, the decimal
/// mark and the sign convention, then streams signed `Transaction`s and `Skip`s.
package final class TransactionTable {
    /// What the table hands out next.
    package enum Item {
        case transaction(Transaction)
        case skip(Skip)
    }

    package let name: String
    /// The known layout the header matched, nil when the columns were detected generically.
    package private(set) var layout: String?
    package private(set) var header: [String] = []
    /// The line of the header row, nil for a table without one.
    package private(set) var headerLine: Int?
    package private(set) var columns: [TransactionRole: Int] = [:]
    package private(set) var sign: SignConvention = .signed
    package private(set) var dateOrder: DateOrder?
    package private(set) var decimalMark: DecimalMark?
    package private(set) var encoding: TextEncoding = .utf8
    /// The encoding of the file as given: `encoding`, except for a structured statement
    /// (OFX, QIF, CAMT, MT940), whose entries are read from a UTF-8 table made of them.
    package private(set) var fileEncoding: TextEncoding = .utf8
    package private(set) var currency: Currency?
    /// How the sign convention was chosen, for the report.
    package private(set) var signReason = ""
    /// Where the statement's currency came from (`currency EUR from the amount's header`);
    /// empty when a currency column gives it per row or nothing named one.
    package private(set) var currencyReason = ""

    private var debitWords: Set<String> = TransactionTable.defaultDebitWords
    /// The records, read with the shared tokenizer. Touched for every row by one thread at a
    /// time, so not checked for overlapping access at run time.
    @exclusivity(unchecked) private var records: RecordReader
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
        /// The normalisers a row's date and amounts are read with (their fast paths first).
        var dates = DateParser(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        var prices = PriceParser(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        /// For a structured statement's table, the file's line of each data line (the table's
        /// line 2 is the first); empty when the table is the file.
        var lines: [Int] = []

        /// The line of the file a table line stands for.
        @inline(__always)
        func line(_ tableLine: Int) -> Int {
            lines.isEmpty ? tableLine : (tableLine >= 2 && tableLine - 2 < lines.count ? lines[tableLine - 2] : tableLine)
        }
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

    /// Opens a file; an `InputProbe` of its first bytes decides the encoding and the delimiter,
    /// the rest is streamed. `encoding` overrides the sniffed one (`--encoding`).
    package convenience init(path: String, name: String? = nil, encoding: TextEncoding? = nil, context: NormalizeContext,
                            limits: ReadLimits = ReadLimits()) throws(ReadError) {
        let display = name ?? path
        try self.init(chunks: ChunkReader(path: path, display: display), name: display, encoding: encoding, context: context, limits: limits)
    }

    /// Reads a statement held in memory.
    package convenience init(data: Data, name: String, encoding: TextEncoding? = nil, context: NormalizeContext,
                            limits: ReadLimits = ReadLimits()) throws(ReadError) {
        try self.init(chunks: ChunkReader(data: data), name: name, encoding: encoding, context: context, limits: limits)
    }

    private convenience init(chunks: ChunkReader, name: String, encoding hint: TextEncoding?, context: NormalizeContext,
                             limits: ReadLimits) throws(ReadError) {
        let probe = try InputProbe(chunks: chunks, hint: hint, guessLegacy: true, file: name)
        if let format = TransactionTable.format(of: probe) {
            let entries = try TransactionTable.entries(format, chunks: chunks, probe: probe, name: name, limits: limits)
            try self.init(entries: entries, name: name, context: context, limits: limits)
            fileEncoding = probe.encoding
            return
        }
        try self.init(chunks: chunks, probe: probe, name: name, context: context, limits: limits)
    }

    /// The bank file format (OFX, QIF, CAMT, MT940) the probed bytes start, nil for a table.
    static func format(of probe: InputProbe) -> StatementFormat? {
        guard var decoder = try? InputProbe.decoder(for: probe.encoding, file: "") else { return nil }
        let head = Array(probe.sample.prefix(8192))
        return StatementFormat.sniff(InputProbe.text(of: head, after: min(probe.bomLength, head.count), complete: false, decoder: &decoder))
    }

    /// A structured file's entries: the rest of the file is read (such a file is read whole,
    /// up to `ReadLimits.maxInputBytes`), decoded, and parsed by its format's reader.
    static func entries(_ format: StatementFormat, chunks: ChunkReader, probe: InputProbe, name: String,
                        limits: ReadLimits) throws(ReadError) -> StatementEntries {
        var bytes = probe.sample
        if !probe.complete {
            while let chunk = chunks.read() {
                bytes.append(contentsOf: chunk)
                if bytes.count > limits.maxInputBytes {
                    throw ReadError(file: name, "a \(format.title) file larger than \(ReadLimits.size(limits.maxInputBytes)), which is read whole (split the statement by period)")
                }
            }
        }
        let data = Data(bytes)
        return try format.read(bytes: data, text: {
            guard var decoder = try? InputProbe.decoder(for: probe.encoding, file: name) else { return String(decoding: bytes, as: UTF8.self) }
            let text = InputProbe.text(of: bytes, after: probe.bomLength, complete: true, decoder: &decoder)
            return TransactionTable.decode(text, encoding: probe.encoding.isSingleByte ? probe.encoding : .utf8)
        }(), file: name)
    }

    /// Reads the entries of a structured statement as a table: they are written as a CSV table
    /// (`StatementEntries.csv`) that this reader reads like any export, its columns and formats
    /// given, each row reported on the line its transaction has in the file.
    convenience init(entries: StatementEntries, name: String, context: NormalizeContext, limits: ReadLimits) throws(ReadError) {
        let chunks = ChunkReader(data: entries.csv)
        let probe = try InputProbe(chunks: chunks, hint: .utf8, guessLegacy: false, file: name)
        try self.init(chunks: chunks, probe: probe, name: name, context: context, limits: limits, preset: entries)
    }

    /// The caps records are held to.
    package let limits: ReadLimits

    /// Why reading stopped before the end of the file (a row past a limit, binary data); the
    /// importer reports it once the rows before are read.
    package var failure: ReadError? { records.failure }

    /// Reads on from what `probe` found in the first bytes of `chunks`. `probing` (bank
    /// detection) stops with an error as soon as a header row is found that rules a statement
    /// out (`TransactionColumns.headerRulesOutStatement`): the formats of such a table are never asked.
    init(chunks: ChunkReader, probe: InputProbe, name: String, context: NormalizeContext,
         limits: ReadLimits, preset: StatementEntries? = nil, probing: Bool = false) throws(ReadError) {
        self.name = name
        self.limits = limits
        encoding = probe.encoding
        fileEncoding = probe.encoding
        records = try RecordReader(chunks: chunks, probe: probe, name: name, limits: limits)
        while lookahead.count < TransactionTable.sampleCount + 40, try records.advance() {
            lookahead.append(ByteRecord(records.tokenizer.record))
        }
        guard lookahead.contains(where: { !$0.isBlank }) else {
            throw ReadError(file: name, "the file is empty (expected a table of transactions)")
        }
        if let preset {
            adopt(preset)
        } else {
            try chooseColumns(context: context, probing: probing)
        }
        decideFormats(context: context)
        format = RowFormat(at: Positions(columns), sign: sign, dateOrder: dateOrder, decimalMark: decimalMark,
                           currency: currency, encoding: encoding, debitWords: debitWords,
                           dates: DateParser(context: context), prices: PriceParser(context: context),
                           lines: preset?.lines ?? [])
    }

    /// The columns and formats of a structured statement's table, which the format fixes.
    private func adopt(_ preset: StatementEntries) {
        layout = preset.layout
        header = StatementEntries.header
        columns = StatementEntries.roles
        lookaheadIndex = 1
        dateOrder = preset.dateOrder
        decimalMark = preset.decimalMark
        sign = .signed
        signReason = "amounts signed by the format (money out negative)"
    }

    /// Up to `count` data rows sampled before the first is read, as text: what the columns
    /// were chosen from.
    func sampledRows(_ count: Int = 200) -> [[String]] {
        lookahead[lookaheadIndex...].lazy.filter { !$0.isBlank }.prefix(count).map { $0.cells.map(text) }
    }

    /// A cell's text, spaces and tabs around it trimmed.
    func text<C: BidirectionalCollection<UInt8>>(_ bytes: C) -> String {
        decode(TransactionTable.trimmed(bytes))
    }

    /// Bytes of the file's encoding as text.
    func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        TransactionTable.decode(bytes, encoding: encoding)
    }

    /// Bytes of a table read in `encoding` (UTF-8 or Windows-1252; others were transcoded) as text.
    static func decode<C: Collection<UInt8>>(_ bytes: C, encoding: TextEncoding) -> String {
        encoding.isSingleByte ? encoding.decodeSingleByte(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes without the spaces and tabs around them.
    static func trimmed<C: BidirectionalCollection<UInt8>>(_ bytes: C) -> C.SubSequence {
        var lo = bytes.startIndex, hi = bytes.endIndex
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { bytes.formIndex(after: &lo) }
        while hi > lo, bytes[bytes.index(before: hi)] == 0x20 || bytes[bytes.index(before: hi)] == 0x09 { bytes.formIndex(before: &hi) }
        return bytes[lo..<hi]
    }

    /// The trimmed bytes of a column, empty when the table or the row has no such column.
    private static func cellBytes(_ cells: RecordCells, _ column: Int?) -> Slice<UnsafeBufferPointer<UInt8>> {
        guard let c = column, c < cells.count else { return UnsafeBufferPointer(start: nil, count: 0)[...] }
        return TransactionTable.trimmed(cells[c])
    }

    /// Where a column's trimmed bytes lie, as offsets from `cells.base`; empty without such a column.
    private static func field(_ cells: RecordCells, _ column: Int?) -> Range<Int> {
        guard let c = column, c < cells.count else { return 0..<0 }
        let cell = cells[c], trimmed = TransactionTable.trimmed(cell)
        let from = cells.offset(of: c)
        return (from + trimmed.startIndex)..<(from + trimmed.endIndex)
    }

    /// The columns, on the header row `HeaderFinder` finds below any preamble (the one
    /// `CSVTable` finds): a known layout's, else those its cells name. A header that names no
    /// date and amount, or no header at all (an export matched by column count, or read by
    /// its values), leaves the columns to the values below it.
    private func chooseColumns(context: NormalizeContext, probing: Bool) throws(ReadError) {
        let records = lookahead.map { (cells: $0.cells.map(text), line: $0.line) }
        // Records above `tableStart` are preamble; data starts at `dataStart`.
        let tableStart: Int, dataStart: Int
        switch HeaderFinder().layout(of: records) {
        case .header(let index)?:
            let cells = records[index].cells
            header = cells
            headerLine = records[index].line
            (tableStart, dataStart) = (index, index + 1)
            if let layout = BankLayout.bundled.first(where: { $0.matches(header: cells) }) {
                columns = layout.columns(in: cells)
                adopt(layout)
            } else {
                let roles = TransactionColumns.detect(header: cells)
                if TransactionColumns.isTransactionHeader(roles) { columns = roles }
                if probing, cells.first?.hasPrefix("Column ") != true, TransactionColumns.headerRulesOutStatement(cells, roles: roles) {
                    throw ReadError(file: name, line: headerLine, "the header names no date, amount and description column, or a subscription's")
                }
            }
        case .noHeader(let index, _)?:
            (tableStart, dataStart) = (index, index)
        case nil:
            (tableStart, dataStart) = (lookahead.count, lookahead.count)
        }
        for record in lookahead[..<tableStart] {
            pending.append(Skip(record.isBlank ? .blank : .preamble, line: record.line))
        }
        lookaheadIndex = dataStart
        guard columns.isEmpty else { return }
        let rows = lookahead[dataStart...].filter { !$0.isBlank }
        let width = Dictionary(grouping: rows, by: { $0.cells.count }).max { $0.value.count < $1.value.count }?.key ?? 0
        let samples = rows.filter { $0.cells.count == width }
        if headerLine == nil, let layout = BankLayout.bundled.first(where: { $0.header == nil && $0.columns == width }) {
            let roles = layout.columns(in: [])
            let dates = samples.prefix(20).filter { r in roles[.date].map { FastDate.parts(r.cells[$0]).count >= 3 } ?? false }
            let firstIsData = rows.first.map { r in
                roles[.date].map { $0 < r.cells.count && FastDate.parts(r.cells[$0]).count >= 3 } ?? false
            } ?? false
            if firstIsData, dates.count * 10 >= min(20, samples.count) * 8 {
                columns = roles
                adopt(layout)
            }
        }
        if columns.isEmpty { columns = TransactionColumns.detect(values: samples.prefix(60).map { $0.cells.map(text) }) }
        guard columns[.date] != nil, columns[.amount] != nil || columns[.debit] != nil else {
            throw ReadError(file: name, line: headerLine ?? lookahead.first?.line,
                            "no header row names a date and an amount column, and no column holds dates and amounts (expected e.g. Date, Description, Amount)")
        }
        if headerLine == nil { header = (1...max(1, width)).map { "Column \($0)" } }
    }

    private func adopt(_ layout: BankLayout) {
        self.layout = layout.name
        if let s = layout.sign { sign = s; signReason = "sign convention \(s.rawValue) of the layout" }
        if !layout.debitWords.isEmpty { debitWords = Set(layout.debitWords) }
        dateOrder = layout.dateOrder
        decimalMark = layout.decimalMark
        currency = layout.currency
    }

    /// The one currency the amount cells name with a sign or code that has a single meaning
    /// (`£12.34`, `-43,00 PLN`, `¥25.00` is not one): nil when no cell names one, or two differ.
    static func currencyWritten(in cells: [String]) -> Currency? {
        var found: Currency?
        for cell in cells {
            let token = String(cell.unicodeScalars.filter { !$0.properties.isWhitespace && !"0123456789.,'+-()".unicodeScalars.contains($0) })
            guard !token.isEmpty else { continue }
            guard case .iso(let c)? = CurrencySigns.sign(token), found == nil || found == c else { return nil }
            found = c
        }
        return found
    }

    /// Date order and decimal mark from the sample when the layout gave none; the sign
    /// convention from the columns, else from the share of signs (see `SignConvention`).
    private func decideFormats(context: NormalizeContext) {
        let sample = lookahead[lookaheadIndex...].prefix(TransactionTable.sampleCount)
        var seenOrder = dateOrder
        let language = layout == nil && headerLine != nil ? HeaderLanguage.language(of: header) : nil
        if dateOrder == nil, let c = columns[.date] {
            seenOrder = FastDate.dateOrder(of: sample.compactMap { c < $0.cells.count ? FastDate.parts($0.cells[c]) : nil })
            // Dates that fit either order (05.09.2026) are read in the order every locale of
            // the header's language writes them (German: day first), else by the context.
            dateOrder = seenOrder ?? language.flatMap(HeaderLanguage.dateOrder(language:))
                ?? (context.region == "US" ? .monthDayYear : (context.locale == nil ? .monthDayYear : .dayMonthYear))
        }
        if decimalMark == nil {
            let amountColumns = [columns[.amount], columns[.debit], columns[.credit]].compactMap { $0 }
            decimalMark = FastAmount.decimalMark(of: sample.flatMap { r in amountColumns.compactMap { $0 < r.cells.count ? r.cells[$0] : nil } })
        }
        if let currency, layout != nil {
            currencyReason = "currency \(currency.code) of the layout"
        } else if currency == nil {
            // A currency in the amount's header (`Amount (EUR)`) is the file's own word; the
            // --currency default comes after it, and the header's language with the way the
            // values are written (`HeaderLanguage`) after both.
            let money = [columns[.amount], columns[.debit], columns[.credit]].compactMap { $0 }.filter { $0 < header.count }
            if let named = money.lazy.compactMap({ TransactionColumns.currency(inHeader: self.header[$0]) }).first {
                currency = named
                currencyReason = "currency \(named.code) from the amount's header"
            } else if let written = TransactionTable.currencyWritten(in: sample.flatMap { r in money.compactMap { $0 < r.cells.count ? text(r.cells[$0]) : nil } }) {
                currency = written
                currencyReason = "currency \(written.code) written with the amounts"
            } else if let given = context.currency {
                currency = given
                currencyReason = "currency \(given.code) as given"
            } else if columns[.currency] == nil, let language,
                      let guess = HeaderLanguage.currency(language: language, mark: decimalMark, order: seenOrder) {
                currency = guess
                var evidence = ["\(Locale(identifier: "en").localizedString(forLanguageCode: language) ?? language) header"]
                if let decimalMark { evidence.append("decimal \(decimalMark.rawValue)") }
                if let seenOrder { evidence.append("dates \(seenOrder.rawValue)") }
                currencyReason = "currency \(guess.code) guessed from the \(evidence.joined(separator: ", "))"
            }
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
            let values = sample.compactMap { c < $0.cells.count ? FastAmount.read($0.cells[c], mark: decimalMark) : nil }.filter { $0 != 0 }
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
    package func next() -> Item? {
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
    /// array of cells and no `String`. A row past a limit or binary data ends the rows
    /// (`failure` says why).
    func nextBytes() -> ByteItem? {
        if !pending.isEmpty { return .skip(pending.removeFirst()) }
        if lookaheadIndex < lookahead.count {
            let record = lookahead[lookaheadIndex]
            lookaheadIndex += 1
            if lookaheadIndex == lookahead.count { lookahead = []; lookaheadIndex = 0 }
            if record.isBlank { return .skip(Skip(.blank, line: record.line)) }
            row += 1
            let (row, format) = (self.row, self.format)
            return record.record.withView { TransactionTable.read(RecordCells($0), row: row, format: format) }
        }
        guard (try? records.advance()) == true else { return nil }
        let (row, format) = (self.row, self.format)
        return records.tokenizer.withRecord(row: 0) { view -> ByteItem in
            let cells = RecordCells(view)
            if cells.isBlank { return .skip(Skip(.blank, line: view.line)) }
            self.row += 1
            return TransactionTable.read(cells, row: row + 1, format: format)
        }
    }

    /// Reads rows into `batch` until it holds `limit` items; false when the table has ended.
    /// Rows after the sampled ones are read straight from the tokenizer's memory, the row
    /// count and the formats in local variables.
    func fill(_ batch: inout RowBatch, limit: Int) -> Bool {
        while batch.count < limit, !pending.isEmpty || lookaheadIndex < lookahead.count {
            guard let item = nextBytes() else { return false }
            batch.append(item)
        }
        let format = self.format
        var row = self.row
        defer { self.row = row }
        while batch.count < limit {
            guard (try? records.advance()) == true else { return false }
            records.tokenizer.withRecord(row: 0) { view in
                let cells = RecordCells(view)
                if cells.isBlank {
                    batch.append(.skip(Skip(.blank, line: view.line)))
                    return
                }
                row += 1
                TransactionTable.read(cells, row: row, format: format, into: &batch)
            }
        }
        return true
    }

    /// A data row (number `row`) as a transaction or a skip, its bytes copied out.
    private static func read(_ cells: RecordCells, row: Int, format: RowFormat) -> ByteItem {
        let line = format.line(cells.line)
        switch parse(cells, line: line, row: row, format: format) {
        case .skip(let skip): return .skip(skip)
        case .row(let date, let amount, let currency):
            let at = format.at
            let (bytes, shift) = cells.copiedBytes()
            func moved(_ range: Range<Int>) -> Range<Int> { range.isEmpty ? 0..<0 : (range.lowerBound - shift)..<(range.upperBound - shift) }
            return .transaction(TransactionBytes(date: date, amount: amount, currency: currency, bytes: bytes,
                                                 payee: moved(field(cells, at.payee)), text: moved(field(cells, at.description)),
                                                 reference: moved(field(cells, at.reference)), type: moved(field(cells, at.type)),
                                                 status: moved(field(cells, at.status)), account: moved(field(cells, at.account)),
                                                 row: row, line: line))
        }
    }

    /// As `read`, straight into a batch: the same fields, with no `TransactionBytes` between.
    private static func read(_ cells: RecordCells, row: Int, format: RowFormat, into batch: inout RowBatch) {
        let line = format.line(cells.line)
        switch parse(cells, line: line, row: row, format: format) {
        case .skip(let skip): batch.append(.skip(skip))
        case .row(let date, let amount, let currency):
            let at = format.at
            batch.appendRow(day: date.dayNumber, amount: amount, currency: currency, row: row, line: line, bytes: cells.base,
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
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { TransactionTable.decode(TransactionTable.trimmed(bytes), encoding: format.encoding) }
        func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String { TransactionTable.decode(bytes, encoding: format.encoding) }
        guard let dc = at.date, dc < cells.count,
              let date = format.dates.statementDate(cells[dc], order: dateOrder, encoding: format.encoding) else {
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
            amount = at.amount.flatMap { $0 < cells.count ? format.prices.statementAmount(cells[$0], mark: decimalMark, encoding: format.encoding) : nil }.map { -$0 }
        case .chargesPositive:
            amount = at.amount.flatMap { $0 < cells.count ? format.prices.statementAmount(cells[$0], mark: decimalMark, encoding: format.encoding) : nil }
        case .debitCredit:
            let debit = at.debit.flatMap { $0 < cells.count ? format.prices.statementAmount(cells[$0], mark: decimalMark, encoding: format.encoding) : nil }
            let credit = at.credit.flatMap { $0 < cells.count ? format.prices.statementAmount(cells[$0], mark: decimalMark, encoding: format.encoding) : nil }
            if let debit, debit != 0 { amount = abs(debit) } else if let credit { amount = -abs(credit) }
        case .indicator:
            if let value = at.amount.flatMap({ $0 < cells.count ? format.prices.statementAmount(cells[$0], mark: decimalMark, encoding: format.encoding) : nil }) {
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
/// fields are ranges of one buffer, so handing a row on retains one reference.
struct TransactionBytes {
    var date: CalendarDate
    var amount: Int64
    var currency: Currency?
    /// The bytes the ranges below point into: a copy of the row's record.
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

/// A record sampled before the columns are chosen: its cells as slices of its own bytes.
struct ByteRecord {
    let record: CSVRecord
    let cells: [ArraySlice<UInt8>]
    var line: Int { record.line }

    init(_ record: CSVRecord) {
        self.record = record
        cells = (0..<record.count).map(record.field)
    }

    var isBlank: Bool { record.isBlank }
}

/// The cells of a record as `TransactionTable` reads a row: a view into the tokenizer's memory
/// (or a sampled record's), valid only during the call that lent it.
struct RecordCells: RandomAccessCollection {
    let view: RecordView

    init(_ view: RecordView) { self.view = view }

    var startIndex: Int { 0 }
    var endIndex: Int { view.count }
    subscript(position: Int) -> UnsafeBufferPointer<UInt8> { view.field(position) }

    var line: Int { view.line }
    var isBlank: Bool { RowClassifier.isBlank(view.allBytes) }

    /// Where cell `i` starts, as an offset from `base`.
    func offset(of i: Int) -> Int { i == 0 ? view.start : view.ends[i - 1] }

    /// The bytes the cells' offsets count from, up to the record's end.
    var base: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: view.bytes, count: view.count == 0 ? view.start : view.ends[view.count - 1])
    }

    /// The record's bytes copied into an array, and the offset its first byte had.
    func copiedBytes() -> (bytes: [UInt8], shift: Int) {
        (Array(view.allBytes), view.start)
    }
}
