import Foundation

/// SARIF 2.1.0: one run, a rule per check code, a result per finding.
enum SARIFReport {
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    static func level(_ severity: Issue.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// Paths as relative URIs (`subs/a%20b.csv`), resolved against the working folder; an
    /// absolute path as a `file:` URI (`file:///repo/a%20b.csv`).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#[]")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// Where a file's findings point: a path given relative to the working folder is a relative
    /// URI against `%SRCROOT%` (the folder the scan ran in); an absolute one is a `file:` URI
    /// standing on its own, since it has no root to be relative to.
    static func artifactLocation(_ path: String) -> JSONValue {
        path.hasPrefix("/")
            ? .object([("uri", .string(uri(path)))])
            : .object([("uri", .string(uri(path))), ("uriBaseId", .string("%SRCROOT%"))])
    }

    static func sarif(_ report: ValidationReport, version: String, checks: [ValidationCheck] = ValidationCheck.all,
                      otherHint: String = ValidationCheck.otherHint) -> JSONValue {
        let byCode = Dictionary(checks.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        var codes = checks.map(\.code)
        for file in report.files {
            for finding in file.findings where !codes.contains(finding.code) { codes.append(finding.code) }
        }
        let index = Dictionary(codes.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let rules: [JSONValue] = codes.map { code in
            let check = byCode[code]
            return .object([
                ("id", .string(code)),
                ("shortDescription", .object([("text", .string(check?.meaning ?? code))])),
                ("help", .object([("text", .string(check?.hint ?? otherHint))])),
                ("defaultConfiguration", .object([("level", .string(level(check?.severity ?? .warning)))])),
            ])
        }
        var results: [JSONValue] = []
        for file in report.files {
            for finding in file.findings {
                var region: [(String, JSONValue)] = []
                if let line = finding.line {
                    region.append(("startLine", .int(line)))
                    // SARIF columns are characters (columnKind below); a field number is a property.
                    if let offset = finding.offset { region.append(("startColumn", .int(offset))) }
                }
                var physical: [(String, JSONValue)] = [
                    ("artifactLocation", artifactLocation(file.path)),
                ]
                if !region.isEmpty { physical.append(("region", .object(region))) }
                var result: [(String, JSONValue)] = [
                    ("ruleId", .string(finding.code)),
                    ("ruleIndex", .int(index[finding.code] ?? 0)),
                    ("level", .string(level(finding.severity))),
                    ("message", .object([("text", .string(TextReport.body(finding)))])),
                    ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                ]
                if let column = finding.column { result.append(("properties", .object([("column", .int(column))]))) }
                results.append(.object(result))
            }
        }
        return .object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("ingest validate")),
                    ("version", .string(version)),
                    ("rules", .array(rules)),
                ]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
    }
}
