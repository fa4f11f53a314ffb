/// The decisions a person makes on an import's drafts, as a value an app's screen (or the
/// terminal review) drives: accept, reject, edit a field (read with the same normalisers as
/// the import, so a bad value is refused with the parser's message), accept every confident
/// draft, then take the subscriptions that result.
///
/// ```swift
/// var review = Review(drafts: Ingest.merge(drafts), context: context)
/// try review.edit(0, .price, to: "12,49 €")
/// review.accept(0)
/// review.acceptConfident()
/// let json = Ingest.canonicalJSON(review.subscriptions)
/// ```
public struct Review: Sendable {
    /// Every draft with the status the review has given it so far, in import order.
    public private(set) var drafts: [ImportDraft]
    /// Reads edited values.
    package var editor: FieldEditor
    /// Whether inactive drafts (cancelled, paused) go into `subscriptions`.
    public var includeInactive: Bool

    /// A review of `drafts` whose edits are read with `context` (the import's, so an edited
    /// date or price is read as the file's were).
    public init(drafts: [ImportDraft], context: NormalizeContext, includeInactive: Bool = false) {
        self.init(drafts: drafts, editor: FieldEditor(context: context), includeInactive: includeInactive)
    }

    package init(drafts: [ImportDraft], editor: FieldEditor, includeInactive: Bool = false) {
        self.drafts = drafts
        self.editor = editor
        self.includeInactive = includeInactive
    }

    /// The positions of the drafts still waiting for a decision.
    public var pending: [Int] { drafts.indices.filter { drafts[$0].status == .pending } }

    /// Marks the draft at `index` accepted.
    public mutating func accept(_ index: Int) { drafts[index].status = .accepted }

    /// Marks the draft at `index` rejected: it stays out of the output.
    public mutating func reject(_ index: Int) { drafts[index].status = .rejected }

    /// Sets `field` of the draft at `index` from text as a person typed it. A value the
    /// normalisers cannot read, or a field a person cannot edit (`Field.isEditable`), throws
    /// their error and leaves the draft as it was.
    public mutating func edit(_ index: Int, _ field: Field, to text: String) throws(NormalizeError) {
        try editor.apply(EditableField.of(field), text, to: &drafts[index])
    }

    /// Sets `field` of every pending draft among `indices` (all drafts when nil) from the same
    /// text, as `edit` would one by one ("set the currency of all the rest to USD"); returns the
    /// positions changed. A draft the value does not fit (a currency for a draft with no price)
    /// is left as it was; a value that reads for none of them throws the first error. The
    /// currency changes only where it is missing or in doubt (a `currency.*` issue): a price
    /// that names its currency keeps it.
    @discardableResult
    public mutating func editAll(_ field: Field, to text: String, among indices: [Int]? = nil) throws(NormalizeError) -> [Int] {
        let field = try EditableField.of(field)
        var changed: [Int] = []
        var firstError: NormalizeError?
        for index in indices ?? Array(drafts.indices) where drafts[index].status == .pending {
            if field == .currency, let price = drafts[index].price.value, price.currency != nil,
               !drafts[index].price.issues.contains(where: { $0.code.rawValue.hasPrefix("currency.") }) { continue }
            do {
                try editor.apply(field, text, to: &drafts[index])
                changed.append(index)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if changed.isEmpty, let firstError { throw firstError }
        return changed
    }

    /// Accepts every pending draft among `indices` (all drafts when nil) that
    /// `AcceptPolicy.doubts` finds nothing against; returns how many it accepted.
    @discardableResult
    public mutating func acceptConfident(among indices: [Int]? = nil) -> Int {
        var count = 0
        for index in indices ?? Array(drafts.indices)
        where drafts[index].status == .pending && AcceptPolicy.doubts(drafts[index]).isEmpty {
            drafts[index].status = .accepted
            count += 1
        }
        return count
    }

    /// How many drafts have each status.
    public var counts: [ImportDraft.Status: Int] {
        var counts: [ImportDraft.Status: Int] = [:]
        for draft in drafts { counts[draft.status, default: 0] += 1 }
        return counts
    }

    /// The subscriptions the decisions so far make: accepted drafts (and inactive ones when
    /// `includeInactive`), in import order, ready for `Ingest.canonicalJSON`.
    public var subscriptions: [Subscription] {
        drafts.filter { AcceptPolicy.isOutput($0, includeInactive: includeInactive) }.compactMap(Subscription.init(draft:))
    }
}
