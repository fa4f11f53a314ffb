import Foundation
import Ingest

/// Small drafts for the review tests of the library and the CLI, built the way a clean CSV row would give them.
package enum Sample {
    package static let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
    package static let context = NormalizeContext(today: today)

    /// Four drafts to review: a clean one, one with a guessed currency, an inactive one, and
    /// one more to accept.
    package static let review: [ImportDraft] = [
        draft("Netflix", "15.49", "USD"),
        { var d = draft("Spotify", "10.99", row: 2); d.price.issues = [Issue("currency.guessed", .warning, "guess")]; return d }(),
        draft("Gym", "30", "USD", cycle: .yearly, row: 3, status: .inactive),
        draft("Hulu", "7.99", "USD", row: 4),
    ]

    package static func draft(_ name: String?, _ amount: String? = "9.99", _ currency: String? = "EUR",
                      cycle: Cycle? = .monthly, renewal: String? = "2026-12-05", file: String = "subs.csv",
                      row: Int = 1, status: ImportDraft.Status = .pending, issues: [Issue] = []) -> ImportDraft {
        var d = ImportDraft(provenance: [Provenance(file: file, row: row, line: row + 1)])
        if let name { d.name = DraftField(raw: name, value: name, column: 1) }
        if let amount, let value = DecimalText.parse(amount) {
            d.price = DraftField(raw: amount, value: Price(amount: value, currency: currency.flatMap { Currency($0) }), column: 2)
        }
        if let cycle { d.cycle = DraftField(raw: cycle.description, value: cycle, column: 3) }
        if let renewal, let date = CalendarDate(iso: renewal) { d.nextRenewal = DraftField(raw: renewal, value: date, column: 4) }
        d.status = status
        d.issues = issues
        return d
    }

    package static func subscription(_ name: String, _ amount: String, _ currency: String = "EUR", cycle: Cycle = .monthly,
                             file: String = "old.csv", row: Int = 1) -> Subscription {
        Subscription(name: name, price: Price(amount: DecimalText.parse(amount) ?? 0, currency: Currency(currency)),
                     cycle: cycle, nextRenewal: nil, category: nil, notes: nil, source: Provenance(file: file, row: row))
    }
}
