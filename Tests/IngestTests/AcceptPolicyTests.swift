import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct AcceptPolicyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var draft: ImportDraft
        var doubts: [String]
        var all: ImportDraft.Status
        var confident: ImportDraft.Status
        var testDescription: String { label }
    }

    static let guessed = Issue("currency.guessed", .warning, "\"$\" taken as USD")

    static let cases: [Case] = [
        Case(label: "clean draft", draft: Sample.draft("Netflix"), doubts: [], all: .accepted, confident: .accepted),
        Case(label: "guessed currency", draft: { var d = Sample.draft("Netflix"); d.price.issues = [guessed]; d.price.confidence = 0.6; return d }(),
             doubts: ["currency.guessed"], all: .accepted, confident: .pending),
        Case(label: "error issue", draft: Sample.draft("Dropbox", nil, issues: [Issue("price.unparseable", .error, "x")]),
             doubts: ["price.unparseable", "no price"], all: .accepted, confident: .pending),
        Case(label: "no name", draft: Sample.draft(nil), doubts: ["no name"], all: .rejected, confident: .pending),
        Case(label: "no cycle", draft: Sample.draft("Gym", cycle: nil), doubts: ["no cycle"], all: .accepted, confident: .pending),
        Case(label: "low OCR confidence", draft: { var d = Sample.draft("Hulu"); d.price.confidence = 0.5; return d }(),
             doubts: ["confidence below 0.8"], all: .accepted, confident: .pending),
        Case(label: "duplicate conflict", draft: Sample.draft("Spotify", issues: [Issue("duplicate.conflict", .warning, "x")]),
             doubts: ["duplicate.conflict"], all: .accepted, confident: .pending),
        Case(label: "inactive stays inactive", draft: Sample.draft("Gym", status: .inactive), doubts: [], all: .inactive, confident: .inactive),
        Case(label: "negative price", draft: Sample.draft("Refund", "-5", issues: [Issue("price.negative", .error, "x")]),
             doubts: ["price.negative"], all: .pending, confident: .pending),
        Case(label: "decided stays decided", draft: Sample.draft("X", status: .rejected), doubts: [], all: .rejected, confident: .rejected),
    ]

    @Test(arguments: cases)
    func decides(_ c: Case) {
        #expect(AcceptPolicy.doubts(c.draft) == c.doubts)
        #expect(AcceptPolicy.all.decide(c.draft) == c.all)
        #expect(AcceptPolicy.confident.decide(c.draft) == c.confident)
        #expect(AcceptPolicy.none.decide(c.draft) == (c.draft.status == .pending ? .pending : c.draft.status))
    }

    @Test(arguments: [(false, false), (true, true)])
    func inactiveOnlyWhenAsked(include: Bool, output: Bool) {
        #expect(AcceptPolicy.isOutput(Sample.draft("Gym", status: .inactive), includeInactive: include) == output)
        #expect(AcceptPolicy.isOutput(Sample.draft("Gym", status: .pending), includeInactive: include) == false)
        #expect(AcceptPolicy.isOutput(Sample.draft(nil, status: .accepted), includeInactive: include) == false)
    }
}
