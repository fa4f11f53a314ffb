import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

@Suite struct DraftsFileTests {
    static let drafts: [ImportDraft] = {
        var guessed = Sample.draft("Netflix", "15.49", "USD")
        guessed.price.raw = "$15.49"
        guessed.price.confidence = 0.6
        guessed.price.issues = [Issue("currency.guessed", .warning, "subs.csv:2:2: \"$\" taken as USD")]
        var merged = Sample.draft("Spotify", "10.99", row: 2)
        merged.provenance.append(Provenance(file: "bill.png", box: Provenance.Box(x: 1, y: 2, width: 3, height: 4)))
        merged.category = DraftField(raw: "Music", value: .music, column: 5)
        merged.priceHistory = [PricePoint(date: CalendarDate(iso: "2026-01-01"), price: Price(amount: 9, currency: .eur))]
        var inactive = Sample.draft("Gym", "30", "USD", cycle: .yearly, row: 3, status: .inactive)
        inactive.statusReason = "status \"Cancelled\""
        let broken = Sample.draft("Dropbox", nil, row: 4, issues: [Issue("row.ragged", .warning, "row has 3 cells")])
        return [guessed, merged, inactive, broken]
    }()

    static func text(_ drafts: [ImportDraft] = drafts) -> String { DraftsFile.text(drafts, context: Sample.context) }

    @Test func roundTripKeepsEverything() throws {
        let read = try DraftsFileReader(file: "drafts.json").read(Self.text())
        #expect(read.drafts == Self.drafts)
        #expect(read.context == Sample.context)
        #expect(DraftsFile.text(read.drafts, context: read.context) == Self.text())
    }

    /// The file written a draft at a time is the document pretty-printed whole, for no
    /// drafts, one, and many (the sample's and every draft of two fixture files).
    @Test(arguments: [0, 1, 4, -1])
    func writtenADraftAtATimeIsTheDocument(count: Int) throws {
        let drafts = count >= 0 ? Array(Self.drafts.prefix(count)) : try DuplicateSpillTests.fixtureDrafts()
        #expect(DraftsFile.text(drafts, context: Sample.context)
                == DraftsFile.document(drafts, context: Sample.context).serialized(pretty: true) + "\n")
    }

    @Test func keysComeInTheDocumentedOrder() throws {
        let doc = try JSONValue.parse(Self.text())
        guard case .object(let top) = doc, case .array(let items)? = doc["drafts"], case .object(let first)? = items.first else {
            Issue.record("not an object"); return
        }
        #expect(top.map(\.0) == ["schema", "context", "drafts"])
        #expect(first.map(\.0) == ["draft", "status", "statusReason", "doubts", "name", "price", "cycle", "nextRenewal",
                                   "startDate", "category", "notes", "issues", "provenance", "priceHistory"])
        #expect(items.first?["doubts"] == .array([.string("currency.guessed")]))
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        var label: String
        /// Replaces the first occurrence of `find` in the written file.
        var find: String
        var replace: String
        var check: @Sendable ([ImportDraft]) -> Bool
        var testDescription: String { label }
    }

    static let goodEdits: [Edit] = [
        Edit(label: "status accepted", find: "\"status\": \"pending\"", replace: "\"status\": \"accepted\"",
             check: { $0[0].status == .accepted }),
        Edit(label: "price as raw text", find: "\"value\": {\n          \"amount\": \"15.49\",\n          \"currency\": \"USD\"\n        }",
             replace: "\"value\": \"17,99 €\"", check: { $0[0].price.value == Price(amount: Decimal(string: "17.99") ?? 0, currency: .eur) && $0[0].price.issues.isEmpty }),
        Edit(label: "price normalised", find: "\"amount\": \"15.49\"", replace: "\"amount\": \"16\"",
             check: { $0[0].price.value?.amountText == "16.00" }),
        Edit(label: "cycle as raw text", find: "\"value\": {\n          \"unit\": \"month\",\n          \"interval\": 1\n        }",
             replace: "\"value\": \"weekly\"", check: { $0[0].cycle.value == .weekly && $0[0].cycle.raw == "weekly" }),
        Edit(label: "date as raw text", find: "\"value\": \"2026-12-05\"", replace: "\"value\": \"12/24/2026\"",
             check: { $0[0].nextRenewal.value?.description == "2026-12-24" }),
        Edit(label: "category by a word", find: "\"value\": \"music\"", replace: "\"value\": \"Streaming\"",
             check: { $0[1].category.value == .streaming }),
        Edit(label: "name", find: "\"value\": \"Netflix\"", replace: "\"value\": \"Netflix Standard\"",
             check: { $0[0].name.value == "Netflix Standard" }),
    ]

    @Test(arguments: goodEdits)
    func editsAreRead(_ e: Edit) throws {
        let text = Self.text()
        #expect(text.contains(e.find), "the written file changed shape")
        let edited = text.replacingOccurrences(of: e.find, with: e.replace, options: [], range: text.range(of: e.find))
        let read = try DraftsFileReader(file: "drafts.json").read(edited)
        #expect(e.check(read.drafts))
    }

    struct BadEdit: Sendable, CustomTestStringConvertible {
        var find: String
        var replace: String
        var message: String
        var testDescription: String { message }
    }

    static let badEdits: [BadEdit] = [
        BadEdit(find: "\"amount\": \"15.49\"", replace: "\"amount\": \"abc\"",
                message: "drafts.json: draft 1 (Netflix): price {\"amount\":\"abc\",\"currency\":\"USD\"}: price amount \"abc\" is not a decimal number (expected e.g. \"9.99\")"),
        BadEdit(find: "\"value\": {\n          \"amount\": \"15.49\",\n          \"currency\": \"USD\"\n        }", replace: "\"value\": \"abc\"",
                message: "drafts.json: draft 1 (Netflix): price \"abc\" is not a price (expected e.g. 9.99, $9.99 or 9,99 €)"),
        BadEdit(find: "\"status\": \"pending\"", replace: "\"status\": \"acepted\"",
                message: "drafts.json: draft 1 (Netflix): status \"acepted\" is not one of pending, accepted, rejected, inactive"),
        BadEdit(find: "\"value\": {\n          \"unit\": \"month\",\n          \"interval\": 1\n        }", replace: "\"value\": \"sometimes\"",
                message: "drafts.json: draft 1 (Netflix): cycle \"sometimes\" is not a billing cycle (expected e.g. monthly, yearly, every 2 weeks)"),
        BadEdit(find: "\"value\": \"2026-12-05\"", replace: "\"value\": \"2026-02-30\"",
                message: "drafts.json: draft 1 (Netflix): next renewal \"2026-02-30\" is not a day of the calendar (expected e.g. 2026-12-05, 12/05/2026 or December 5, 2026)"),
        BadEdit(find: "\"value\": \"music\"", replace: "\"value\": \"hobbies\"",
                message: "drafts.json: draft 2 (Spotify): category \"hobbies\" is not a category (expected one of streaming, music, software, cloud, news, fitness, gaming, education, utilities, finance, shopping, food, bills, other)"),
        BadEdit(find: "\"currency\": \"USD\"", replace: "\"currency\": \"XYZ\"",
                message: "drafts.json: draft 1 (Netflix): price {\"amount\":\"15.49\",\"currency\":\"XYZ\"}: currency \"XYZ\" is not an ISO 4217 code (expected e.g. USD, EUR)"),
        BadEdit(find: "\"value\": \"Netflix\"", replace: "\"value\": null",
                message: "drafts.json: draft 1: status \"accepted\" needs a name (set name.value or reject the draft)"),
        BadEdit(find: "\"amount\": \"15.49\"", replace: "\"amount\": \"1e30\"",
                message: "drafts.json: draft 1 (Netflix): price {\"amount\":\"1e30\",\"currency\":\"USD\"}: price amount \"1e30\" is not a decimal number (expected e.g. \"9.99\")"),
        BadEdit(find: "\"amount\": \"15.49\"", replace: "\"amount\": \"999999999999999999999999999999999999999999999999999999999999\"",
                message: "drafts.json: draft 1 (Netflix): price {\"amount\":\"999999999999999999999999999999999999999999999999999999999999\",\"currency\":\"USD\"}: price amount \"999999999999999999999999999999999999999999999999999999999999\" is out of range (below 10^15, at most 20 decimals)"),
        BadEdit(find: "\"interval\": 1", replace: "\"interval\": 0",
                message: "drafts.json: draft 1 (Netflix): cycle {\"unit\":\"month\",\"interval\":0}: cycle interval 0 must be a whole number from 1 to 1000"),
        BadEdit(find: "\"value\": {\n          \"unit\": \"month\",\n          \"interval\": 1\n        }", replace: "\"value\": \"every -3 weeks\"",
                message: "drafts.json: draft 1 (Netflix): cycle \"every -3 weeks\" bills every -3 weeks; the count must be a whole number from 1 to 1000"),
        BadEdit(find: "\"value\": \"2026-12-05\"", replace: "\"value\": \"in 99999999999999999999 days\"",
                message: "drafts.json: draft 1 (Netflix): next renewal \"in 99999999999999999999 days\" falls outside the years 0001–9999 (expected a date such as 2026-12-05, 12/05/2026 or December 5, 2026)"),
        BadEdit(find: "\"amount\": \"15.49\"", replace: "\"amount\": \"-15.49\"",
                message: "drafts.json: draft 1 (Netflix): status \"accepted\" with the negative price -15.49 USD (a refund or credit?): write the price as a positive amount, or reject the draft"),
        // A bad history entry was once dropped without a word.
        BadEdit(find: "\"date\": \"2026-01-01\"", replace: "\"date\": \"2026-13-01\"",
                message: "drafts.json: draft 2 (Spotify): priceHistory 1: date \"2026-13-01\" is not a date (expected e.g. \"2026-12-05\")"),
        BadEdit(find: "\"amount\": \"9.00\"", replace: "\"amount\": \"1e30\"",
                message: "drafts.json: draft 2 (Spotify): priceHistory 1: price amount \"1e30\" is not a decimal number (expected e.g. \"9.99\")"),
        BadEdit(find: "\"schema\": \"ingest/drafts@1\"", replace: "\"schema\": \"ingest/subscriptions@1\"",
                message: "drafts.json: not an ingest/drafts@1 file (expected \"schema\": \"ingest/drafts@1\")"),
        BadEdit(find: "\"draft\": 1,", replace: "\"draft\": 1",
                message: "drafts.json:11:7: expected ',' or '}'"),
    ]

    @Test(arguments: badEdits)
    func badEditsAreRefusedWithTheirPlace(_ e: BadEdit) {
        var text = Self.text()
        if e.message.contains("needs a name") || e.message.contains("status \"accepted\" with") {
            text = text.replacingOccurrences(of: "\"status\": \"pending\"", with: "\"status\": \"accepted\"",
                                             options: [], range: text.range(of: "\"status\": \"pending\""))
        }
        text = text.replacingOccurrences(of: e.find, with: e.replace, options: [], range: text.range(of: e.find))
        #expect(throws: DraftsFileError.self) { try DraftsFileReader(file: "drafts.json").read(text) }
        do {
            _ = try DraftsFileReader(file: "drafts.json").read(text)
        } catch {
            #expect(error.messages.contains(e.message), "got: \(error.messages)")
        }
    }

    @Test(arguments: [#"{"amount": "5", "currency": "EUR"}"#, #""5 EUR""#])
    func aHandGivenPriceAnswersTheUnreadableError(_ value: String) throws {
        var draft = Sample.draft("Dropbox", nil)
        draft.price = DraftField(raw: "abc", value: nil, confidence: 0, column: 2,
                                 issues: [Issue("price.unparseable", .error, "\"abc\" is not a price")])
        let text = DraftsFile.text([draft], context: Sample.context)
        let find = "\"value\": null"
        let edited = text.replacingOccurrences(of: find, with: "\"value\": \(value)", options: [], range: text.range(of: find))
        let read = try DraftsFileReader(file: "d.json").read(edited)
        #expect(read.drafts[0].price.value?.amountText == "5.00")
        #expect(AcceptPolicy.doubts(read.drafts[0]).isEmpty)
    }

    @Test func startDateEditsAreReadAsDatesAndNamedInErrors() throws {
        var draft = Sample.draft("Gym")
        draft.startDate = DraftField(raw: "2025-01-01", value: CalendarDate(iso: "2025-01-01"), column: 6)
        let text = DraftsFile.text([draft], context: Sample.context)
        let good = text.replacingOccurrences(of: "\"value\": \"2025-01-01\"", with: "\"value\": \"03/15/2025\"")
        #expect(try DraftsFileReader(file: "d.json").read(good).drafts[0].startDate.value?.description == "2025-03-15")
        let bad = text.replacingOccurrences(of: "\"value\": \"2025-01-01\"", with: "\"value\": \"someday\"")
        #expect(throws: DraftsFileError.self) { try DraftsFileReader(file: "d.json").read(bad) }
        do { _ = try DraftsFileReader(file: "d.json").read(bad) } catch {
            #expect(error.messages == ["d.json: draft 1 (Gym): start date \"someday\" is not a date (expected e.g. 2026-12-05, 12/05/2026 or December 5, 2026)"])
        }
    }

    @Test func everyBadEditIsReportedInOneRun() {
        var text = Self.text()
        text = text.replacingOccurrences(of: "\"status\": \"inactive\"", with: "\"status\": \"maybe\"")
        text = text.replacingOccurrences(of: "\"value\": \"music\"", with: "\"value\": \"hobbies\"")
        do {
            _ = try DraftsFileReader(file: "d.json").read(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.messages.count == 2)
        }
    }
}

/// A negative price is flagged on the draft wherever it comes from, and no policy accepts it.
@Suite struct NegativePriceTests {
    @Test(arguments: [#"{"amount": "-5", "currency": "EUR"}"#, #""-5 EUR""#, #""(5.00 EUR)""#])
    func aPendingDraftWithANegativePriceIsFlagged(_ value: String) throws {
        let text = DraftsFileTests.text()
        let find = "\"value\": {\n          \"amount\": \"15.49\",\n          \"currency\": \"USD\"\n        }"
        let edited = text.replacingOccurrences(of: find, with: "\"value\": \(value)", options: [], range: text.range(of: find))
        let draft = try DraftsFileReader(file: "drafts.json").read(edited).drafts[0]
        #expect(draft.price.issues.map(\.code).contains("price.negative"))
        #expect(AcceptPolicy.all.decide(draft) == .pending)
    }

    @Test func aFixedPriceLosesTheFlag() throws {
        var draft = Sample.draft("Refund", "-5")
        draft.price.issues = [Issue("price.negative", .error, "x")]
        let text = DraftsFile.text([draft], context: Sample.context)
        let fixed = text.replacingOccurrences(of: "\"amount\": \"-5.00\"", with: "\"amount\": \"5.00\"")
        let read = try DraftsFileReader(file: "drafts.json").read(fixed).drafts[0]
        #expect(read.price.issues.isEmpty)
        #expect(AcceptPolicy.all.decide(read) == .accepted)
    }

    @Test func aTableRowWithANegativePriceCarriesTheError() throws {
        let csv = "Name,Price,Billing\nRefund,-15.49 USD,monthly\nNetflix,15.49 USD,monthly\n"
        let drafts = try importCSV(csv).drafts
        #expect(drafts[0].price.issues.first { $0.code == "price.negative" }?.severity == .error)
        #expect(drafts[1].price.issues.isEmpty)
        #expect(drafts.map { AcceptPolicy.all.decide($0) } == [.pending, .accepted])
    }
}

/// Cell text in messages printed to a terminal has its control characters escaped.
@Suite struct VisibleTextTests {
    static let cases: [(String, String)] = [
        ("Netflix", "Netflix"), ("Net\u{1B}[31mflix", "Net\\u001B[31mflix"), ("a\nb\r\tc", "a\\nb\\r\\tc"), ("\u{0}", "\\u0000"),
        ("x\u{9B}2J", "x\\u009B2J"), ("\u{202E}gnp.exe", "\\u202Egnp.exe"), ("Ünïcödé 日本", "Ünïcödé 日本"), ("\u{7F}", "\\u007F"),
    ]

    @Test(arguments: cases)
    func escapesControls(_ text: String, _ shown: String) {
        #expect(VisibleText.escaped(text) == shown)
    }

    @Test func previewRowsAreEscaped() {
        let draft = Sample.draft("Net\u{1B}[2Jflix")
        let table = PreviewTable(drafts: [draft], policy: nil)
        #expect(table.table(width: nil, color: false).contains("Net\\u001B[2Jflix"))
        #expect(!table.markdown().contains("\u{1B}"))
    }
}

@Suite struct DraftsFileConfidenceTests {
    /// A hand-written confidence outside 0…1 (`1e999` is infinity) once reached the score
    /// printer, which cannot make digits of it. Below 0 it is 0, which next to a value means
    /// "given by hand" and reads as 1.
    @Test(arguments: [("1e999", 1.0), ("-1e999", 1.0), ("7", 1.0), ("-2", 1.0), ("0.5", 0.5), ("0.25", 0.25)])
    func confidenceIsKeptInRange(_ written: String, _ read: Double) throws {
        let text = DraftsFileTests.text()
        let edited = text.replacingOccurrences(of: "\"confidence\": 1.00", with: "\"confidence\": \(written)", options: [],
                                               range: text.range(of: "\"confidence\": 1.00"))
        let draft = try DraftsFileReader(file: "drafts.json").read(edited).drafts[0]
        #expect(draft.name.confidence == read)
    }
}
