import Foundation
import Testing
@testable import Ingest

/// Where each table starts, as the shared header search (`HeaderFinder`) finds it, against the
/// two searches the readers ran before (`LegacyHeaderSearch`): on every delimited fixture, and on
/// tables made from seeds.
@Suite struct HeaderSearchTests {
    /// Every `.csv` and `.tsv` below `Fixtures/` and `Samples/`, relative to the package.
    static let files: [String] = {
        let package = FixtureFolder.root.deletingLastPathComponent()
        var found: [String] = []
        for folder in ["Fixtures", "Samples"] {
            guard let walker = FileManager.default.enumerator(atPath: package.appendingPathComponent(folder).path) else { continue }
            while let relative = walker.nextObject() as? String {
                if ["csv", "tsv"].contains(FileExtension.of(relative)) { found.append("\(folder)/\(relative)") }
            }
        }
        return found.sorted()
    }()

    static func picks(_ relative: String) throws -> (subscription: String, bank: String, shared: String) {
        let url = FixtureFolder.root.deletingLastPathComponent().appendingPathComponent(relative)
        let records = try LegacyHeaderSearch.records(Data(contentsOf: url))
        return (LegacyHeaderSearch.subscription(records).description, LegacyHeaderSearch.bank(records).description,
                LegacyHeaderSearch.shared(records).description)
    }

    /// Where the picks are kept: one line per file, its path, then the header (`header@LINE`)
    /// or first data row (`data@LINE`) that the old subscription search, the old bank search
    /// and the shared search pick. `INGEST_UPDATE_GOLDEN=1` rewrites it.
    static let golden = FixtureFolder.url("header-search/picks.txt")

    /// Each fixture's picks are those recorded: a change of the shared search's shows here.
    @Test func fixturePicks() throws {
        var lines: [String] = []
        for file in Self.files {
            guard let (s, b, m) = try? Self.picks(file) else { lines.append("\(file)\tunreadable"); continue }
            lines.append("\(file)\t\(s)\t\(b)\t\(m)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.golden, encoding: .utf8)
        func byPath(_ text: String) -> [Substring: Substring] {
            Dictionary(text.split(separator: "\n").map { ($0.prefix { $0 != "\t" }, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let old = byPath(recorded), new = byPath(text)
        let changed = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted()
        #expect(changed.isEmpty, "changed picks (was → now):\n\(changed.map { "\(old[$0]!)\n  → \(new[$0]!)" }.joined(separator: "\n"))")
        // A fixture table added or removed since the record: only the record is out of date.
        let added = new.keys.filter { old[$0] == nil }.sorted(), removed = old.keys.filter { new[$0] == nil }.sorted()
        #expect(added.isEmpty && removed.isEmpty,
                "tables not in \(Self.golden.lastPathComponent): \(added); recorded but gone: \(removed). Run with INGEST_UPDATE_GOLDEN=1 to record them")
    }

    // MARK: Seeded tables

    /// Seeds the rules were written on, and seeds only ever scored. `INGEST_HEADER_SCORE=PATH`
    /// writes the scores to `PATH.tuning` (with the tuning misses) and `PATH.locked`.
    static let tuning: ClosedRange<UInt64> = 1...600
    static let locked: ClosedRange<UInt64> = 100_001...100_600

    struct Score: CustomStringConvertible {
        var total = 0, subscription = 0, bank = 0, shared = 0
        /// Tables whose delimiter the probe misreads (decimal commas in a `;`, tab or `|` file
        /// whose preamble lines or short rows make `,` split more lines alike): no header
        /// search can be right on them.
        var misread = 0
        /// Right answers among the tables whose delimiter the probe reads right.
        var subscriptionRead = 0, bankRead = 0, sharedRead = 0
        var description: String {
            let read = total - misread
            func of(_ n: Int) -> String { String(format: "%d/%d (%.1f%%)", n, read, 100 * Double(n) / Double(max(read, 1))) }
            func pct(_ n: Int) -> String { String(format: "%d/%d (%.1f%%)", n, total, 100 * Double(n) / Double(max(total, 1))) }
            return "old subscription search \(pct(subscription)), old bank search \(pct(bank)), shared \(pct(shared)); delimiter misread on \(misread); where the delimiter is read right: old subscription \(of(subscriptionRead)), old bank \(of(bankRead)), shared \(of(sharedRead))"
        }
    }

    static func score(_ seeds: ClosedRange<UInt64>, shape: SeededTable.Shape?) throws -> (Score, [SeededTable]) {
        var score = Score()
        var misses: [SeededTable] = []
        for seed in seeds {
            let table = SeededTable(seed: seed)
            guard shape == nil || table.shape == shape else { continue }
            let records = try LegacyHeaderSearch.records(Data(table.text.utf8))
            score.total += 1
            let read = try LegacyHeaderSearch.delimiter(Data(table.text.utf8)) == table.delimiter
            if !read { score.misread += 1 }
            if LegacyHeaderSearch.subscription(records) == table.expected {
                score.subscription += 1
                if read { score.subscriptionRead += 1 }
            }
            if LegacyHeaderSearch.bank(records) == table.expected {
                score.bank += 1
                if read { score.bankRead += 1 }
            }
            if LegacyHeaderSearch.shared(records) == table.expected {
                score.shared += 1
                if read { score.sharedRead += 1 }
            } else {
                misses.append(table)
            }
        }
        return (score, misses)
    }

    /// The shared search is right at least as often as each old one on the tuning seeds.
    @Test func tuningSeeds() throws {
        var report: [String] = []
        for shape in [nil] + SeededTable.Shape.allCases.map(Optional.some) {
            let (score, misses) = try Self.score(Self.tuning, shape: shape)
            report.append("tuning \(shape?.rawValue ?? "all"): \(score)")
            if shape == nil {
                #expect(score.shared >= score.subscription && score.shared >= score.bank, "\(score)")
                for miss in misses.prefix(40) {
                    let records = try LegacyHeaderSearch.records(Data(miss.text.utf8))
                    let misread = try LegacyHeaderSearch.delimiter(Data(miss.text.utf8)) != miss.delimiter ? " (delimiter misread)" : ""
                    report.append("miss seed \(miss.seed)\(misread) \(miss.shape) \(miss.preamble) expected \(miss.expected) got \(LegacyHeaderSearch.shared(records))")
                }
            }
        }
        if let out = ProcessInfo.processInfo.environment["INGEST_HEADER_SCORE"] {
            try report.joined(separator: "\n").write(toFile: out + ".tuning", atomically: true, encoding: .utf8)
        }
    }

    /// The locked seeds are only scored: their failures are not read while the rules are written.
    @Test func lockedSeeds() throws {
        var report: [String] = []
        for shape in [nil] + SeededTable.Shape.allCases.map(Optional.some) {
            let (score, _) = try Self.score(Self.locked, shape: shape)
            report.append("locked \(shape?.rawValue ?? "all"): \(score)")
        }
        if let out = ProcessInfo.processInfo.environment["INGEST_HEADER_SCORE"] {
            try report.joined(separator: "\n").write(toFile: out + ".locked", atomically: true, encoding: .utf8)
        }
    }
}

extension HeaderSearchTests {
    /// The line where `CSVTable` and `TransactionTable` find the header, nil without one, both
    /// opened from one probe as bank detection opens them (the bank reader's guess of a legacy
    /// encoding, GB18030 or Windows-1252, is the table reader's too); the bank reader's is nil
    /// too when it cannot read the table as a statement.
    static func readerLines(_ data: Data) throws -> (table: Int??, statement: Int??) {
        let context = NormalizeContext(today: CalendarDate(dayNumber: 0))
        let chunks = ChunkReader(data: data)
        let probe = try InputProbe(chunks: chunks, hint: nil, guessLegacy: true, file: "t.csv")
        let again = ChunkReader(data: data)
        _ = again.skip(probe.sample.count)
        let statement = (try? TransactionTable(chunks: chunks, probe: probe, name: "t.csv", context: context, limits: ReadLimits()))
            .map { $0.headerLine }
        let table = (try? CSVTable(chunks: again, probe: probe, name: "t.csv", limits: ReadLimits())).map { $0.headerLine }
        return (table, statement)
    }

    /// Both readers start the table on the same line, on every seeded table that both read
    /// and on every fixture.
    @Test func readersAgree() throws {
        var inputs: [(String, Data)] = Self.tuning.map { ("seed \($0)", Data(SeededTable(seed: $0).text.utf8)) }
        let package = FixtureFolder.root.deletingLastPathComponent()
        inputs += try Self.files.map { ($0, try Data(contentsOf: package.appendingPathComponent($0))) }
        for (name, data) in inputs {
            let (table, statement) = try Self.readerLines(data)
            guard let table, let statement else { continue }
            #expect(table == statement, "\(name)")
        }
    }
}
