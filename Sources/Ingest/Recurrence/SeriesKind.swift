/// What a recurring series of charges is (`ImportDraft.Kind`): a bill or a transfer when its
/// rows' words said so (rent, Strom, savings: see `TransactionClassifier`), a habit when the
/// merchant's other charges far outnumber the series' own and no row names a SEPA mandate or
/// creditor id, else a subscription.
enum SeriesKind {
    /// A merchant with at least this many charges outside its series, and three times the
    /// series' billings, is a shop whose varying amounts happened to line up on a grid.
    static let habitLeftover = 8

    static func of(_ series: RecurringSeries, ledger: BankImporter.PackedLedger, leftover: Int) -> ImportDraft.Kind {
        if ledger.kind != .subscription { return ledger.kind }
        // A SEPA direct debit under a mandate is a contract, whatever else is bought there.
        if ledger.mandate { return .subscription }
        if leftover >= max(habitLeftover, 3 * series.occurrences) { return .habit }
        return .subscription
    }

    /// Marks a series' draft with its kind: a bill's or transfer's category and a note of what
    /// it is.
    static func mark(_ draft: inout ImportDraft, kind: ImportDraft.Kind, detail: String) {
        draft.kind = kind
        guard kind != .subscription else { return }
        switch kind {
        case .bill:
            draft.category = DraftField(value: detail == "utilities" ? .utilities : .bills, confidence: 0.9)
        case .transfer:
            draft.category = DraftField(value: .finance, confidence: 0.9)
        case .habit:
            if draft.category.value == .other { draft.category = DraftField(value: .shopping, confidence: 0.5) }
        case .subscription:
            break
        }
        let what = detail.isEmpty ? kind.rawValue : "\(kind.rawValue) (\(detail))"
        draft.notes = DraftField(value: [what, draft.notes.value].compactMap { $0 }.joined(separator: ": "))
    }
}
