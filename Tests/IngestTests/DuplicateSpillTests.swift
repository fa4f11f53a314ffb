import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// The folder's open groups written to its temporary file and read back (`DraftBytes`,
/// `DuplicateFolder.holdLimit`): the drafts come back equal, and folding with any limit gives
/// what folding in memory gives, while memory never holds more than the limit.
@Suite struct DuplicateSpillTests {
    /// A draft with every property set to something other than its default.
    static let everything: ImportDraft = {
        var d = Sample.draft("Netflix Premium", "15.49", "USD", row: 7, issues: [
            Issue(.currencyGuessed, .warning, "guessed", remedy: .chooseCurrencyOrLocale),
            Issue(.rowRagged, .error, "short row", remedy: .raiseLimit(.cellBytes, current: 65_536)),
        ])
        d.kind = .bill
        d.name.issues = [Issue(.nameMissing, .info, "a name", remedy: .mapColumn(.name))]
        d.cycle.confidence = 0.42
        d.startDate = DraftField(raw: "1.2.2025", value: CalendarDate(year: 2025, month: 2, day: 1), column: 5)
        d.trialEnds = DraftField(raw: "trial", value: CalendarDate(year: 2026, month: 12, day: 24), confidence: 0.5, column: nil)
        d.category = DraftField(raw: "Streaming 🎬", value: .streaming, column: 6)
        d.notes = DraftField(raw: "family plan\n\"shared\"", value: "family plan\n\"shared\"", column: 7)
        d.status = .inactive
        d.statusReason = "no charge since 2026-01-05"
        d.provenance += [
            Provenance(file: "bill.png", line: 3, box: Provenance.Box(x: 10, y: 20, width: 300, height: 40)),
            Provenance(file: "export.zip", row: Int(UInt32.max) + 5, line: Int(UInt32.max) + 9, part: "Subscriptions 1a2b.csv"),
        ]
        d.priceHistory = [PricePoint(date: CalendarDate(year: 2026, month: 1, day: 5), price: Price(amount: Decimal(string: "13.99")!, currency: .usd)),
                          PricePoint(date: nil, price: Price(amount: Decimal(string: "-0.0049")!, currency: nil))]
        d.lifecycle = .paused
        d.service = Subscription.Service(id: "netflix", name: "Netflix", category: .streaming, manageURL: "https://www.netflix.com/account",
                                         confidence: 0.93)
        return d
    }()

    /// Drafts as the readers make them: tables, statements (series with price histories) and exports.
    static func fixtureDrafts() throws -> [ImportDraft] {
        let files = ["bank/amex.csv", "bank/barclays.csv", "bank/alipay.csv", "validate/checks/clean.csv", "validate/checks/currency.csv",
                     "validate/checks/renewal-past.csv", "validate/checks/ragged.csv"]
        var drafts: [ImportDraft] = []
        for file in files {
            _ = try Ingest.drafts(from: .file(path: FixtureFolder.url(file).path), options: ImportOptions(context: Sample.context)) {
                drafts.append($0)
            }
        }
        return drafts
    }

    @Test func draftsComeBackEqual() throws {
        let drafts = [Self.everything, Sample.draft(nil, nil, nil, cycle: nil, renewal: nil)] + Sample.review + (try Self.fixtureDrafts())
        #expect(drafts.count > 20)
        var bytes: [UInt8] = []
        for draft in drafts { DraftBytes.append(draft, to: &bytes) }
        var read: [ImportDraft] = []
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count { read.append(DraftBytes.read(raw, at: &at)) }
        }
        #expect(read == drafts)
        // Equal down to what equality does not look at: the amount's written digits.
        #expect(read.map { $0.price.value?.writtenAmountText } == drafts.map { $0.price.value?.writtenAmountText })
    }

    @Test func groupsComeBackEqual() {
        let groups: [(key: String, variants: [ImportDraft])] = [("brand:Netflix", [Self.everything, Sample.draft("Netflix", "9.99")]),
                                                                 ("name:gym", []), ("", [Sample.draft("Gym")])]
        var bytes: [UInt8] = []
        DraftBytes.appendGroups(groups, to: &bytes)
        let read = bytes.withUnsafeBytes { raw in
            var at = 0
            defer { #expect(at == raw.count) }
            return DraftBytes.readGroups(raw, at: &at)
        }
        #expect(read.map(\.key) == groups.map(\.key))
        #expect(read.map(\.variants) == groups.map(\.variants))
    }

    /// A property added to drafts must be written too: this fails until `DraftBytes` knows it.
    @Test func everyPropertyIsWritten() {
        #expect(Mirror(reflecting: Self.everything).children.count == DraftBytes.draftProperties)
    }

    /// Lists of one seed: services named in several ways, prices and cycles that agree, differ
    /// or are missing, inactive copies, and more prices than a small variant limit.
    static func drafts(seed: UInt64, count: Int) -> [ImportDraft] {
        var random = SeededRandom(state: seed)
        func next(_ n: Int) -> Int { random.below(n) }
        let names = ["Netflix", "netflix.com", "Spotify", "Gym", "GYM ", "Örtliche Zeitung", "Hulu", "Pool", "Slack", "Notion"]
        let prices: [String?] = ["9.99", "9.99", "10.99", "12", nil, "30", "7.99"]
        let cycles: [Cycle?] = [.monthly, .monthly, .yearly, nil]
        return (0..<count).map { row in
            var d = Sample.draft(names[next(names.count)], prices[next(prices.count)], ["EUR", "USD"][next(2)],
                                 cycle: cycles[next(cycles.count)], renewal: next(3) == 0 ? nil : "2026-12-0\(1 + next(9))",
                                 row: row + 1, status: next(12) == 0 ? .inactive : .pending)
            if next(5) == 0 { d.notes = DraftField(raw: "note \(row)", value: "note \(row)", column: 6) }
            return d
        }
    }

    /// Every hold limit and log chunk size (1: each record written to the file as it comes;
    /// the default: the log of 300 drafts stays in memory).
    @Test(arguments: [1, 2, 3, 4, 5], [(0, 1), (1, 1 << 20), (3, 4096), (40, 1)])
    func foldingWithALimitFoldsAsInMemory(seed: Int, limits: (holdLimit: Int, chunkBytes: Int)) {
        let holdLimit = limits.holdLimit
        let drafts = Self.drafts(seed: UInt64(seed), count: 300)
        for variantLimit in [3, DuplicateFolder.variantLimit] {
            var counter = DuplicateCounter()
            for d in drafts { counter.observe(d, catalog: .bundled) }
            var inMemory = DuplicateFolder(counter, catalog: .bundled, variantLimit: variantLimit)
            var spilling = DuplicateFolder(counter, catalog: .bundled, variantLimit: variantLimit, holdLimit: holdLimit,
                                           chunkBytes: limits.chunkBytes)
            var expected: [ImportDraft] = [], folded: [ImportDraft] = []
            var mostHeld = 0
            for d in drafts {
                expected += inMemory.add(d)
                folded += spilling.add(d)
                mostHeld = max(mostHeld, spilling.heldVariants)
            }
            expected += inMemory.finish()
            folded += spilling.finish()
            #expect(folded == expected)
            #expect(mostHeld <= holdLimit)
            #expect(inMemory.heldVariants == 0 && spilling.heldVariants == 0)
        }
    }

    /// A piece written out is given back once every group in it was read back: at the end the
    /// file holds no more than the pages at the pieces' edges, where all was written before.
    @Test func spaceOfGroupsReadBackIsGivenBack() throws {
        // Only where the file system punches holes (ext4, xfs, tmpfs do).
        let probe = try #require(ChargeSpool(prefix: "ingest-probe-"))
        let block = try #require(probe.write([UInt8](repeating: 7, count: 1 << 16)))
        probe.discard(block)
        guard probe.allocatedBytes < 1 << 16 else { return }

        var drafts = Self.drafts(seed: 9, count: 3000)
        for i in drafts.indices { drafts[i].name.value = "Service \(i * 7 % 400)" }
        var counter = DuplicateCounter()
        for d in drafts { counter.observe(d, catalog: .bundled) }
        var folder = DuplicateFolder(counter, catalog: .bundled, holdLimit: 100, chunkBytes: 16_384)
        var mostBytes: Int64 = 0
        for d in drafts {
            _ = folder.add(d)
            mostBytes = max(mostBytes, folder.spillBytes)
        }
        _ = folder.finish()
        #expect(folder.spillWrites > 10)
        #expect(mostBytes > 100_000)
        #expect(folder.spillBytes <= Int64(folder.spillWrites) * 8192)
    }

    /// Groups written out take their later members as they come, without being read back and
    /// written again: with two thousand groups of twelve prices each open at once, the log
    /// takes about each draft once (written again at every member, it took six times as much).
    @Test func membersOfWrittenOutGroupsAreWrittenOnce() {
        let drafts = (0..<24_000).map { i in
            Sample.draft("Club \(i % 2000)", "\(10 + i / 2000).99", "EUR", row: i + 1)
        }
        var counter = DuplicateCounter()
        for d in drafts { counter.observe(d, catalog: .bundled) }
        var folder = DuplicateFolder(counter, catalog: .bundled, holdLimit: 100)
        var out: [ImportDraft] = []
        for d in drafts { out += folder.add(d) }
        out += folder.finish()
        #expect(out.count == drafts.count)
        #expect(out.allSatisfy { $0.issues.contains { $0.code == .duplicateConflict } })
        var once: [UInt8] = []
        for d in drafts { DraftBytes.append(d, to: &once) }
        #expect(folder.loggedBytes > once.count / 2)
        #expect(folder.loggedBytes < once.count * 2)
    }
}
