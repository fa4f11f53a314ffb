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
}
