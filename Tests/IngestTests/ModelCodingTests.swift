import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// The Codable forms of the models: a subscription's is the canonical JSON's, drafts and issues
/// come back as they went.
@Suite struct ModelCodingTests {
    struct Document: Decodable {
        var schema: String
        var subscriptions: [Subscription]
    }

    static let options = ImportOptions(context: Sample.context)

    /// Accepted subscriptions of a fixture, with each source and price as the canonical JSON
    /// keeps it (the line only when there is no row, amounts to the currency's minor digits).
    static func subscriptions(_ fixture: String) throws -> [Subscription] {
        let drafts = try Ingest.allDrafts(from: .file(path: FixtureFolder.url(fixture).path, name: fixture), options: options)
        func canonicalPrice(_ price: Price) -> Price {
            Price(amount: Price.exactDecimal(price.amountText) ?? price.amount, currency: price.currency)
        }
        func canonical(_ source: Provenance) -> Provenance {
            var source = source
            if source.row != nil { source.line = nil }
            return source
        }
        return Ingest.merge(drafts).compactMap { draft in
            var draft = draft
            draft.status = AcceptPolicy.all.decide(draft)
            guard draft.status == .accepted, var sub = Subscription(draft: draft) else { return nil }
            sub.source = canonical(sub.source)
            sub.alsoFrom = sub.alsoFrom.map(canonical)
            sub.price = sub.price.map(canonicalPrice)
            sub.priceHistory = sub.priceHistory.map { PricePoint(date: $0.date, price: canonicalPrice($0.price)) }
            return sub
        }
    }

    @Test(arguments: ["cli/review-import-confident/subs.csv", "bank/chase.csv", "bank/amex.csv", "plain/rows.csv"])
    func canonicalJSONDecodesToTheSameSubscriptions(_ fixture: String) throws {
        let subscriptions = try Self.subscriptions(fixture)
        #expect(!subscriptions.isEmpty)
        let text = CanonicalJSON.text(subscriptions)
        let document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        #expect(document.schema == CanonicalJSON.schemaID)
        #expect(document.subscriptions == subscriptions)
        // And what JSONEncoder writes reads back the same.
        let again = try JSONDecoder().decode([Subscription].self, from: JSONEncoder().encode(subscriptions))
        #expect(again == subscriptions)
    }

    @Test func aSubscriptionEncodesTheCanonicalMembers() throws {
        let sub = Subscription(name: "Netflix", price: Price(amount: Decimal(string: "15.5") ?? 0, currency: .usd), cycle: .monthly,
                               nextRenewal: CalendarDate(iso: "2026-12-05"), category: .streaming, notes: nil,
                               source: Provenance(file: "subs.csv", row: 2, line: 3))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(sub), as: UTF8.self)
        #expect(json == #"{"category":"streaming","cycle":{"interval":1,"unit":"month"},"name":"Netflix","nextRenewal":"2026-12-05","notes":null,"price":{"amount":"15.50","currency":"USD"},"source":{"file":"subs.csv","row":2}}"#)
    }

    @Test func badValuesAreRefused() {
        let bad = [
            #"{"name":"A","price":{"amount":"1e3","currency":"USD"},"source":{"file":"f"}}"#,
            #"{"name":"A","price":{"amount":"9.99","currency":"XYZ"},"source":{"file":"f"}}"#,
            #"{"name":"A","nextRenewal":"2026-13-01","source":{"file":"f"}}"#,
            #"{"name":"A","cycle":{"unit":"fortnight","interval":1},"source":{"file":"f"}}"#,
            #"{"name":"A","source":{"file":"f","box":[1,2,3]}}"#,
        ]
        for text in bad {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Subscription.self, from: Data(text.utf8)) }
        }
    }

    @Test func draftsComeBackAsTheyWent() throws {
        let drafts = try Ingest.allDrafts(from: .file(path: FixtureFolder.url("cli/review-import-confident/subs.csv").path), options: Self.options)
            + Ingest.allDrafts(from: .file(path: FixtureFolder.url("bank/chase.csv").path), options: Self.options)
        #expect(drafts.contains { !$0.allIssues.isEmpty })
        let again = try JSONDecoder().decode([ImportDraft].self, from: JSONEncoder().encode(drafts))
        #expect(again == drafts)
    }

    @Test func issueCodesAreTheirStrings() throws {
        let issue = Issue(.priceNegative, .error, "the price -9.99 EUR is negative")
        let json = String(decoding: try JSONEncoder().encode([issue.code]), as: UTF8.self)
        #expect(json == #"["price.negative"]"#)
        #expect(issue.code == "price.negative")
        #expect("\(issue.code)" == "price.negative")
        let decoded = try JSONDecoder().decode(Issue.self, from: JSONEncoder().encode(issue))
        #expect(decoded == issue)
    }

    /// Every code written as a literal where the library makes an issue is a static member.
    @Test func everyEmittedCodeIsAMember() throws {
        let sources = FixtureFolder.root.deletingLastPathComponent().appendingPathComponent("Sources/Ingest")
        let walker = FileManager.default.enumerator(atPath: sources.path)
        let known = Set(Issue.Code.emitted.map(\.rawValue))
        var missing: [String] = []
        let pattern = try Regex(#"Issue\(\s*"([a-z]+\.[a-z-]+)""#)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let code = match.output[1].substring.map(String.init), !known.contains(code) { missing.append(code) }
            }
        }
        #expect(missing == [])
        #expect(Set(Issue.Code.emitted).count == Issue.Code.emitted.count)
    }
}
