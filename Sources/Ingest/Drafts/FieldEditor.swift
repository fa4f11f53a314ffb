/// A field of a draft the user can change during review or in a drafts file.
package enum EditableField: String, Sendable, CaseIterable {
    /// `currency` sets the currency of the price, keeping its amount.
    case name, price, currency, cycle, nextRenewal, category, notes

    /// Accepts the field names, a few other words (`renewal`, `date`) and any beginning of a
    /// name that only one field has (`p`, `cu`, `cy`, `r`); nil for unknown or ambiguous text.
    package init?(userText: String) {
        let text = userText.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { return nil }
        switch text {
        case "renewal", "next", "date", "nextrenewal", "next renewal", "next-renewal": self = .nextRenewal
        default:
            if let field = EditableField.allCases.first(where: { $0.rawValue.lowercased() == text || $0.label == text }) {
                self = field
                return
            }
            let words = EditableField.allCases.map { ($0, [$0.label, $0 == .nextRenewal ? "renewal" : $0.label]) }
            let matching = words.filter { $0.1.contains { $0.hasPrefix(text) } }.map(\.0)
            guard matching.count == 1 else { return nil }
            self = matching[0]
        }
    }

    /// The editable field `field` is; a field a person cannot edit throws its message.
    package static func of(_ field: Field) throws(NormalizeError) -> EditableField {
        guard let editable = EditableField(rawValue: field.rawValue) else {
            let fields = allCases.map(\.rawValue).joined(separator: ", ")
            throw NormalizeError(.unparseable, "\(field.rawValue) cannot be edited; the fields that can are \(fields)")
        }
        return editable
    }

    /// The field as `Review` takes it.
    package var field: Field {
        switch self {
        case .name: .name
        case .price: .price
        case .currency: .currency
        case .cycle: .cycle
        case .nextRenewal: .nextRenewal
        case .category: .category
        case .notes: .notes
        }
    }

    /// How the field is named in messages.
    package var label: String { self == .nextRenewal ? "next renewal" : rawValue }
}

/// Applies a user's edit given as raw text, read with the same normalisers as an import, so a
/// bad edit is refused with the parser's own message.
package struct FieldEditor: Sendable {
    package var context: NormalizeContext
    private let prices: PriceParser
    private let dates: DateParser

    package init(context: NormalizeContext) {
        self.context = context
        prices = PriceParser(context: context)
        dates = DateParser(context: context)
    }

    /// Sets `field` of `draft` from `text`. Empty text clears an optional field (not name or
    /// price). A price without a currency keeps the draft's earlier currency. The edited field's
    /// issues are replaced by the parser's, its confidence becomes 1 (the user said so).
    package func apply(_ field: EditableField, _ text: String, to draft: inout ImportDraft) throws(NormalizeError) {
        let raw = text.trimmingCharacters(in: .whitespaces)
        switch field {
        case .name:
            guard !raw.isEmpty else { throw NormalizeError(.empty, "the name is empty") }
            draft.name = DraftField(raw: raw, value: raw, column: draft.name.column)
        case .price:
            var parsed = try prices.parse(raw[...])
            if parsed.price.currency == nil { parsed.price.currency = draft.price.value?.currency }
            draft.price = DraftField(raw: raw, value: parsed.price, column: draft.price.column,
                                     issues: parsed.issues + [PriceChecks.negative(parsed.price, at: nil)].compactMap { $0 })
            if let cycle = parsed.cycle { draft.cycle = DraftField(raw: raw, value: cycle, column: draft.cycle.column) }
        case .currency:
            guard let currency = Currency(raw.uppercased()) else {
                throw NormalizeError(.unparseable, "\"\(raw)\" is not an ISO 4217 currency code (expected e.g. USD, EUR, GBP)")
            }
            guard var price = draft.price.value else {
                throw NormalizeError(.empty, "there is no price to give a currency; edit the price instead")
            }
            price.currency = currency
            // The doubts about the currency are answered; the price's other issues stay.
            draft.price = DraftField(raw: draft.price.raw, value: price, column: draft.price.column,
                                     issues: draft.price.issues.filter { !$0.code.rawValue.hasPrefix("currency.") })
        case .cycle:
            if raw.isEmpty { draft.cycle = .absent; return }
            draft.cycle = DraftField(raw: raw, value: try CycleParser().parse(raw[...]), column: draft.cycle.column)
        case .nextRenewal:
            if raw.isEmpty { draft.nextRenewal = .absent; return }
            let parsed = try dates.parse(raw[...])
            draft.nextRenewal = DraftField(raw: raw, value: parsed.date, column: draft.nextRenewal.column,
                                           issues: parsed.issues)
        case .category:
            if raw.isEmpty { draft.category = .absent; return }
            guard let category = Category(rawValue: raw.lowercased()) ?? CategoryWords.category(for: raw) else {
                throw NormalizeError(.unparseable, "\"\(raw)\" is not a category (expected one of \(Category.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            draft.category = DraftField(raw: raw, value: category, column: draft.category.column)
        case .notes:
            draft.notes = raw.isEmpty ? .absent : DraftField(raw: raw, value: raw, column: draft.notes.column)
        }
    }
}
