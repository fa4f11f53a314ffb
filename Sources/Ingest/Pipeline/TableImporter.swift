import Foundation

/// Where a streamed import sends rows that read cleanly (`PlainRow`): `take` writes one (given
/// with its list entry's JSON, `PlainBatch.json`) and says true, or says false when the row
/// must come as a draft after all (its duplicates are being folded). Only for imports that
/// accept every confident draft. `keepsSubscriptions` false: the rows come without their
/// `Subscription` (`PlainRow.subscription`), as a sink that takes list entries wants them.
package struct PlainSink {
    package var take: (PlainRow, ArraySlice<UInt8>) throws -> Bool
    package var keepsSubscriptions: Bool
    /// Duplicate key hashes whose rows `take` always refuses (`DuplicateFolder.foldedWhole`):
    /// such rows are made drafts at once, on the threads that make batches.
    package var folded: KeyHashes?

    package init(keepsSubscriptions: Bool = true, folded: KeyHashes? = nil, take: @escaping (PlainRow, ArraySlice<UInt8>) throws -> Bool) {
        self.take = take
        self.keepsSubscriptions = keepsSubscriptions
        self.folded = folded
    }
}

/// Runs a table through detection and the draft builder in two streaming passes: the first
/// chooses the columns and decides each column's formats from all its values, the second builds
/// the drafts and hands them on one at a time. Memory stays flat in the row count.
package struct TableImporter: Sendable {
    package var options: ImportOptions

    package init(options: ImportOptions) {
        self.options = options
    }

    /// Chooses the columns from the header and the first rows.
    package func mapping(for source: TableSource) throws -> (ColumnMapping, samples: [SourceRow]) {
        let (mapping, samples) = try sampledMapping(for: source)
        return (mapping, samples.items.map(\.sourceRow))
    }

    /// `mapping(for:)`, with the first rows as the table handed them on (bytes where it could).
    func sampledMapping(for source: TableSource) throws -> (ColumnMapping, samples: RecordBatch) {
        let (mapping, samples, _) = try rememberedMapping(for: source)
        return (mapping, samples)
    }

    /// `sampledMapping`, with the note saying which saved mapping (`options.remembered`) was
    /// used when the header matched one and no `--map` was given.
    func rememberedMapping(for source: TableSource) throws -> (ColumnMapping, samples: RecordBatch, note: Issue?) {
        let samples = try source.nextBatch(limit: options.sampleSize)
        let detector = ColumnDetector(context: options.context)
        var overrides = options.overrides
        var note: Issue?
        if overrides.isEmpty, let saved = options.remembered.first(where: { $0.matches(source.header) }) {
            overrides = saved.map
            let pairs = saved.map.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
            note = Issue(.mapRemembered, .info, "columns mapped as saved for this header\(saved.from.map { " (from \($0))" } ?? ""): \(pairs.joined(separator: ", "))")
        }
        let mapping = try detector.detect(header: source.header, samples: samples.items.map(\.sourceRow.cells),
                                          overrides: overrides)
        return (mapping, samples, note)
    }

    /// `open` is called twice and must give the same rows both times; once, or not at all,
    /// when `prepared` (from `runNames` over the same rows) already holds the first pass's
    /// result, and not at all when that pass spooled the rows. With `plain`, rows that read
    /// cleanly (`PlainRowBuilder`) go to it instead of becoming drafts.
    package func run(name: String, kind: SourceKind, part: String? = nil, prepared: PreparedTable? = nil,
                    plain: PlainSink? = nil, open: () throws -> TableSource,
                    emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let table = try prepared ?? firstPass(open(), name: name, part: part, count: nil)
        let builder = DraftBuilder(mapping: table.mapping, formats: table.formats, context: options.context,
                                   catalog: options.catalog, file: name, part: part)
        var report = ImportReport(source: name, kind: kind, mapping: table.mapping)
        let plainBuilder = plain.flatMap { PlainRowBuilder(builder, keepingSubscriptions: $0.keepsSubscriptions, folded: $0.folded) }
        /// Section rows met so far, and the label of the last one (`DraftBuilder.sectionLabel`).
        var sections: [Skip] = []
        var section: String?
        /// Hands on a batch's rows in order: `rows` are those it was made of.
        func hand(_ batch: PlainBatch, _ rows: RecordBatch) throws {
            for i in batch.rows.indices {
                switch batch.rows[i] {
                case .plain(let k):
                    report.rows += 1
                    if let section {
                        // A row under a section label takes it as its category: built in full.
                        try emit(builder.applySection(section, to: builder.build(rows.item(i).sourceRow)))
                    } else if try plain?.take(batch.plain[k], batch.json[batch.plain[k].json]) != true {
                        try emit(builder.build(rows.item(i).sourceRow))
                    }
                case .draft(let draft):
                    if let label = builder.sectionLabel(draft) {
                        section = label
                        let place = draft.provenance.first
                        sections.append(Skip(.section, line: place?.line ?? 0, row: place?.row, detail: String(label.prefix(60))))
                        continue
                    }
                    report.rows += 1
                    try emit(section.map { builder.applySection($0, to: draft) } ?? draft)
                }
                report.drafts += 1
            }
            plainBuilder?.recycle(batch)
        }
        /// Drafts, or plain rows where they read cleanly; `brands` as `PlainRowBuilder.batch` takes them.
        @Sendable func make(_ rows: RecordBatch, brands: [Int32]?) -> PlainBatch {
            guard let plainBuilder else { return PlainBatch(drafts: rows.items.map { builder.build($0.sourceRow) }) }
            return plainBuilder.batch(rows, brands: brands)
        }
        let again = try TableImporter.readAgain(table, open: open, make: make, emit: { rows, batch in try hand(batch, rows) })
        report.skips = again.skips + sections
        report.unlistedSkips = again.unlistedSkips
        report.rows += report.skips.count + report.unlistedSkips.values.reduce(0, +)
        report.warnings = table.notes + again.warnings
        return report
    }

    /// The rows of a prepared table again, as the import and `validate` both read them: from
    /// the first pass's spool a block at a time, with the brands that pass found of them (nil:
    /// none), or read anew through `open`; made on two threads (`pipeline`) and handed to `emit`
    /// in order with their rows. Returns what the reader skipped and warned of: the first
    /// pass's, or the new reader's.
    static func readAgain<Made: Sendable>(_ table: PreparedTable, open: () throws -> TableSource,
                                          make: @escaping @Sendable (RecordBatch, [Int32]?) -> Made,
                                          emit: (RecordBatch, Made) throws -> Void) throws
        -> (skips: [Skip], unlistedSkips: [Skip.Reason: Int], warnings: [Issue]) {
        guard let spool = table.spool else {
            let source = try open()
            try pipeline(nextRows: { try source.nextBatch(limit: $0) }, makeBatch: { make($0, nil) }, emit: emit)
            return (source.skips, source.unlistedSkips, source.warnings)
        }
        try pipeline(batchSize: 1, nextRows: { _ in spool.nextBlock().map { [$0] } ?? [] }, makeBatch: { blocks in
            make(blocks.first?.rows ?? RecordBatch(), blocks.first.flatMap { $0.brands.isEmpty ? nil : $0.brands })
        }, emit: { blocks, made in try emit(blocks.first?.rows ?? RecordBatch(), made) })
        return (table.skips, table.unlistedSkips, table.warnings)
    }

    /// What the first pass's batches do, made on either thread (`pipeline`): count
    /// each column's formats, hash each row's duplicate key (when counting), and spool each
    /// batch with its rows' brands (when spooling). The rest of a plain row's facts
    /// (`PlainRowBuilder.facts`) are found in the second pass.
    private final class FirstPass: @unchecked Sendable {
        let builder: DraftBuilder
        let hashing: Bool
        /// Where each batch is kept for the second pass, with its rows' brands, by its number.
        let spool: RowSpool?
        /// `builder.nameBrandColumn`, looked up once.
        let nameColumn: Int?
        /// The formats the header decided (its script), which the rows' are added to.
        private let base: ColumnFormats

        /// What a thread making batches keeps from one to the next: the formats counted and the
        /// brands of the names met (`BrandBytes.Memo`). Both only count or remember, so which
        /// copy a batch gets changes nothing in the result.
        private struct Lane {
            var formats: ColumnFormats
            /// Made for the first batch of `memoRows` rows or more: a small table's few names
            /// are looked up faster than a memo of 4096 answers is cleared.
            var brands: BrandBytes.Memo?
            /// The markets of names in other scripts, each looked up once (at most 4096 kept).
            var markets: [String: ColumnFormats.Market?] = [:]
        }

        private let lanes: PerThread<Lane>
        static let memoRows = 256

        init(_ builder: DraftBuilder, hashing: Bool, spool: RowSpool?) {
            self.builder = builder
            nameColumn = builder.nameBrandColumn
            self.hashing = hashing
            self.spool = spool
            let base = builder.formats
            self.base = base
            lanes = PerThread { Lane(formats: base.uncounted()) }
        }

        /// The formats of every row made so far; read once the last batch is done.
        var formats: ColumnFormats {
            var formats = base
            lanes.forEach { formats.add($0.formats) }
            return formats
        }

        /// Spools batch number `number` with its rows' brands (when spooling); gives each
        /// row's duplicate key hash (when counting).
        func batch(_ rows: RecordBatch, number: Int) -> [UInt64?] {
            var hashes: [UInt64?] = []
            var brandList: [Int32] = []
            let spooling = spool != nil
            if hashing { hashes.reserveCapacity(rows.count) }
            if spooling { brandList.reserveCapacity(rows.count) }
            lanes.with { lane in
                if lane.brands == nil, rows.count >= FirstPass.memoRows { lane.brands = BrandBytes.Memo() }
                rows.withRecords { records in
                    for i in 0..<records.count {
                        let record = records[i]
                        lane.formats.observe(record)
                        let answer = builder.nameAnswer(record, column: nameColumn, memo: &lane.brands)
                        let brand: Int? = if case .brand(let brand) = answer { brand } else { nil }
                        if let brand {
                            lane.formats.countMarket(builder.catalog.markets[brand])
                        } else if let column = nameColumn, column < record.count, record.field(column).contains(where: { $0 >= 0x80 }) {
                            // Names in other scripts are matched by the full catalog look-up.
                            let name = String(decoding: record.field(column), as: UTF8.self)
                            let market: ColumnFormats.Market?
                            if let known = lane.markets[name] { market = known } else {
                                market = ColumnFormats.Market(builder.catalog.match(name)?.brand.market)
                                if lane.markets.count >= 4096 { lane.markets.removeAll(keepingCapacity: true) }
                                lane.markets[name] = market
                            }
                            lane.formats.countMarket(market)
                        }
                        if hashing { hashes.append(builder.duplicateHash(record, answer: answer)) }
                        if spooling { brandList.append(PlainFacts.spooled(answer)) }
                    }
                }
            }
            spool?.append(rows, brands: brandList, sequence: number)
            return hashes
        }
    }

    /// The first pass: chooses the columns, decides each column's formats from all its values,
    /// hands each row's duplicate key hash to `count` (`DraftBuilder.duplicateHash`), and
    /// spools the rows for the second pass when a temporary file can be made. The work on the
    /// rows is done on a second thread (`pipeline`).
    func firstPass(_ source: TableSource, name: String, part: String?,
                   count: ((UInt64?) throws -> Void)?, spooling: Bool = true) throws -> PreparedTable {
        let (mapping, samples, note) = try rememberedMapping(for: source)
        let builder = DraftBuilder(mapping: mapping, formats: ColumnFormats(mapping: mapping),
                                   context: options.context, catalog: options.catalog, file: name, part: part)
        let pass = FirstPass(builder, hashing: count != nil, spool: spooling ? RowSpool(directory: options.spoolDirectory, memoryBytes: options.spoolMemoryBytes) : nil)
        try TableImporter.pipeline(first: samples, nextRows: { try source.nextBatch(limit: $0) },
                                   makeNumbered: pass.batch, emit: { rows, hashes in
            if let count { try hashes.forEach(count) }
        })
        let spool = pass.spool?.isWhole == true ? pass.spool : nil
        var prepared = PreparedTable(mapping: mapping, formats: pass.formats, spool: spool, skips: source.skips, warnings: source.warnings)
        prepared.unlistedSkips = source.unlistedSkips
        prepared.notes = note.map { [$0] } ?? []
        return prepared
    }

    /// Rows read per batch when building drafts on a second thread.
    static let batchSize = 512
    /// Cell bytes a batch stops at before `batchSize` rows: batches of big rows queued
    /// between the threads stay a few MiB each.
    static let batchBytes = 4 << 20

    /// Builds a draft per row of `source` and hands them on in row order.
    static func build(_ source: TableSource, with builder: DraftBuilder, emit: (ImportDraft) throws -> Void) throws {
        try pipeline(nextRows: { try source.nextItems(limit: $0) }, makeBatch: { $0.map { builder.build($0.sourceRow) } },
                     emit: { _, drafts in try drafts.forEach(emit) })
    }

    /// Batches queued ahead of the one this thread hands on next: the making thread goes on
    /// with the older ones while this thread, when it would wait, takes the newest.
    static let queued = 4

    /// Makes something of each batch of `batchSize` rows (`first`, then those `nextRows(n)`
    /// gives: the next `n` rows or fewer, none at the end) and hands the batches on in order,
    /// with their rows. A table of more than one batch is made on a second thread, batch after
    /// batch, while this thread reads the batches after (up to `queued` ahead) and hands on
    /// those before; when the batch it is to hand on next is not made yet, this thread makes
    /// the newest queued batch that no thread has started on instead of waiting, so whichever
    /// side has time to spare takes part of the making. `makeBatch` may therefore run on two
    /// threads at once, on any batch: what it keeps from one batch to the next must change
    /// nothing in what it makes (`PerThread`).
    static func pipeline<Rows: PipelineRows & Sendable, Made: Sendable>(first: Rows = Rows(), batchSize: Int = batchSize,
                                                             nextRows: (Int) throws -> Rows,
                                                             makeBatch: @escaping @Sendable (Rows) -> Made,
                                                             emit: (Rows, Made) throws -> Void) throws {
        try pipeline(first: first, batchSize: batchSize, nextRows: nextRows, makeNumbered: { rows, _ in makeBatch(rows) }, emit: emit)
    }

    /// `pipeline`, telling `makeNumbered` each batch's number too: 0 for the first, then 1, 2 …
    /// in the order the batches are read and handed on, whichever thread makes them and when.
    static func pipeline<Rows: PipelineRows & Sendable, Made: Sendable>(first: Rows = Rows(), batchSize: Int = batchSize,
                                                             nextRows: (Int) throws -> Rows,
                                                             makeNumbered: @escaping @Sendable (Rows, Int) -> Made,
                                                             emit: (Rows, Made) throws -> Void) throws {
        /// Set once `nextRows` gave nothing: the table has ended. A batch can be short
        /// without that (it reached `batchBytes`).
        var ended = false
        func readBatch(into rows: inout Rows) throws {
            while rows.count < batchSize, rows.byteWeight < Self.batchBytes {
                let more = try nextRows(batchSize - rows.count)
                if more.isEmpty {
                    ended = true
                    return
                }
                if rows.isEmpty { rows = more } else { rows.append(contentsOf: more) }
            }
        }
        var rows = first
        try readBatch(into: &rows)
        // The batch after it, read ahead: a table of one batch is made on this thread.
        var following = Rows()
        if !ended { try readBatch(into: &following) }
        guard !following.isEmpty else {
            try emit(rows, makeNumbered(rows, 0))
            return
        }
        // A serial queue: the making thread takes its batches in the order they are queued.
        let queue = DispatchQueue(label: "ingest.batches", qos: .userInitiated)
        // Batches queued or being made, oldest first, with their rows. A read or hand-on that
        // throws leaves them to finish on their own; they hold only copies of the rows and the
        // builder.
        var making: [(rows: Rows, job: BuildJob<Rows, Made>)] = []
        var numbered = 0
        func queueBatches() throws {
            while making.count < queued, !rows.isEmpty {
                making.append((rows, BuildJob(rows, number: numbered, on: queue, makeNumbered)))
                numbered += 1
                rows = following
                following = Rows()
                if rows.isEmpty, !ended { try readBatch(into: &rows) }
            }
        }
        try queueBatches()
        while let (made, job) = making.first {
            if !job.isDone, making.reversed().contains(where: { $0.job.make() }) { continue }
            making.removeFirst()
            let result = job.wait()
            try queueBatches()
            try emit(made, result)
        }
    }

    /// One batch queued on `queue` to be made; `wait` gives what was made. `make` makes it on
    /// the calling thread instead, unless a thread has started on it.
    private final class BuildJob<Rows: Sendable, Made: Sendable>: @unchecked Sendable {
        private let rows: Rows
        private let number: Int
        private let makeBatch: @Sendable (Rows, Int) -> Made
        private let done = DispatchSemaphore(value: 0)
        /// Guards `started` and `finished`.
        private let lock = SpinningLock()
        private var started = false, finished = false
        /// Written once by the thread that makes the batch before `done` is signalled, read after.
        private var made: Made?

        init(_ rows: Rows, number: Int, on queue: DispatchQueue, _ makeBatch: @escaping @Sendable (Rows, Int) -> Made) {
            self.rows = rows
            self.number = number
            self.makeBatch = makeBatch
            queue.async { [self] in _ = make() }
        }

        /// Makes the batch on this thread; false, doing nothing, when a thread started on it.
        func make() -> Bool {
            lock.lock()
            let mine = !started
            started = true
            lock.unlock()
            guard mine else { return false }
            made = makeBatch(rows, number)
            lock.lock()
            finished = true
            lock.unlock()
            done.signal()
            return true
        }

        var isDone: Bool {
            lock.lock()
            defer { lock.unlock() }
            return finished
        }

        func wait() -> Made {
            done.wait()
            return made!
        }
    }

    /// The first pass without counting duplicates (`firstPass`): chooses the columns, then
    /// decides each column's formats from all its values. With `spooling`, the rows are kept
    /// for the caller's second pass (`PreparedTable.rows`), as an import keeps them.
    package func prepare(_ source: TableSource, spooling: Bool = false) throws -> PreparedTable {
        try firstPass(source, name: source.name, part: nil, count: nil, spooling: spooling)
    }

    /// The first pass, also handing on each row's duplicate key hash
    /// (`DraftBuilder.duplicateHash`) for counting duplicates before `run`; its result spares
    /// `run` that pass, and its spool the reading of the table again.
    package func runNames(name: String, open: () throws -> TableSource, count: (UInt64?) throws -> Void) throws -> PreparedTable {
        let source = try open()
        return try withoutActuallyEscaping(count) { try firstPass(source, name: name, part: nil, count: $0) }
    }
}

/// Rows as `TableImporter.pipeline` reads them and hands them on: a batch is put together from
/// what each read gives.
protocol PipelineRows {
    init()
    var count: Int { get }
    var isEmpty: Bool { get }
    /// The rows' cell bytes, where known (0 otherwise): a batch of big rows ends early.
    var byteWeight: Int { get }
    mutating func append(contentsOf other: Self)
}

extension Array: PipelineRows {
    var byteWeight: Int { 0 }
}

extension RecordBatch: PipelineRows {
    var byteWeight: Int { bytes.count }
}
