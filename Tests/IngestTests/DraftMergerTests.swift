import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct DraftMergerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var drafts: [ImportDraft]
        /// Names and provenance counts of the result, in order.
        var expected: [String]
        var conflicts: Int
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "same service from a CSV and a screenshot merges",
             drafts: [Sample.draft("Netflix", "15.49", "USD"), Sample.draft("Spotify", row: 2),
                      Sample.draft("NETFLIX.COM", "15.49", "USD", renewal: nil, file: "bill.png", row: 3)],
             expected: ["Spotify×1", "Netflix×2"], conflicts: 0),
        Case(label: "catalog alias and plan words match the brand",
             drafts: [Sample.draft("Netflix Premium", "15.49", "USD"), Sample.draft("netflix.com", "15.49", "USD", row: 2)],
             expected: ["Netflix Premium×2"], conflicts: 0),
        Case(label: "names outside the catalog match when folded",
             drafts: [Sample.draft("Örtliche Zeitung"), Sample.draft("ortliche  zeitung", row: 2)],
             expected: ["Örtliche Zeitung×2"], conflicts: 0),
        Case(label: "a missing price is filled, not a conflict",
             drafts: [Sample.draft("Hulu", nil), Sample.draft("Hulu", "7.99", "USD", row: 2)],
             expected: ["Hulu×2"], conflicts: 0),
        Case(label: "different prices are flagged, both kept",
             drafts: [Sample.draft("Spotify", "10.99"), Sample.draft("Spotify", "11.99", row: 2)],
             expected: ["Spotify×1", "Spotify×1"], conflicts: 2),
        Case(label: "different cycles are flagged",
             drafts: [Sample.draft("iCloud", "2.99", cycle: .monthly), Sample.draft("iCloud", "2.99", cycle: .yearly, row: 2)],
             expected: ["iCloud×1", "iCloud×1"], conflicts: 2),
        Case(label: "inactive drafts are never merged",
             drafts: [Sample.draft("Gym", status: .inactive), Sample.draft("Gym", row: 2)],
             expected: ["Gym×1", "Gym×1"], conflicts: 0),
        Case(label: "copies that agree merge, the one that differs is flagged with them",
             drafts: [Sample.draft("Spotify", "10.99"), Sample.draft("Spotify", "11.99", row: 2), Sample.draft("spotify", "10.99", row: 3)],
             expected: ["Spotify×2", "Spotify×1"], conflicts: 2),
        Case(label: "three copies merge into one",
             drafts: [Sample.draft("Slack"), Sample.draft("slack", row: 2), Sample.draft("Slack", row: 3)],
             expected: ["Slack×3"], conflicts: 0),
    ]

    /// Groups whose members have no price, for the folder's lookup by price and cycle.
    static let bugsCaught: [Case] = [
        Case(label: "a copy without a price joins the first variant, later copies their own",
             drafts: [Sample.draft("Spotify", "10.99"), Sample.draft("Spotify", "11.99", row: 2),
                      Sample.draft("Spotify", nil, row: 3), Sample.draft("Spotify", "11.99", row: 4)],
             expected: ["Spotify×2", "Spotify×2"], conflicts: 2),
        Case(label: "a variant that gains a price is found by it",
             drafts: [Sample.draft("Hulu", nil), Sample.draft("Hulu", "7.99", row: 2),
                      Sample.draft("Hulu", "8.99", row: 3), Sample.draft("Hulu", "7.99", row: 4)],
             expected: ["Hulu×3", "Hulu×1"], conflicts: 2),
    ]

    static func summary(_ drafts: [ImportDraft]) -> [String] { drafts.map { "\($0.name.value ?? "-")×\($0.provenance.count)" } }

    @Test(arguments: cases + bugsCaught)
    func merges(_ c: Case) {
        let merged = Ingest.merge(c.drafts)
        #expect(Self.summary(merged) == c.expected)
        #expect(merged.filter { $0.issues.contains { $0.code == "duplicate.conflict" } }.count == c.conflicts)
    }

    /// The streaming fold (count pass, then fold pass) gives what the in-memory merge gives.
    @Test(arguments: cases + bugsCaught)
    func streamingMatchesInMemory(_ c: Case) {
        var counter = DuplicateCounter()
        for d in c.drafts { counter.observe(d, catalog: .bundled) }
        var folder = DuplicateFolder(counter, catalog: .bundled)
        var streamed: [ImportDraft] = []
        for d in c.drafts { streamed += folder.add(d) }
        streamed += folder.finish()
        #expect(streamed == Ingest.merge(c.drafts))
    }

    @Test func mergedDraftKeepsBothProvenancesAndFillsValues() throws {
        let merged = Ingest.merge([Sample.draft("Hulu", nil, renewal: nil), Sample.draft("Hulu", "7.99", "USD", file: "bill.png", row: 4)])
        let only = try #require(merged.first)
        #expect(only.provenance.map(\.file) == ["subs.csv", "bill.png"])
        #expect(only.price.value?.amountText == "7.99")
        #expect(only.nextRenewal.value?.description == "2026-12-05")
        let sub = try #require(Subscription(draft: only))
        #expect(sub.alsoFrom.map(\.file) == ["bill.png"])
    }

    @Test func bigGroupsKeepOneDraftPerVariantAndShortMessages() throws {
        let drafts = (0..<60).map { Sample.draft("Gym", ["10", "20", "30"][$0 % 3], row: $0 + 1) }
        let merged = Ingest.merge(drafts)
        #expect(Self.summary(merged) == ["Gym×20", "Gym×20", "Gym×20"])
        let conflict = try #require(merged[0].issues.first { $0.code == "duplicate.conflict" })
        #expect(conflict.message == "subs.csv:2: Gym (10.00 EUR / month) is also listed as subs.csv:3 (20.00 EUR / month), subs.csv:4 (30.00 EUR / month); keep the right one, reject the others")
        let info = try #require(merged[0].issues.first { $0.code == "duplicate.merged" })
        #expect(info.message == "found 20 times (subs.csv:2, subs.csv:5, subs.csv:8 and 17 more); merged into one")
    }

    @Test func conflictMessagesNameThreeOthersInBigGroups() throws {
        let drafts = (0..<8).map { Sample.draft("Gym", String(10 * ($0 + 1)), row: $0 + 1) }
        let merged = Ingest.merge(drafts)
        #expect(merged.count == 8)
        let first = try #require(merged[0].issues.first { $0.code == "duplicate.conflict" })
        #expect(first.message == "subs.csv:2: Gym (10.00 EUR / month) is also listed as subs.csv:3 (20.00 EUR / month), subs.csv:4 (30.00 EUR / month), subs.csv:5 (40.00 EUR / month) and 4 more; keep the right one, reject the others")
        let last = try #require(merged[7].issues.first { $0.code == "duplicate.conflict" })
        #expect(last.message == "subs.csv:9: Gym (80.00 EUR / month) is also listed as subs.csv:2 (10.00 EUR / month), subs.csv:3 (20.00 EUR / month), subs.csv:4 (30.00 EUR / month) and 4 more; keep the right one, reject the others")
    }

    /// A service at more prices than the limit is a list (a team's seats), not copies: copies
    /// folded before the limit stay merged, nothing is flagged, later rows pass through.
    @Test(arguments: [false, true])
    func aServiceAtMorePricesThanTheLimitIsAList(streamed: Bool) {
        let drafts = [Sample.draft("Gym", "10", row: 1), Sample.draft("Gym", "10", row: 2), Sample.draft("Gym", "20", row: 3),
                      Sample.draft("Gym", "30", row: 4), Sample.draft("Gym", "40", row: 5), Sample.draft("Gym", "10", row: 6),
                      Sample.draft("Pool", row: 7), Sample.draft("Gym", "50", row: 8)]
        var result: [ImportDraft]
        if streamed {
            var counter = DuplicateCounter()
            for d in drafts { counter.observe(d, catalog: .bundled) }
            var folder = DuplicateFolder(counter, catalog: .bundled, variantLimit: 3)
            result = drafts.flatMap { folder.add($0) }
            result += folder.finish()
        } else {
            result = DraftMerger.merge(drafts, catalog: .bundled, variantLimit: 3)
        }
        #expect(Self.summary(result) == ["Gym×2", "Gym×1", "Gym×1", "Gym×1", "Gym×1", "Pool×1", "Gym×1"])
        #expect(result.map { $0.provenance[0].row } == [1, 3, 4, 5, 6, 7, 8])
        #expect(!result.contains { $0.issues.contains { $0.code == "duplicate.conflict" } })
        #expect(result[0].issues.contains { $0.code == "duplicate.merged" })
    }

    /// The default limit: 16 prices are still copies to choose from, 17 are a list.
    @Test func theDefaultLimitIsSixteenVariants() {
        func conflicts(_ n: Int) -> Int {
            let drafts = (0..<n).map { Sample.draft("Gym", String(10 + $0), row: $0 + 1) }
            return Ingest.merge(drafts).filter { $0.issues.contains { $0.code == "duplicate.conflict" } }.count
        }
        #expect(conflicts(16) == 16)
        #expect(conflicts(17) == 0)
    }

    @Test func counterKeepsOnlyDuplicatedKeysInTheFolder() {
        var counter = DuplicateCounter()
        for i in 0..<100 { counter.observe(Sample.draft("Service \(i)", row: i), catalog: .bundled) }
        counter.observe(Sample.draft("Service 7", row: 200), catalog: .bundled)
        #expect(counter.duplicatedKeys == 1)
    }
}

/// A provenance keeps row and line in 32 bits and the rest behind a reference: what is set
/// must read back, whatever its size, and equality must follow the values.
@Suite struct ProvenanceTests {
    static let numbers: [Int?] = [nil, 0, 1, 12, 4_294_967_294, 4_294_967_295, 4_294_967_296, Int.max, -1]

    @Test(arguments: numbers, numbers)
    func rowsAndLinesReadBack(_ row: Int?, _ line: Int?) {
        var p = Provenance(file: "f.csv", row: row, line: line)
        #expect(p.row == row && p.line == line && p.part == nil && p.box == nil)
        p.part = "Sheet 2"
        p.box = Provenance.Box(x: 1, y: 2, width: 3, height: 4)
        #expect(p.row == row && p.line == line && p.part == "Sheet 2" && p.box?.height == 4)
        var q = p
        q.row = 7
        #expect(p.row == row && q.row == 7 && q.part == "Sheet 2" && q.line == line)
        q.row = row
        #expect(q == p && q.hashValue == p.hashValue)
        q.part = nil
        q.box = nil
        #expect(q == Provenance(file: "f.csv", row: row, line: line))
        #expect(MemoryLayout<Provenance>.size <= 32)
    }

    /// The open-addressing counts give what a dictionary counts, through many growths, for
    /// hashes that share their low or high bits and for 0.
    @Test func hashCountsCountAsADictionaryDoes() {
        var table = HashCounts()
        var expected: [UInt64: Int32] = [:]
        var state: UInt64 = 0x1234_5678
        for i in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let hash: UInt64
            switch i % 4 {
            case 0: hash = state >> 50                 // few distinct, repeated often
            case 1: hash = state << 40                 // low bits all zero
            case 2: hash = UInt64(i % 3)               // 0, 1 and 2
            default: hash = state
            }
            table.add(hash)
            expected[hash, default: 0] += 1
        }
        #expect(table.all == expected)
        #expect(expected[0] != nil && expected.count > 5_000)
    }
}
