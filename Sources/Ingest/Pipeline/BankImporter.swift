import Foundation

/// Imports a bank or card export: reads its transactions, sorts out money in, transfers,
/// bills and rows not booked, groups charges by merchant, finds the recurring series and
/// proposes each as a draft. Every row ends in a draft's provenance or a reported skip.
package struct BankImporter: Sendable {
    package var options: ImportOptions
    /// Skips listed one by one per reason; beyond this they are only counted, so a
    /// million-row statement keeps a small report.
    package var listedSkipsPerReason = 200
    /// Threads that search the ledgers for series once the statement is read (the reading
    /// thread is free by then); the findings are taken in the same order whatever the number.
    var searchThreads = 2
    /// Below this many charges the ledgers are searched on the calling thread alone.
    var searchThreadsFrom = 20_000

    package init(options: ImportOptions) {
        self.options = options
    }

    /// A merchant's charges and the money it sent back.
    struct Ledger {
        var merchant: Merchant
        var currency: Currency?
        var charges: [Charge] = []
        var credits: [Charge] = []
        var kind = ImportDraft.Kind.subscription
        var kindDetail = ""
    }

    /// A ledger while the statement is read: its charges packed, unpacked one ledger at a time
    /// at the end.
    struct PackedLedger {
        var merchant: Merchant
        var currency: Currency?
        var charges: ChargeLog
        var credits: ChargeLog
        /// A bill or transfer when its rows' words say so (such rows reach a ledger only when
        /// that kind is imported), else a subscription; what the words named (rent, savings).
        var kind = ImportDraft.Kind.subscription
        var kindDetail = ""
        /// Whether a row of the merchant names a SEPA mandate or creditor id: a direct debit
        /// under a contract, never a shop's purchases (`SeriesKind`).
        var mandate = false

        init(merchant: Merchant, currency: Currency?, charges: ChargeLog = ChargeLog(), credits: ChargeLog = ChargeLog(),
             kind: ImportDraft.Kind = .subscription, kindDetail: String = "") {
            self.merchant = merchant
            self.currency = currency
            self.charges = charges
            self.credits = credits
            self.kind = kind
            self.kindDetail = kindDetail
        }

        /// An empty ledger whose charges go to `spool` a block at a time.
        init(merchant: Merchant, currency: Currency?, spool: ChargeSpool?) {
            self.init(merchant: merchant, currency: currency, charges: ChargeLog(spool: spool), credits: ChargeLog(spool: spool))
        }

        var unpacked: Ledger {
            Ledger(merchant: merchant, currency: currency, charges: charges.charges, credits: credits.charges, kind: kind, kindDetail: kindDetail)
        }
    }

    /// Reads `table` to the end and hands on one draft per recurring series, by name.
    package func run(table: TransactionTable, name: String, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let (drafts, report) = try read(table: table, name: name)
        for draft in drafts { try emit(draft) }
        return report
    }

    /// Reads `table` to the end and finds its recurring series: their drafts, by name, each made
    /// whole as it is handed on, and the report.
    package func read(table: TransactionTable, name: String) throws(ReadError) -> (drafts: BankDrafts, report: ImportReport) {
        var report = ImportReport(source: name, kind: .bank)
        var skips = SkipTally(limit: listedSkipsPerReason)
        var cache = MerchantCache()
        // Every charge is kept until the end (a merchant's whole history decides its series):
        // packed, in a temporary file, so memory stays flat however long the statement. The
        // series' charges go there too, until their drafts are handed on.
        let spool = ChargeSpool()
        var book = LedgerBook(spool: spool)
        let keys = MerchantKey(catalog: options.catalog)
        let encoding = table.encoding
        let rows = ReadAhead(table)
        // A status column holds a few texts over and over ("Gebucht"): the last one's word is
        // kept, so the words are looked for once per change, not on every row.
        var lastStatus: [UInt8] = []
        var lastWord: String?
        while let batch = rows.nextBatch() {
            batch.bytes.withUnsafeBytes { arena in
                for t in batch.rows {
                    report.rows += 1
                    guard t.skip < 0 else {
                        skips.add(batch.skips[t.skip])
                        continue
                    }
                    let key = UnsafeRawBufferPointer(rebasing: arena[t.key])
                    let kind: TransactionKind
                    var entry: MerchantCache.Entry?
                    if !t.status.isEmpty, !batch.bytes[t.status].elementsEqual(lastStatus) {
                        lastStatus = Array(batch.bytes[t.status])
                        lastWord = TransactionClassifier.notBookedWord(in: TransactionTable.decode(batch.bytes[t.status], encoding: encoding))
                    }
                    if !t.status.isEmpty, let word = lastWord {
                        kind = .notBooked(word)
                    } else if t.amount == 0 {
                        kind = .zero
                    } else {
                        let found = cache.entry(key: key, hash: t.hash, encoding: encoding, keys: keys)
                        entry = found
                        kind = TransactionClassifier.classify(amount: t.amount, words: cache.kinds[Int(found.words)])
                    }
                    // Bills and transfers out are searched for series only when that kind is
                    // imported; otherwise each row is a skip at once.
                    var series: (kind: ImportDraft.Kind, detail: String)?
                    switch kind {
                    case .notBooked(let word) where word == TransactionClassifier.duplicateStatus:
                        skips.add(Skip(.duplicate, line: t.line, row: t.row,
                                       detail: TransactionTable.decode(batch.bytes[t.status], encoding: encoding)))
                    case .notBooked(let word):
                        skips.add(Skip(.pending, line: t.line, row: t.row, detail: word))
                    case .zero:
                        skips.add(Skip(.unusable, line: t.line, row: t.row, detail: "amount is zero"))
                    case .transfer(let word):
                        if t.amount > 0, options.kinds.contains(.transfer) { series = (.transfer, word) } else {
                            skips.add(Skip(.transfer, line: t.line, row: t.row, detail: word))
                        }
                    case .bill(let what):
                        if options.kinds.contains(.bill) { series = (.bill, what) } else {
                            skips.add(Skip(.notSubscription, line: t.line, row: t.row, detail: what))
                        }
                    case .charge, .moneyIn:
                        series = (.subscription, "")
                    }
                    if let series {
                        let merchant = (entry ?? cache.entry(key: key, hash: t.hash, encoding: encoding, keys: keys)).merchant
                        let charge = Charge(day: t.day, amount: abs(t.amount), row: t.row, line: t.line)
                        book.add(charge, credit: kind == .moneyIn, merchant: merchant, currency: t.currency, merchants: cache.merchants,
                                 kind: series.kind, detail: series.detail)
                    }
                }
            }
        }
        // A row past a limit or binary data stopped the reading: nothing after it was read.
        if let failure = table.failure { throw failure }
        var ledgers = book.takeByKey()
        for key in ledgers.keys where cache.mandated.contains(ledgers[key]?.merchant.key ?? "") { ledgers[key]?.mandate = true }
        BankImporter.mergeSpellings(&ledgers)
        BankImporter.mergeFamilies(&ledgers)
        let builder = SeriesDraftBuilder(file: name, context: options.context)
        var drafts: [BankDrafts.Entry] = []
        let detector = RecurrenceDetector()
        // Largest ledgers first; the order also fixes which skips are listed. Each ledger is
        // settled and searched on its own (on two threads for a large statement), keeping
        // only what the report can list of its leftovers; the findings are then taken in
        // that order, so the result does not depend on the threads.
        let order = ledgers.map { (key: $0.key, size: $0.value.charges.count + $0.value.credits.count) }
            .sorted { ($1.size, $0.key) < ($0.size, $1.key) }
        let queue = order.compactMap { ledgers.removeValue(forKey: $0.key) }
        let total = order.reduce(0) { $0 + $1.size }
        let search = LedgerSearch(ledgers: queue) { ledger in
            self.search(ledger, detector: detector, keep: self.listedSkipsPerReason, builder: builder, spool: spool)
        }
        search.run(threads: total >= searchThreadsFrom ? searchThreads : 1)
        for (ledger, found) in zip(queue, search.findings) {
            for (reason, count) in found.refundCounts {
                skips.add(reason, count: count, listing: found.refunds.lazy.filter { $0.reason == reason })
            }
            for (reason, count) in found.droppedCounts {
                skips.add(reason, count: count, listing: found.dropped.lazy.filter { $0.reason == reason })
            }
            drafts += found.drafts
            var reason: Skip.Reason = found.drafts.isEmpty && found.leftoverCount >= 3 ? .irregular : .oneOff
            // Only the skips that will be listed are made; the others are counted.
            var detail = ledger.merchant.name
            // A bill's or transfer's charges outside a series are what they were before.
            switch ledger.kind {
            case .bill: (reason, detail) = (.notSubscription, ledger.kindDetail)
            case .transfer: (reason, detail) = (.transfer, ledger.kindDetail)
            case .subscription, .habit: break
            }
            skips.add(reason, count: found.leftoverCount, listing: found.leftover.prefix(skips.room(for: reason)).lazy.map { c in
                Skip(reason, line: Int(c.line), row: Int(c.row), detail: detail)
            })
        }
        drafts.sort { ($0.draft.name.value ?? "", $0.firstRow) < ($1.draft.name.value ?? "", $1.firstRow) }
        let found = BankDrafts(file: name, entries: drafts)
        report.drafts = found.count
        report.skips = skips.listed.sorted { ($0.line, $0.reason.rawValue) < ($1.line, $1.reason.rawValue) }
        report.unlistedSkips = skips.unlisted
        let inSeries = found.rows
        let how = table.header.first?.hasPrefix("Column ") == true ? "read from the values (no header row)" : "detected from the header"
        var note = "layout \(table.layout ?? how), \(table.fileEncoding.rawValue), dates \(table.dateOrder?.rawValue ?? "?"), \(table.signReason)"
        if !table.currencyReason.isEmpty { note += ", \(table.currencyReason)" }
        note += "; \(inSeries) row\(inSeries == 1 ? "" : "s") in \(found.count) recurring series"
        report.warnings = [Issue("bank.layout", .info, note)]
        if table.currency == nil, table.columns[.currency] == nil, found.count > 0 {
            let money = [table.columns[.amount], table.columns[.debit]].compactMap { $0 }.first
            var place = table.headerLine.map { "line \($0)" } ?? "no header row"
            if let money, money < table.header.count { place += ", column \(money + 1)" + (table.headerLine == nil ? "" : " \"\(table.header[money])\"") }
            report.warnings.append(Issue("currency.missing", .warning,
                "\(place): the statement names no currency: no currency column, none in the amount's header, and neither its header's words nor the way it writes numbers and dates point to one country, so the prices of its series have no currency",
                remedy: .chooseCurrency))
        }
        return (found, report)
    }

    /// Two spellings of one merchant in one statement are one ledger, named by the longer: a
    /// descriptor cut at the bank's field width beside the whole one (`PLANET FITNESS CHIC`,
    /// `PLANET FITNESS CHICAGO`; `NYTIMES DIGITAL` beside `NYTIMES DIGITAL SUBSCR`), and one
    /// written without its spaces (`PLANETFITNESS`), also when the other is a catalog brand of
    /// eight letters or more. The shorter must keep at least two words or ten letters, so
    /// `UBER` and `UBER EATS` stay apart.
    static func mergeSpellings(_ ledgers: inout [String: PackedLedger]) {
        struct Spelling { var key: String; var words: [Substring]; var glued: String; var currency: String }
        var spellings: [Spelling] = []
        var brands: [Spelling] = []
        for (key, ledger) in ledgers where ledger.kind == .subscription {
            if ledger.merchant.isKnownService {
                // A catalog brand's name without its spaces (`PLANETFITNESS`), to take in a
                // spelling the catalog did not recognise.
                let glued = String(ledger.merchant.name.uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
                if glued.count >= 8 { brands.append(Spelling(key: key, words: [], glued: glued, currency: ledger.currency?.code ?? "")) }
                continue
            }
            let words = ledger.merchant.key.split(separator: " ")
            spellings.append(Spelling(key: key, words: words, glued: words.joined(), currency: ledger.currency?.code ?? ""))
        }
        guard !spellings.isEmpty, spellings.count + brands.count > 1, spellings.count <= 20_000 else { return }
        // Longest first, so a spelling joins the fullest one that covers it; of two as long,
        // the one with its spaces names the merchant.
        spellings.sort { ($0.glued.count, $0.words.count, $0.key) > ($1.glued.count, $1.words.count, $1.key) }
        func covers(_ long: Spelling, _ short: Spelling) -> Bool {
            guard long.currency == short.currency, long.key != short.key, short.glued.count >= 4 else { return false }
            if long.glued == short.glued { return true }
            guard short.words.count >= 2 || short.glued.count >= 10, short.words.count <= long.words.count,
                  let last = short.words.last else { return false }
            // Every word but the last the same, the last one cut.
            for i in 0..<(short.words.count - 1) where short.words[i] != long.words[i] { return false }
            return long.words[short.words.count - 1].hasPrefix(last)
        }
        var index: [Substring: [Int]] = [:]
        for (i, s) in spellings.enumerated() { index[s.glued.prefix(4), default: []].append(i) }
        var into: [String: String] = [:]
        // An unknown spelling that starts with a brand's whole name, glued, is that brand
        // (`PLANETFITNESS CHICAGO`); the longest such name wins.
        if !brands.isEmpty {
            var byStart: [Substring: [Spelling]] = [:]
            for brand in brands { byStart[brand.glued.prefix(4), default: []].append(brand) }
            for short in spellings {
                let fits = (byStart[short.glued.prefix(4)] ?? []).filter { $0.currency == short.currency && short.glued.hasPrefix($0.glued) }
                if let brand = fits.max(by: { ($0.glued.count, $1.key) < ($1.glued.count, $0.key) }) { into[short.key] = brand.key }
            }
        }
        for (i, short) in spellings.enumerated() where into[short.key] == nil {
            // The 64 longest spellings with the same first letters are tried, so a shop with
            // thousands of descriptors costs no more than that each.
            guard let long = index[short.glued.prefix(4)]?.lazy.prefix(while: { $0 < i }).prefix(64)
                .first(where: { into[spellings[$0].key] == nil && covers(spellings[$0], short) })
            else { continue }
            into[short.key] = spellings[long].key
        }
        for (shortKey, longKey) in into.sorted(by: { $0.key < $1.key }) {
            guard let short = ledgers.removeValue(forKey: shortKey), let long = ledgers[longKey] else { continue }
            var merged = long.unpacked
            let extra = short.unpacked
            merged.charges = (merged.charges + extra.charges).sorted { ($0.day, $0.row) < ($1.day, $1.row) }
            merged.credits = (merged.credits + extra.credits).sorted { ($0.day, $0.row) < ($1.day, $1.row) }
            ledgers[longKey] = PackedLedger(merchant: merged.merchant, currency: merged.currency, charges: ChargeLog(merged.charges),
                                            credits: ChargeLog(merged.credits), kind: merged.kind, kindDetail: merged.kindDetail)
            ledgers[longKey]?.mandate = long.mandate || short.mandate
        }
    }

    /// Descriptors with a per-charge word after the merchant (`HELLOFRESH WKHBJA`) make many
    /// keys of one or two charges sharing a first word: such keys join one ledger named by
    /// that word, when there are at least three of them.
    static func mergeFamilies(_ ledgers: inout [String: PackedLedger]) {
        var families: [String: [String]] = [:]
        for (key, ledger) in ledgers where !ledger.merchant.isKnownService && ledger.charges.count + ledger.credits.count <= 2 {
            guard ledger.kind == .subscription, let first = ledger.merchant.key.split(separator: " ").first, ledger.merchant.key.contains(" ") else { continue }
            families[String(first) + "|" + (ledger.currency?.code ?? ""), default: []].append(key)
        }
        for (family, keys) in families where keys.count >= 3 {
            let word = String(family.prefix { $0 != "|" })
            var mandate = ledgers[family]?.mandate ?? false
            var merged = (ledgers[family] ?? PackedLedger(merchant: Merchant(key: word, name: MerchantKey.title(word), category: nil, isKnownService: false),
                                                          currency: ledgers[keys[0]]?.currency)).unpacked
            for key in keys.sorted() {
                guard let ledger = ledgers.removeValue(forKey: key) else { continue }
                mandate = mandate || ledger.mandate
                merged.charges += ledger.charges.charges
                merged.credits += ledger.credits.charges
            }
            merged.charges.sort { ($0.day, $0.row) < ($1.day, $1.row) }
            ledgers[family] = PackedLedger(merchant: merged.merchant, currency: merged.currency,
                                           charges: ChargeLog(merged.charges), credits: ChargeLog(merged.credits),
                                           kind: merged.kind, kindDetail: merged.kindDetail)
            ledgers[family]?.mandate = mandate
        }
    }

    /// What searching one ledger finds: of its refunds and income the first `keep` per reason
    /// with the count per reason, the series' drafts (their charges spooled), and the first
    /// `keep` charges left over with their count: no more than the report can list.
    struct Finding {
        var refunds: [Skip]
        var refundCounts: [(reason: Skip.Reason, count: Int)]
        /// The charges of series whose kind is not imported, as skips: the first `keep` per reason.
        var dropped: [Skip] = []
        var droppedCounts: [(reason: Skip.Reason, count: Int)] = []
        var drafts: [BankDrafts.Entry]
        var leftover: [Charge]
        var leftoverCount: Int
    }

    /// Settles a ledger's refunds, searches its charges for series and drafts them. The ledger
    /// is read back from its log twice, a refunded charge passed over, and never unpacked whole.
    func search(_ ledger: PackedLedger, detector: RecurrenceDetector, keep: Int, builder: SeriesDraftBuilder,
                spool: ChargeSpool?) -> Finding {
        let (refunds, refunded) = settleRefunds(ledger)
        var kept: [Skip] = []
        var counts: [(reason: Skip.Reason, count: Int)] = []
        for skip in refunds {
            let i = counts.firstIndex { $0.reason == skip.reason } ?? counts.endIndex
            if i == counts.endIndex { counts.append((skip.reason, 0)) }
            counts[i].count += 1
            if counts[i].count <= keep { kept.append(skip) }
        }
        let found = detector.detect(count: ledger.charges.count - refunded.count, knownService: ledger.merchant.isKnownService,
                                    keep: keep) { body in
            if refunded.isEmpty {
                ledger.charges.forEach(body)
            } else {
                ledger.charges.forEach { if !refunded.contains($0.row) { body($0) } }
            }
        }
        var drafts: [BankDrafts.Entry] = []
        var dropped: [Skip] = []
        var droppedCounts: [(reason: Skip.Reason, count: Int)] = []
        for series in found.series {
            let kind = SeriesKind.of(series, ledger: ledger, leftover: found.leftoverCount)
            guard options.kinds.contains(kind) else {
                // Not imported: each charge is reported as what its series is.
                let reason: Skip.Reason = kind == .transfer ? .transfer : .notSubscription
                let detail = "\(kind.rawValue) \(series.fit.period.rawValue): \(ledger.kindDetail.isEmpty ? ledger.merchant.name : ledger.kindDetail)"
                let i = droppedCounts.firstIndex { $0.reason == reason } ?? droppedCounts.endIndex
                if i == droppedCounts.endIndex { droppedCounts.append((reason, 0)) }
                for charge in series.charges {
                    droppedCounts[i].count += 1
                    if droppedCounts[i].count <= keep { dropped.append(Skip(reason, line: Int(charge.line), row: Int(charge.row), detail: detail)) }
                }
                continue
            }
            var draft = builder.draft(series, merchant: ledger.merchant, currency: ledger.currency, provenance: [])
            SeriesKind.mark(&draft, kind: kind, detail: ledger.kindDetail)
            drafts.append(BankDrafts.Entry(draft, charges: series.charges, spool: spool))
        }
        return Finding(refunds: kept, refundCounts: counts, dropped: dropped, droppedCounts: droppedCounts, drafts: drafts,
                       leftover: found.leftover(first: keep), leftoverCount: found.leftoverCount)
    }

    /// Money in at a merchant that matches one of its charges (same amount, within 60 days
    /// after it) is a refund: both rows leave the ledger. Other money in is income. Returns the
    /// skips and the rows of the refunded charges. Only charges at a credit's amount and in
    /// the credits' days are unpacked; among them each credit takes, as before, the last one
    /// appended that matches.
    func settleRefunds(_ ledger: PackedLedger) -> (skips: [Skip], refunded: Set<Int32>) {
        guard ledger.credits.count > 0 else { return ([], []) }
        let credits = ledger.credits.charges
        let amounts = Set(credits.map(\.amount))
        let from = (credits.map(\.day).min() ?? 0) - 60, to = credits.map(\.day).max() ?? 0
        var candidates: [Charge] = []
        ledger.charges.forEach { c in
            if c.day >= from && c.day <= to && amounts.contains(c.amount) { candidates.append(c) }
        }
        var skips: [Skip] = []
        var refunded: Set<Int32> = []
        for credit in credits {
            if let index = candidates.lastIndex(where: {
                $0.amount == credit.amount && $0.day <= credit.day && credit.day - $0.day <= 60
            }) {
                let charge = candidates.remove(at: index)
                refunded.insert(charge.row)
                skips.append(Skip(.refund, line: Int(charge.line), row: Int(charge.row), detail: "refunded on \(credit.date)"))
                skips.append(Skip(.refund, line: Int(credit.line), row: Int(credit.row), detail: ledger.merchant.name))
            } else {
                skips.append(Skip(.income, line: Int(credit.line), row: Int(credit.row), detail: ledger.merchant.name))
            }
        }
        return (skips, refunded)
    }
}

/// Searches ledgers on one or more threads, each taking the next ledger in order; the
/// findings are kept by ledger. The ledgers are only read (their spooled blocks with `pread`,
/// which keeps no file position), so the threads share nothing else.
final class LedgerSearch: @unchecked Sendable {
    private let ledgers: [BankImporter.PackedLedger]
    private let work: (BankImporter.PackedLedger) -> BankImporter.Finding
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var nextLedger = 0
    private var found: [BankImporter.Finding?]
    private var running = 0

    init(ledgers: [BankImporter.PackedLedger], work: @escaping (BankImporter.PackedLedger) -> BankImporter.Finding) {
        self.ledgers = ledgers
        self.work = work
        found = Array(repeating: nil, count: ledgers.count)
    }

    /// Searches every ledger, on `threads` threads counting the calling one, and returns when all are done.
    func run(threads: Int) {
        let helpers = max(0, min(threads, ledgers.count) - 1)
        condition.lock()
        running = helpers
        condition.unlock()
        for _ in 0..<helpers {
            Thread { [self] in
                self.drain()
                self.condition.lock()
                self.running -= 1
                self.condition.broadcast()
                self.condition.unlock()
            }.start()
        }
        drain()
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            let i = nextLedger
            nextLedger += 1
            condition.unlock()
            guard i < ledgers.count else { return }
            let finding = work(ledgers[i])
            condition.lock()
            found[i] = finding
            condition.unlock()
        }
    }

    /// The findings in ledger order, after `run`.
    var findings: [BankImporter.Finding] {
        condition.lock()
        defer { condition.unlock() }
        return found.map { finding in
            guard let finding else { preconditionFailure("a ledger was not searched") }
            return finding
        }
    }
}

/// The ledgers of a statement by merchant number and currency: a charge finds its ledger
/// without building a key string.
struct LedgerBook {
    private var ledgers: [BankImporter.PackedLedger] = []
    /// Where the ledgers' full blocks go; nil keeps them in memory.
    private var spool: ChargeSpool?
    /// Per merchant number, its first ledger's index and currency; a merchant charged in
    /// further currencies finds those in `others`.
    private var first: [(index: Int, currency: Currency?)?] = []
    private var others: [Other: Int] = [:]

    init(spool: ChargeSpool? = nil) {
        self.spool = spool
    }

    private struct Other: Hashable {
        var merchant: Int32
        var currency: Currency?
    }

    mutating func add(_ charge: Charge, credit: Bool, merchant: Int32, currency: Currency?, merchants: [Merchant],
                      kind: ImportDraft.Kind = .subscription, detail: String = "") {
        let index = ledger(merchant: merchant, currency: currency, merchants: merchants)
        if credit { ledgers[index].credits.append(charge) } else { ledgers[index].charges.append(charge) }
        if kind != .subscription, ledgers[index].kind == .subscription {
            ledgers[index].kind = kind
            ledgers[index].kindDetail = detail
        }
    }

    private mutating func ledger(merchant: Int32, currency: Currency?, merchants: [Merchant]) -> Int {
        let m = Int(merchant)
        while first.count <= m { first.append(nil) }
        if let known = first[m] {
            if known.currency == currency { return known.index }
            if let index = others[Other(merchant: merchant, currency: currency)] { return index }
        }
        let index = ledgers.count
        ledgers.append(BankImporter.PackedLedger(merchant: merchants[m], currency: currency, spool: spool))
        if first[m] == nil { first[m] = (index, currency) } else { others[Other(merchant: merchant, currency: currency)] = index }
        return index
    }

    /// The ledgers keyed `merchant key|currency code`, as `BankImporter.mergeFamilies` groups
    /// them; the book is left empty, so the charges are held once.
    mutating func takeByKey() -> [String: BankImporter.PackedLedger] {
        var keyed: [String: BankImporter.PackedLedger] = [:]
        keyed.reserveCapacity(ledgers.count)
        for ledger in ledgers { keyed[ledger.merchant.key + "|" + (ledger.currency?.code ?? "")] = ledger }
        self = LedgerBook(spool: spool)
        return keyed
    }
}

