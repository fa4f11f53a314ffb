import Testing
@testable import Ingest

/// The JSON reader behind drafts files, canonical files, `ingest.json` and rates: it nests at
/// most `JSONTextParser.maxDepth` deep (a file of brackets must not overflow the stack) and
/// reports where a file breaks.
@Suite struct JSONReaderTests {
    struct Broken: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { String(text.prefix(40)) }
    }

    static let broken: [Broken] = [
        .init(text: String(repeating: "[", count: 257), line: 1, column: 257, message: "nested more than 256 deep"),
        .init(text: String(repeating: "[", count: 100_000), line: 1, column: 257, message: "nested more than 256 deep"),
        .init(text: String(repeating: "{\"a\":", count: 100_000), line: 1, column: 256 * 5 + 1, message: "nested more than 256 deep"),
        .init(text: "{\n  \"drafts\": " + String(repeating: "[\n", count: 300), line: 257, column: 1, message: "nested more than 256 deep"),
        .init(text: "\"\\u12G4\"", line: 1, column: 3, message: "bad \\u escape"),
        .init(text: "\"\\u+123\"", line: 1, column: 3, message: "bad \\u escape"),
        .init(text: "[1, 2", line: 1, column: 6, message: "unexpected end of the file"),
    ]

    @Test(arguments: broken)
    func refusedWithPlace(_ c: Broken) {
        do {
            _ = try JSONValue.parse(c.text)
            Issue.record("parsed")
        } catch {
            #expect(error.line == c.line && error.column == c.column, "\(error)")
            #expect(error.message.contains(c.message), "\(error)")
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var value = try JSONValue.parse(text)
        var depth = 0
        while case .array(let items) = value, let first = items.first { value = first; depth += 1 }
        #expect(depth == 255)
        #expect(try JSONValue.parse("\"\\ud83d\\ude00 \\u00e9\"") == .string("😀 é"))
        // A high surrogate followed by something other than \u is not joined to it.
        #expect(try JSONValue.parse("\"\\ud83d\\nx\"") == .string("\u{FFFD}\nx"))
    }
}
