import Testing
@testable import Ingest
import IngestTestSupport
@testable import ingest

@Suite struct ReviewSessionTests {
    static let drafts = Sample.review

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var answers: [String]
        /// Statuses of the four drafts after the review, nil when nothing is to be written.
        var statuses: [ImportDraft.Status]?
        /// Text the transcript must contain.
        var says: [String] = []
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "accept, reject, accept, confirm", answers: ["y", "n", "y", "y"], statuses: [.accepted, .rejected, .inactive, .accepted],
             says: ["[1/3] Netflix", "Import 2 subscriptions? [y/N]", "1 rejected"]),
        Case(label: "declining the summary writes nothing", answers: ["y", "y", "y", "n"], statuses: nil, says: ["nothing written"]),
        Case(label: "an empty answer to the summary is no", answers: ["y", "y", "y", ""], statuses: nil),
        Case(label: "quit", answers: ["y", "q"], statuses: nil, says: ["quit: nothing written"]),
        Case(label: "end of input quits", answers: ["y"], statuses: nil, says: ["end of input: quit without writing"]),
        Case(label: "accept remaining confident, then review the rest", answers: ["a", "n", "yes"],
             statuses: [.accepted, .rejected, .inactive, .accepted], says: ["accepted 2 confident drafts", "not confident: currency.guessed"]),
        Case(label: "unknown answer shows help and asks again", answers: ["x", "y", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted], says: ["e  edit a field"]),
        Case(label: "nothing accepted writes nothing", answers: ["n", "n", "n"], statuses: nil, says: ["Nothing accepted"]),
        Case(label: "edit refuses a bad price and asks again", answers: ["y", "e", "price", "abc", "11,49 €", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted],
             says: ["price \"abc\" is not a price (expected e.g. 9.99, $9.99 or 9,99 €); try again", "11.49 EUR"]),
        Case(label: "edit asks again for an unknown field", answers: ["e", "colour", "", "y", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted], says: ["\"colour\" is not a field"]),
        Case(label: "edit ended by the end of input quits", answers: ["e", "price"], statuses: nil),
        Case(label: "c sets the currency where it is in doubt", answers: ["c GBP", "a", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted],
             says: ["set currency to GBP on 1 draft (2 left as they were)", "accepted 3 confident drafts: Netflix, Spotify, Hulu"]),
        Case(label: "set FIELD VALUE leaves the drafts before alone", answers: ["n", "n", "set category music", "y", "y"],
             statuses: [.rejected, .rejected, .inactive, .accepted],
             says: ["set category to music on 1 draft"]),
        Case(label: "set with a value that does not read changes nothing", answers: ["set currency XX", "y", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted],
             says: ["currency: \"XX\" is not an ISO 4217 currency code (expected e.g. USD, EUR, GBP); nothing changed"]),
        Case(label: "set with an unknown field shows the help", answers: ["set colour red", "y", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted], says: ["set FIELD VALUE"]),
        Case(label: "q at the field prompt quits", answers: ["e", "q"], statuses: nil, says: ["quit: nothing written"]),
        Case(label: "a field named by its beginning", answers: ["y", "e", "p", "11,49 €", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted], says: ["11.49 EUR"]),
        Case(label: "a beginning several fields share asks again", answers: ["e", "n", "", "y", "y", "y", "y"],
             statuses: [.accepted, .accepted, .inactive, .accepted], says: ["\"n\" is not a field, or names more than one"]),
    ]

    @Test func currencyForTheRestKeepsAmountsAndAnswersTheGuess() {
        var session = ReviewSession(drafts: Self.drafts, editor: FieldEditor(context: Sample.context))
        var input = ScriptedLines(["c gbp", "y", "y", "y", "y"])
        guard case .write(let drafts) = session.run(input: &input, write: { _ in }) else { Issue.record("quit"); return }
        #expect(drafts.map { $0.price.value?.currency?.code } == ["USD", "GBP", "USD", "USD"])
        #expect(drafts.map { $0.price.value?.amount } == Self.drafts.map { $0.price.value?.amount })
        #expect(drafts[1].price.issues.isEmpty)
    }

    @Test(arguments: cases)
    func review(_ c: Case) {
        var session = ReviewSession(drafts: Self.drafts, editor: FieldEditor(context: Sample.context), echo: true)
        var input = ScriptedLines(c.answers)
        var transcript = ""
        let outcome = session.run(input: &input) { transcript += $0 }
        switch outcome {
        case .quit: #expect(c.statuses == nil, "quit; transcript:\n\(transcript)")
        case .write(let drafts): #expect(drafts.map(\.status) == c.statuses, "transcript:\n\(transcript)")
        }
        for text in c.says { #expect(transcript.contains(text), "missing \(text) in:\n\(transcript)") }
    }

    @Test func editedPriceKeepsTheCurrencyAndClearsItsIssues() {
        var session = ReviewSession(drafts: [Self.drafts[1]], editor: FieldEditor(context: Sample.context))
        var input = ScriptedLines(["e", "price", "12.49", "y", "y"])
        guard case .write(let drafts) = session.run(input: &input, write: { _ in }) else { Issue.record("quit"); return }
        #expect(drafts[0].price.value == Price(amount: DecimalText.parse("12.49") ?? 0, currency: .eur))
        #expect(drafts[0].price.issues.isEmpty)
        #expect(AcceptPolicy.doubts(drafts[0]).isEmpty)
    }

    /// The terminal review ends with the statuses the same decisions give on a `Review`.
    @Test func theTerminalReviewDrivesAReview() {
        var session = ReviewSession(drafts: Self.drafts, editor: FieldEditor(context: Sample.context))
        var input = ScriptedLines(["a", "n", "y"])
        let outcome = session.run(input: &input) { _ in }
        var review = Review(drafts: Self.drafts, editor: FieldEditor(context: Sample.context))
        review.acceptConfident(among: review.pending)
        review.reject(1)
        #expect(outcome == .write(review.drafts))
        #expect(session.review.subscriptions == review.subscriptions)
    }

    @Test func cardsAreEscaped() {
        #expect(ReviewSession.card(Sample.draft("Net\u{1B}[2Jflix")).contains("Net\\u001B[2Jflix"))
    }
}
