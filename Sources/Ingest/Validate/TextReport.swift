import Foundation

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

    /// The message with the offending value quoted after it (unless the message says it
    /// already), and the hint.
    static func body(_ finding: Finding) -> String {
        message(finding) + " — " + finding.hint
    }

    static func message(_ finding: Finding) -> String {
        var text = finding.message
        if let value = finding.value, !value.isEmpty, !text.contains(value) { text += " (\(JSONValue.string(value).serialized()))" }
        return text
    }

    static func text(_ report: ValidationReport) -> String {
        var out = ""
        for file in report.files {
            for finding in file.findings {
                out += "\(position(file.path, finding)): \(finding.severity.rawValue) \(finding.code): \(VisibleText.escaped(body(finding)))\n"
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
                // GitHub's col is a character position: given only where one is known.
                if let offset = finding.offset { properties.append("col=\(offset)") }
                properties.append("title=\(escapeProperty(finding.code))")
                out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(VisibleText.escaped(body(finding), keepingLineBreaks: true)))\n"
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
