import Foundation

/// Turns a recurring series into a draft: name, latest price, cycle, next renewal on the
/// series' own billing day rolled forward to today (`RenewalProjection`), category,
/// confidence, price history, one provenance per charge, and inactive when the charges stopped.
package struct SeriesDraftBuilder: Sendable {
    package var file: String
    package var context: NormalizeContext

    package init(file: String, context: NormalizeContext) {
        self.file = file
        self.context = context
    }

    /// A series is stopped when no charge came for its period plus half a period (at least
    /// ten days) before today.
    package static func isStopped(last: CalendarDate, period: Period, today: CalendarDate) -> Bool {
        Double(today.dayNumber - last.dayNumber) > period.days + max(10, period.days / 2)
    }

    package func draft(_ series: RecurringSeries, merchant: Merchant, currency: Currency?) -> ImportDraft {
        draft(series, merchant: merchant, currency: currency,
              provenance: series.charges.map { Provenance(file: file, row: Int($0.row), line: Int($0.line)) })
    }

    /// The draft of `series` with the given provenance: the importer leaves it empty and adds
    /// each charge's as the draft is handed on (`BankDrafts`).
    func draft(_ series: RecurringSeries, merchant: Merchant, currency: Currency?, provenance: [Provenance]) -> ImportDraft {
        let last = series.last
        let cycle = series.fit.period.cycle
        func price(_ amount: Int64) -> Price {
            Price(amount: Decimal(amount) / Decimal(FastAmount.scale), currency: currency)
        }
        let dates = series.charges.map(\.date)
        let next = RenewalProjection.next(after: dates, period: series.fit.period, today: context.today)
        let confidence = series.confidence
        var draft = ImportDraft(
            name: DraftField(raw: merchant.name, value: merchant.name, confidence: merchant.isKnownService ? 1 : 0.85),
            price: DraftField(raw: DecimalText.format(price(last.amount).amount, minorDigits: currency?.minorDigits ?? 2),
                              value: price(last.amount), confidence: currency == nil ? 0.5 : 1,
                              issues: currency == nil ? [Issue("currency.missing", .warning, "\(file): \(merchant.name): no currency in the statement", remedy: .chooseCurrency)] : []),
            cycle: DraftField(raw: series.fit.period.rawValue, value: cycle, confidence: confidence),
            nextRenewal: next.isSupported ? DraftField(raw: last.date.description, value: next, confidence: confidence)
                : DraftField(raw: last.date.description, value: nil, confidence: 0, issues: [
                    Issue("date.out-of-range", .error, "\(file): \(merchant.name): the next charge after \(last.date) falls after the year 9999"),
                ]),
            startDate: DraftField(raw: series.charges[0].date.description, value: series.charges[0].date),
            category: DraftField(value: merchant.category ?? CategoryWords.category(for: merchant.name) ?? .other,
                                 confidence: merchant.category == nil ? 0.5 : 1),
            provenance: provenance)
        let history = series.priceSteps
        if history.count > 1 {
            draft.priceHistory = history.map { PricePoint(date: $0.date, price: price($0.amount)) }
        }
        if SeriesDraftBuilder.isStopped(last: last.date, period: series.fit.period, today: context.today) {
            draft.status = .inactive
            draft.lifecycle = .cancelled
            draft.statusReason = "no charge since \(last.date) (\(series.fit.period.rawValue), expected by \(RenewalProjection.next(after: dates, period: series.fit.period, today: last.date)))"
        }
        draft.notes = DraftField(value: "\(series.occurrences) charges \(series.fit.period.rawValue) from \(series.charges[0].date) to \(last.date)")
        return draft
    }
}
