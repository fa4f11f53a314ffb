/// The output formats of `ingest validate`.
package enum ValidationFormat: String, Sendable, CaseIterable {
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

    /// `checks` and `otherHint` word the rules of a SARIF report (the CLI's words by the CLI).
    package func render(_ report: ValidationReport, version: String, checks: [ValidationCheck] = ValidationCheck.all,
                        otherHint: String = ValidationCheck.otherHint) -> String {
        switch self {
        case .text: return TextReport.text(report)
        case .github: return TextReport.github(report)
        case .json: return JSONReport.json(report).serialized(pretty: true) + "\n"
        case .sarif:
            return SARIFReport.sarif(report, version: version, checks: checks, otherHint: otherHint).serialized(pretty: true) + "\n"
        case .junit: return JUnitReport.xml(report)
        }
    }
}
