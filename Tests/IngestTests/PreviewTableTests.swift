import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct PreviewTableTests {
    static let drafts: [ImportDraft] = [
        Sample.draft("Netflix", "15.49", "USD", status: .accepted),
        Sample.draft("The New York Times All Access Subscription", "4", "USD", cycle: .weekly, row: 2, status: .accepted),
        Sample.draft("Spotify", "10.99", "EUR", row: 3, status: .accepted),
        Sample.draft("Gym", "300", "GBP", cycle: .yearly, row: 4, status: .inactive),
        Sample.draft("Dropbox", nil, row: 5, issues: [Issue("price.unparseable", .error, "x")]),
    ]
    static let table = PreviewTable(drafts: drafts, policy: .confident)

    @Test func weeklyMonthlyIsTimes52Over12() {
        #expect(Self.table.table(width: nil, color: false).contains("17.33 USD"))
    }

    @Test func totalsArePerCurrencyOfTheAcceptedOnly() {
        let text = Self.table.totalsText()
        #expect(text.contains("  EUR  10.99 / month  131.88 / year"))
        #expect(text.contains("  USD  32.82 / month  393.88 / year"))
        #expect(!text.contains("GBP"))
        #expect(text.contains("would write 3 subscriptions"))
        #expect(text.contains("(policy: confident)"))
        let withInactive = PreviewTable(drafts: Self.drafts, policy: .confident, includeInactive: true)
        #expect(withInactive.totalsText().contains("  GBP  25.00 / month  300.00 / year"))
    }

    @Test(arguments: [60, 80, 100])
    func fitsTheWidth(_ width: Int) {
        let lines = Self.table.table(width: width, color: false).split(separator: "\n").prefix(Self.drafts.count + 1)
        for line in lines { #expect(line.count <= width, "\(line)") }
        #expect(lines.contains { $0.contains("…") })
    }

    @Test func noWidthMeansNothingIsCut() {
        #expect(!Self.table.table(width: nil, color: false).contains("…"))
    }

    @Test func colourOnlyWhenAsked() {
        #expect(!Self.table.table(width: nil, color: false).contains("\u{1B}["))
        #expect(Self.table.table(width: nil, color: true).contains("\u{1B}[32maccepted"))
    }

    @Test func doubtsAreListedPerDraft() {
        let row = Self.table.table(width: nil, color: false).split(separator: "\n").first { $0.contains("Dropbox") }
        #expect(row?.hasSuffix("price.unparseable, no price") == true)
    }

    @Test func markdownEscapesPipes() {
        let table = PreviewTable(drafts: [Sample.draft("A | B", status: .accepted)], policy: .all)
        #expect(table.markdown().contains("| A \\| B |"))
        #expect(table.markdown().hasPrefix("| # | status | name |"))
    }

    @Test func jsonCarriesSummaryAndConverted() {
        let rates = ExchangeRates(base: .eur, rates: [.usd: DecimalText.parse("0.5") ?? 0])
        let json = PreviewTable(drafts: Self.drafts, policy: .confident, rates: rates).json()
        #expect(json["summary"]?["converted"]?["monthly"] == .string("27.40"))
        #expect(json["drafts"].map { if case .array(let a) = $0 { return a.count } else { return 0 } } == 5)
    }
}
