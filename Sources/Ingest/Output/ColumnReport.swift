/// The column mapping in words, for `ingest columns`. `mapped` is the reason shown for a column
/// the caller mapped (the CLI names its flag).
package enum ColumnReport {
    package static func text(_ mapping: ColumnMapping, mapped: String = ColumnChoice.mapped) -> String {
        var out = "FIELD          COLUMN                    SCORE  REASON\n"
        for field in Field.allCases {
            guard let choice = mapping.choices[field] else { continue }
            let column = "\(choice.column + 1) \"\(choice.header)\""
            out += pad(field.rawValue, 15) + pad(column, 26) + pad(score(choice.score), 7) + reason(choice, mapped) + "\n"
        }
        let missing = Field.allCases.filter { mapping.choices[$0] == nil }
        if !missing.isEmpty {
            out += "\nnot found: \(missing.map(\.rawValue).joined(separator: ", "))\n"
        }
        out += "\nunused columns: "
        out += mapping.unused.isEmpty ? "none\n" : mapping.unused.map { "\($0 + 1) \"\(mapping.header[$0])\"" }.joined(separator: ", ") + "\n"
        return out
    }

    package static func json(_ mapping: ColumnMapping, mapped: String = ColumnChoice.mapped) -> JSONValue {
        .object([
            ("fields", .object(Field.allCases.compactMap { field in
                mapping.choices[field].map { choice in
                    (field.rawValue, .object([
                        ("column", .int(choice.column + 1)),
                        ("header", .string(choice.header)),
                        ("score", .number(score(choice.score))),
                        ("reason", .string(reason(choice, mapped))),
                    ]))
                }
            })),
            ("unused", .array(mapping.unused.map { .object([("column", .int($0 + 1)), ("header", .string(mapping.header[$0]))]) })),
        ])
    }

    static func reason(_ choice: ColumnChoice, _ mapped: String) -> String {
        choice.reason == ColumnChoice.mapped ? mapped : choice.reason
    }

    static func score(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
