import Testing
@testable import Ingest
import IngestTestSupport

/// Edits read with the import's normalisers, as the review (terminal or app) applies them.
@Suite struct FieldEditorTests {
    static let drafts = Sample.review

    struct FieldCase: Sendable, CustomTestStringConvertible {
        var field: EditableField
        var text: String
        var error: String?
        var testDescription: String { "\(field.rawValue) \(text)" }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(field: .name, text: "  ", error: "the name is empty"),
        FieldCase(field: .price, text: "abc", error: "\"abc\" is not a price (expected e.g. 9.99, $9.99 or 9,99 €)"),
        FieldCase(field: .price, text: "€4,99", error: nil),
        FieldCase(field: .cycle, text: "yearly", error: nil),
        FieldCase(field: .cycle, text: "now and then", error: "\"now and then\" is not a billing cycle (expected e.g. monthly, yearly, every 2 weeks)"),
        FieldCase(field: .nextRenewal, text: "2027-01-31", error: nil),
        FieldCase(field: .nextRenewal, text: "soon", error: "\"soon\" is not a date (expected e.g. 2026-12-05, 12/05/2026 or December 5, 2026)"),
        FieldCase(field: .category, text: "Music", error: nil),
        FieldCase(field: .notes, text: "family plan", error: nil),
        FieldCase(field: .currency, text: "chf", error: nil),
        FieldCase(field: .currency, text: "Swiss francs", error: "\"Swiss francs\" is not an ISO 4217 currency code (expected e.g. USD, EUR, GBP)"),
    ]

    @Test func currencyNeedsAPrice() {
        var draft = Sample.draft("Gym", nil)
        #expect(throws: NormalizeError.self) { try FieldEditor(context: Sample.context).apply(.currency, "USD", to: &draft) }
    }

    @Test(arguments: fieldCases)
    func fieldEdits(_ c: FieldCase) {
        var draft = Self.drafts[0]
        do {
            try FieldEditor(context: Sample.context).apply(c.field, c.text, to: &draft)
            #expect(c.error == nil)
        } catch {
            #expect(error.message == c.error)
        }
    }

    @Test(arguments: [("renewal", EditableField.nextRenewal), ("next", .nextRenewal), ("Price", .price), ("cost", nil),
                      ("p", .price), ("cu", .currency), ("cy", .cycle), ("r", .nextRenewal), ("next renewal", .nextRenewal),
                      ("c", nil), ("n", nil), ("", nil)])
    func fieldNames(_ text: String, _ field: EditableField?) {
        #expect(EditableField(userText: text) == field)
    }
}
