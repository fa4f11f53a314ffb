// library-example:begin
import Foundation
import Ingest

/// Imports a CSV export, accepts the confident drafts and writes the canonical JSON.
func importSubscriptions(from path: String, to output: String) async throws {
    guard let today = CalendarDate(iso: "2026-11-30") else { return }
    let options = ImportOptions(context: NormalizeContext(today: today))
    var drafts: [ImportDraft] = []
    for try await draft in Ingest.drafts(from: .file(path: path), options: options) {
        drafts.append(draft)
    }
    var review = Review(drafts: Ingest.merge(drafts), context: options.context)
    review.acceptConfident()
    let json = Ingest.canonicalJSON(review.subscriptions)
    try json.write(toFile: output, atomically: true, encoding: .utf8)
}
// library-example:end

import Testing

/// The library example in README.md and docs/library.md is the code above, verbatim, and it
/// writes what `ingest import subs.csv --today 2026-11-30 --accept confident` writes.
@Suite struct LibraryExampleTests {
    static let source: String = (try? String(contentsOfFile: #filePath, encoding: .utf8)) ?? ""

    /// The lines between the markers, without the markers.
    static var example: String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(of: "// library-example:begin"),
              let end = lines.firstIndex(of: "// library-example:end"), begin < end else { return "" }
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    /// The first ```swift block of a document under the repository root.
    static func swiftBlock(_ document: String) throws -> String {
        let url = FixtureFolder.root.deletingLastPathComponent().appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(of: "```swift"),
              let end = lines[(begin + 1)...].firstIndex(of: "```") else { return "" }
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    @Test(arguments: ["README.md", "docs/library.md"])
    func documentShowsTheTestedCode(_ document: String) throws {
        #expect(!Self.example.isEmpty)
        #expect(try Self.swiftBlock(document) == Self.example)
    }

    /// The example, and the other calls an import screen makes (Fixtures/library/app-uses.swift),
    /// type-check as code of another package: they use only the public API.
    @Test func compilesOutsideThePackage() throws {
        let root = FixtureFolder.root.deletingLastPathComponent()
        // The test runner sits in the build folder, beside the modules it was built with.
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = folder.appendingPathComponent("Example.swift")
        try Self.swiftBlock("README.md").write(to: example, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-package-name", "some-app", "-I", build.appendingPathComponent("Modules").path,
                             "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CZlib/module.modulemap").path,
                             example.path, FixtureFolder.url("library/app-uses.swift").path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swiftc:\n\(text)")
    }

    @Test func exampleWritesTheCanonicalJSON() async throws {
        let folder = FixtureFolder.url("cli/review-import-confident")
        let input = folder.appendingPathComponent("subs.csv").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("library-example-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try await importSubscriptions(from: input, to: output)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        let expected = try String(contentsOf: folder.appendingPathComponent("expected.stdout"), encoding: .utf8)
        // The CLI case names the file as given on its command line.
        #expect(written.replacingOccurrences(of: "\"file\": \"\(input)\"", with: "\"file\": \"subs.csv\"") == expected)
    }
}
