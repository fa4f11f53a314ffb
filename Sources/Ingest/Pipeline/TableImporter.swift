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
        while let row = try second.nextRow() {
            report.rows += 1
            try emit(builder.build(row))
            report.drafts += 1
        }
        report.skips = second.skips
        report.rows += second.skips.count
        report.warnings = second.warnings
        return report
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
