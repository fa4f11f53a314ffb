/// JUnit XML as CI systems read it: a testsuite per file; a testcase per finding (errors fail,
/// warnings and notes pass with their text in system-out), or one passing testcase for a clean file.
enum JUnitReport {
    static func xml(_ report: ValidationReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = report.files.reduce(0) { $0 + max(1, $1.findings.count) }
        out += "<testsuites name=\"ingest validate\" tests=\"\(tests)\" failures=\"\(report.errors)\" errors=\"0\">\n"
        for file in report.files {
            let path = escape(file.path)
            out += "  <testsuite name=\"\(path)\" tests=\"\(max(1, file.findings.count))\" failures=\"\(file.count(.error))\" errors=\"0\" skipped=\"0\">\n"
            if file.findings.isEmpty {
                out += "    <testcase classname=\"\(path)\" name=\"valid\"/>\n"
            }
            for finding in file.findings {
                var position = ""
                if let line = finding.line {
                    position = " at line \(line)"
                    if let column = finding.column { position += " column \(column)" }
                    if let offset = finding.offset { position += " character \(offset)" }
                }
                let text = escape(TextReport.position(file.path, finding) + ": " + TextReport.body(finding))
                out += "    <testcase classname=\"\(path)\" name=\"\(escape(finding.code + position))\">\n"
                if finding.severity == .error {
                    out += "      <failure type=\"\(escape(finding.code))\" message=\"\(escape(finding.message))\">\(text)</failure>\n"
                } else {
                    out += "      <system-out>\(finding.severity.rawValue): \(text)</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Escapes text for XML content and attributes; drops characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
