/// One problem `ingest validate` found in a file: a stable code, a severity, where it is, the
/// offending value, what is wrong and what to do.
public struct Finding: Hashable, Sendable {
    public var code: String
    public var severity: Issue.Severity
    /// 1-based physical line, nil for findings about the whole file.
    public var line: Int?
    /// 1-based data row (the header is not counted), when the finding is about a row.
    public var row: Int?
    /// 1-based column.
    public var column: Int?
    /// The cell or bytes at fault, as written.
    public var value: String?
    public var message: String
    public var hint: String

    public init(code: String, severity: Issue.Severity, line: Int? = nil, row: Int? = nil, column: Int? = nil,
                value: String? = nil, message: String, hint: String? = nil) {
        self.code = code
        self.severity = severity
        self.line = line
        self.row = row
        self.column = column
        self.value = value
        self.message = message
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
public struct FileResult: Hashable, Sendable {
    /// The path as given or found (relative paths stay relative).
    public var path: String
    /// Data rows read, skipped rows included.
    public var rows: Int
    public var findings: [Finding]

    public init(path: String, rows: Int = 0, findings: [Finding] = []) {
        self.path = path
        self.rows = rows
        self.findings = findings
    }

    public func count(_ severity: Issue.Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
