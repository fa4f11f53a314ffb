/// One accepted subscription in the canonical output (`ingest/subscriptions@1`). Its `Codable`
/// form is the canonical one: `JSONDecoder` reads the members of a canonical document's
/// `subscriptions` array.
public struct Subscription: Hashable, Sendable, Codable {
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
    /// The day a free trial ends and the first charge comes, while the subscription is in one.
    public var trialEnds: CalendarDate?

    public init(name: String, price: Price?, cycle: Cycle?, nextRenewal: CalendarDate?,
                category: Category?, notes: String?, source: Provenance,
                alsoFrom: [Provenance] = [], priceHistory: [PricePoint] = [], trialEnds: CalendarDate? = nil) {
        self.name = name
        self.price = price
        self.cycle = cycle
        self.nextRenewal = nextRenewal
        self.category = category
        self.notes = notes
        self.source = source
        self.alsoFrom = alsoFrom
        self.priceHistory = priceHistory
        self.trialEnds = trialEnds
    }

    /// The subscription a draft stands for, or nil when it has no name.
    public init?(draft: ImportDraft) {
        guard let name = draft.name.value, let first = draft.provenance.first else { return nil }
        self.init(name: name, price: draft.price.value, cycle: draft.cycle.value,
                  nextRenewal: draft.nextRenewal.value, category: draft.category.value,
                  notes: draft.notes.value, source: first,
                  alsoFrom: Array(draft.provenance.dropFirst()), priceHistory: draft.priceHistory,
                  trialEnds: draft.trialEnds.value)
    }
}

extension Subscription {
    private enum Keys: String, CodingKey { case name, price, cycle, nextRenewal, trialEnds, category, notes, source, alsoFrom, priceHistory }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(name: try c.decode(String.self, forKey: .name), price: try c.decodeIfPresent(Price.self, forKey: .price),
                  cycle: try c.decodeIfPresent(Cycle.self, forKey: .cycle),
                  nextRenewal: try c.decodeIfPresent(CalendarDate.self, forKey: .nextRenewal),
                  category: try c.decodeIfPresent(Category.self, forKey: .category),
                  notes: try c.decodeIfPresent(String.self, forKey: .notes), source: try c.decode(Provenance.self, forKey: .source),
                  alsoFrom: try c.decodeIfPresent([Provenance].self, forKey: .alsoFrom) ?? [],
                  priceHistory: try c.decodeIfPresent([PricePoint].self, forKey: .priceHistory) ?? [],
                  trialEnds: try c.decodeIfPresent(CalendarDate.self, forKey: .trialEnds))
    }

    /// The canonical members: absent values as `null`, `trialEnds` only when known, `alsoFrom`
    /// and `priceHistory` only when not empty, a source's line only when it has no row.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(price, forKey: .price)
        try c.encode(cycle, forKey: .cycle)
        try c.encode(nextRenewal, forKey: .nextRenewal)
        if let trialEnds { try c.encode(trialEnds, forKey: .trialEnds) }
        try c.encode(category, forKey: .category)
        try c.encode(notes, forKey: .notes)
        try c.encode(Provenance.Canonical(source: source), forKey: .source)
        if !alsoFrom.isEmpty { try c.encode(alsoFrom.map(Provenance.Canonical.init), forKey: .alsoFrom) }
        if !priceHistory.isEmpty { try c.encode(priceHistory, forKey: .priceHistory) }
    }
}
