import Foundation
import Testing

/// Inputs the fuzzer found crashing, hanging or exhausting memory, kept in
/// `Fixtures/fuzz/TARGET/` once fixed (`Fixtures/fuzz-open/` until then) and replayed through
/// the same entry as the fuzz target: each must now end (a thrown error is fine) without a crash.
@Suite struct FuzzRegressionTests {
    /// Every file under `Fixtures/fuzz/`, as "TARGET/FILE".
    static let findings: [String] = FixtureFolder.cases("fuzz").flatMap { folder -> [String] in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { "\(folder.lastPathComponent)/\($0)" }
    }

    @Test(arguments: findings)
    func findingRunsToTheEnd(_ finding: String) throws {
        let target = String(finding.prefix { $0 != "/" })
        let data = try FixtureFolder.data("fuzz/\(finding)")
        #expect(FuzzTargets.run(target, data), "Fixtures/fuzz/\(target) is not a fuzz target's folder")
    }

    /// Each target on an empty input and on a fixture it is seeded from, so a target that traps
    /// on its most ordinary input fails here rather than only under the fuzzer.
    @Test(arguments: FuzzTargets.names)
    func targetRunsOnOrdinaryInput(_ target: String) throws {
        #expect(FuzzTargets.run(target, Data()))
        let seeds: [String: String] = [
            "csv": "\u{0}name,price,cycle\nNetflix,$15.49,monthly\n",
            "import": "name,price,cycle\nNetflix,$15.49,monthly\n",
            "zip": "PK\u{5}\u{6}" + String(repeating: "\u{0}", count: 18),
            "workbook": "\u{0}PK\u{5}\u{6}" + String(repeating: "\u{0}", count: 18),
            "drafts": "{\"schema\":\"ingest/drafts@1\",\"drafts\":[]}",
            "canonical": "{\"schema\":\"ingest/subscriptions@1\",\"subscriptions\":[]}",
            "config": "{\"required\":[\"name\"],\"rules\":[{\"files\":\"*.csv\",\"locale\":\"de_DE\"}]}",
            "rates": "{\"base\":\"EUR\",\"rates\":{\"USD\":\"0.92\"}}",
            "price": "\u{1}12,99 €",
            "date": "\u{3}05.12.2026",
            "cycle": "every 3 months",
            "sheets-link": "https://docs.google.com/spreadsheets/d/abc/edit#gid=0",
            "ocr-layout": "\u{0}390 844\n20 100 80 16 95 Netflix\n300 100 60 16 95 $15.49\n20 120 80 16 95 Monthly",
        ]
        let seed = try #require(seeds[target], "no ordinary input for \(target)")
        #expect(FuzzTargets.run(target, Data(seed.utf8)))
    }
}
