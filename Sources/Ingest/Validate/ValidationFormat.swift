/// The output formats of `ingest validate`.
public enum ValidationFormat: String, Sendable, CaseIterable {
    /// `path:line:col: severity code: message ("value") — hint`, for people.
    case text
    /// `ingest/validate-report@1`, described by `validate-report.schema.json`.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github
    /// JUnit XML: a testsuite per file, a testcase per finding.
    case junit
    /// SARIF 2.1.0 for code-scanning views.
    case sarif

    public func render(_ report: ValidationReport, version: String) -> String {
        switch self {
        case .text: return TextReport.text(report)
        case .github: return TextReport.github(report)
        case .json: return JSONReport.json(report).serialized(pretty: true) + "\n"
        case .sarif: return SARIFReport.sarif(report, version: version).serialized(pretty: true) + "\n"
        case .junit: return JUnitReport.xml(report)
        }
    }
}

/// The line-based formats.
enum TextReport {
    static func position(_ path: String, _ finding: Finding) -> String {
        var text = path
        if let line = finding.line {
            text += ":\(line)"
            if let column = finding.column { text += ":\(column)" }
        }
        return text
    }

    static func body(_ finding: Finding) -> String {
        var text = finding.message
        if let value = finding.value { text += " (\(JSONValue.string(value).serialized()))" }
        return text + " — " + finding.hint
    }

    static func text(_ report: ValidationReport) -> String {
        var out = ""
        for file in report.files {
            for finding in file.findings {
                out += "\(position(file.path, finding)): \(finding.severity.rawValue) \(finding.code): \(body(finding))\n"
            }
        }
        return out + report.summaryLine + "\n"
    }

    /// Workflow commands; notes become `::notice`.
    static func github(_ report: ValidationReport) -> String {
        var out = ""
        for file in report.files {
            for finding in file.findings {
                let command: String
                switch finding.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info: command = "notice"
                }
                var properties = ["file=\(escapeProperty(file.path))"]
                if let line = finding.line { properties.append("line=\(line)") }
                if let column = finding.column { properties.append("col=\(column)") }
                properties.append("title=\(escapeProperty(finding.code))")
                out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(body(finding)))\n"
            }
        }
        return out + report.summaryLine + "\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// `ingest/validate-report@1`.
enum JSONReport {
    static func json(_ report: ValidationReport) -> JSONValue {
        .object([
            ("schema", .string("ingest/validate-report@1")),
            ("summary", .object([
                ("files", .int(report.files.count)),
                ("filesWithErrors", .int(report.filesWithErrors)),
                ("errors", .int(report.errors)),
                ("warnings", .int(report.warnings)),
                ("infos", .int(report.infos)),
            ])),
            ("files", .array(report.files.map { file in
                .object([
                    ("path", .string(file.path)),
                    ("rows", .int(file.rows)),
                    ("errors", .int(file.count(.error))),
                    ("warnings", .int(file.count(.warning))),
                    ("infos", .int(file.count(.info))),
                    ("findings", .array(file.findings.map(finding))),
                ])
            })),
        ])
    }

    static func finding(_ f: Finding) -> JSONValue {
        .object([
            ("code", .string(f.code)),
            ("severity", .string(f.severity.rawValue)),
            ("line", f.line.map(JSONValue.int) ?? .null),
            ("row", f.row.map(JSONValue.int) ?? .null),
            ("column", f.column.map(JSONValue.int) ?? .null),
            ("value", .optional(f.value)),
            ("message", .string(f.message)),
            ("hint", .string(f.hint)),
        ])
    }
}
