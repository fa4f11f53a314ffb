import Foundation
import Testing
@testable import Ingest

@Suite struct CanonicalJSONTests {
    static func sub(_ name: String, _ amount: String, _ code: String?, _ cycle: Cycle?) -> Subscription {
        Subscription(name: name, price: Price(amount: Decimal(string: amount) ?? 0, currency: code.flatMap { Currency($0) }),
                     cycle: cycle, nextRenewal: nil, category: nil, notes: nil, source: Provenance(file: "s.csv", row: 1))
    }

    @Test func weeklyIsFiftyTwoTwelfthsPerMonth() {
        let summary = Summary([Self.sub("Box", "10", "USD", .weekly)])
        #expect(summary.totals.first?.monthly == Decimal(520) / 12)
        #expect(CanonicalJSON.value(summary)["totals"] == .array([.object([
            ("currency", .string("USD")), ("monthly", .string("43.33")), ("yearly", .string("520.00")),
        ])]))
    }

    /// A charge of 30 every cycle, per month and per year.
    static let periodCases: [(Cycle, String, String)] = [
        (Cycle(unit: .month, interval: 3), "10.00", "120.00"),
        (Cycle(unit: .week, interval: 2), "65.00", "780.00"),
        (Cycle(unit: .day, interval: 1), "912.50", "10950.00"),
        (Cycle(unit: .year, interval: 2), "1.25", "15.00"),
    ]

    @Test(arguments: periodCases)
    func monthlyAndYearlyEquivalents(_ c: (Cycle, String, String)) {
        let value = CanonicalJSON.value(Summary([Self.sub("X", "30", "EUR", c.0)]))
        guard case .array(let totals)? = value["totals"], let first = totals.first else {
            Issue.record("no totals")
            return
        }
        #expect(first["monthly"] == .string(c.1))
        #expect(first["yearly"] == .string(c.2))
    }

    @Test func currenciesAreNeverAdded() {
        let summary = Summary([Self.sub("A", "10", "USD", .monthly), Self.sub("B", "10", "EUR", .monthly),
                               Self.sub("C", "5", "USD", .monthly), Self.sub("D", "5", nil, .monthly)])
        #expect(summary.totals.map(\.currency.code) == ["EUR", "USD"])
        #expect(summary.totals.map(\.monthly) == [10, 15])
        #expect(summary.notInTotals == 1)
        #expect(summary.active == 4)
    }

    static let minorDigits: [(String, String, String)] = [
        ("1299", "JPY", "1299"), ("12.5", "KWD", "12.500"), ("15.5", "USD", "15.50"), ("0.005", "USD", "0.01"),
        ("-15.49", "EUR", "-15.49"),
    ]

    @Test(arguments: minorDigits)
    func amountsUseISOMinorDigits(_ c: (String, String, String)) {
        #expect(Price(amount: Decimal(string: c.0) ?? 0, currency: Currency(c.1)).amountText == c.2)
    }

    @Test func documentHasTheDocumentedKeyOrder() {
        let text = CanonicalJSON.text([Self.sub("Netflix", "15.49", "USD", .monthly)])
        let keys = ["\"schema\"", "\"subscriptions\"", "\"name\"", "\"price\"", "\"amount\"", "\"currency\"", "\"cycle\"",
                    "\"unit\"", "\"interval\"", "\"nextRenewal\"", "\"category\"", "\"notes\"", "\"source\"", "\"summary\""]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
    }

    /// The text is laid out as `JSONValue.serialized(pretty:)` lays out what it parses to.
    static func expectLaidOut(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((try? JSONValue.parse(text).serialized(pretty: true) + "\n") == text, sourceLocation: sourceLocation)
    }

    @Test func streamWriterWritesTheSameBytes() throws {
        let subs = [Self.sub("Netflix", "15.49", "USD", .monthly), Self.sub("Box", "3", "EUR", .weekly)]
        for list in [subs, []] {
            var out = ""
            var writer = CanonicalStreamWriter(write: { out += $0 })
            try writer.begin()
            for s in list { try writer.add(s) }
            try writer.finish()
            #expect(out == CanonicalJSON.text(list))
            Self.expectLaidOut(out)
        }
    }

    /// Subscriptions with every optional member set or missing, for the direct writer.
    static let unusualSubscriptions: [Subscription] = [
        Subscription(name: "Ünïcødé \"q\"\n\t\u{1}", price: nil, cycle: nil, nextRenewal: nil, category: nil, notes: nil,
                     source: Provenance(file: "shot.png", box: .init(x: 1, y: 2, width: 30, height: 40))),
        Subscription(name: "Netflix", price: Price(amount: 15.49, currency: nil), cycle: Cycle(unit: .month, interval: 3),
                     nextRenewal: CalendarDate(dayNumber: 20_000), category: .streaming, notes: "family\\plan",
                     source: Provenance(file: "a.zip", line: 7, part: "Subs.csv"),
                     alsoFrom: [Provenance(file: "b.csv", row: 2), Provenance(file: "c.csv", row: 3, line: 9)],
                     priceHistory: [PricePoint(date: nil, price: Price(amount: 12, currency: .eur)),
                                    PricePoint(date: CalendarDate(dayNumber: 19_000), price: Price(amount: 13.5, currency: .eur))]),
    ]

    /// A series listing twenty thousand rows is handed on while it is written, not held whole.
    @Test func longSourceListsAreHandedOnAsWritten() throws {
        let sources = (1...20_000).map { Provenance(file: "statement.csv", row: $0, line: $0 + 1) }
        let sub = Subscription(name: "Netflix", price: Price(amount: 15.49, currency: .usd), cycle: Cycle(unit: .month, interval: 1),
                               nextRenewal: nil, category: .streaming, notes: nil, source: sources[0], alsoFrom: Array(sources.dropFirst()))
        var pieces: [Int] = []
        var out = ""
        var writer = CanonicalStreamWriter(writeBytes: { bytes in
            pieces.append(bytes.count)
            out += String(decoding: bytes, as: UTF8.self)
        })
        try writer.begin()
        try writer.add(sub)
        let before = pieces.count
        try writer.finish()
        #expect(before >= 1, "nothing was handed on before the subscription ended")
        #expect(pieces.allSatisfy { $0 < (1 << 20) + (1 << 18) }, "\(pieces)")
        #expect(out == CanonicalJSON.text([sub]))
        Self.expectLaidOut(out)
    }

    @Test func streamWriterWritesUnusualSubscriptionsAlike() throws {
        var out = ""
        var writer = CanonicalStreamWriter(write: { out += $0 })
        try writer.begin()
        for s in Self.unusualSubscriptions { try writer.add(s) }
        try writer.finish()
        #expect(out == CanonicalJSON.text(Self.unusualSubscriptions))
        Self.expectLaidOut(out)
        // What each member holds: a line only where there is no row, a part, a box, the history.
        let doc = try JSONValue.parse(out)
        func item(_ value: JSONValue?, _ i: Int) -> JSONValue? {
            guard case .array(let items)? = value, i < items.count else { return nil }
            return items[i]
        }
        let first = item(doc["subscriptions"], 0), second = item(doc["subscriptions"], 1)
        #expect(first?["price"] == .null && first?["cycle"] == .null && first?["notes"] == .null)
        #expect(first?["source"]?["box"] == .array([.int(1), .int(2), .int(30), .int(40)]))
        #expect(first?["alsoFrom"] == nil && first?["priceHistory"] == nil)
        #expect(second?["source"] == .object([("file", .string("a.zip")), ("part", .string("Subs.csv")), ("line", .int(7))]))
        #expect(item(second?["alsoFrom"], 1) == .object([("file", .string("c.csv")), ("row", .int(3))]))
        #expect(second?["price"] == .object([("amount", .string("15.49")), ("currency", .null)]))
        #expect(item(second?["priceHistory"], 1)?["date"] == .string(CalendarDate(dayNumber: 19_000).description))
        #expect(second?["notes"] == .string("family\\plan"))
    }

    /// The common shape (`SubscriptionJSONWriter.writeInList` writes it from templates): one
    /// source row, a price and a cycle, every other member set or not.
    static let commonShapes: [Subscription] = {
        let file = Provenance(file: "subs \"x\".csv", row: 3)
        let prices = [Price(amount: 15.49, currency: .usd), Price(amount: 1299, currency: Currency("JPY")),
                      Price(amount: Decimal(string: "12.5")!, currency: Currency("KWD")), Price(amount: -3, currency: .eur),
                      Price(amount: Decimal(string: "0.0049")!, currency: .gbp), Price(amount: 7, currency: nil)]
        return prices.enumerated().map { i, price in
            Subscription(name: i % 2 == 0 ? "Netflix" : "Ünï \"q\"\t", price: price, cycle: Cycle(unit: i % 2 == 0 ? .month : .week, interval: i + 1),
                         nextRenewal: i % 3 == 0 ? nil : CalendarDate(dayNumber: 20_000 + i), category: i % 2 == 0 ? .streaming : nil,
                         notes: i % 3 == 1 ? "line\nnext" : nil, source: i == 5 ? Provenance(file: "b.csv", row: 4_000_000_000) : file)
        }
    }()

    @Test func streamWriterWritesTheCommonShapeAlike() throws {
        var out = ""
        var writer = CanonicalStreamWriter(write: { out += $0 })
        try writer.begin()
        for s in Self.commonShapes { try writer.add(s) }
        try writer.finish()
        #expect(out == CanonicalJSON.text(Self.commonShapes))
        Self.expectLaidOut(out)
        for s in Self.commonShapes {
            var direct: [UInt8] = []
            SubscriptionJSONWriter.write(s, to: &direct, indent: 2)
            #expect(CanonicalStreamWriter.render(s) == direct)
        }
    }

    /// Subscriptions far from the common shape: every optional member, texts made only of bytes
    /// that need `\u00XX` escapes, long source and price lists, a box. The list entry is written
    /// into memory sized by `sizeBound` beforehand; it must hold them and match a plain write.
    @Test func listEntryHoldsEveryShape() {
        let control = String(repeating: "\u{01}\u{1F}", count: 40)
        let big = Decimal(string: "123456789012345678901234567890.123456789")!
        var shapes: [Subscription] = []
        for i in 0..<8 {
            var sub = Subscription(name: i % 2 == 0 ? control : "n", price: Price(amount: i % 3 == 0 ? big : 1, currency: i == 1 ? nil : .usd),
                                   cycle: i == 2 ? nil : Cycle(unit: .week, interval: 2), nextRenewal: CalendarDate(dayNumber: 20_000),
                                   category: .software, notes: i % 2 == 1 ? control : nil,
                                   source: Provenance(file: control, row: i == 3 ? nil : 7, line: 9, part: i == 4 ? control : nil,
                                                      box: i == 5 ? Provenance.Box(x: -1, y: Int.max, width: Int.min, height: 0) : nil))
            sub.trialEnds = i == 6 ? CalendarDate(dayNumber: 20_010) : nil
            sub.status = [.trial, .paused, .cancelled, .active][i % 4]
            sub.kind = [nil, .bill, .transfer, .habit, .subscription][i % 5]
            sub.categoryText = i % 2 == 0 ? control : "Design"
            sub.service = Subscription.Service(id: control, name: control, category: .cloud, manageURL: i == 7 ? nil : control,
                                               confidence: [0, 0.05, 0.5, 0.75, 1, -3, 7, 0.999][i])
            sub.alsoFrom = (0..<(i * 40)).map { Provenance(file: control, row: $0, part: $0 % 2 == 0 ? control : nil) }
            sub.priceHistory = (0..<(i * 10)).map { PricePoint(date: $0 % 2 == 0 ? nil : CalendarDate(dayNumber: $0), price: Price(amount: big, currency: nil)) }
            shapes.append(sub)
        }
        for sub in shapes {
            var direct: [UInt8] = []
            SubscriptionJSONWriter.write(sub, to: &direct, indent: 2)
            var listed: [UInt8] = []
            SubscriptionJSONWriter.writeInList(sub, to: &listed)
            #expect(listed == direct)
            var scratch: [UInt8] = [], withMember: [UInt8] = []
            SubscriptionJSONWriter.writeInList(sub, to: &withMember, scratch: &scratch, serviceMember: sub.service.map(SubscriptionJSONWriter.serviceMember))
            #expect(withMember == direct)
            #expect(direct.count <= SubscriptionJSONWriter.sizeBound(sub))
        }
        let text = CanonicalJSON.text(shapes)
        #expect(text.contains("\"confidence\": 0.05") && text.contains("\"confidence\": 0.0\n") && text.contains("\"confidence\": 1\n"))
    }

    /// No amount text is longer than `DecimalText.longest`, which `sizeBound` counts for each
    /// amount instead of writing it: the largest and smallest significands at every exponent,
    /// with every number of minor digits.
    @Test func amountTextsFitTheirBound() throws {
        let largest = try #require(Decimal(string: "340282366920938463463374607431768211455"))
        var longest = 0
        for exponent in stride(from: -128, through: 127, by: 1) {
            for significand in [largest, Decimal(1), Decimal(999_999)] {
                for sign in [FloatingPointSign.plus, .minus] {
                    let value = Decimal(sign: sign, exponent: exponent, significand: significand)
                    for digits in [nil, 0, 2, 3, 4, 6] as [Int?] {
                        longest = max(longest, DecimalText.format(value, minorDigits: digits).utf8.count)
                    }
                }
            }
        }
        #expect(longest <= DecimalText.longest)
        #expect(longest > 150)
    }

    /// `needsNoEscape` reads eight bytes at a time: every byte that needs an escape, and its
    /// neighbours that do not, at every place of texts up to 40 bytes, agree with a byte-by-byte look.
    @Test func escapeCheckAgreesWithBytes() {
        let special: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C]
        let neighbours: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 0x41]
        for length in 0...40 {
            for place in 0..<max(length, 1) {
                for byte in special + neighbours {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { text[place] = byte }
                    // A borrow from a byte below must not hide or invent one above it.
                    if place + 1 < length { text[place + 1] = 0x21 }
                    let expected = !text.contains(where: JSONBytes.needsEscape)
                    text.withUnsafeBufferPointer { #expect(JSONBytes.needsNoEscape($0) == expected, "\(text)") }
                }
            }
        }
    }

    /// `ReservedBytes` copies runs of up to 16 bytes by hand (two overlapping words, or byte by
    /// byte under four): runs of every length up to 40, after every offset up to 9, land as an
    /// array's append puts them, and the bytes after them stay as they were.
    @Test func reservedBytesCopyRunsOfEveryLength() {
        for offset in 0...9 {
            for length in 0...40 {
                let run = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
                let lead = [UInt8](repeating: UInt8(ascii: "."), count: offset)
                var memory = [UInt8](repeating: 0xEE, count: 64)
                let written = memory.withUnsafeMutableBufferPointer { memory in
                    var out = ReservedBytes(memory)
                    lead.withUnsafeBufferPointer { out.append(bytes: $0) }
                    run.withUnsafeBufferPointer { out.append(bytes: $0) }
                    return Array(out.written)
                }
                #expect(written == lead + run, "offset \(offset), length \(length)")
                #expect(memory[(offset + length)...].allSatisfy { $0 == 0xEE }, "offset \(offset), length \(length)")
            }
        }
    }

    @Test func jsonRoundTripKeepsKeyOrder() throws {
        let text = CanonicalJSON.text([Self.sub("Ünïcødé \"q\"\n", "1", "USD", nil)])
        let parsed = try JSONValue.parse(text)
        #expect(parsed.serialized(pretty: true) + "\n" == text)
    }

    static let badJSON: [(String, Int, Int)] = [("{\"a\": }", 1, 7), ("[1,\n2,,]", 2, 3), ("{\"a\" 1}", 1, 6), ("\"open", 1, 6)]

    @Test(arguments: badJSON)
    func jsonErrorsHaveLineAndColumn(_ c: (String, Int, Int)) {
        do {
            _ = try JSONValue.parse(c.0)
            Issue.record("parsed bad JSON \(c.0)")
        } catch {
            #expect(error.line == c.1)
            #expect(error.column == c.2)
        }
    }

    @Test func schemaResourceIsValidJSON() throws {
        let text = try #require(Resources.text("subscriptions.schema.json"))
        let schema = try JSONValue.parse(text)
        #expect(schema["title"] == .string(CanonicalJSON.schemaID))
    }
}

/// The summary finds its first few sums by comparing and the rest through an index: totals
/// must not depend on how many currencies and cycles an import has, nor on their order.
@Suite struct SummaryAccumulatorTests {
    static let codes = ["USD", "EUR", "GBP", "JPY", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD", "NZD",
                        "BRL", "MXN", "INR", "CNY", "KRW", "SGD", "HKD", "ZAR", "TRY", "ILS", "AED", "SAR", "THB", "KWD"]

    static func subscriptions() -> [Subscription] {
        codes.flatMap { code -> [Subscription] in
            let currency = Currency(code)!
            let source = Provenance(file: "f", row: 1)
            return [Subscription(name: "a", price: Price(amount: 1, currency: currency), cycle: Cycle(unit: .month, interval: 1),
                                 nextRenewal: nil, category: nil, notes: nil, source: source),
                    Subscription(name: "b", price: Price(amount: 12, currency: currency), cycle: Cycle(unit: .year, interval: 1),
                                 nextRenewal: nil, category: nil, notes: nil, source: source),
                    Subscription(name: "c", price: Price(amount: 3, currency: currency), cycle: Cycle(unit: .week, interval: 1),
                                 nextRenewal: nil, category: nil, notes: nil, source: source)]
        }
    }

    @Test(arguments: [false, true])
    func totalsPerCurrency(_ reversed: Bool) {
        var accumulator = SummaryAccumulator()
        let subs = Self.subscriptions()
        for sub in reversed ? subs.reversed() : subs { accumulator.add(sub) }
        let summary = accumulator.summary
        #expect(summary.totals.map(\.currency.code) == Self.codes.sorted())
        for total in summary.totals {
            #expect(total.count == 3)
            // 1 + 12/12 + 3 × 52/12 = 15 a month; 12 + 12 + 156 = 180 a year.
            #expect(total.monthly == 15, "\(total.currency.code)")
            #expect(total.yearly == 180, "\(total.currency.code)")
        }
    }
}

extension SummaryAccumulatorTests {
    /// Keys are found packed into integers; an interval too long to pack is found by the key itself.
    @Test func longIntervalsKeepTheirOwnSums() {
        var accumulator = SummaryAccumulator()
        let source = Provenance(file: "f", row: 1)
        for interval in [1, 1 << 25, 1, 1 << 25, (1 << 24) - 1] {
            accumulator.add(Subscription(name: "x", price: Price(amount: 12, currency: .usd), cycle: Cycle(unit: .month, interval: interval),
                                         nextRenewal: nil, category: nil, notes: nil, source: source))
        }
        let total = accumulator.summary.totals.first
        #expect(total?.count == 5)
        // Two at 12 a month, the rest next to nothing but not nothing.
        #expect(total.map { $0.monthly > 24 && $0.monthly < 24.001 } == true)
    }

    /// Amounts finer than the currency's minor unit, and sums past Int64, are added as decimals.
    @Test func unitsAndDecimalsAddUp() {
        var accumulator = SummaryAccumulator()
        let source = Provenance(file: "f", row: 1)
        for amount: Decimal in [Decimal(string: "0.005")!, Decimal(string: "1.995")!, Decimal(string: "92233720368547758.07")!,
                                Decimal(string: "92233720368547758.07")!, Decimal(string: "-0.01")!] {
            accumulator.add(Subscription(name: "x", price: Price(amount: amount, currency: .usd), cycle: Cycle(unit: .month, interval: 1),
                                         nextRenewal: nil, category: nil, notes: nil, source: source))
        }
        #expect(accumulator.summary.totals.first?.monthly == Decimal(string: "184467440737095518.13")!)
    }
}

/// `trialEnds` is written after `nextRenewal` only when known, and read back by both readers.
@Suite struct TrialEndsCodingTests {
    @Test func writtenOnlyWhenKnownAndReadBack() throws {
        let source = Provenance(file: "subs.csv", row: 2)
        let trial = Subscription(name: "Hulu", price: Price(amount: 9.99, currency: .usd), cycle: .monthly,
                                 nextRenewal: CalendarDate(year: 2026, month: 12, day: 2), category: .streaming, notes: nil,
                                 source: source, trialEnds: CalendarDate(year: 2026, month: 12, day: 2))
        var plain = trial
        plain.trialEnds = nil
        let text = CanonicalJSON.text([trial, plain])
        #expect(text.contains("\"nextRenewal\": \"2026-12-02\",\n      \"trialEnds\": \"2026-12-02\",\n      \"category\""))
        #expect(text.components(separatedBy: "trialEnds").count == 2)
        #expect(try CanonicalReader.read(text, file: "subs.json") == [trial, plain])
        let encoded = try JSONEncoder().encode(trial)
        #expect(try JSONDecoder().decode(Subscription.self, from: encoded) == trial)
    }
}

/// `kind` is written after `status` only for a series that is not a subscription, and read back
/// by both readers; an unknown kind is an error naming the kinds.
@Suite struct KindCodingTests {
    static let kinds: [ImportDraft.Kind?] = [nil, .subscription, .bill, .transfer, .habit]

    @Test(arguments: kinds)
    func writtenOnlyWhenNotASubscription(_ kind: ImportDraft.Kind?) throws {
        let sub = Subscription(name: "Rent Acme Property", price: Price(amount: 1850, currency: .usd), cycle: .monthly,
                               nextRenewal: CalendarDate(year: 2026, month: 12, day: 1), category: .bills, notes: nil,
                               source: Provenance(file: "statement.csv", row: 9), kind: kind)
        let text = CanonicalJSON.text([sub])
        if let kind, kind != .subscription {
            #expect(sub.kind == kind)
            #expect(text.contains("\"nextRenewal\": \"2026-12-01\",\n      \"kind\": \"\(kind.rawValue)\",\n      \"category\""))
        } else {
            #expect(sub.kind == nil)
            #expect(!text.contains("\"kind\""))
        }
        #expect(try CanonicalReader.read(text, file: "subs.json") == [sub])
        #expect(try JSONDecoder().decode(Subscription.self, from: try JSONEncoder().encode(sub)) == sub)
        var streamed = ""
        var writer = CanonicalStreamWriter(write: { streamed += $0 })
        try writer.begin()
        try writer.add(sub)
        try writer.finish()
        #expect(streamed == text)
    }

    @Test func anUnknownKindIsAnError() {
        let text = """
        {"schema": "ingest/subscriptions@1", "subscriptions": [{"name": "Rent", "price": null, "cycle": null,
        "nextRenewal": null, "kind": "rent", "category": null, "notes": null, "source": {"file": "a.csv", "row": 2}}],
        "summary": {"active": 1, "totals": []}}
        """
        #expect { try CanonicalReader.read(text, file: "subs.json") } throws: { "\($0)".contains("kind \"rent\" is not one of subscription, bill, transfer, habit") }
    }
}
