import Foundation

/// Where an app starts an import: `Ingest.drafts(from:options:)` reads a source into
/// `ImportDraft`s for review, as an async stream or, beside it, a blocking call.
///
/// ```swift
/// for try await draft in Ingest.drafts(from: .file(path: "subs.csv"), options: options) { … }
/// ```
public enum Ingest {
    /// The drafts of `source`, streamed as the reader makes them. The import runs on a thread
    /// of its own (it blocks on reading, so it stays off Swift's concurrency pool); cancelling
    /// the task that iterates the stream, or dropping the stream, stops the reading at the next
    /// draft (a bank statement's drafts are all made after its last row). `progress` is called
    /// on the importing thread after each draft and once at the end.
    public static func drafts(from source: ImportSource, options: ImportOptions,
                              progress: (@Sendable (ImportProgress) -> Void)? = nil) -> AsyncThrowingStream<ImportDraft, any Error> {
        AsyncThrowingStream { continuation in
            let stop = StopFlag()
            continuation.onTermination = { _ in stop.set() }
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    _ = try drafts(from: source, options: options, progress: progress, isCancelled: stop.isSet) { draft in
                        continuation.yield(draft)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    /// Set once the stream's consumer has gone; read by the importing thread between drafts.
    final class StopFlag: Sendable {
        private let lock = SpinningLock()
        nonisolated(unsafe) private var stopped = false

        func set() { lock.withLock { stopped = true } }
        func isSet() -> Bool { lock.withLock { stopped } }
    }

    /// The blocking form: reads `source` on the calling thread and hands each draft to `emit`,
    /// asking `isCancelled` before each; once it says true the import stops with
    /// `CancellationError`. An error `emit` throws stops it too. Returns what was read and skipped.
    @discardableResult
    public static func drafts(from source: ImportSource, options: ImportOptions,
                              progress: ((ImportProgress) -> Void)? = nil, isCancelled: () -> Bool = { false },
                              emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        if isCancelled() { throw CancellationError() }
        let (path, spooled) = try source.open()
        defer { spooled?.remove() }
        var state = ImportProgress()
        if case .link = source {} else { state.bytesTotal = Ingest.fileSize(path) }
        let report = try Importer(options: options).run(path: path, name: source.name) { draft in
            if isCancelled() { throw CancellationError() }
            state.drafts += 1
            if let row = draft.provenance.first?.row, row > state.rowsRead { state.rowsRead = row }
            try emit(draft)
            progress?(state)
        }
        state.rowsRead = report.kind == .screenshot ? state.rowsRead : report.rows
        if report.kind == .screenshot { state.imagesDone = report.rows }
        state.bytesRead = state.bytesTotal ?? 0
        state.finished = true
        progress?(state)
        return report
    }

    /// `drafts` with the drafts of one subscription folded into one (their sources joined),
    /// or flagged `duplicate.conflict` when their prices or cycles differ, as `ingest import`
    /// does before review. `catalog` tells services apart: pass the import's.
    public static func merge(_ drafts: [ImportDraft], catalog: BrandCatalog = .bundled) -> [ImportDraft] {
        DraftMerger.merge(drafts, catalog: catalog)
    }

    /// The canonical `ingest/subscriptions@1` document of `subscriptions` (docs/formats.md):
    /// keys in the documented order, subscriptions in the order given, pretty-printed with a
    /// final line end, so the same subscriptions give the same bytes.
    public static func canonicalJSON(_ subscriptions: [Subscription]) -> String {
        CanonicalJSON.text(subscriptions)
    }

    /// Every draft of `source` in one array, for small inputs and tests.
    public static func allDrafts(from source: ImportSource, options: ImportOptions) throws -> [ImportDraft] {
        var drafts: [ImportDraft] = []
        try Ingest.drafts(from: source, options: options) { drafts.append($0) }
        return drafts
    }

    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }
}
