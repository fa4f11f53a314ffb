import Foundation
import Testing

/// `ingest import` and `preview` on small ZIPs that inflate to far more than they weigh
/// (`Fixtures/hostile/zip/`): each stops early with an error naming the member, exit 1, and
/// leaves no temporary file behind.
@Suite struct HostileZipCLITests {
    static let db = "Subs 0a1b2c3d4e5f60718293a4b5c6d7e8f9.csv"

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var extra: [String] = []
        var command = "import"
        var expect: String
        var testDescription: String { "\(command) \(file) \(extra.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(file: "newline-bomb.zip", expect: "newline-bomb.zip: member \"\(db)\" inflates to more than 1000 times its compressed size"),
        Case(file: "cell-bomb.zip", expect: "cell-bomb.zip: member \"\(db)\" inflates to more than 1000 times its compressed size"),
        Case(file: "nested-bomb.zip", expect: "nested-bomb.zip: Export-Part-1.zip: member \"\(db)\" inflates to more than 1000 times"),
        Case(file: "nested-bomb.zip", command: "preview", expect: "nested-bomb.zip: Export-Part-1.zip: member \"\(db)\" inflates to more than 1000 times"),
        Case(file: "too-deep.zip", expect: "nested ZIPs deeper than 4 levels: Part-5.zip/Part-4.zip/Part-3.zip/Part-2.zip/Part-1.zip"),
        Case(file: "newline-bomb.zip", extra: ["--max-member-bytes", "1000000"],
             expect: "member \"\(db)\" inflates to more than 1000000 bytes, the limit for one member; pass a larger --max-member-bytes"),
        Case(file: "nested-bomb.zip", extra: ["--max-member-bytes", "1000"],
             expect: "nested-bomb.zip: member \"Export-Part-1.zip\" inflates to more than 1000 bytes"),
    ]

    @Test(arguments: cases)
    func refused(_ c: Case) throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-zip-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let folder = CLI.packageRoot.appendingPathComponent("Fixtures/hostile/zip")
        var arguments = [c.command, c.file, "--today", "2026-11-30"] + c.extra
        if c.command == "import" { arguments += ["--accept", "all"] }
        let result = try CLI.run(arguments, in: folder, environment: ["TMPDIR": temp.path])
        #expect(result.status == 1, "stderr:\n\(result.stderrText)")
        #expect(result.stderrText.contains(c.expect), "stderr:\n\(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == [])
    }

    @Test func flagWantsAPositiveNumber() throws {
        let result = try CLI.run(["import", "x.zip", "--accept", "all", "--max-member-bytes", "lots"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("--max-member-bytes lots: expected a whole number of bytes"))
    }
}
