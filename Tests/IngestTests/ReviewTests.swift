import Testing
@testable import Ingest
import IngestTestSupport

/// `Review`: the decisions an app's screen (and the terminal review) makes on drafts.
@Suite struct ReviewTests {
    static let drafts = Sample.review

    static func review(includeInactive: Bool = false) -> Review {
        Review(drafts: drafts, editor: FieldEditor(context: Sample.context), includeInactive: includeInactive)
    }

    @Test func acceptAndRejectSetTheStatus() {
        var review = Self.review()
        #expect(review.pending == [0, 1, 3])
        review.accept(0)
        review.reject(1)
        #expect(review.pending == [3])
        #expect(review.counts == [.accepted: 1, .rejected: 1, .inactive: 1, .pending: 1])
        #expect(review.subscriptions.map(\.name) == ["Netflix"])
    }

    @Test func acceptConfidentLeavesTheDoubtfulPending() {
        var review = Self.review()
        #expect(review.acceptConfident() == 2)
        #expect(review.drafts.map(\.status) == [.accepted, .pending, .inactive, .accepted])
        var some = Self.review()
        #expect(some.acceptConfident(among: [1, 3]) == 1)
        #expect(some.pending == [0, 1])
    }

    @Test func aBadEditIsRefusedAndChangesNothing() throws {
        var review = Self.review()
        #expect(throws: NormalizeError.self) { try review.edit(1, .price, to: "abc") }
        #expect(review.drafts == Self.drafts)
        try review.edit(1, .price, to: "11,49 €")
        #expect(review.drafts[1].price.value == Price(amount: 11.49, currency: Currency("EUR")))
        #expect(review.drafts[1].price.issues.isEmpty)
        #expect(AcceptPolicy.doubts(review.drafts[1]).isEmpty)
    }

    @Test func inactiveDraftsAreWrittenOnlyWhenAsked() {
        var review = Self.review()
        review.acceptConfident()
        #expect(review.subscriptions.map(\.name) == ["Netflix", "Hulu"])
        var all = Self.review(includeInactive: true)
        all.acceptConfident()
        #expect(all.subscriptions.map(\.name) == ["Netflix", "Gym", "Hulu"])
    }

    /// The fields a review can edit, and the message for the others.
    static let editable: [(Field, Bool)] = [
        (.name, true), (.price, true), (.currency, true), (.cycle, true), (.nextRenewal, true), (.category, true),
        (.notes, true), (.status, false), (.startDate, false), (.trialEnds, false), (.endDate, false),
        (.active, false), (.cycleInterval, false), (.cycleUnit, false),
    ]

    @Test(arguments: editable)
    func onlyEditableFieldsAreEdited(_ field: Field, _ canEdit: Bool) {
        #expect(field.isEditable == canEdit)
        var review = Review(drafts: Self.drafts, context: Sample.context)
        do {
            try review.edit(0, field, to: "monthly")
            #expect(canEdit, "\(field) was edited")
        } catch {
            // A field that can be edited may still refuse this text; one that cannot names the ones that can.
            if !canEdit {
                #expect(error.message.contains("cannot be edited"))
                #expect(review.drafts == Self.drafts)
            }
        }
    }

    @Test func aReviewMadeWithAContextReadsEditsWithIt() throws {
        var review = Review(drafts: Self.drafts, context: Sample.context)
        try review.edit(1, .price, to: "11,49 €")
        #expect(review.drafts[1].price.value == Price(amount: 11.49, currency: Currency("EUR")))
        #expect(try review.editAll(.currency, to: "USD", among: [0]) == [])
    }
}
