import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CI pipelines in `docs/ci.md` work as written: their YAML parses, and their `ingest
/// validate` lines, run for every shard of their matrix on a folder of tables, check every file
/// once and write reports that parse.
@Suite struct CIDocTests {
    static let page = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)) ?? ""

    /// The ```yaml blocks of the page.
    static var pipelines: [String] {
        page.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    static let hasPyYAML: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import yaml"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test func bothPipelinesAreThere() {
        #expect(Self.pipelines.count == 2)
        #expect(Self.pipelines.contains { $0.contains("matrix:") && $0.contains("upload-sarif") })
        #expect(Self.pipelines.contains { $0.contains("parallel:") && $0.contains("junit:") })
    }

    @Test(.enabled(if: hasPyYAML, "python3 with PyYAML is not installed (pip install pyyaml)"))
    func yamlParses() throws {
        for pipeline in Self.pipelines {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import sys, yaml; d = yaml.safe_load(sys.stdin); assert isinstance(d, dict) and d"]
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(pipeline.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "does not parse:\n\(pipeline)")
        }
    }

    /// A pipeline's `ingest validate` lines with its shard variables filled in for shard `k` of `n`.
    static func commands(_ pipeline: String, shard k: Int, of n: Int) -> [[String]] {
        pipeline.split(separator: "\n").compactMap { line -> [String]? in
            guard let start = line.range(of: "ingest validate ") else { return nil }
            let filled = String(line[start.lowerBound...])
                .replacingOccurrences(of: "${{ matrix.shard }}", with: "\(k)")
                .replacingOccurrences(of: "$CI_NODE_INDEX", with: "\(k)")
                .replacingOccurrences(of: "$CI_NODE_TOTAL", with: "\(n)")
            return Array(filled.split(separator: " ").map(String.init).dropFirst())
        }
    }

    /// The shard count: the matrix's list, or `parallel:`.
    static func shards(_ pipeline: String) -> Int? {
        if let line = pipeline.split(separator: "\n").first(where: { $0.contains("shard: [") }) {
            return line.split(separator: ",").count
        }
        if let line = pipeline.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("parallel:") }) {
            return Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    @Test(arguments: [0, 1])
    func shardsCoverEveryFileOnce(_ which: Int) throws {
        let pipeline = try #require(Self.pipelines.dropFirst(which).first)
        let n = try #require(Self.shards(pipeline))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-ci-\(UUID().uuidString)")
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checks = CLI.packageRoot.appendingPathComponent("Fixtures/validate/checks")
        let tables = try FileManager.default.contentsOfDirectory(atPath: checks.path).filter { $0.hasSuffix(".csv") }.sorted()
        for table in tables { try FileManager.default.copyItem(at: checks.appendingPathComponent(table), to: data.appendingPathComponent(table)) }
        var checked: [String] = []
        for k in 1...n {
            let commands = Self.commands(pipeline, shard: k, of: n)
            #expect(!commands.isEmpty)
            for args in commands {
                let result = try CLI.run(args + ["--today", "2026-11-30"], in: folder)
                #expect(result.status == 0 || result.status == 1, "\(args): \(result.stderrText)")
                guard let output = args.firstIndex(of: "-o").map({ args[$0 + 1] }) else { continue }
                let report = try Data(contentsOf: folder.appendingPathComponent(output))
                if output.hasSuffix(".sarif") {
                    let sarif = try JSONSerialization.jsonObject(with: report) as? [String: Any]
                    #expect(sarif?["version"] as? String == "2.1.0")
                }
                if output.hasSuffix(".xml") {
                    let xml = try XMLDocument(data: report)
                    checked += try xml.nodes(forXPath: "//testsuite/@name").compactMap(\.stringValue)
                }
            }
            // Which files the shard checked, from the JSON report of the same command.
            if pipeline.contains("--format sarif"), let args = commands.first {
                let json = try CLI.run(args.filter { $0 != "github" && $0 != "--format" } + ["--format", "json", "--today", "2026-11-30"], in: folder)
                let report = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
                checked += (report?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
            }
        }
        #expect(checked.sorted() == tables.map { "data/\($0)" }, "shards checked \(checked.sorted())")
    }
}
