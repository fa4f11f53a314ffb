/// One accepted subscription in the canonical output (`ingest/subscriptions@1`).
public struct Subscription: Hashable, Sendable {
    public var name: String
    public var price: Price?
    public var cycle: Cycle?
    public var nextRenewal: CalendarDate?
    public var category: Category?
    public var notes: String?
    public var source: Provenance
    /// Further places the same subscription was found (merged duplicates).
    public var alsoFrom: [Provenance]
    public var priceHistory: [PricePoint]

    public init(name: String, price: Price?, cycle: Cycle?, nextRenewal: CalendarDate?,
                category: Category?, notes: String?, source: Provenance,
                alsoFrom: [Provenance] = [], priceHistory: [PricePoint] = []) {
        self.name = name
        self.price = price
        self.cycle = cycle
        self.nextRenewal = nextRenewal
        self.category = category
        self.notes = notes
        self.source = source
        self.alsoFrom = alsoFrom
        self.priceHistory = priceHistory
    }

    /// The subscription a draft stands for, or nil when it has no name.
    public init?(draft: ImportDraft) {
        guard let name = draft.name.value, let first = draft.provenance.first else { return nil }
        self.init(name: name, price: draft.price.value, cycle: draft.cycle.value,
                  nextRenewal: draft.nextRenewal.value, category: draft.category.value,
                  notes: draft.notes.value, source: first,
                  alsoFrom: Array(draft.provenance.dropFirst()), priceHistory: draft.priceHistory)
    }
}
