import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// `Ingest.drafts(from:options:)` over each kind of source, with progress and cancellation.
@Suite struct IngestAPITests {
    static let options = ImportOptions(context: Sample.context)
    static let csv = FixtureFolder.url("cli/review-import-confident/subs.csv")

    /// What the CLI's reader makes of the same file, for comparison.
    static func importerDrafts(_ path: String, name: String) throws -> [ImportDraft] {
        var drafts: [ImportDraft] = []
        _ = try Importer(options: options).run(path: path, name: name) { drafts.append($0) }
        return drafts
    }

    @Test func streamGivesTheImportersDrafts() async throws {
        var drafts: [ImportDraft] = []
        for try await draft in Ingest.drafts(from: .file(path: Self.csv.path, name: "subs.csv"), options: Self.options) {
            drafts.append(draft)
        }
        #expect(drafts.count == 7)
        #expect(drafts == (try Self.importerDrafts(Self.csv.path, name: "subs.csv")))
        #expect(drafts.first?.provenance.first?.file == "subs.csv")
    }

    @Test func bytesAreReadLikeTheFile() throws {
        let data = try Data(contentsOf: Self.csv)
        let drafts = try Ingest.allDrafts(from: .bytes(data, name: "subs.csv"), options: Self.options)
        #expect(drafts == (try Self.importerDrafts(Self.csv.path, name: "subs.csv")))
    }

    @Test func bytesOfABankStatementAreReadAsOne() throws {
        let data = try FixtureFolder.data("bank/chase.csv")
        let drafts = try Ingest.allDrafts(from: .bytes(data, name: "chase.csv"), options: Self.options)
        let expected = try Self.importerDrafts(FixtureFolder.url("bank/chase.csv").path, name: "chase.csv")
        #expect(!drafts.isEmpty)
        #expect(drafts == expected)
    }

    /// The report says which column each field was read from, by the header as written.
    @Test func theReportNamesTheColumnsRead() throws {
        let report = try Ingest.drafts(from: .file(path: Self.csv.path), options: Self.options) { _ in }
        #expect(report.header == ["Service", "Price", "Billing", "Next renewal", "Category", "Status"])
        #expect(report.columns[.name] == 0 && report.columns[.price] == 1 && report.columns[.cycle] == 2)
        #expect(report.columns[.nextRenewal] == 3 && report.columns[.notes] == nil)
    }

    /// A cell past `maxCellBytes` stops the import with a read error whose remedy names that
    /// setting; raising it reads the file.
    @Test func theCellLimitIsTheOptionsOne() throws {
        let data = Data("Name,Price\n\(String(repeating: "N", count: 300)),$9.99\n".utf8)
        var options = Self.options
        options.maxCellBytes = 100
        #expect(options.maxCellBytes == 100)
        do {
            _ = try Ingest.allDrafts(from: .bytes(data, name: "long.csv"), options: options)
            Testing.Issue.record("a 300-byte cell passed a 100-byte limit")
        } catch let error as ReadError {
            #expect(error.remedy == .raiseLimit(.cellBytes, current: 100))
        }
        options.maxCellBytes = 1000
        #expect(try Ingest.allDrafts(from: .bytes(data, name: "long.csv"), options: options).count == 1)
        options.maxColumns = 0
        #expect(options.maxColumns == 1)
        options.fetchTimeout = 3
        options.maxDownloadBytes = 10
        #expect(options.fetch.timeout == 3 && options.fetch.maxBytes == 10)
    }

    @Test func aMissingFileThrowsAReadError() {
        #expect(throws: ReadError.self) {
            try Ingest.allDrafts(from: .file(path: "/nonexistent/subs.csv"), options: Self.options)
        }
    }

    @Test func aLinkThatIsNotOneThrowsAReadError() async {
        await #expect(throws: ReadError.self) {
            for try await _ in Ingest.drafts(from: .link("https://example.com/not-a-table.pdf"), options: Self.options) {}
        }
    }

    @Test func progressCountsRowsBytesAndDrafts() throws {
        nonisolated(unsafe) var reports: [ImportProgress] = []
        let report = try Ingest.drafts(from: .file(path: Self.csv.path), options: Self.options,
                                       progress: { reports.append($0) }) { _ in }
        let size = try Data(contentsOf: Self.csv).count
        #expect(reports.count == 8)
        #expect(reports.map(\.drafts) == Array(1...7) + [7])
        #expect(reports.dropLast().allSatisfy { !$0.finished && $0.bytesRead == 0 })
        #expect(reports.last == {
            var last = ImportProgress()
            (last.rowsRead, last.bytesRead, last.bytesTotal, last.drafts, last.finished) = (report.rows, size, size, 7, true)
            return last
        }())
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.rowsRead <= $1.rowsRead })
    }

    @Test func theBlockingFormStopsWhenCancelled() throws {
        var drafts = 0
        #expect(throws: CancellationError.self) {
            try Ingest.drafts(from: .file(path: Self.csv.path), options: Self.options, isCancelled: { drafts >= 2 }) { _ in drafts += 1 }
        }
        #expect(drafts == 2)
    }

    static let bigTable: Data = {
        var text = "Name,Price,Billing cycle,Next renewal\n"
        for n in 0..<2_000 { text += "Service \(n),9.99 EUR,monthly,2026-12-05\n" }
        return Data(text.utf8)
    }()

    /// A stream whose import, once it has handed on its first draft, waits for `resume`.
    static func pausedStream(_ seen: Seen, _ resume: DispatchSemaphore) -> AsyncThrowingStream<ImportDraft, any Error> {
        Ingest.drafts(from: .bytes(bigTable, name: "big.csv"), options: options, progress: {
            seen.update($0)
            if $0.drafts == 1 { _ = resume.wait(timeout: .now() + 600) }
        })
    }

    /// Waits until the import has stopped reporting progress.
    static func settle(_ seen: Seen) async throws {
        var last = -1
        for _ in 0..<20 where seen.progress.drafts != last {
            last = seen.progress.drafts
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    @Test func cancellingTheTaskStopsTheImport() async throws {
        let seen = Seen()
        let resume = DispatchSemaphore(value: 0)
        let stream = Self.pausedStream(seen, resume)
        let consumer = Task { for try await _ in stream {} }
        consumer.cancel()
        _ = await consumer.result
        resume.signal()
        try await Self.settle(seen)
        #expect(seen.progress.drafts <= 1)
        #expect(!seen.progress.finished)
    }

    @Test func droppingTheStreamStopsTheImport() async throws {
        let seen = Seen()
        let resume = DispatchSemaphore(value: 0)
        do {
            var drafts = Self.pausedStream(seen, resume).makeAsyncIterator()
            #expect(try await drafts.next()?.name.value == "Service 0")
        }
        resume.signal()
        try await Self.settle(seen)
        #expect(seen.progress.drafts == 1)
        #expect(!seen.progress.finished)
    }

    /// The latest progress report, from the importing thread.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var latest = ImportProgress()
        var progress: ImportProgress { lock.withLock { latest } }
        func update(_ progress: ImportProgress) { lock.withLock { latest = progress } }
    }

    @Test func aRecognizerWithoutALifecycleGetsTheDefaults() throws {
        struct Words: TextRecognizer {
            func recognize(path: String, name: String) throws -> RecognizedPage {
                RecognizedPage(image: name, width: 100, height: 100, words: [])
            }
        }
        let recognizer: any TextRecognizer = Words()
        recognizer.prefetch([(path: "a.png", name: "a.png")])
        recognizer.close()
        #expect(try recognizer.recognize(path: "a.png", name: "a.png").words.isEmpty)
    }
}
