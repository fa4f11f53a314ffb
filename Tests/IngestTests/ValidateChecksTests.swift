import Foundation
import Testing
@testable import Ingest

/// Each check of `ingest validate` on a small file under `Fixtures/validate/checks/`: the codes,
/// in order, with their line and column.
@Suite struct ValidateChecksTests {
    static let today = CalendarDate(iso: "2026-11-30") ?? CalendarDate(dayNumber: 0)
    /// A severity entry that turns a check off.
    static let off: Ingest::Issue.Severity? = nil

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        /// `code@line:column`, `code@line` or `code` for whole-file findings.
        var expected: [String]
        var settings = SettingsLayer()
        /// `--encoding`.
        var encoding: TextEncoding? = nil
        var testDescription: String { file + (encoding.map { " as \($0.rawValue)" } ?? "") }
    }

    static let cases: [Case] = [
        Case(file: "clean-strict.csv", expected: []),
        Case(file: "clean.csv", expected: ["currency.guessed@2:2"]),
        Case(file: "empty.csv", expected: ["file.empty"]),
        Case(file: "blank-lines.csv", expected: ["file.empty"]),
        Case(file: "latin1.csv", expected: ["file.encoding@2:1"]),
        // --encoding says what the file is: its bytes are not held to UTF-8 (nor are UTF-16's).
        Case(file: "latin1.csv", expected: [], encoding: .windows1252),
        Case(file: "latin1.csv", expected: ["file.encoding@2:1"], encoding: .utf8),
        Case(file: "utf16.csv", expected: ["cycle.missing@1"]),
        Case(file: "ragged.csv", expected: ["row.ragged@2", "cycle.missing@3", "row.ragged@3"]),
        Case(file: "no-header.csv", expected: ["header.missing@1:1"]),
        Case(file: "no-price.csv", expected: ["field.missing@1"]),
        Case(file: "duplicate-header.csv", expected: ["header.duplicate@1:3"]),
        Case(file: "blank-header.csv", expected: ["header.blank@1:3"]),
        Case(file: "unparseable.csv", expected: ["price.unparseable@2:2", "cycle.unparseable@3:3", "date.unparseable@4:4"]),
        Case(file: "price-sign.csv", expected: ["price.negative@2:2", "price.zero@3:2"]),
        Case(file: "currency.csv", expected: ["currency.unknown@2:3", "currency.unknown@3:2", "currency.ambiguous@4:2",
                                              "currency.guessed@5:2", "currency.missing@6:2"]),
        Case(file: "date-ambiguous.csv", expected: ["date.ambiguous@2:4", "date.past@2:4", "date.ambiguous@3:4"]),
        Case(file: "duplicate-row.csv", expected: ["row.duplicate@3"]),
        Case(file: "renewal-past.csv", expected: ["date.past@2:4", "cycle.missing@3", "date.past@3:4"]),
        Case(file: "name-cycle.csv", expected: ["name.missing@2", "cycle.not-recurring@3:3"]),
        Case(file: "no-cycle-column.csv", expected: ["cycle.missing@1"]),
        // Values that prove their own mark are read as written; only the one the column had to
        // decide, while the column holds both marks, is flagged.
        Case(file: "decimal-mixed.csv", expected: ["price.decimal-guessed@5:2"]),
        Case(file: "tabs.tsv", expected: []),
        // A bank statement is checked as a statement: its debits are not negative prices.
        Case(file: "statement.csv", expected: ["statement.read"]),
        Case(file: "statement-bad-rows.csv", expected: ["statement.read", "statement.date-unparseable@4:1",
                                                        "statement.amount-unparseable@5:3"]),
        // Settings: required fields, allowed currencies, date order, severities, column mapping.
        Case(file: "clean-strict.csv", expected: ["field.missing@1"], settings: SettingsLayer(required: [.name, .price, .category])),
        Case(file: "clean-strict.csv", expected: ["currency.not-allowed@3:2"], settings: SettingsLayer(currencies: [Currency.usd])),
        Case(file: "date-ambiguous.csv", expected: [], settings: SettingsLayer(dateOrder: .dayMonthYear)),
        Case(file: "date-ambiguous.csv", expected: ["date.past@2:4"], settings: SettingsLayer(severities: ["date.ambiguous": ValidateChecksTests.off])),
        Case(file: "currency.csv", expected: ["currency.unknown@2:3", "currency.unknown@3:2"],
             settings: SettingsLayer(severities: ["currency.ambiguous": ValidateChecksTests.off, "currency.guessed": ValidateChecksTests.off, "currency.missing": ValidateChecksTests.off])),
        Case(file: "no-price.csv", expected: ["map.unknown-column"], settings: SettingsLayer(map: [.price: "Cost"])),
        Case(file: "no-price.csv", expected: [], settings: SettingsLayer(required: [.name])),
    ]

    static func run(_ c: Case) -> FileResult {
        var settings = ValidateSettings()
        settings.apply(c.settings)
        let url = FixtureFolder.url("validate/checks/\(c.file)")
        var validator = FileValidator(settings: settings, today: today)
        validator.encoding = c.encoding
        return validator.validate(file: url.path, name: c.file)
    }

    static func label(_ f: Finding) -> String {
        guard let line = f.line else { return f.code }
        return f.column.map { "\(f.code)@\(line):\($0)" } ?? "\(f.code)@\(line)"
    }

    @Test(arguments: cases)
    func check(_ c: Case) {
        let result = ValidateChecksTests.run(c)
        #expect(result.findings.map(ValidateChecksTests.label) == c.expected,
                "\(result.findings.map { "\($0.code): \($0.message)" })")
    }

    /// A reader's skips (other than blank lines) and whole-file warnings become findings.
    @Test func readerSkipsAndWarnings() {
        var validator = FileValidator(settings: ValidateSettings(), today: ValidateChecksTests.today)
        validator.open = { _, name throws(ReadError) in
            StubTable(name: name, header: ["Service", "Price", "Billing"],
                      rows: [["Netflix", "USD 15.49", "monthly"]],
                      skips: [Skip(.blank, line: 3), Skip(.totals, line: 4, detail: "Total")],
                      warnings: [Issue("encoding.fallback", .warning, "\(name): read as Windows-1252")])
        }
        let result = validator.validate(file: FixtureFolder.url("validate/checks/clean-strict.csv").path, name: "stub.csv")
        #expect(result.findings.map(ValidateChecksTests.label) == ["encoding.fallback", "row.skipped@4"])
        #expect(result.findings.first?.message == "read as Windows-1252")
        #expect(result.findings.last?.message == "row skipped: totals (Total)")
        #expect(result.rows == 3)
    }

    @Test func unreadableFile() {
        let result = FileValidator(settings: ValidateSettings(), today: ValidateChecksTests.today).validate(file: "gone.csv")
        #expect(result.findings.map(\.code) == ["file.unreadable"])
        #expect(result.findings.first?.severity == .error)
    }

    @Test func severityOverridesAndWildcards() {
        var settings = ValidateSettings()
        settings.apply(SettingsLayer(severities: ["currency.*": .error, "currency.missing": .info]))
        let result = FileValidator(settings: settings, today: ValidateChecksTests.today)
            .validate(file: FixtureFolder.url("validate/checks/currency.csv").path, name: "currency.csv")
        let levels = Dictionary(result.findings.map { ($0.code, $0.severity) }, uniquingKeysWith: { a, _ in a })
        #expect(levels["currency.ambiguous"] == .error)
        #expect(levels["currency.guessed"] == .error)
        #expect(levels["currency.missing"] == .info)
    }

    @Test func findingsCarryValueAndHint() {
        let result = ValidateChecksTests.run(Case(file: "currency.csv", expected: []))
        let unknown = result.findings.first { $0.code == "currency.unknown" }
        #expect(unknown?.value == "XYZ")
        #expect(unknown?.row == 1)
        #expect(unknown?.hint == ValidationCheck.hint(for: "currency.unknown"))
        #expect(unknown?.message.hasPrefix("currency.csv") == false)
    }

    /// docs/validate.md lists every code, in order, with its default severity.
    @Test func docsListEveryCode() throws {
        let docs = FixtureFolder.root.deletingLastPathComponent().appendingPathComponent("docs/validate.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let codes = try #require(text.range(of: "## Codes")).upperBound
        let rows = text[codes...].split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").prefix(2).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }.joined(separator: " ")
        }
        #expect(rows == ValidationCheck.all.map { "\($0.code) \($0.severity.rawValue)" })
    }

    @Test func everyCodeHasAHintAndMeaning() {
        #expect(Set(ValidationCheck.all.map(\.code)).count == ValidationCheck.all.count)
        for check in ValidationCheck.all {
            #expect(!check.hint.isEmpty && !check.meaning.isEmpty, "\(check.code)")
        }
    }
}

/// A table source with fixed rows, skips and warnings.
final class StubTable: TableSource {
    let name: String
    let header: [String]
    let headerLine: Int? = 1
    let warnings: [Ingest::Issue]
    private(set) var skips: [Skip] = []
    private let allSkips: [Skip]
    private var rows: [[String]]
    private var next = 0

    init(name: String, header: [String], rows: [[String]], skips: [Skip], warnings: [Ingest::Issue]) {
        self.name = name
        self.header = header
        self.rows = rows
        self.allSkips = skips
        self.warnings = warnings
    }

    func nextRow() throws(ReadError) -> SourceRow? {
        guard next < rows.count else {
            skips = allSkips
            return nil
        }
        next += 1
        return SourceRow(cells: rows[next - 1], row: next, line: next + 1)
    }
}
