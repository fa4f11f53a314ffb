import Foundation

/// Every problem found in an edited drafts file, one message per line, each naming the file,
/// the draft and the field: `drafts.json: draft 3 (Netflix): price "abc" is not a price …`.
public struct DraftsFileError: Error, Sendable, CustomStringConvertible {
    public var messages: [String]
    public var description: String { messages.joined(separator: "\n") }
}

/// Reads an `ingest/drafts@1` file back, validating the user's edits with the normalisers.
/// All problems are collected before failing, so one run shows every bad edit.
public struct DraftsFileReader: Sendable {
    /// The file name as the user gave it, for messages.
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func read(_ text: String) throws(DraftsFileError) -> (drafts: [ImportDraft], context: NormalizeContext) {
        let document: JSONValue
        do { document = try JSONValue.parse(text) } catch {
            throw DraftsFileError(messages: ["\(file):\(error.line):\(error.column): \(error.message)"])
        }
        guard document["schema"]?.stringValue == DraftsFile.schemaID else {
            throw DraftsFileError(messages: ["\(file): not an \(DraftsFile.schemaID) file (expected \"schema\": \"\(DraftsFile.schemaID)\"; write one with ingest import … --drafts FILE)"])
        }
        var errors: [String] = []
        let context = readContext(document["context"], errors: &errors)
        guard case .array(let items)? = document["drafts"] else {
            throw DraftsFileError(messages: errors + ["\(file): \"drafts\" is missing or not an array"])
        }
        let editor = FieldEditor(context: context)
        var drafts: [ImportDraft] = []
        for (i, item) in items.enumerated() {
            var problems: [String] = []
            let draft = readDraft(item, editor: editor, problems: &problems)
            let label = item["name"]?["value"]?.stringValue.map { " (\($0))" } ?? ""
            errors += problems.map { "\(file): draft \(i + 1)\(label): \($0)" }
            if let draft { drafts.append(draft) }
        }
        guard errors.isEmpty else { throw DraftsFileError(messages: errors) }
        return (drafts, context)
    }

    func readContext(_ value: JSONValue?, errors: inout [String]) -> NormalizeContext {
        var context = NormalizeContext(today: CalendarDate(dayNumber: 0))
        guard let value, let todayText = value["today"]?.stringValue, let today = CalendarDate(iso: todayText) else {
            errors.append("\(file): \"context\" needs \"today\" as a date such as \"2026-11-30\"")
            return context
        }
        context.today = today
        context.locale = value["locale"]?.stringValue
        if let code = value["currency"]?.stringValue {
            if let currency = Currency(code) { context.currency = currency }
            else { errors.append("\(file): context currency \"\(code)\" is not an ISO 4217 code (expected e.g. USD, EUR)") }
        }
        return context
    }

    func readDraft(_ item: JSONValue, editor: FieldEditor, problems: inout [String]) -> ImportDraft? {
        guard case .object = item else { problems.append("expected an object"); return nil }
        var sources: [Provenance] = []
        if case .array(let list)? = item["provenance"] {
            for source in list {
                do { sources.append(try CanonicalReader.provenance(source)) } catch { problems.append("provenance: \(error.message)") }
            }
        }
        if sources.isEmpty { problems.append("\"provenance\" needs at least one source with a \"file\""); return nil }
        var draft = ImportDraft(provenance: sources)
        let statusText = item["status"]?.stringValue ?? ""
        if let status = ImportDraft.Status(rawValue: statusText.lowercased()) { draft.status = status } else {
            problems.append("status \"\(statusText)\" is not one of \(ImportDraft.Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        draft.statusReason = item["statusReason"]?.stringValue
        draft.issues = issues(item["issues"])
        draft.name = field(item, .name, editor, &problems) { value in value.stringValue }
        draft.price = field(item, .price, editor, &problems) { value throws(DocumentError) in try CanonicalReader.price(value) }
        draft.cycle = field(item, .cycle, editor, &problems) { value throws(DocumentError) in try CanonicalReader.cycle(value) }
        draft.nextRenewal = field(item, .nextRenewal, editor, &problems) { $0.stringValue.flatMap { CalendarDate(iso: $0) } }
        draft.startDate = dateField(item["startDate"], editor, &problems)
        draft.category = field(item, .category, editor, &problems) { $0.stringValue.flatMap(Category.init(rawValue:)) }
        draft.notes = field(item, .notes, editor, &problems) { $0.stringValue }
        if case .array(let points)? = item["priceHistory"] {
            for point in points {
                if let value = point["price"], let price = try? CanonicalReader.price(value) {
                    draft.priceHistory.append(PricePoint(date: point["date"]?.stringValue.flatMap { CalendarDate(iso: $0) }, price: price))
                }
            }
        }
        if draft.status == .accepted, draft.name.value == nil {
            problems.append("status \"accepted\" needs a name (set name.value or reject the draft)")
        }
        return draft
    }

    /// One field: raw, confidence, column and issues as written; the value in normalised form
    /// (`normalised`), else as raw text in a string read with the editor's normalisers.
    func field<V>(_ item: JSONValue, _ which: EditableField, _ editor: FieldEditor, _ problems: inout [String],
                  normalised: (JSONValue) throws(DocumentError) -> V?) -> DraftField<V> {
        guard let object = item[which.rawValue], object != .null else { return .absent }
        var result = DraftField<V>(raw: object["raw"]?.stringValue, value: nil, confidence: confidence(object["confidence"]),
                                   column: { if case .int(let c)? = object["column"] { return c }; return nil }(),
                                   issues: issues(object["issues"]))
        guard let value = object["value"], value != .null else { return result }
        do {
            if let normal = try normalised(value) {
                result.value = normal
                // A value where the import read none was given by hand: it answers "could not
                // read" and "missing", and is as sure as a clean cell.
                if result.confidence == 0 { result.confidence = 1 }
                result.issues.removeAll { $0.severity == .error && ($0.code.hasSuffix(".unparseable") || $0.code.hasSuffix(".missing")) }
                return result
            }
        } catch {
            if value.stringValue == nil {
                problems.append("\(which.label) \(value.serialized()): \(error.message)")
                return result
            }
        }
        guard let text = value.stringValue else {
            problems.append("\(which.label) \(value.serialized()) is not a \(which.label) value")
            return result
        }
        var scratch = ImportDraft(provenance: [])
        do {
            try editor.apply(which, text, to: &scratch)
        } catch {
            problems.append(error.message.hasPrefix("\"") ? "\(which.label) \(error.message)" : "\(which.label): \(error.message)")
            return result
        }
        func take(_ edited: DraftField<V>) {
            result.raw = text
            result.value = edited.value
            result.issues = edited.issues
            result.confidence = 1
        }
        switch which {
        case .name: if let f = scratch.name as? DraftField<V> { take(f) }
        case .price: if let f = scratch.price as? DraftField<V> { take(f) }
        case .cycle: if let f = scratch.cycle as? DraftField<V> { take(f) }
        case .nextRenewal: if let f = scratch.nextRenewal as? DraftField<V> { take(f) }
        case .category: if let f = scratch.category as? DraftField<V> { take(f) }
        case .notes: if let f = scratch.notes as? DraftField<V> { take(f) }
        }
        return result
    }

    func dateField(_ object: JSONValue?, _ editor: FieldEditor, _ problems: inout [String]) -> DraftField<CalendarDate> {
        guard let object, object != .null else { return .absent }
        let wrapped = JSONValue.object([(EditableField.nextRenewal.rawValue, object)])
        var inner: [String] = []
        let result = field(wrapped, .nextRenewal, editor, &inner) { $0.stringValue.flatMap { CalendarDate(iso: $0) } }
        problems += inner.map { $0.replacingOccurrences(of: EditableField.nextRenewal.label, with: "start date") }
        return result
    }

    func confidence(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let text)?: return Double(text) ?? 1
        case .int(let i)?: return Double(i)
        default: return 1
        }
    }

    func issues(_ value: JSONValue?) -> [Issue] {
        guard case .array(let list)? = value else { return [] }
        return list.compactMap { item in
            guard let code = item["code"]?.stringValue else { return nil }
            let severity = item["severity"]?.stringValue.flatMap(Issue.Severity.init(rawValue:)) ?? .warning
            return Issue(code, severity, item["message"]?.stringValue ?? "")
        }
    }
}
