import Testing
@testable import ingest

struct DistanceCase: Sendable, CustomTestStringConvertible {
    let a: String, b: String, distance: Int
    var testDescription: String { "\(a) → \(b)" }
}

struct SuggestionCase: Sendable, CustomTestStringConvertible {
    let typed: String, names: [String], suggestion: String?
    var testDescription: String { typed }
}

@Suite struct SuggestionTests {
    static let distances: [DistanceCase] = [
        .init(a: "", b: "", distance: 0),
        .init(a: "", b: "abc", distance: 3),
        .init(a: "import", b: "import", distance: 0),
        .init(a: "imprt", b: "import", distance: 1),
        .init(a: "improt", b: "import", distance: 1),
        .init(a: "--from", b: "--form", distance: 1),
        .init(a: "acept", b: "accept", distance: 1),
        .init(a: "kitten", b: "sitting", distance: 3),
        .init(a: "ca", b: "abc", distance: 3),
        .init(a: "préview", b: "preview", distance: 1),
        .init(a: "validate", b: "columns", distance: 7),
    ]

    static let commandNames = ["import", "columns", "normalize", "schema", "preview", "accept", "ocr", "sheets-url", "validate", "help"]
    static let importFlags = ["--accept", "--interactive", "--drafts", "-o", "--output", "--from", "--format", "--map", "--help"]

    static let suggestions: [SuggestionCase] = [
        .init(typed: "imprt", names: commandNames, suggestion: "import"),
        .init(typed: "IMPORT", names: commandNames, suggestion: "import"),
        .init(typed: "valdiate", names: commandNames, suggestion: "validate"),
        .init(typed: "colums", names: commandNames, suggestion: "columns"),
        .init(typed: "ocrr", names: commandNames, suggestion: "ocr"),
        .init(typed: "sheets", names: commandNames, suggestion: nil),
        .init(typed: "x", names: commandNames, suggestion: nil),
        .init(typed: "nosuch", names: commandNames, suggestion: nil),
        .init(typed: "--acept", names: importFlags, suggestion: "--accept"),
        .init(typed: "-acept", names: importFlags, suggestion: "--accept"),
        .init(typed: "--acceptt", names: importFlags, suggestion: "--accept"),
        .init(typed: "--form", names: importFlags, suggestion: "--from"),
        .init(typed: "--hlep", names: importFlags, suggestion: "--help"),
        .init(typed: "--draft", names: importFlags, suggestion: "--drafts"),
        .init(typed: "-p", names: importFlags, suggestion: nil),
        .init(typed: "-O", names: importFlags, suggestion: "-o"),
        .init(typed: "--verbose", names: importFlags, suggestion: nil),
        .init(typed: "--", names: importFlags, suggestion: nil),
        .init(typed: "prise", names: ["price", "date", "cycle"], suggestion: "price"),
    ]

    @Test(arguments: distances)
    func distance(_ c: DistanceCase) {
        #expect(Suggestion.distance(c.a, c.b) == c.distance)
        #expect(Suggestion.distance(c.b, c.a) == c.distance)
    }

    @Test(arguments: suggestions)
    func suggests(_ c: SuggestionCase) {
        #expect(Suggestion.closest(to: c.typed, among: c.names) == c.suggestion)
    }

    @Test func unknownOptionNamesTheNearestFlagOfThatCommand() {
        let error = UsageError.unknownOption("--acept", specs: ImportCommand.options)
        #expect(error.message == "unknown option --acept: did you mean `--accept`?")
        #expect(UsageError.unknownOption("--zzz", specs: ImportCommand.options).message == "unknown option --zzz (see --help)")
    }
}
