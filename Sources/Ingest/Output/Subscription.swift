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
    /// Whether it still charges: paused, cancelled or in a trial; nil when active or the source did not say.
    public var status: Status?
    /// The row's own category text when the standard set says it only roughly ("Security" is
    /// `utilities`); nil when the row had none or wrote the standard word.
    public var categoryText: String?
    /// The catalog's service the name was matched to; the name itself stays as written.
    public var service: Service?
    /// What a recurring bank series is when it is not a subscription (a bill, transfer or habit
    /// let through by `--kinds`); nil for a subscription.
    public var kind: ImportDraft.Kind?

    public init(name: String, price: Price?, cycle: Cycle?, nextRenewal: CalendarDate?,
                category: Category?, notes: String?, source: Provenance,
                alsoFrom: [Provenance] = [], priceHistory: [PricePoint] = [], trialEnds: CalendarDate? = nil,
                status: Status? = nil, categoryText: String? = nil, service: Service? = nil,
                kind: ImportDraft.Kind? = nil) {
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
        self.status = status
        self.categoryText = categoryText
        self.service = service
        self.kind = kind == .subscription ? nil : kind
    }

    /// The subscription a draft stands for, or nil when it has no name.
    public init?(draft: ImportDraft) {
        guard let name = draft.name.value, let first = draft.provenance.first else { return nil }
        self.init(name: name, price: draft.price.value, cycle: draft.cycle.value,
                  nextRenewal: draft.nextRenewal.value, category: draft.category.value,
                  notes: draft.notes.value, source: first,
                  alsoFrom: Array(draft.provenance.dropFirst()), priceHistory: draft.priceHistory,
                  trialEnds: draft.trialEnds.value, status: draft.lifecycle == .active ? nil : draft.lifecycle,
                  categoryText: Subscription.categoryText(draft.category), service: draft.service,
                  kind: draft.kind)
    }

    /// Whether it counts in `summary.active` and the totals: not cancelled or paused.
    public var isCharging: Bool { status != .cancelled && status != .paused }

    /// A row's category text worth keeping beside the standard category: not a standard word.
    static func categoryText(_ field: DraftField<Category>) -> String? {
        guard let raw = field.raw?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty,
              raw.lowercased() != field.value?.rawValue else { return nil }
        return raw
    }

    /// A service of the catalog (`BrandCatalog`) a subscription's name was matched to.
    public struct Service: Hashable, Sendable, Codable {
        /// The catalog's stable id of the service: `netflix`, `disney-plus`.
        public var id: String
        /// The catalog's name of it: `Apple iCloud+`.
        public var name: String
        public var category: Category
        /// The account or cancel page, where it is stable.
        public var manageURL: String?
        /// 0…1: how close the written name is to the catalog's (1: the name or an alias itself).
        public var confidence: Double

        public init(id: String, name: String, category: Category, manageURL: String?, confidence: Double) {
            self.id = id
            self.name = name
            self.category = category
            self.manageURL = manageURL
            self.confidence = confidence
        }

        /// The service a catalog brand stands for, matched with `confidence`.
        package init(_ brand: Brand, confidence: Double) {
            self.init(id: brand.id, name: brand.name, category: brand.category, manageURL: brand.manageURL,
                      confidence: confidence)
        }

        /// Confidence in hundredths, as the canonical output writes it.
        var hundredths: Int { Int((min(max(confidence, 0), 1) * 100).rounded()) }

        private enum Keys: String, CodingKey { case id, name, category, manageURL, confidence }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            let categoryText = try c.decode(String.self, forKey: .category)
            guard let category = Category(rawValue: categoryText) else {
                throw DecodingError.dataCorruptedError(forKey: .category, in: c, debugDescription: "\"\(categoryText)\" is not a category")
            }
            self.init(id: try c.decode(String.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                      category: category, manageURL: try c.decodeIfPresent(String.self, forKey: .manageURL),
                      confidence: try c.decodeIfPresent(Double.self, forKey: .confidence) ?? 1)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(category.rawValue, forKey: .category)
            try c.encode(manageURL, forKey: .manageURL)
            try c.encode(Double(hundredths) / 100, forKey: .confidence)
        }
    }

    /// Whether a subscription still charges, as its source says.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case active, paused, cancelled, trial
    }
}

extension Subscription {
    private enum Keys: String, CodingKey { case name, price, cycle, nextRenewal, trialEnds, status, kind, category, categoryText, notes, service, source, alsoFrom, priceHistory }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(name: try c.decode(String.self, forKey: .name), price: try c.decodeIfPresent(Price.self, forKey: .price),
                  cycle: try c.decodeIfPresent(Cycle.self, forKey: .cycle),
                  nextRenewal: try c.decodeIfPresent(CalendarDate.self, forKey: .nextRenewal),
                  category: try c.decodeIfPresent(Category.self, forKey: .category),
                  notes: try c.decodeIfPresent(String.self, forKey: .notes), source: try c.decode(Provenance.self, forKey: .source),
                  alsoFrom: try c.decodeIfPresent([Provenance].self, forKey: .alsoFrom) ?? [],
                  priceHistory: try c.decodeIfPresent([PricePoint].self, forKey: .priceHistory) ?? [],
                  trialEnds: try c.decodeIfPresent(CalendarDate.self, forKey: .trialEnds),
                  status: try c.decodeIfPresent(Status.self, forKey: .status),
                  categoryText: try c.decodeIfPresent(String.self, forKey: .categoryText),
                  service: try c.decodeIfPresent(Service.self, forKey: .service),
                  kind: try c.decodeIfPresent(ImportDraft.Kind.self, forKey: .kind))
    }

    /// The canonical members: absent values as `null`; `trialEnds`, `categoryText` and `service`
    /// only when known, `status` only when not active, `kind` only when not a subscription, `alsoFrom` and `priceHistory` only when not empty, a source's line only when it has no row.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(price, forKey: .price)
        try c.encode(cycle, forKey: .cycle)
        try c.encode(nextRenewal, forKey: .nextRenewal)
        if let trialEnds { try c.encode(trialEnds, forKey: .trialEnds) }
        if let status, status != .active { try c.encode(status, forKey: .status) }
        if let kind, kind != .subscription { try c.encode(kind, forKey: .kind) }
        try c.encode(category, forKey: .category)
        if let categoryText { try c.encode(categoryText, forKey: .categoryText) }
        try c.encode(notes, forKey: .notes)
        if let service { try c.encode(service, forKey: .service) }
        try c.encode(Provenance.Canonical(source: source), forKey: .source)
        if !alsoFrom.isEmpty { try c.encode(alsoFrom.map(Provenance.Canonical.init), forKey: .alsoFrom) }
        if !priceHistory.isEmpty { try c.encode(priceHistory, forKey: .priceHistory) }
    }
}
