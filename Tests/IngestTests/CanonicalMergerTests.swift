import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct CanonicalMergerTests {
    static let existing = [
        Sample.subscription("Netflix", "15.49", "USD", row: 1),
        Sample.subscription("Spotify", "10.99", row: 2),
        Sample.subscription("Gym", "300", "EUR", cycle: .yearly, row: 3),
    ]
    static let merger = CanonicalMerger(today: Sample.today, catalog: .bundled)

    @Test func priceChangeMovesTheOldPriceToHistory() throws {
        let result = Self.merger.merge(existing: Self.existing, new: [Sample.subscription("netflix.com", "17.99", "USD", file: "new.csv")])
        #expect(result.subscriptions.count == 3)
        let netflix = result.subscriptions[0]
        #expect(netflix.name == "Netflix")
        #expect(netflix.price?.amountText == "17.99")
        #expect(netflix.priceHistory == [PricePoint(date: Sample.today, price: Price(amount: DecimalText.parse("15.49") ?? 0, currency: .usd))])
        #expect(netflix.alsoFrom.map(\.file) == ["new.csv"])
        #expect(result.changes.map(\.description) == ["Netflix: price changed from 15.49 USD to 17.99 USD"])
        #expect(result.updated == 1 && result.added == 0)
    }

    @Test func keepsWhatTheNewInputLacksAndAddsWhatIsNew() {
        let result = Self.merger.merge(existing: Self.existing, new: [Sample.subscription("Hulu", "7.99", "USD", file: "new.csv")])
        #expect(result.subscriptions.map(\.name) == ["Netflix", "Spotify", "Gym", "Hulu"])
        #expect(result.added == 1)
    }

    @Test func aDifferentCycleIsADifferentSubscription() {
        let result = Self.merger.merge(existing: Self.existing, new: [Sample.subscription("Spotify", "99", cycle: .yearly, file: "new.csv")])
        #expect(result.subscriptions.map(\.name) == ["Netflix", "Spotify", "Gym", "Spotify"])
        #expect(result.changes.isEmpty)
    }

    @Test func neverDuplicatesWithinTheNewInput() {
        let new = [Sample.subscription("Hulu", "7.99", "USD", file: "a.csv"), Sample.subscription("hulu", "7.99", "USD", file: "b.csv")]
        let result = Self.merger.merge(existing: [], new: new)
        #expect(result.subscriptions.count == 1)
        #expect(result.subscriptions[0].alsoFrom.map(\.file) == ["b.csv"])
    }

    /// Merging the same input again, after writing and reading back, gives the same bytes.
    @Test func mergingTwiceIsIdempotent() throws {
        let new = [Sample.subscription("Netflix", "17.99", "USD", file: "new.csv", row: 4), Sample.subscription("Hulu", "7.99", "USD", file: "new.csv", row: 5)]
        let once = CanonicalJSON.text(Self.merger.merge(existing: Self.existing, new: new).subscriptions)
        let reread = try CanonicalReader.read(once, file: "out.json")
        let twice = Self.merger.merge(existing: reread, new: new)
        #expect(CanonicalJSON.text(twice.subscriptions) == once)
        #expect(twice.changes.isEmpty && twice.updated == 0 && twice.added == 0)
    }

    @Test func readerRoundTripsTheCanonicalDocument() throws {
        var sub = Sample.subscription("Netflix", "15.49", "USD")
        sub.nextRenewal = CalendarDate(iso: "2026-12-05")
        sub.category = .streaming
        sub.notes = "family"
        sub.alsoFrom = [Provenance(file: "bill.png", box: Provenance.Box(x: 1, y: 2, width: 3, height: 4))]
        sub.priceHistory = [PricePoint(date: nil, price: Price(amount: 12, currency: .usd))]
        let text = CanonicalJSON.text([sub, Sample.subscription("Yen", "1200", "JPY")])
        #expect(CanonicalJSON.text(try CanonicalReader.read(text, file: "x.json")) == text)
    }

    struct BadDocument: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    static let badDocuments: [BadDocument] = [
        BadDocument(text: "{\"schema\": \"ingest/subscriptions@1\",\n \"subscriptions\": [}", message: "old.json:2:20: unexpected character (expected a value)"),
        BadDocument(text: "{\"schema\": \"other\"}", message: "old.json: not an ingest/subscriptions@1 document (expected \"schema\": \"ingest/subscriptions@1\")"),
        BadDocument(text: "{\"schema\": \"ingest/subscriptions@1\", \"subscriptions\": [{\"name\": \"Netflix\", \"price\": {\"amount\": \"x\"}, \"source\": {\"file\": \"a\"}}]}",
                    message: "old.json: subscription 1 (Netflix): price amount \"x\" is not a decimal number (expected e.g. \"9.99\")"),
        BadDocument(text: "{\"schema\": \"ingest/subscriptions@1\", \"subscriptions\": [{\"name\": \"Netflix\"}]}",
                    message: "old.json: subscription 1 (Netflix): \"source\" is missing"),
    ]

    @Test(arguments: badDocuments)
    func badExistingFilesAreReported(_ c: BadDocument) {
        do {
            _ = try CanonicalReader.read(c.text, file: "old.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == c.message)
        }
    }
}
