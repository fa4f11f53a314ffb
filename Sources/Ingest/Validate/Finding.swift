/// One problem `ingest validate` found in a file: a stable code, a severity, where it is, the
/// offending value, what is wrong and what to do.
package struct Finding: Hashable, Sendable {
    package var code: String
    package var severity: Issue.Severity
    /// 1-based physical line, nil for findings about the whole file.
    package var line: Int?
    /// 1-based data row (the header is not counted), when the finding is about a row.
    package var row: Int?
    /// 1-based column number: the field of the row (not a character position).
    package var column: Int?
    /// 1-based character (code point) position in the line, where it matters: a byte that is not
    /// UTF-8. Editors and CI annotations point at it; the column number names the field.
    package var offset: Int?
    /// The cell or bytes at fault, as written.
    package var value: String?
    package var message: String
    /// What a setting can do about it, when the message came from the import with one.
    package var remedy: Issue.Remedy?
    /// The column mapping the message names (`cycle=Billing`), for `map.unknown-column`.
    package var mapping: String?
    package var hint: String

    package init(code: String, severity: Issue.Severity, line: Int? = nil, row: Int? = nil, column: Int? = nil,
                value: String? = nil, message: String, remedy: Issue.Remedy? = nil, hint: String? = nil) {
        self.code = code
        self.severity = severity
        self.line = line
        self.row = row
        self.column = column
        self.value = value
        self.message = message
        self.remedy = remedy
        self.hint = hint ?? ValidationCheck.hint(for: code)
    }

    /// Orders findings by position: whole-file findings first, then by line and column.
    static func byPosition(_ a: Finding, _ b: Finding) -> Bool {
        let la = a.line ?? 0, lb = b.line ?? 0
        if la != lb { return la < lb }
        let ca = a.column ?? 0, cb = b.column ?? 0
        if ca != cb { return ca < cb }
        return a.code < b.code
    }
}

/// The findings for one file.
package struct FileResult: Hashable, Sendable {
    /// The path as given or found (relative paths stay relative).
    package var path: String
    /// Data rows read, skipped rows included.
    package var rows: Int
    package var findings: [Finding]

    package init(path: String, rows: Int = 0, findings: [Finding] = []) {
        self.path = path
        self.rows = rows
        self.findings = findings
    }

    package func count(_ severity: Issue.Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
