/// The fields a table column can be mapped onto.
public enum Field: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
    case name, price, currency, cycle
    /// The number half of a cycle split over two columns ("every" 1..N).
    case cycleInterval
    /// The unit half of a cycle split over two columns (day/week/month/year).
    case cycleUnit
    case nextRenewal, startDate, category, notes, status
    /// A yes/no column (`active`, `enabled`, `cancelled`).
    case active
    /// The day a free trial ends (`Trial ends`, `freeTrialEndDate`).
    case trialEnds
    /// The day a subscription ended or ends (`Cancellation date`, `End date`): one in the past
    /// means cancelled.
    case endDate

    /// The field's place in `allCases`.
    var rank: Int {
        switch self {
        case .name: 0
        case .price: 1
        case .currency: 2
        case .cycle: 3
        case .cycleInterval: 4
        case .cycleUnit: 5
        case .nextRenewal: 6
        case .startDate: 7
        case .category: 8
        case .notes: 9
        case .status: 10
        case .active: 11
        case .trialEnds: 12
        case .endDate: 13
        }
    }

    public static func < (a: Field, b: Field) -> Bool { a.rank < b.rank }

    /// Whether a person can change the field during review (`Review.edit`): name, price,
    /// currency, cycle, next renewal, category and notes.
    public var isEditable: Bool { EditableField(rawValue: rawValue) != nil }

    /// By the field's place rather than its raw text (a field is looked up for every cell read).
    public func hash(into hasher: inout Hasher) { hasher.combine(rank) }

    /// Parses `name`, `price`, `next-renewal`, `nextRenewal`, `renewal` … as given to `--map`.
    public init?(userText: String) {
        let key = userText.lowercased().filter { $0.isLetter }
        let aliases: [String: Field] = [
            "name": .name, "service": .name, "price": .price, "amount": .price, "currency": .currency,
            "cycle": .cycle, "billingcycle": .cycle, "frequency": .cycle, "cycleinterval": .cycleInterval,
            "every": .cycleInterval, "interval": .cycleInterval, "cycleunit": .cycleUnit, "unit": .cycleUnit,
            "nextrenewal": .nextRenewal, "renewal": .nextRenewal, "due": .nextRenewal, "date": .nextRenewal,
            "startdate": .startDate, "start": .startDate, "category": .category, "notes": .notes,
            "note": .notes, "status": .status, "active": .active,
            "trialends": .trialEnds, "trialend": .trialEnds, "trial": .trialEnds, "freetrialenddate": .trialEnds,
            "enddate": .endDate, "end": .endDate, "cancellationdate": .endDate,
        ]
        guard let field = aliases[key] else { return nil }
        self = field
    }
}
