import Foundation

/// What validation of one file uses: column overrides, required fields, allowed currencies,
/// locale, date order and severities per code. Built from defaults, then `ingest.json`, then flags.
package struct ValidateSettings: Hashable, Sendable {
    package var map: [Field: String] = [:]
    package var required: [Field] = [.name, .price]
    /// nil: every ISO 4217 currency is allowed.
    package var currencies: Set<Currency>?
    package var locale: String?
    package var currency: Currency?
    package var dateOrder: DateOrder?
    /// Severity per code or `prefix.*`; a nil value turns the check off.
    package var severities: [String: Issue.Severity?] = [:]
    /// Warnings are raised to errors after the severities above are applied.
    package var warningsAsErrors = false
    /// The config's saved column mappings (`"mappings"`), used as import uses them.
    package var remembered: [RememberedMapping] = []

    package init() {}

    /// Applies the values a layer sets; `map` and `severity` entries add to the ones before.
    package mutating func apply(_ layer: SettingsLayer) {
        map.merge(layer.map) { _, new in new }
        if let value = layer.required { required = value }
        if let value = layer.currencies { currencies = value }
        if let value = layer.locale { locale = value }
        if let value = layer.currency { currency = value }
        if let value = layer.dateOrder { dateOrder = value }
        severities.merge(layer.severities) { _, new in new }
    }

    /// The severity a finding gets, nil when its check is off.
    func severity(of code: String, default given: Issue.Severity) -> Issue.Severity? {
        let severity = configured(code) ?? given
        return warningsAsErrors && severity == .warning ? .error : severity
    }

    /// The severity the settings give `code` (nil inside: the check is off), nil when they say nothing.
    private func configured(_ code: String) -> Issue.Severity?? {
        if let exact = severities[code] { return exact }
        var prefix = code
        while let dot = prefix.lastIndex(of: ".") {
            prefix = String(prefix[..<dot])
            if let wild = severities[prefix + ".*"] { return wild }
        }
        return nil
    }
}

/// The settings one source (a config object, a rule, the command line) gives; nil means unset.
package struct SettingsLayer: Hashable, Sendable {
    package var map: [Field: String] = [:]
    package var required: [Field]?
    package var currencies: Set<Currency>?
    package var locale: String?
    package var currency: Currency?
    package var dateOrder: DateOrder?
    package var severities: [String: Issue.Severity?] = [:]

    package init(map: [Field: String] = [:], required: [Field]? = nil, currencies: Set<Currency>? = nil,
                locale: String? = nil, currency: Currency? = nil, dateOrder: DateOrder? = nil,
                severities: [String: Issue.Severity?] = [:]) {
        self.map = map
        self.required = required
        self.currencies = currencies
        self.locale = locale
        self.currency = currency
        self.dateOrder = dateOrder
        self.severities = severities
    }
}

/// A bad `ingest.json`: the file, the line and column when the JSON itself is broken, and what to fix.
package struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var column: Int?
    package var message: String
    /// The issue code the config names that no check has: the CLI says where the codes are listed.
    package var unknownCode: String?

    package init(path: String, line: Int? = nil, column: Int? = nil, _ message: String, unknownCode: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.unknownCode = unknownCode
    }

    package var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        return "\(text): \(message)"
    }
}

/// `ingest.json`: settings for every file below its folder, and rules per path pattern applied
/// in order after them.
///
/// ```json
/// {"currency": "EUR", "rules": [{"files": "cards/**/*.csv", "required": ["name", "price", "cycle"],
///   "severity": {"currency.missing": "off"}}]}
/// ```
package struct ValidateConfig: Hashable, Sendable {
    /// The config file's path, as found.
    package var path: String
    /// The folder patterns are relative to (the config file's folder).
    package var directory: String
    package var base: SettingsLayer
    package var rules: [Rule]
    /// `"mappings"`: column mappings saved for shapes of table (`--save-map`), for every file below.
    package var mappings: [RememberedMapping] = []

    package struct Rule: Hashable, Sendable {
        package var patterns: [GlobPattern]
        package var settings: SettingsLayer
    }

    static let settingKeys = ["map", "required", "currencies", "currency", "locale", "dateOrder", "severity"]

    /// Parses config text; every mistake names the file and, for broken JSON, the line and column.
    package static func parse(_ text: String, path: String, directory: String) throws(ConfigError) -> ValidateConfig {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw ConfigError(path: path, line: error.line, column: error.column, error.message)
        }
        guard case .object(let members) = json else {
            throw ConfigError(path: path, "expected a JSON object with settings and \"rules\"")
        }
        try checkKeys(members, allowed: ["$schema", "rules"] + settingKeys + ["mappings"], at: "", path: path)
        let base = try layer(members, at: "", path: path)
        var rules: [Rule] = []
        if let value = json["rules"] {
            guard case .array(let items) = value else { throw ConfigError(path: path, "\"rules\" must be an array of objects") }
            for (index, item) in items.enumerated() {
                let at = "rules[\(index)]."
                guard case .object(let ruleMembers) = item else {
                    throw ConfigError(path: path, "\(at.dropLast()) must be an object with \"files\" and settings")
                }
                try checkKeys(ruleMembers, allowed: ["files"] + settingKeys, at: at, path: path)
                let patterns: [String]
                switch item["files"] {
                case .string(let one)?: patterns = [one]
                case .array(let many)? where many.allSatisfy({ $0.stringValue != nil }) && !many.isEmpty:
                    patterns = many.compactMap(\.stringValue)
                default:
                    throw ConfigError(path: path, "\(at)files: expected a path pattern or a list of them, e.g. \"subscriptions/**/*.csv\"")
                }
                for pattern in patterns {
                    if let problem = ValidateConfig.globProblem(pattern) { throw ConfigError(path: path, "\(at)files: \(problem)") }
                }
                rules.append(Rule(patterns: patterns.map(GlobPattern.init), settings: try layer(ruleMembers, at: at, path: path)))
            }
        }
        var mappings: [RememberedMapping] = []
        if let value = json["mappings"] {
            guard case .array(let items) = value else { throw ConfigError(path: path, "\"mappings\" must be a list of objects with \"header\" and \"map\"") }
            for (index, item) in items.enumerated() {
                mappings.append(try RememberedMapping.parse(item, at: "mappings[\(index)]", path: path))
            }
        }
        var config = ValidateConfig(path: path, directory: directory, base: base, rules: rules)
        config.mappings = mappings
        return config
    }

    /// The layers that apply to `relativePath` (relative to `directory`), in order.
    package func layers(for relativePath: String) -> [SettingsLayer] {
        [base] + rules.filter { rule in rule.patterns.contains { $0.matches(relativePath) } }.map(\.settings)
    }

    static func checkKeys(_ members: [(String, JSONValue)], allowed: [String], at: String, path: String) throws(ConfigError) {
        for (key, _) in members where !allowed.contains(key) {
            throw ConfigError(path: path, "\(at)\(key): unknown key (expected one of \(allowed.filter { $0 != "$schema" }.joined(separator: ", ")))")
        }
    }

    static func layer(_ members: [(String, JSONValue)], at: String, path: String) throws(ConfigError) -> SettingsLayer {
        let object = JSONValue.object(members)
        var layer = SettingsLayer()
        func fail(_ key: String, _ expected: String) -> ConfigError {
            ConfigError(path: path, "\(at)\(key): expected \(expected)")
        }
        if let value = object["map"] {
            guard case .object(let pairs) = value else { throw fail("map", "an object such as {\"price\": \"Monthly cost\"}") }
            for (name, header) in pairs {
                guard let field = Field(userText: name) else {
                    throw fail("map", "field names among \(Field.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(name)\"")
                }
                guard let text = header.stringValue else { throw fail("map.\(name)", "a column header in quotes") }
                layer.map[field] = text
            }
        }
        if let value = object["required"] {
            guard case .array(let items) = value else { throw fail("required", "a list of fields such as [\"name\", \"price\"]") }
            var fields: [Field] = []
            for item in items {
                guard let name = item.stringValue, let field = Field(userText: name) else {
                    throw fail("required", "field names among \(Field.allCases.map(\.rawValue).joined(separator: ", ")), found \(item.serialized())")
                }
                fields.append(field)
            }
            layer.required = fields
        }
        if let value = object["currencies"] {
            guard case .array(let items) = value else { throw fail("currencies", "a list of ISO 4217 codes such as [\"EUR\", \"USD\"]") }
            var set = Set<Currency>()
            for item in items {
                guard let code = item.stringValue, let currency = Currency(code) else {
                    throw fail("currencies", "ISO 4217 codes such as \"EUR\", found \(item.serialized())")
                }
                set.insert(currency)
            }
            layer.currencies = set
        }
        if let value = object["currency"] {
            guard let code = value.stringValue, let currency = Currency(code) else {
                throw fail("currency", "an ISO 4217 code such as \"EUR\", found \(value.serialized())")
            }
            layer.currency = currency
        }
        if let value = object["locale"] {
            guard let text = value.stringValue, !text.isEmpty else { throw fail("locale", "a locale such as \"de_DE\"") }
            if let problem = LocaleFormats.problem(text) { throw ConfigError(path: path, "\(at)locale: \(problem)") }
            layer.locale = text
        }
        if let value = object["dateOrder"] {
            guard let text = value.stringValue, let order = DateOrder(rawValue: text.uppercased()), order != .yearMonthDay else {
                throw fail("dateOrder", "\"DMY\" or \"MDY\", found \(value.serialized())")
            }
            layer.dateOrder = order
        }
        if let value = object["severity"] {
            guard case .object(let pairs) = value else { throw fail("severity", "an object such as {\"currency.missing\": \"off\"}") }
            for (code, level) in pairs {
                guard ValidateConfig.isKnown(code) else {
                    throw ConfigError(path: path, "\(at)severity: unknown code \"\(code)\"", unknownCode: code)
                }
                if level.stringValue == "off" {
                    layer.severities[code] = .some(nil)
                } else if let severity = level.stringValue.flatMap(Issue.Severity.init(rawValue:)) {
                    layer.severities[code] = severity
                } else {
                    throw fail("severity.\(code)", "\"error\", \"warning\", \"info\" or \"off\", found \(level.serialized())")
                }
            }
        }
        return layer
    }

    /// Why a `files` pattern matches nothing as meant, nil when it is fine: patterns are
    /// relative paths with `*`, `?` and whole-component `**`; braces, brackets, `..` and
    /// absolute paths are not supported, and would otherwise silently match no file.
    static func globProblem(_ pattern: String) -> String? {
        let shown = VisibleText.escaped(pattern)
        if pattern.trimmingCharacters(in: .whitespaces).isEmpty { return "a pattern is empty (expected e.g. \"cards/**/*.csv\")" }
        if pattern.unicodeScalars.contains(where: VisibleText.needsEscape) { return "\"\(shown)\" holds a control character" }
        if pattern.hasPrefix("/") { return "\"\(shown)\" is an absolute path; patterns are relative to the folder of ingest.json" }
        if pattern.contains("\\") { return "\"\(shown)\" holds a backslash; separate folders with /" }
        if let c = pattern.first(where: { "{}[]".contains($0) }) {
            return "\"\(shown)\" uses \"\(c)\", which patterns do not support (only *, ? and **); list several patterns instead"
        }
        for part in pattern.split(separator: "/") {
            if part == ".." { return "\"\(shown)\" goes up with ..; patterns match only below the folder of ingest.json" }
            if part.contains("**") && part != "**" { return "\"\(shown)\": ** must be a whole folder part, as in cards/**/*.csv" }
        }
        return nil
    }

    /// A catalog code, or `prefix.*` covering at least one.
    static func isKnown(_ code: String) -> Bool {
        if ValidationCheck.byCode[code] != nil { return true }
        guard code.hasSuffix(".*") else { return false }
        let prefix = code.dropLast(1)
        return ValidationCheck.all.contains { $0.code.hasPrefix(prefix) }
    }
}
