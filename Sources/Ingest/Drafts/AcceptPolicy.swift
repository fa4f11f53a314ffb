/// How drafts are accepted without asking: every one, only the confident ones, or none.
///
/// A draft is *confident* when all of these hold (`doubts` lists the ones that fail):
/// - it has a name, a price and a billing cycle;
/// - no issue of error severity (an unreadable price, date or cycle, a currency conflict);
/// - nothing was guessed: no `currency.guessed`, `currency.missing`, `date.ambiguous` or
///   `price.decimal-guessed`, and no `duplicate.conflict` with another draft of the same service;
/// - every field that has a value was read with confidence at least `confidenceThreshold`
///   (1 for a clean CSV cell, 0.6 for a value read with a warning, the OCR score for screenshots);
///   listed only when no other reason explains it.
///
/// No policy accepts a draft carrying one of `refusedCodes` (a negative price): such a value
/// would go into the output wrong, so the draft stays pending for a person to decide.
package enum AcceptPolicy: String, Sendable, CaseIterable {
    case all, confident, none

    /// Issue codes of values that must not be written as read: a draft carrying one is left
    /// pending by every policy, `all` included.
    package static let refusedCodes: [Issue.Code] = [.priceNegative]

    /// Whether the draft carries one of `refusedCodes`.
    package static func isRefused(_ draft: ImportDraft) -> Bool {
        draft.allIssues.contains { refusedCodes.contains($0.code) }
    }

    /// Below this, a field's confidence keeps a draft from being "confident".
    package static let confidenceThreshold = 0.8

    /// Issue codes that mark a guess or a disagreement: a draft carrying one is not confident.
    package static let guessCodes: [Issue.Code] = [
        .currencyGuessed, .currencyMissing, .dateAmbiguous, .priceDecimalGuessed, .duplicateConflict,
    ]

    /// Why a draft is not confident, empty when it is: issue codes, then missing values.
    package static func doubts(_ draft: ImportDraft) -> [String] {
        var reasons: [String] = []
        let issues = draft.allIssues
        for issue in issues where issue.severity == .error && !reasons.contains(issue.code.rawValue) {
            reasons.append(issue.code.rawValue)
        }
        for code in guessCodes where issues.contains(where: { $0.code == code }) { reasons.append(code.rawValue) }
        if draft.name.value == nil { reasons.append("no name") }
        if draft.price.value == nil { reasons.append("no price") }
        if draft.cycle.value == nil { reasons.append("no cycle") }
        if reasons.isEmpty, draft.confidence < confidenceThreshold {
            reasons.append("confidence below \(confidenceThreshold)")
        }
        return reasons
    }

    /// The status the policy gives a pending draft. Inactive drafts stay inactive (they are
    /// left out unless the caller asks for them); decided drafts keep their decision.
    package func decide(_ draft: ImportDraft) -> ImportDraft.Status {
        guard draft.status == .pending else { return draft.status }
        switch self {
        case .all: return draft.name.value == nil ? .rejected : (AcceptPolicy.isRefused(draft) ? .pending : .accepted)
        case .confident: return AcceptPolicy.doubts(draft).isEmpty ? .accepted : .pending
        case .none: return .pending
        }
    }

    /// Whether a decided draft goes into the canonical output.
    package static func isOutput(_ draft: ImportDraft, includeInactive: Bool) -> Bool {
        guard draft.name.value != nil else { return false }
        return draft.status == .accepted || (includeInactive && draft.status == .inactive)
    }
}
