import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// A streamed import (`ingest import --accept all` without a drafts file, `StreamingImport`)
/// writes the subscription of each row that reads cleanly without building its draft. Over tables long
/// enough to cross the pipeline's batches and the writer's pieces, the output must be the same
/// bytes as when every row is built as a draft, with the spool and without it.
@Suite struct StreamedImportTests {
    static let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)

    /// A table of `rows` rows mixing what a big export holds: plain rows of known brands, a
    /// brand at more prices than a duplicate group keeps (a list), a brand at three prices (a
    /// group held to its last member), unknown names (unique, at two prices, at many prices,
    /// naming a category), cells with spaces, ambiguous and past dates, quoted notes and rows
    /// with a missing cell. The same seed gives the same table.
    static func table(rows: Int, seed: UInt64) -> Data {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var text = "Name,Price,Billing cycle,Next renewal,Category,Notes\n"
        let cycles = ["monthly", "yearly", "weekly", "quarterly", "every 2 weeks"]
        for i in 0..<rows {
            let date = "2027-\(String(format: "%02d", 1 + next(12)))-\(String(format: "%02d", 1 + next(28)))"
            switch next(12) {
            case 0:
                text += "Spotify,€\([9.99, 10.99, 11.99][next(3)]),monthly,\(date),Music,\n"
            case 1:
                text += "Corner Gym \(i),$\(10 + next(50)).00,monthly,\(date),,members card\n"
            case 2:
                text += " Netflix ,$15.49,monthly,\(date),Streaming,\n"
            case 3:
                text += "Dropbox,£\(next(90) + 1).\(String(format: "%02d", next(100))),\(cycles[next(5)]),0\(1 + next(9))/0\(1 + next(9))/2026,,\n"
            case 4:
                text += "Notion,USD \(next(30) + 1).00,yearly,2025-0\(1 + next(9))-15,Productivity,\"\"\"trial\"\" ends, soon\"\n"
            case 5:
                text += "Audible,€\(next(20) + 1).95,monthly,\(date)\n"
            case 6:
                text += "Local Paper,€\([3, 4][next(2)]).00,weekly,\(date),,\n"
            case 7:
                text += "Car insurance \(next(3)),€\(next(200) + 1).00,monthly,\(date),,\n"
            default:
                text += "Netflix,€\(next(200) + 1).\(String(format: "%02d", next(100))),\(cycles[next(5)]),\(date),Streaming,row \(i) – café 🎬\n"
            }
        }
        return Data(text.utf8)
    }

    struct Output {
        var bytes: [UInt8] = []
        var pieces: [Int] = []
        /// Each piece decoded on its own, as a sink that takes text does.
        var text = ""
        var plainRows = 0
        var reports: [String] = []
    }

    /// Records what the engine tells of each input.
    struct Recorder: ImportObserver {
        var drafts = 0
        /// Rows handed on, as plain rows or drafts.
        var made = 0
        var reports: [String] = []
        var failures: [String] = []

        mutating func read(_ draft: ImportDraft) { drafts += 1 }
        mutating func finished(_ report: ImportReport) {
            made += report.drafts
            reports.append("\(report.source): \(report.line)")
        }
        mutating func failed(_ name: String, error: any Error) { failures.append(name) }
    }

    /// `ingest import big.csv --accept all`: the engine counts duplicate keys, then folds and
    /// writes; rows that read cleanly skip their drafts when `plain`.
    /// `path` names the file in the output, so each run of the same table is given the same.
    static func stream(_ data: Data, at path: String, plain: Bool, spool: Bool) throws -> Output {
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = ImportOptions(context: context)
        if !spool { options.spoolDirectory = "/nonexistent-directory-for-ingest-tests" }
        var engine = StreamingImport(options: options, policy: .all)
        engine.readsPlainRows = plain
        var output = Output()
        var writer = CanonicalStreamWriter(writeBytes: { bytes in
            output.bytes += bytes
            output.pieces.append(bytes.count)
            output.text += String(decoding: bytes, as: UTF8.self)
        })
        var recorder = Recorder()
        try writer.begin()
        #expect(try engine.run([path], into: &writer, observer: &recorder))
        try writer.finish()
        output.plainRows = recorder.made - recorder.drafts
        output.reports = recorder.reports.map { $0.replacingOccurrences(of: path, with: "big.csv") }
        #expect(recorder.failures.isEmpty)
        return output
    }

    @Test(arguments: [(rows: 300, seed: UInt64(1)), (rows: 1_300, seed: 2), (rows: 4_100, seed: 3)])
    func plainRowsWriteWhatDraftsWrite(_ size: (rows: Int, seed: UInt64)) throws {
        let data = Self.table(rows: size.rows, seed: size.seed)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-streamed-\(UUID().uuidString).csv").path
        let drafts = try Self.stream(data, at: path, plain: false, spool: true)
        let plain = try Self.stream(data, at: path, plain: true, spool: true)
        let reread = try Self.stream(data, at: path, plain: true, spool: false)
        #expect(plain.plainRows > size.rows / 4, "\(plain.plainRows) plain rows of \(size.rows)")
        #expect(drafts.plainRows == 0)
        #expect(plain.reports == drafts.reports && reread.reports == drafts.reports)
        #expect(drafts.reports.count == 1 && drafts.reports[0].hasPrefix("big.csv: \(size.rows) rows"), "\(drafts.reports)")
        #expect(plain.bytes == drafts.bytes, "\(size.rows) rows: plain rows write other bytes than their drafts")
        #expect(reread.bytes == plain.bytes, "\(size.rows) rows: the spool changes the output")
        // The document is handed on in pieces of about 128 KiB (a piece ends after the entry
        // or the character that reaches it), each of whole characters.
        #expect(plain.pieces.allSatisfy { $0 < (1 << 17) + (1 << 16) }, "\(plain.pieces)")
        if plain.bytes.count > 1 << 18 { #expect(plain.pieces.count > 2) }
        let text = String(decoding: plain.bytes, as: UTF8.self)
        #expect(plain.text == text, "a piece ends inside a character")
        #expect(try JSONValue.parse(text).serialized(pretty: true) + "\n" == text)
    }

    /// `ingest import --drafts FILE [--accept POLICY]` streams: the drafts the engine hands to
    /// `decided` are those of the review path (every draft in memory, merged, then decided),
    /// in the same order, for tables with duplicate groups held to their last member and past
    /// the variant limit, for a bank statement and for a Notion export.
    @Test(arguments: [AcceptPolicy.none, .confident, .all])
    func draftsHandedOnAreTheMergedDrafts(policy: AcceptPolicy) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-decided-\(UUID().uuidString).csv").path
        try Self.table(rows: 1_300, seed: 4).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for input in [path, FixtureFolder.url("bank/amex.csv").path, FixtureFolder.url("notion/export.zip").path] {
            let options = ImportOptions(context: Self.context)
            var silent = SilentObserver()
            let read = try StreamingImport.drafts([input], options: options, observer: &silent)
            var expected = DraftMerger.merge(read.drafts, catalog: options.catalog)
            for i in expected.indices { expected[i].status = policy.decide(expected[i]) }
            var engine = StreamingImport(options: options, policy: policy)
            var handed: [ImportDraft] = []
            engine.decided = { handed.append($0) }
            var list = SubscriptionList()
            #expect(try engine.run([input], into: &list, observer: &silent))
            #expect(handed.count == expected.count && handed == expected, "\(input)")
            #expect(list.subscriptions == expected.filter { AcceptPolicy.isOutput($0, includeInactive: false) }.compactMap(Subscription.init(draft:)))
            #expect(expected.count >= 4)
        }
    }

    /// Long entries are handed on in pieces of whole characters, so a sink may decode each
    /// piece on its own: characters of 1 to 4 bytes, entries of a few pieces together.
    @Test(arguments: ["a", "é", "€", "🎬"])
    func piecesEndBetweenCharacters(_ character: String) throws {
        let subs = (0..<40).map { i in
            Subscription(name: String(repeating: character, count: 4001 + i), price: Price(amount: 1, currency: .eur),
                         cycle: Cycle(unit: .month), nextRenewal: nil, category: nil, notes: nil,
                         source: Provenance(file: "f.csv", row: i + 1))
        }
        var bytes: [UInt8] = []
        var pieces: [String] = []
        var writer = CanonicalStreamWriter(writeBytes: { piece in
            bytes += piece
            pieces.append(String(decoding: piece, as: UTF8.self))
        })
        try writer.begin()
        for sub in subs { try writer.add(sub) }
        try writer.finish()
        #expect(pieces.count >= 2 && pieces.count >= bytes.count / (1 << 17), "\(pieces.count) pieces")
        #expect(pieces.joined() == String(decoding: bytes, as: UTF8.self), "a piece ends inside \(character)")
    }
}

/// A Notion export is inflated once in a streamed import: the counting pass keeps its members
/// for the import, which writes what reading the archive again would write.
@Suite struct StreamedArchiveTests {
    @Test func theCountingPassKeepsTheMembers() throws {
        let path = FixtureFolder.url("cli/csv-notion-zip/Export-7c1f2e3d.zip").path
        let options = ImportOptions(context: StreamedImportTests.context)
        let recorded = try Importer(options: options).runNames(path: path) { _ in }
        guard case .archive(let export)? = recorded else {
            Issue.record("the counting pass did not keep the archive's members")
            return
        }
        #expect(!export.members.isEmpty && export.members.allSatisfy { $0.file != nil && $0.table != nil })
        var once: [ImportDraft] = [], twice: [ImportDraft] = []
        let kept = try Importer(options: options).run(path: path, name: nil, prepared: nil, archive: export, plain: nil) { once.append($0) }
        let again = try Importer(options: options).run(path: path) { twice.append($0) }
        #expect(once == twice)
        #expect(kept.line == again.line && kept.warnings.map(\.message) == again.warnings.map(\.message))
        #expect(export.members.allSatisfy { $0.file.map { !FileManager.default.fileExists(atPath: $0.path) } ?? false },
                "the inflated members are removed once imported")
    }
}
