import Foundation

/// One normalised value of a draft, with the text it was read from and what went wrong.
public struct DraftField<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The text as it stood in the source, nil when the source had no such field.
    public var raw: String?
    /// The normalised value, nil when there was none or it could not be read.
    public var value: Value?
    /// 0…1: how sure the reader is (1 for a clean CSV cell, OCR confidence for screenshots).
    public var confidence: Double
    /// 1-based column of the source table the value came from.
    public var column: Int?
    public var issues: [Issue]

    public init(raw: String? = nil, value: Value? = nil, confidence: Double = 1,
                column: Int? = nil, issues: [Issue] = []) {
        self.raw = raw
        self.value = value
        self.confidence = confidence
        self.column = column
        self.issues = issues
    }

    public static var absent: DraftField { DraftField(confidence: 0) }
}

extension DraftField: Codable where Value: Codable {}

/// A price seen at one point in time, for drafts whose price changed (bank series, merges).
public struct PricePoint: Hashable, Sendable, Codable {
    public var date: CalendarDate?
    public var price: Price
    public init(date: CalendarDate?, price: Price) {
        self.date = date
        self.price = price
    }
}

/// A subscription proposed by a reader, waiting for the user's review.
public struct ImportDraft: Hashable, Sendable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Not decided yet.
        case pending
        case accepted
        case rejected
        /// Cancelled, paused, ended or a stopped series: kept out of the output unless asked for.
        case inactive
    }

    /// What a recurring series of bank charges is. Only subscriptions are imported unless
    /// others are asked for (`ImportOptions.kinds`, `--kinds`).
    public enum Kind: String, Sendable, Codable, CaseIterable, Comparable {
        /// A service paid for again and again (streaming, software, a gym, a newspaper).
        case subscription
        /// Rent, a loan, utilities, phone and internet, insurance, a tax or fee.
        case bill
        /// Money moved to savings, a broker, an own account or a card.
        case transfer
        /// Purchases at the same shop (a coffee shop, a supermarket) that only look regular.
        case habit

        public static func < (a: Kind, b: Kind) -> Bool {
            (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
        }
    }

    public var name: DraftField<String>
    /// What the draft is; tables and screenshots list subscriptions, so only a bank series is
    /// ever something else.
    public var kind: Kind = .subscription
    public var price: DraftField<Price>
    public var cycle: DraftField<Cycle>
    public var nextRenewal: DraftField<CalendarDate>
    public var startDate: DraftField<CalendarDate>
    /// The day a free trial ends (a trial-end column, or the next renewal of a price such as
    /// "Free trial, then $9.99/month").
    public var trialEnds: DraftField<CalendarDate>
    public var category: DraftField<Category>
    public var notes: DraftField<String>
    public var status: Status
    /// Why the status was set (the status cell's text, "no charge since …").
    public var statusReason: String?
    public var provenance: [Provenance]
    /// Issues about the draft as a whole (not one field).
    public var issues: [Issue]
    public var priceHistory: [PricePoint]
    /// Whether the subscription still charges, as the source says (status column, end date);
    /// nil when it does not say.
    public var lifecycle: Subscription.Status?
    /// The catalog's service the name was matched to (the name stays as written).
    public var service: Subscription.Service?

    public init(name: DraftField<String> = .absent, price: DraftField<Price> = .absent,
                cycle: DraftField<Cycle> = .absent, nextRenewal: DraftField<CalendarDate> = .absent,
                startDate: DraftField<CalendarDate> = .absent, category: DraftField<Category> = .absent,
                notes: DraftField<String> = .absent, status: Status = .pending, statusReason: String? = nil,
                provenance: [Provenance], issues: [Issue] = [], priceHistory: [PricePoint] = [],
                trialEnds: DraftField<CalendarDate> = .absent) {
        self.name = name
        self.price = price
        self.cycle = cycle
        self.nextRenewal = nextRenewal
        self.startDate = startDate
        self.trialEnds = trialEnds
        self.category = category
        self.notes = notes
        self.status = status
        self.statusReason = statusReason
        self.provenance = provenance
        self.issues = issues
        self.priceHistory = priceHistory
    }

    /// Every issue of the draft: its own and its fields'.
    public var allIssues: [Issue] {
        issues + name.issues + price.issues + cycle.issues + nextRenewal.issues + startDate.issues
            + trialEnds.issues + category.issues + notes.issues
    }

    /// The draft with `transform` applied to each of its issues and its fields' issues.
    package func mappingIssues(_ transform: (Issue) -> Issue) -> ImportDraft {
        var draft = self
        draft.issues = issues.map(transform)
        draft.name.issues = name.issues.map(transform)
        draft.price.issues = price.issues.map(transform)
        draft.cycle.issues = cycle.issues.map(transform)
        draft.nextRenewal.issues = nextRenewal.issues.map(transform)
        draft.startDate.issues = startDate.issues.map(transform)
        draft.trialEnds.issues = trialEnds.issues.map(transform)
        draft.category.issues = category.issues.map(transform)
        draft.notes.issues = notes.issues.map(transform)
        return draft
    }

    /// The lowest confidence among the fields that carry a value.
    public var confidence: Double {
        let present = [name.value == nil ? nil : name.confidence,
                       price.value == nil ? nil : price.confidence,
                       cycle.value == nil ? nil : cycle.confidence,
                       nextRenewal.value == nil ? nil : nextRenewal.confidence].compactMap { $0 }
        return present.min() ?? 0
    }
}
