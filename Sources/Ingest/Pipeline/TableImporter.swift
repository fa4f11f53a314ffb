import Foundation

/// Runs a table through detection and the draft builder in two streaming passes: the first
/// chooses the columns and decides each column's formats from all its values, the second builds
/// the drafts and hands them on one at a time. Memory stays flat in the row count.
/// Where a streamed import sends rows that read cleanly (`PlainRow`): `take` writes one and
/// says true, or says false when the row must come as a draft after all (its duplicates are
/// being folded). Only for imports that accept every confident draft.
public struct PlainSink {
    public var take: (PlainRow) throws -> Bool

    public init(take: @escaping (PlainRow) throws -> Bool) {
        self.take = take
    }
}

public struct TableImporter: Sendable {
    public var options: ImportOptions

    public init(options: ImportOptions) {
        self.options = options
    }

    /// Chooses the columns from the header and the first rows.
    public func mapping(for source: TableSource) throws -> (ColumnMapping, samples: [SourceRow]) {
        var samples: [SourceRow] = []
        while samples.count < options.sampleSize, let row = try source.nextRow() { samples.append(row) }
        let detector = ColumnDetector(context: options.context)
        let mapping = try detector.detect(header: source.header, samples: samples.map(\.cells),
                                          overrides: options.overrides)
        return (mapping, samples)
    }

    /// `open` is called twice and must give the same rows both times; once when `prepared`
    /// (from `runNames` over the same rows) already holds the first pass's result. With
    /// `plain`, rows that read cleanly (`PlainRowBuilder`) go to it instead of becoming drafts.
    public func run(name: String, kind: SourceKind, part: String? = nil, prepared: PreparedTable? = nil,
                    plain: PlainSink? = nil, open: () throws -> TableSource,
                    emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let table = try prepared ?? prepare(open())
        let second = try open()
        let builder = DraftBuilder(mapping: table.mapping, formats: table.formats, context: options.context,
                                   file: name, part: part)
        var report = ImportReport(source: name, kind: kind, mapping: table.mapping)
        if let plain, let plainBuilder = PlainRowBuilder(builder) {
            try TableImporter.buildPlain(second, with: plainBuilder, sink: plain) { draft in
                report.rows += 1
                if let draft { try emit(draft) }
                report.drafts += 1
            }
        } else {
            try TableImporter.build(second, with: builder) { draft in
                report.rows += 1
                try emit(draft)
                report.drafts += 1
            }
        }
        report.skips = second.skips
        report.rows += second.skips.count
        report.warnings = second.warnings
        return report
    }

    /// The builder behind one reference, so that the closure run per row does not copy it.
    private final class KeyHasher: Sendable {
        let builder: DraftBuilder
        init(_ builder: DraftBuilder) { self.builder = builder }
    }

    /// A row on its way: plain (with its record, should it be needed as a draft after all) or a draft.
    private enum Made: Sendable {
        case plain(PlainRow, CSVRecord, row: Int)
        case draft(ImportDraft)
    }

    /// Like `build`, handing plain rows to `sink`; `emit` gets the drafts, and nil for a row
    /// the sink took.
    static func buildPlain(_ source: TableSource, with plain: PlainRowBuilder, sink: PlainSink,
                           emit: (ImportDraft?) throws -> Void) throws {
        let builder = plain.builder
        try pipeline(next: { try source.nextItem() }, make: { item -> Made in
            switch item {
            case .utf8(let record, let row):
                if let made = plain.plain(record, row: row) { return .plain(made, record, row: row) }
                return .draft(builder.build(SourceRow(utf8: record, row: row)))
            case .decoded(let row):
                return .draft(builder.build(row))
            }
        }, emit: { made in
            switch made {
            case .plain(let row, let record, let number):
                if try sink.take(row) { return try emit(nil) }
                try emit(builder.build(SourceRow(utf8: record, row: number)))
            case .draft(let draft):
                try emit(draft)
            }
        })
    }

    /// Rows read per batch when building drafts on a second thread.
    static let batchSize = 512

    /// Builds a draft per row of `source` and hands them on in row order.
    static func build(_ source: TableSource, with builder: DraftBuilder, emit: (ImportDraft) throws -> Void) throws {
        try pipeline(source, make: { builder.build($0) }, emit: emit)
    }

    /// Makes a draft per row (`first`, then the rest of `source`) and hands them on in row
    /// order; `onRead` sees every row as it is read.
    static func pipeline(_ source: TableSource, first: [SourceRow] = [], onRead: (SourceRow) -> Void = { _ in },
                         make: @escaping @Sendable (SourceRow) -> ImportDraft,
                         emit: (ImportDraft) throws -> Void) throws {
        try pipeline(first: first, next: { try source.nextRow() }, onRead: onRead, make: make, emit: emit)
    }

    /// Makes something of each row (`first`, then those `next` gives) and hands them on in row
    /// order. A table of more than one batch is made on a second thread: while it makes one
    /// batch, this thread hands on the batch before and reads the batch after, so reading and
    /// writing share one core and making takes the other. `make` is pure, so which thread runs
    /// it changes nothing in the result.
    static func pipeline<Row: Sendable, Made: Sendable>(first: [Row] = [], next: () throws -> Row?,
                                                        onRead: (Row) -> Void = { _ in },
                                                        make: @escaping @Sendable (Row) -> Made,
                                                        emit: (Made) throws -> Void) throws {
        var rows = first
        try readBatch(next, into: &rows)
        rows.forEach(onRead)
        guard rows.count >= batchSize else {
            for row in rows { try emit(make(row)) }
            return
        }
        var job = BuildJob(rows, make)
        // A read or hand-on that throws leaves the batch in flight to finish on its own; it
        // holds only copies of the rows and the builder.
        while true {
            rows = []
            try readBatch(next, into: &rows)
            rows.forEach(onRead)
            let made = job.wait()
            if !rows.isEmpty { job = BuildJob(rows, make) }
            for item in made { try emit(item) }
            if rows.isEmpty { return }
        }
    }

    /// Reads rows until `rows` holds a batch or the table ends.
    private static func readBatch<Row>(_ next: () throws -> Row?, into rows: inout [Row]) throws {
        rows.reserveCapacity(batchSize)
        while rows.count < batchSize, let row = try next() { rows.append(row) }
    }

    /// One batch being made on a global queue; `wait` gives what was made, in row order.
    private final class BuildJob<Row: Sendable, Made: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written once by the making thread before `done` is signalled, read after.
        private var made: [Made] = []

        init(_ rows: [Row], _ make: @escaping @Sendable (Row) -> Made) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                made = rows.map(make)
                done.signal()
            }
        }

        func wait() -> [Made] {
            done.wait()
            return made
        }
    }

    /// The first pass: chooses the columns, then decides each column's formats from all its values.
    public func prepare(_ source: TableSource) throws -> PreparedTable {
        let (mapping, samples) = try self.mapping(for: source)
        var formats = ColumnFormats(mapping: mapping)
        for row in samples { formats.observe(row) }
        while let item = try source.nextItem() { formats.observe(item) }
        return PreparedTable(mapping: mapping, formats: formats)
    }

    /// The first pass, also handing on each row's duplicate key hash
    /// (`DraftBuilder.duplicateHash`) for counting duplicates before `run`; its result spares
    /// `run` that pass. The hashes are made on a second thread (`pipeline`).
    public func runNames(name: String, open: () throws -> TableSource, count: (UInt64?) throws -> Void) throws -> PreparedTable {
        let source = try open()
        let (mapping, samples) = try self.mapping(for: source)
        let builder = DraftBuilder(mapping: mapping, formats: ColumnFormats(mapping: mapping),
                                   context: options.context, file: name)
        var formats = ColumnFormats(mapping: mapping)
        try TableImporter.pipeline(first: samples.map { TableItem.decoded($0) }, next: { try source.nextItem() },
                                   onRead: { formats.observe($0) }, make: { [keys = KeyHasher(builder)] in keys.builder.duplicateHash($0) },
                                   emit: count)
        return PreparedTable(mapping: mapping, formats: formats)
    }
}
