import Foundation
import Testing
@testable import Ingest

/// `ingest.json`: what each key sets, how rules apply by path, and the errors a bad file gives.
@Suite struct ValidateConfigTests {
    static let sample = """
        {
          "currency": "EUR",
          "locale": "de_DE",
          "rules": [
            {"files": "cards/**/*.csv", "required": ["name", "price", "cycle"], "currencies": ["EUR", "USD"],
             "severity": {"currency.missing": "off", "row.*": "error"}},
            {"files": ["legacy.csv", "old/*.csv"], "map": {"price": "Betrag"}, "dateOrder": "DMY"}
          ]
        }
        """

    static func settings(_ relative: String) throws -> ValidateSettings {
        let config = try ValidateConfig.parse(sample, path: "ingest.json", directory: "/repo")
        var settings = ValidateSettings()
        for layer in config.layers(for: relative) { settings.apply(layer) }
        return settings
    }

    @Test func baseAppliesEverywhere() throws {
        let s = try ValidateConfigTests.settings("top.csv")
        #expect(s.currency == Currency("EUR"))
        #expect(s.locale == "de_DE")
        #expect(s.required == [.name, .price])
        #expect(s.currencies == nil)
    }

    @Test func ruleByRecursivePattern() throws {
        let s = try ValidateConfigTests.settings("cards/2026/visa.csv")
        #expect(s.required == [.name, .price, .cycle])
        #expect(s.currencies == [Currency.eur, Currency.usd])
        #expect(s.severity(of: "currency.missing", default: .warning) == nil)
        #expect(s.severity(of: "row.duplicate", default: .warning) == .error)
        #expect(s.severity(of: "price.zero", default: .warning) == .warning)
    }

    @Test(arguments: ["legacy.csv", "sub/legacy.csv", "old/a.csv"])
    func ruleByNameOrFolder(_ path: String) throws {
        let s = try ValidateConfigTests.settings(path)
        #expect(s.map[.price] == "Betrag")
        #expect(s.dateOrder == .dayMonthYear)
    }

    @Test(arguments: ["old/deeper/a.csv", "cards/visa.tsv", "legacy.csv.bak"])
    func ruleDoesNotMatch(_ path: String) throws {
        let s = try ValidateConfigTests.settings(path)
        #expect(s.map.isEmpty && s.required == [.name, .price])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        Bad(text: "{\n  \"currency\": \"EUR\",\n  \"rules\": [\n", message: "ingest.json:4:1: unexpected end of the file"),
        Bad(text: "{\"currency\": \"EUR\" \"locale\": \"de\"}", message: "ingest.json:1:20: expected ',' or '}'"),
        Bad(text: "{\"sevrity\": {}}", message: "ingest.json: sevrity: unknown key (expected one of rules, map, required"),
        Bad(text: "{\"rules\": [{\"files\": \"*.csv\", \"requierd\": []}]}", message: "rules[0].requierd: unknown key"),
        Bad(text: "{\"rules\": [{\"required\": [\"name\"]}]}", message: "rules[0].files: expected a path pattern"),
        Bad(text: "{\"rules\": {}}", message: "\"rules\" must be an array"),
        Bad(text: "[]", message: "expected a JSON object"),
        Bad(text: "{\"currency\": \"EURO\"}", message: "currency: expected an ISO 4217 code such as \"EUR\", found \"EURO\""),
        Bad(text: "{\"currencies\": [\"USD\", 5]}", message: "currencies: expected ISO 4217 codes such as \"EUR\", found 5"),
        Bad(text: "{\"required\": [\"name\", \"prize\"]}", message: "required: expected field names among"),
        Bad(text: "{\"map\": {\"cost\": \"Betrag\"}}", message: "map: expected field names among"),
        Bad(text: "{\"dateOrder\": \"YMD\"}", message: "dateOrder: expected \"DMY\" or \"MDY\", found \"YMD\""),
        Bad(text: "{\"severity\": {\"price.unknown\": \"off\"}}", message: "severity: unknown code \"price.unknown\""),
        Bad(text: "{\"severity\": {\"price.zero\": \"fatal\"}}", message: "severity.price.zero: expected \"error\", \"warning\", \"info\" or \"off\""),
        Bad(text: "{\"locale\": \"\"}", message: "locale: expected a locale"),
        Bad(text: "{\"locale\": \"german\"}", message: "locale: \"german\" is not a locale"),
        Bad(text: "{\"locale\": \"de_Germany\"}", message: "locale: \"de_Germany\": \"Germany\" is not a region"),
        Bad(text: "{\"locale\": \"xq_DE\"}", message: "locale: \"xq_DE\": \"xq\" is not a language with locale data"),
        Bad(text: "{\"rules\": [{\"files\": \"*.{csv,tsv}\"}]}", message: "rules[0].files: \"*.{csv,tsv}\" uses \"{\""),
        Bad(text: "{\"rules\": [{\"files\": [\"a.csv\", \"[ab].csv\"]}]}", message: "rules[0].files: \"[ab].csv\" uses \"[\""),
        Bad(text: "{\"rules\": [{\"files\": \"../other/*.csv\"}]}", message: "rules[0].files: \"../other/*.csv\" goes up with .."),
        Bad(text: "{\"rules\": [{\"files\": \"/etc/*.csv\"}]}", message: "rules[0].files: \"/etc/*.csv\" is an absolute path"),
        Bad(text: "{\"rules\": [{\"files\": \"cards**/*.csv\"}]}", message: "rules[0].files: \"cards**/*.csv\": ** must be a whole folder part"),
        Bad(text: "{\"rules\": [{\"files\": \" \"}]}", message: "rules[0].files: a pattern is empty"),
    ]

    @Test(arguments: bad)
    func rejects(_ c: Bad) {
        #expect {
            _ = try ValidateConfig.parse(c.text, path: "ingest.json", directory: "/repo")
        } throws: { error in
            "\(error)".contains(c.message)
        }
    }

    @Test func commandLineWinsOverConfig() throws {
        var s = try ValidateConfigTests.settings("legacy.csv")
        s.apply(SettingsLayer(map: [.price: "Preis"], currency: Currency.usd))
        #expect(s.map[.price] == "Preis")
        #expect(s.currency == Currency.usd)
        #expect(s.locale == "de_DE")
    }
}

/// `*`, `?` and `**` against relative paths.
@Suite struct GlobPatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var path: String
        var matches: Bool
        var testDescription: String { "\(pattern) ~ \(path)" }
    }

    static let cases: [Case] = [
        Case(pattern: "*.csv", path: "a.csv", matches: true),
        Case(pattern: "*.csv", path: "deep/er/a.csv", matches: true),
        Case(pattern: "./*.csv", path: "a.csv", matches: true),
        Case(pattern: "./*.csv", path: "sub/a.csv", matches: false),
        Case(pattern: "data/*.csv", path: "data/a.csv", matches: true),
        Case(pattern: "data/*.csv", path: "data/x/a.csv", matches: false),
        Case(pattern: "data/**/*.csv", path: "data/a.csv", matches: true),
        Case(pattern: "data/**/*.csv", path: "data/x/y/a.csv", matches: true),
        Case(pattern: "data/**", path: "data/x/y/a.tsv", matches: true),
        Case(pattern: "**/2026-??.csv", path: "a/2026-01.csv", matches: true),
        Case(pattern: "**/2026-??.csv", path: "a/2026-1.csv", matches: false),
        Case(pattern: "sub*/a?c.csv", path: "subs/abc.csv", matches: true),
        Case(pattern: "sub*/a?c.csv", path: "subs/x/abc.csv", matches: false),
        Case(pattern: "*", path: "a/b", matches: true),
        Case(pattern: "a*b*c", path: "axxbyyc", matches: true),
        Case(pattern: "a*b*c", path: "axxbyy", matches: false),
        Case(pattern: "*.csv", path: "a.csv.bak", matches: false),
    ]

    @Test(arguments: cases)
    func match(_ c: Case) {
        #expect(GlobPattern(c.pattern).matches(c.path) == c.matches)
    }
}
