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
            ("offset", f.offset.map(JSONValue.int) ?? .null),
            ("value", .optional(f.value)),
            ("message", .string(f.message)),
            ("hint", .string(f.hint)),
        ])
    }
}
