import Foundation

/// Every problem found in an edited drafts file, one message per line, each naming the file,
/// the draft and the field: `drafts.json: draft 3 (Netflix): price "abc" is not a price …`.
package struct DraftsFileError: Error, Sendable, CustomStringConvertible {
    package var messages: [String]
    /// The file is not a drafts file at all (its one message says so): the CLI says how to write one.
    package var notADraftsFile = false
    package var description: String { messages.joined(separator: "\n") }

    package init(messages: [String], notADraftsFile: Bool = false) {
        self.messages = messages
        self.notADraftsFile = notADraftsFile
    }
}

/// Reads an `ingest/drafts@1` file back, validating the user's edits with the normalisers.
/// All problems are collected before failing, so one run shows every bad edit.
package struct DraftsFileReader: Sendable {
    /// The file name as the user gave it, for messages.
    package var file: String

    package init(file: String) {
        self.file = file
    }

    package func read(_ text: String) throws(DraftsFileError) -> (drafts: [ImportDraft], context: NormalizeContext) {
        let document: JSONValue
        do { document = try JSONValue.parse(text) } catch {
            throw DraftsFileError(messages: ["\(file):\(error.line):\(error.column): \(error.message)"])
        }
        guard document["schema"]?.stringValue == DraftsFile.schemaID else {
            throw DraftsFileError(messages: ["\(file): not an \(DraftsFile.schemaID) file (expected \"schema\": \"\(DraftsFile.schemaID)\")"],
                                   notADraftsFile: true)
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
        if let kindText = item["kind"]?.stringValue {
            if let kind = ImportDraft.Kind(rawValue: kindText.lowercased()) { draft.kind = kind } else {
                problems.append("kind \"\(kindText)\" is not one of \(ImportDraft.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        draft.issues = issues(item["issues"])
        let isoDate = { (value: JSONValue) in value.stringValue.flatMap { CalendarDate(iso: $0) } }
        draft.name = field(item, "name", as: .name, \.name, editor, &problems) { $0.stringValue }
        draft.price = field(item, "price", as: .price, \.price, editor, &problems) { value throws(DocumentError) in try CanonicalReader.price(value) }
        draft.cycle = field(item, "cycle", as: .cycle, \.cycle, editor, &problems) { value throws(DocumentError) in try CanonicalReader.cycle(value) }
        draft.nextRenewal = field(item, "nextRenewal", as: .nextRenewal, \.nextRenewal, editor, &problems, normalised: isoDate)
        draft.startDate = field(item, "startDate", label: "start date", as: .nextRenewal, \.nextRenewal, editor, &problems, normalised: isoDate)
        if item["trialEnds"] != nil {
            draft.trialEnds = field(item, "trialEnds", label: "trial end", as: .nextRenewal, \.nextRenewal, editor, &problems, normalised: isoDate)
        }
        draft.category = field(item, "category", as: .category, \.category, editor, &problems) { $0.stringValue.flatMap(Category.init(rawValue:)) }
        draft.notes = field(item, "notes", as: .notes, \.notes, editor, &problems) { $0.stringValue }
        if let text = item["lifecycle"]?.stringValue {
            if let lifecycle = Subscription.Status(rawValue: text.lowercased()) { draft.lifecycle = lifecycle } else {
                problems.append("lifecycle \"\(text)\" is not one of \(Subscription.Status.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if let value = item["service"] {
            do { draft.service = try CanonicalReader.service(value) } catch { problems.append("service: \(error.message)") }
        }
        if case .array(let points)? = item["priceHistory"] {
            for (n, point) in points.enumerated() {
                do throws(DocumentError) {
                    guard let value = point["price"], let price = try CanonicalReader.price(value) else {
                        throw DocumentError("needs a \"price\" such as {\"amount\": \"9.99\", \"currency\": \"EUR\"}")
                    }
                    var date: CalendarDate?
                    if let given = point["date"], given != .null {
                        guard let d = given.stringValue.flatMap({ CalendarDate(iso: $0) }) else {
                            throw DocumentError("date \(given.serialized()) is not a date (expected e.g. \"2026-12-05\")")
                        }
                        date = d
                    }
                    draft.priceHistory.append(PricePoint(date: date, price: price))
                } catch {
                    problems.append("priceHistory \(n + 1): \(error.message)")
                }
            }
        }
        // The sign is checked on the value as it now is: an edit may have fixed it or made it.
        draft.price.issues.removeAll { $0.code == "price.negative" }
        if let price = draft.price.value, let negative = PriceChecks.negative(price, at: nil) {
            draft.price.issues.append(negative)
            if draft.status == .accepted {
                problems.append("status \"accepted\" with the negative price \(price.amountText)\(price.currency.map { " \($0.code)" } ?? "") (a refund or credit?): write the price as a positive amount, or reject the draft")
            }
        }
        if draft.status == .accepted, draft.name.value == nil {
            problems.append("status \"accepted\" needs a name (set name.value or reject the draft)")
        }
        return draft
    }

    /// One field under `key`: raw, confidence, column and issues as written; the value in
    /// normalised form (`normalised`), else raw text in a string, read by the editor as the
    /// field `parser` and taken from the scratch draft at `result`.
    func field<V>(_ item: JSONValue, _ key: String, label: String? = nil, as parser: EditableField,
                  _ result: KeyPath<ImportDraft, DraftField<V>>, _ editor: FieldEditor, _ problems: inout [String],
                  normalised: (JSONValue) throws(DocumentError) -> V?) -> DraftField<V> {
        let label = label ?? parser.label
        guard let object = item[key], object != .null else { return .absent }
        var field = DraftField<V>(raw: object["raw"]?.stringValue, value: nil, confidence: confidence(object["confidence"]),
                                  column: { if case .int(let c)? = object["column"] { return c }; return nil }(),
                                  issues: issues(object["issues"]))
        guard let value = object["value"], value != .null else { return field }
        do {
            if let normal = try normalised(value) {
                field.value = normal
                // A value where the import read none was given by hand: it answers "could not
                // read" and "missing", and is as sure as a clean cell.
                if field.confidence == 0 { field.confidence = 1 }
                field.issues.removeAll { $0.severity == .error && ($0.code.hasSuffix(".unparseable") || $0.code.hasSuffix(".missing")) }
                return field
            }
        } catch {
            if value.stringValue == nil {
                problems.append("\(label) \(value.serialized()): \(error.message)")
                return field
            }
        }
        guard let text = value.stringValue else {
            problems.append("\(label) \(value.serialized()) is not a \(label) value")
            return field
        }
        var scratch = ImportDraft(provenance: [])
        do {
            try editor.apply(parser, text, to: &scratch)
        } catch {
            problems.append(error.message.hasPrefix("\"") ? "\(label) \(error.message)" : "\(label): \(error.message)")
            return field
        }
        let edited = scratch[keyPath: result]
        field.raw = text
        field.value = edited.value
        field.issues = edited.issues
        field.confidence = 1
        return field
    }

    /// A field's confidence as written, kept within 0…1 (`1e999` reads as infinity, which the
    /// score printers cannot turn into digits).
    func confidence(_ value: JSONValue?) -> Double {
        let given: Double
        switch value {
        case .number(let text)?: given = Double(text) ?? 1
        case .int(let i)?: given = Double(i)
        default: given = 1
        }
        return given.isNaN ? 1 : min(1, max(0, given))
    }

    func issues(_ value: JSONValue?) -> [Issue] {
        guard case .array(let list)? = value else { return [] }
        return list.compactMap { item in
            guard let code = item["code"]?.stringValue else { return nil }
            let severity = item["severity"]?.stringValue.flatMap(Issue.Severity.init(rawValue:)) ?? .warning
            return Issue(Issue.Code(code), severity, item["message"]?.stringValue ?? "")
        }
    }
}
