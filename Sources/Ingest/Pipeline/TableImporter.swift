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

    /// Builds a draft per row of `source` and hands them on in row order. A table of more than
    /// one batch is built on a second thread: while it builds one batch, this thread hands on
    /// the drafts of the batch before and reads the batch after, so reading and writing share
    /// one core and building takes the other. `DraftBuilder.build` is pure, so which thread
    /// runs it changes nothing in the result.
    static func build(_ source: TableSource, with builder: DraftBuilder, emit: (ImportDraft) throws -> Void) throws {
        var rows = try readBatch(source)
        guard rows.count == batchSize else {
            for row in rows { try emit(builder.build(row)) }
            return
        }
        var job = BuildJob(rows, builder)
        // A read or hand-on that throws leaves the batch in flight to finish on its own; it
        // holds only copies of the rows and the builder.
        while true {
            rows = try readBatch(source)
            let drafts = job.wait()
            if !rows.isEmpty { job = BuildJob(rows, builder) }
            for draft in drafts { try emit(draft) }
            if rows.isEmpty { return }
        }
    }

    private static func readBatch(_ source: TableSource) throws -> [SourceRow] {
        var rows: [SourceRow] = []
        rows.reserveCapacity(batchSize)
        while rows.count < batchSize, let row = try source.nextRow() { rows.append(row) }
        return rows
    }

    /// One batch being built on a global queue; `wait` gives its drafts in row order.
    private final class BuildJob: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written once by the building thread before `done` is signalled, read after.
        private var drafts: [ImportDraft] = []

        init(_ rows: [SourceRow], _ builder: DraftBuilder) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                drafts = rows.map(builder.build)
                done.signal()
            }
        }

        func wait() -> [ImportDraft] {
            done.wait()
            return drafts
        }
    }

    /// The first pass: chooses the columns, then decides each column's formats from all its
    /// values. `each` sees every row, in order, with the chosen mapping.
    public func prepare(_ source: TableSource, each: (SourceRow, ColumnMapping) throws -> Void = { _, _ in }) throws -> PreparedTable {
        let (mapping, samples) = try self.mapping(for: source)
        var formats = ColumnFormats(mapping: mapping)
        for row in samples {
            formats.observe(row)
            try each(row, mapping)
        }
        while let row = try source.nextRow() {
            formats.observe(row)
            try each(row, mapping)
        }
        return PreparedTable(mapping: mapping, formats: formats)
    }

    /// The first pass, also giving drafts with only a name and status
    /// (`DraftBuilder.buildNameAndStatus`) for counting duplicates before `run`; its result
    /// spares `run` that pass.
    public func runNames(name: String, open: () throws -> TableSource, emit: (ImportDraft) throws -> Void) throws -> PreparedTable {
        var builder: DraftBuilder?
        return try prepare(open()) { row, mapping in
            if builder == nil {
                builder = DraftBuilder(mapping: mapping, formats: ColumnFormats(mapping: mapping),
                                       context: options.context, file: name)
            }
            try emit(builder!.buildNameAndStatus(row))
        }
    }
}
