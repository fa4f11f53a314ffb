/// How drafts are accepted without asking: every one, only the confident ones, or none.
public enum AcceptPolicy: String, Sendable, CaseIterable {
    case all, confident, none

    /// Below this, a field's confidence keeps a draft from being "confident".
    public static let confidenceThreshold = 0.8

    /// Issue codes that mark a guess: a draft carrying one is not confident.
    public static let guessCodes: Set<String> = [
        "currency.guessed", "date.ambiguous", "price.decimal-guessed", "currency.missing",
    ]

    /// Why a draft is not confident, empty when it is.
    public static func doubts(_ draft: ImportDraft) -> [String] {
        var reasons: [String] = []
        let issues = draft.allIssues
        if let error = issues.first(where: { $0.severity == .error }) { reasons.append(error.code) }
        for issue in issues where guessCodes.contains(issue.code) && !reasons.contains(issue.code) {
            reasons.append(issue.code)
        }
        if draft.name.value == nil { reasons.append("no name") }
        if draft.price.value == nil { reasons.append("no price") }
        if draft.confidence < confidenceThreshold { reasons.append("confidence below \(confidenceThreshold)") }
        return reasons
    }

    /// The status the policy gives a pending draft. Inactive drafts stay inactive (they are
    /// left out unless the caller asks for them); decided drafts keep their decision.
    public func decide(_ draft: ImportDraft) -> ImportDraft.Status {
        guard draft.status == .pending else { return draft.status }
        switch self {
        case .all: return draft.name.value == nil ? .rejected : .accepted
        case .confident: return AcceptPolicy.doubts(draft).isEmpty ? .accepted : .pending
        case .none: return .pending
        }
    }
}
