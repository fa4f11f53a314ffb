/// Writes drafts in the review file format `ingest/drafts@1`: every draft with its status, its
/// fields (raw text, normalised value, confidence, column, issues) and its provenance, keys in
/// a fixed order, so the same import gives the same bytes. `DraftsFileReader` reads it back.
///
/// ```json
/// {"schema": "ingest/drafts@1",
///  "context": {"today": "2026-11-30", "locale": null, "currency": null},
///  "drafts": [{"draft": 1, "status": "pending", "statusReason": null, "doubts": [...],
///              "name": {"raw": …, "value": …, "confidence": 1.00, "column": 1, "issues": []},
///              "price": …, "cycle": …, "nextRenewal": …, "startDate": null, "category": …, "notes": null,
///              "issues": [], "provenance": [{"file": …, "part": null, "row": 1, "line": 2}],
///              "priceHistory": []}]}
/// ```
/// A bank series imported with `--kinds` that is not a subscription has `"kind"` after
/// `"status"` (bill, transfer or habit).
/// A field the source did not have is `null`; to give it a value, write `{"value": …}`.
/// A user edits `status` (pending, accepted, rejected, inactive) and any field's `value`;
/// `doubts` and `draft` are for reading only; `raw`, `confidence`, `column` and `issues` are
/// kept as written, except that a value edited as raw text takes the parser's issues and
/// confidence 1, and a value given where the import read none (confidence 0) counts as given by
/// hand (confidence 1, its unreadable/missing error dropped). A value is either in its normalised form (a price `{"amount": "9.99", "currency":
/// "EUR"}`, a cycle `{"unit": "month", "interval": 1}`, a date `"2026-12-05"`, a category
/// name) or raw text in a string (`"9,99 €"`, `"every 2 weeks"`, `"05.12.2026"`), read with the
/// same normalisers and the file's `context` as an import.
package enum DraftsFile {
    package static let schemaID = "ingest/drafts@1"

    package static func document(_ drafts: [ImportDraft], context: NormalizeContext) -> JSONValue {
        .object([
            ("schema", .string(schemaID)),
            ("context", .object([
                ("today", .string(context.today.description)),
                ("locale", .optional(context.locale)),
                ("currency", .optional(context.currency?.code)),
            ])),
            ("drafts", .array(drafts.enumerated().map { value($1, number: $0 + 1) })),
        ])
    }

    /// The whole file as text, pretty-printed, with a final line end.
    package static func text(_ drafts: [ImportDraft], context: NormalizeContext) -> String {
        var writer = Writer(context: context)
        var text = writer.begin()
        for draft in drafts { text += writer.entry(draft) }
        return text + writer.end()
    }

    /// The file written a draft at a time, as an import streams: `begin`, an `entry` per
    /// draft, `end`; together the bytes `document(...).serialized(pretty: true)` and a line
    /// end give.
    package struct Writer: Sendable {
        let context: NormalizeContext
        /// Drafts written so far.
        package private(set) var count = 0

        package init(context: NormalizeContext) {
            self.context = context
        }

        /// Everything before the first draft.
        package func begin() -> String {
            let empty = document([], context: context).serialized(pretty: true)
            // The document ends `"drafts": []` and its closing brace: the list is opened instead.
            guard let open = empty.range(of: "[]", options: .backwards) else { preconditionFailure("a drafts document has a list") }
            return String(empty[..<open.lowerBound])
        }

        /// The next draft, numbered from 1.
        package mutating func entry(_ draft: ImportDraft) -> String {
            count += 1
            return (count == 1 ? "[" : ",") + "\n    " + value(draft, number: count).serialized(pretty: true, indent: 2)
        }

        /// Everything after the last draft.
        package func end() -> String {
            (count == 0 ? "[]" : "\n  ]") + "\n}\n"
        }
    }

    package static func value(_ draft: ImportDraft, number: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("draft", .int(number)),
            ("status", .string(draft.status.rawValue)),
            ("statusReason", .optional(draft.statusReason)),
            ("doubts", .array(AcceptPolicy.doubts(draft).map(JSONValue.string))),
            ("name", field(draft.name, JSONValue.string)),
            ("price", field(draft.price, CanonicalJSON.value)),
            ("cycle", field(draft.cycle, CanonicalJSON.value)),
            ("nextRenewal", field(draft.nextRenewal) { .string($0.description) }),
            ("startDate", field(draft.startDate) { .string($0.description) }),
        ]
        // Written only for a bank series that is not a subscription (`--kinds`), so other
        // files read as before.
        if draft.kind != .subscription { members.insert(("kind", .string(draft.kind.rawValue)), at: 2) }
        // Written only for a draft with a trial, so files without one read as before.
        if draft.trialEnds.value != nil || !draft.trialEnds.issues.isEmpty {
            members.append(("trialEnds", field(draft.trialEnds) { .string($0.description) }))
        }
        members += [
            ("category", field(draft.category) { .string($0.rawValue) }),
            ("notes", field(draft.notes, JSONValue.string)),
        ]
        // Written only when known, so files without them read as before.
        if let lifecycle = draft.lifecycle { members.append(("lifecycle", .string(lifecycle.rawValue))) }
        if let service = draft.service { members.append(("service", value(service))) }
        members += [
            ("issues", .array(draft.issues.map(value))),
            ("provenance", .array(draft.provenance.map(value))),
            ("priceHistory", .array(draft.priceHistory.map { point in
                .object([("date", .optional(point.date?.description)), ("price", CanonicalJSON.value(point.price))])
            })),
        ]
        return .object(members)
    }

    /// A catalog service as the canonical output writes it.
    static func value(_ service: Subscription.Service) -> JSONValue {
        let h = service.hundredths
        return .object([
            ("id", .string(service.id)), ("name", .string(service.name)), ("category", .string(service.category.rawValue)),
            ("manageURL", .optional(service.manageURL)),
            ("confidence", .number(ColumnReport.score(Double(h) / 100))),
        ])
    }

    /// A field the source did not have at all is written as null.
    static func field<V>(_ field: DraftField<V>, _ encode: (V) -> JSONValue) -> JSONValue {
        if field.raw == nil, field.value == nil, field.issues.isEmpty { return .null }
        return .object([
            ("raw", .optional(field.raw)),
            ("value", field.value.map(encode) ?? .null),
            ("confidence", .number(ColumnReport.score(field.confidence))),
            ("column", field.column.map(JSONValue.int) ?? .null),
            ("issues", .array(field.issues.map(value))),
        ])
    }

    static func value(_ issue: Issue) -> JSONValue {
        .object([("code", .string(issue.code.rawValue)), ("severity", .string(issue.severity.rawValue)),
                 ("message", .string(issue.message))])
    }

    static func value(_ source: Provenance) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(source.file)),
            ("part", .optional(source.part)),
            ("row", source.row.map(JSONValue.int) ?? .null),
            ("line", source.line.map(JSONValue.int) ?? .null),
        ]
        if let box = source.box {
            members.append(("box", .array([.int(box.x), .int(box.y), .int(box.width), .int(box.height)])))
        }
        return .object(members)
    }
}
