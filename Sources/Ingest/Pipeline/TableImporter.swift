import Foundation

/// Runs a table through detection and the draft builder in two streaming passes: the first
/// chooses the columns and decides each column's formats from all its values, the second builds
/// the drafts and hands them on one at a time. Memory stays flat in the row count.
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
    /// (from `runNames` over the same rows) already holds the first pass's result.
    public func run(name: String, kind: SourceKind, part: String? = nil, prepared: PreparedTable? = nil,
                    open: () throws -> TableSource,
                    emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let table = try prepared ?? prepare(open())
        let second = try open()
        let builder = DraftBuilder(mapping: table.mapping, formats: table.formats, context: options.context,
                                   file: name, part: part)
        var report = ImportReport(source: name, kind: kind, mapping: table.mapping)
        try TableImporter.build(second, with: builder) { draft in
            report.rows += 1
            try emit(draft)
            report.drafts += 1
        }
        report.skips = second.skips
        report.rows += second.skips.count
        report.warnings = second.warnings
        return report
    }

    /// Rows read per batch when building drafts on a second thread.
    static let batchSize = 512

    /// Builds a draft per row of `source` and hands them on in row order.
    static func build(_ source: TableSource, with builder: DraftBuilder, emit: (ImportDraft) throws -> Void) throws {
        try pipeline(source, make: { builder.build($0) }, emit: emit)
    }

    /// Makes a draft per row (`first`, then the rest of `source`) and hands them on in row
    /// order; `onRead` sees every row as it is read. A table of more than one batch is made on
    /// a second thread: while it makes one batch, this thread hands on the drafts of the batch
    /// before and reads the batch after, so reading and writing share one core and building
    /// takes the other. `make` is pure, so which thread runs it changes nothing in the result.
    static func pipeline(_ source: TableSource, first: [SourceRow] = [], onRead: (SourceRow) -> Void = { _ in },
                         make: @escaping @Sendable (SourceRow) -> ImportDraft,
                         emit: (ImportDraft) throws -> Void) throws {
        var rows = first
        try readBatch(source, into: &rows)
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
            try readBatch(source, into: &rows)
            rows.forEach(onRead)
            let drafts = job.wait()
            if !rows.isEmpty { job = BuildJob(rows, make) }
            for draft in drafts { try emit(draft) }
            if rows.isEmpty { return }
        }
    }

    /// Reads rows until `rows` holds a batch or the table ends.
    private static func readBatch(_ source: TableSource, into rows: inout [SourceRow]) throws {
        rows.reserveCapacity(batchSize)
        while rows.count < batchSize, let row = try source.nextRow() { rows.append(row) }
    }

    /// One batch being made on a global queue; `wait` gives its drafts in row order.
    private final class BuildJob: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written once by the building thread before `done` is signalled, read after.
        private var drafts: [ImportDraft] = []

        init(_ rows: [SourceRow], _ make: @escaping @Sendable (SourceRow) -> ImportDraft) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                drafts = rows.map(make)
                done.signal()
            }
        }

        func wait() -> [ImportDraft] {
            done.wait()
            return drafts
        }
    }

    /// The first pass: chooses the columns, then decides each column's formats from all its values.
    public func prepare(_ source: TableSource) throws -> PreparedTable {
        let (mapping, samples) = try self.mapping(for: source)
        var formats = ColumnFormats(mapping: mapping)
        for row in samples { formats.observe(row) }
        while let row = try source.nextRow() { formats.observe(row) }
        return PreparedTable(mapping: mapping, formats: formats)
    }

    /// The first pass, also giving drafts with only a name and status
    /// (`DraftBuilder.buildNameAndStatus`) for counting duplicates before `run`; its result
    /// spares `run` that pass. The names are made on a second thread (`pipeline`).
    public func runNames(name: String, open: () throws -> TableSource, emit: (ImportDraft) throws -> Void) throws -> PreparedTable {
        let source = try open()
        let (mapping, samples) = try self.mapping(for: source)
        let builder = DraftBuilder(mapping: mapping, formats: ColumnFormats(mapping: mapping),
                                   context: options.context, file: name)
        var formats = ColumnFormats(mapping: mapping)
        try TableImporter.pipeline(source, first: samples, onRead: { formats.observe($0) },
                                   make: { builder.buildNameAndStatus($0) }, emit: emit)
        return PreparedTable(mapping: mapping, formats: formats)
    }
}
