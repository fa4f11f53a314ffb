import Foundation
import Testing
@testable import Ingest

/// The paths that keep a statement's charges out of memory give the answers of the paths they
/// replace: charges spooled to a file come back as appended, series are found from counted
/// amounts instead of a sorted copy, refunds are matched among the candidates only, and skips
/// are counted without being made.
@Suite struct BankStreamingTests {
    /// A deterministic sequence of numbers (a linear congruential generator).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    struct ChargeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var charges: [Charge]
        var testDescription: String { name }
    }

    /// Rows numbered in list order, as the importer numbers them.
    static func numbered(_ list: [(day: Int, amount: Int64)]) -> [Charge] {
        list.enumerated().map { i, c in Charge(day: c.day, amount: c.amount, row: i + 1, line: i + 3) }
    }

    static let start = CalendarDate(year: 2025, month: 10, day: 20)!.dayNumber

    /// A shop's scattered purchases, some at the same few prices, with a subscription among them.
    static func shop(count: Int, seed: UInt64, prices: Int, subscription: Bool) -> [(day: Int, amount: Int64)] {
        var numbers = Numbers(state: seed)
        var list: [(day: Int, amount: Int64)] = (0..<count).map { _ in
            (start + numbers.next(400), Int64(numbers.next(prices) * 250 + 500) * 100)
        }
        if subscription {
            for month in 0..<13 { list.append((start + month * 30 + numbers.next(3), 20_000_000)) }
        }
        // Newest first, as most banks list them.
        return list.sorted { $0.day > $1.day }
    }

    static let chargeCases: [ChargeCase] = {
        var cases: [ChargeCase] = []
        for (name, list, _) in RecurrenceDetectorTests.periods {
            cases.append(ChargeCase(name: name, charges: charges(list)))
            cases.append(ChargeCase(name: name + ", newest first", charges: numbered(charges(list).reversed().map { (day: Int($0.day), amount: $0.amount) })))
        }
        cases.append(ChargeCase(name: "none", charges: []))
        cases.append(ChargeCase(name: "one", charges: charges([("2026-01-05", 999)])))
        cases.append(ChargeCase(name: "price change", charges: charges(monthly("2026-01-05", 4, amount: 1549) + monthly("2026-05-05", 4, amount: 1799))))
        cases.append(ChargeCase(name: "two products", charges: charges(monthly("2026-01-03", 6, amount: 299) + monthly("2026-01-17", 6, amount: 1099))))
        cases.append(ChargeCase(name: "doubled charge", charges: charges(monthly("2026-01-10", 6, amount: 999) + [("2026-03-11", 999)])))
        cases.append(ChargeCase(name: "same day, several amounts",
                                charges: charges((0..<40).map { ("2026-0\($0 % 3 + 1)-1\($0 % 5)", Int64(100 + $0 % 7 * 37)) })))
        cases.append(ChargeCase(name: "shop", charges: numbered(shop(count: 3000, seed: 7, prices: 300, subscription: false))))
        cases.append(ChargeCase(name: "shop with a subscription", charges: numbered(shop(count: 2000, seed: 11, prices: 40, subscription: true))))
        cases.append(ChargeCase(name: "few prices", charges: numbered(shop(count: 500, seed: 3, prices: 6, subscription: true))))
        return cases
    }()

    @Test(arguments: chargeCases)
    func seriesFromCountedAmountsMatchSortedOnes(_ c: ChargeCase) {
        let detector = RecurrenceDetector()
        for knownService in [false, true] {
            let (series, leftover) = detector.detect(c.charges, knownService: knownService)
            var passes = 0
            let found = detector.detect(count: c.charges.count, knownService: knownService) { body in
                passes += 1
                // The streamed path may be handed the charges in any order.
                for charge in c.charges.reversed() { body(charge) }
            }
            #expect(found.series == series, "\(c.name), known \(knownService)")
            #expect(found.leftoverCount == leftover.count, "\(c.name), known \(knownService)")
            for limit in [0, 1, 3, 200, leftover.count - 1, leftover.count, leftover.count + 5] where limit >= 0 {
                #expect(found.leftover(first: limit) == Array(leftover.prefix(limit)), "\(c.name), known \(knownService), first \(limit)")
            }
            #expect(passes <= 2)
        }
    }

    /// A shop's amount groups searched a small batch at a time, keeping only the leftovers a
    /// report lists: the same series, count and first leftovers as the sorted search.
    @Test(arguments: chargeCases.filter { $0.charges.count >= 500 })
    func shopsSearchedInBatchesMatchSortedOnes(_ c: ChargeCase) {
        var detector = RecurrenceDetector()
        detector.batchCharges = 50
        for knownService in [false, true] {
            let (series, leftover) = detector.detect(c.charges, knownService: knownService)
            for keep in [0, 1, 3, 200, leftover.count, Int.max] {
                var passes = 0
                let found = detector.detect(count: c.charges.count, knownService: knownService, keep: keep) { body in
                    passes += 1
                    for charge in c.charges.reversed() { body(charge) }
                }
                #expect(found.series == series, "\(c.name), known \(knownService), keep \(keep)")
                #expect(found.leftoverCount == leftover.count, "\(c.name), known \(knownService), keep \(keep)")
                let listed = min(keep, leftover.count)
                #expect(found.leftover(first: listed) == Array(leftover.prefix(listed)), "\(c.name), known \(knownService), keep \(keep)")
                #expect(passes >= 2)
            }
        }
    }

    /// A ledger of thousands of charges at a few amounts: fares at irregular gaps (none, one,
    /// two or five days), and when asked a monthly subscription whose price rises twice, with a
    /// missed month and a doubled charge.
    static func fares(count: Int, seed: UInt64, amounts: [Int64], subscription: Bool) -> [(day: Int, amount: Int64)] {
        var numbers = Numbers(state: seed)
        var day = start
        var list: [(day: Int, amount: Int64)] = (0..<count).map { _ in
            day += [0, 0, 0, 1, 1, 2, 5][numbers.next(7)]
            return (day, amounts[numbers.next(amounts.count)] * 100)
        }
        if subscription {
            for month in 0..<20 where month != 9 {
                let price: Int64 = month < 6 ? 999 : month < 12 ? 1299 : 1599
                let billed = start + month * 30 + numbers.next(3)
                list.append((billed, price * 100))
                if month == 4 { list.append((billed + 1, price * 100)) }
            }
        }
        return list.sorted { $0.day > $1.day }
    }

    /// `list` oldest first and shuffled, besides as given (newest first).
    static func orders(_ name: String, _ list: [(day: Int, amount: Int64)], seed: UInt64) -> [ChargeCase] {
        var numbers = Numbers(state: seed)
        var shuffled = numbered(list)
        for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, numbers.next(i + 1)) }
        return [ChargeCase(name: name, charges: numbered(list)),
                ChargeCase(name: name + ", oldest first", charges: numbered(list.reversed())),
                ChargeCase(name: name + ", shuffled", charges: shuffled)]
    }

    static let fewAmountCases: [ChargeCase] = {
        var cases: [ChargeCase] = []
        cases += orders("fares at five prices", fares(count: 4000, seed: 5, amounts: [250, 300, 500, 1000, 2000], subscription: false), seed: 1)
        cases += orders("fares and a subscription whose price rises", fares(count: 3000, seed: 9, amounts: [250, 300, 500], subscription: true), seed: 2)
        // A fare every week or so at 2.50, among many at 2.60: regular, but not apart from the others.
        var numbers = Numbers(state: 21)
        let weekly = (0..<100).map { (day: start + $0 * 7 + numbers.next(2), amount: Int64(25_000)) }
        let near = (0..<1500).map { _ in (day: start + numbers.next(700), amount: Int64(26_000)) }
        cases += orders("a weekly fare among near ones", (weekly + near).sorted { $0.day > $1.day }, seed: 3)
        cases += orders("one price only", fares(count: 3000, seed: 13, amounts: [999], subscription: false), seed: 4)
        // Two products whose prices rise, read back in one batch, after fares that start earlier.
        var products: [(day: Int, amount: Int64)] = []
        for month in 0..<18 {
            let small: Int64 = month < 9 ? 49_900 : 59_900, large: Int64 = month < 7 ? 199_900 : 249_900
            products.append((day: start + 10 + month * 30 + month % 3, amount: small))
            products.append((day: start + 20 + month * 30, amount: large))
        }
        cases += orders("two products whose prices rise, among fares",
                        (products + fares(count: 2500, seed: 19, amounts: [250, 300], subscription: false)).sorted { $0.day > $1.day }, seed: 6)
        // A monthly bill charged a hundred and fifty times on each billing day, and a few fares.
        let crowded = (0..<3000).map { i in (day: start + i / 150 * 30 + i % 150 % 2, amount: Int64(499_900)) }
        cases += orders("a monthly bill charged many times a day", (crowded + fares(count: 300, seed: 17, amounts: [300], subscription: false))
            .sorted { $0.day > $1.day }, seed: 5)
        return cases
    }()

    /// A large ledger of few amount groups summarised group by group, its charges read back
    /// only for a group that may make a series: the same series, count and first leftovers as
    /// the sorted search.
    @Test(arguments: fewAmountCases)
    func fewAmountLedgersSummarisedMatchSortedOnes(_ c: ChargeCase) {
        var detector = RecurrenceDetector()
        detector.batchCharges = 256
        for knownService in [false, true] {
            let (series, leftover) = detector.detect(c.charges, knownService: knownService)
            for keep in [0, 1, 3, 200, leftover.count, Int.max] {
                let found = detector.detect(count: c.charges.count, knownService: knownService, keep: keep) { body in
                    for charge in c.charges { body(charge) }
                }
                #expect(found.series == series, "\(c.name), known \(knownService), keep \(keep)")
                #expect(found.leftoverCount == leftover.count, "\(c.name), known \(knownService), keep \(keep)")
                let listed = min(keep, leftover.count)
                #expect(found.leftover(first: listed) == Array(leftover.prefix(listed)), "\(c.name), known \(knownService), keep \(keep)")
            }
        }
    }

    /// The few-amount cases take the summarised path (a group that may make a series is read
    /// again), find series, some of them joined over price changes, and leave more leftovers
    /// than a report lists.
    @Test func theFewAmountCasesAreSummarisedAndHaveSeries() {
        var detector = RecurrenceDetector()
        detector.batchCharges = 256
        var reread = 0, withSeries = 0, priceChanges = 0
        for c in Self.fewAmountCases {
            var passes = 0
            let found = detector.detect(count: c.charges.count, knownService: false, keep: 200) { body in
                passes += 1
                for charge in c.charges { body(charge) }
            }
            if passes > 2 { reread += 1 }
            if !found.series.isEmpty { withSeries += 1 }
            if found.series.contains(where: { $0.priceSteps.count > 1 }) { priceChanges += 1 }
            if c.name.hasPrefix("two products") {
                #expect(found.series.filter { $0.priceSteps.count > 1 }.count == 2, "\(c.name)")
            }
            #expect(found.leftoverCount > 200, "\(c.name)")
        }
        #expect(reread >= 6)
        #expect(withSeries >= 3)
        #expect(priceChanges >= 6)
    }

    /// Summaries join as the groups they summarise do: the same days and period, also when the
    /// later group starts within the double window of the earlier one's end and its next charge
    /// would be the same billing as its first.
    static let summaryJoins = RecurrenceDetectorTests.joins + [
        .init(name: "new price charged twice at the change",
              before: monthly("2026-01-05", 5, amount: 999),
              after: [("2026-05-07", 1299), ("2026-05-10", 1299)] + monthly("2026-06-07", 4, amount: 1299)),
    ]

    @Test(arguments: summaryJoins)
    func summariesJoinAsTheirGroups(_ c: RecurrenceDetectorTests.JoinCase) {
        let all = charges(c.before + c.after)
        func summary(_ list: ArraySlice<Charge>, member: Int32) -> RecurrenceDetector.GroupSummary {
            let from = all.map(\.day).min() ?? 0
            var tally = RecurrenceDetector.GroupTally(span: Int((all.map(\.day).max() ?? 0) - from) + 1)
            for charge in list.reversed() { tally.add(charge, from: from, keep: 2) }
            return tally.summary(member: member, from: from, keep: 2)
        }
        let a = RecurrenceDetector.Group(Array(all.prefix(c.before.count)))
        let b = RecurrenceDetector.Group(Array(all.dropFirst(c.before.count)))
        let sa = summary(all.prefix(c.before.count), member: 0), sb = summary(all.dropFirst(c.before.count), member: 1)
        #expect(sa.days == a.days && sb.days == b.days)
        #expect((sa.first, sa.lastDay, sa.firstAmount, sa.lastAmount) == (a.first, a.lastDay, a.firstAmount, a.lastAmount))
        var joined = RecurrenceDetector.GroupSummary(daysOf: sa, then: sb)
        let expected = RecurrenceDetector.Group(daysOf: a, then: b)
        #expect(joined.days == expected.days)
        #expect(joined.fit == expected.fit)
        joined.takeCharges(of: sa, then: sb)
        #expect(joined.members == [0, 1])
        #expect(joined.count == all.count)
        #expect(joined.firstCharges.prefix(2) == all.prefix(2))
    }

    /// Oldest first, newest first with each day's rows in order, and shuffled: the one-pass
    /// orders and the sort give what sorting gives.
    @Test(arguments: [0, 1, 2, 3, 50, 400])
    func chargesSortByDayAndRowInEveryOrder(_ count: Int) {
        var numbers = Numbers(state: UInt64(count) &+ 17)
        var days = (0..<count).map { _ in Self.start + numbers.next(max(1, count / 4)) }
        days.sort()
        let oldestFirst = days.enumerated().map { Charge(day: $1, amount: 100, row: $0 + 1, line: $0 + 2) }
        // Newest first: days go down, a day's rows go up.
        let newestFirst = days.reversed().enumerated().map { Charge(day: $1, amount: 100, row: $0 + 1, line: $0 + 2) }
        var shuffled = oldestFirst
        for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, numbers.next(i + 1)) }
        let blockReversed = Array(oldestFirst.reversed())
        for list in [oldestFirst, newestFirst, shuffled, blockReversed] {
            var fast = list
            RecurrenceDetector.sortByDayAndRow(&fast)
            #expect(fast == list.sorted { ($0.day, $0.row) < ($1.day, $1.row) })
        }
    }

    @Test func theShopCasesHaveSeriesAndLeftovers() {
        let detector = RecurrenceDetector()
        let cases = Self.chargeCases.filter { $0.name.hasPrefix("shop") || $0.name == "few prices" }
        #expect(cases.contains { !detector.detect($0.charges, knownService: false).series.isEmpty })
        #expect(cases.allSatisfy { detector.detect($0.charges, knownService: false).leftover.count > 200 })
    }

    // MARK: Refunds

    /// The matching `settleRefunds` replaces: every charge unpacked, the last match removed.
    static func settleUnpacked(_ charges: [Charge], _ credits: [Charge], name: String) -> (skips: [Skip], left: [Charge]) {
        var charges = charges
        var skips: [Skip] = []
        for credit in credits {
            if let index = charges.lastIndex(where: { $0.amount == credit.amount && $0.day <= credit.day && credit.day - $0.day <= 60 }) {
                let charge = charges.remove(at: index)
                skips.append(Skip(.refund, line: Int(charge.line), row: Int(charge.row), detail: "refunded on \(credit.date)"))
                skips.append(Skip(.refund, line: Int(credit.line), row: Int(credit.row), detail: name))
            } else {
                skips.append(Skip(.income, line: Int(credit.line), row: Int(credit.row), detail: name))
            }
        }
        return (skips, charges)
    }

    struct RefundCase: Sendable, CustomTestStringConvertible {
        var name: String
        var charges: [Charge]
        var credits: [Charge]
        var testDescription: String { name }
    }

    static let refundCases: [RefundCase] = {
        let base = Self.start
        func c(_ day: Int, _ amount: Int64, _ row: Int) -> Charge { Charge(day: base + day, amount: amount, row: row, line: row + 1) }
        var numbers = Numbers(state: 5)
        let many = (1...400).map { c(numbers.next(200), Int64(numbers.next(8) * 500 + 1000), $0) }
        let manyCredits = (401...460).map { c(numbers.next(260), Int64(numbers.next(10) * 500 + 1000), $0) }
        return [
            RefundCase(name: "no credits", charges: [c(0, 1000, 1)], credits: []),
            RefundCase(name: "refund of the last match", charges: [c(0, 1000, 1), c(10, 1000, 2), c(20, 2000, 3)], credits: [c(30, 1000, 4)]),
            RefundCase(name: "too late", charges: [c(0, 1000, 1)], credits: [c(61, 1000, 2)]),
            RefundCase(name: "exactly 60 days", charges: [c(0, 1000, 1)], credits: [c(60, 1000, 2)]),
            RefundCase(name: "before the charge", charges: [c(10, 1000, 1)], credits: [c(9, 1000, 2)]),
            RefundCase(name: "two credits, one charge", charges: [c(0, 1000, 1)], credits: [c(5, 1000, 2), c(6, 1000, 3)]),
            RefundCase(name: "income", charges: [c(0, 1000, 1)], credits: [c(5, 7000, 2)]),
            RefundCase(name: "many", charges: many, credits: manyCredits),
        ]
    }()

    @Test(arguments: refundCases)
    func refundsAmongCandidatesMatchRefundsAmongAllCharges(_ c: RefundCase) {
        let merchant = Merchant(key: "SHOP", name: "Shop", category: nil, isKnownService: false)
        let ledger = BankImporter.PackedLedger(merchant: merchant, currency: nil, charges: ChargeLog(c.charges), credits: ChargeLog(c.credits))
        let importer = BankImporter(options: ImportOptions(context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)))
        let (skips, refunded) = importer.settleRefunds(ledger)
        let expected = Self.settleUnpacked(c.charges, c.credits, name: merchant.name)
        #expect(skips == expected.skips)
        #expect(c.charges.filter { !refunded.contains($0.row) } == expected.left)
    }

    @Test func theManyRefundCaseRefundsSomeAndNotOthers() {
        let many = Self.refundCases[Self.refundCases.count - 1]
        let skips = Self.settleUnpacked(many.charges, many.credits, name: "Shop").skips
        #expect(skips.contains { $0.reason == .refund } && skips.contains { $0.reason == .income })
    }

    // MARK: Skips

    @Test(arguments: [0, 1, 2, 5, 9])
    func skipsAddedTogetherMatchSkipsAddedOneByOne(_ limit: Int) {
        var single = SkipTally(limit: limit), bulk = SkipTally(limit: limit)
        let runs: [(Skip.Reason, Int)] = [(.irregular, 3), (.oneOff, 1), (.irregular, 4), (.income, 0), (.irregular, 2), (.oneOff, 7)]
        var line = 0
        for (reason, count) in runs {
            let skips = (0..<count).map { _ in
                line += 1
                return Skip(reason, line: line, row: line - 1, detail: "x")
            }
            for skip in skips { single.add(skip) }
            bulk.add(reason, count: count, listing: skips.prefix(bulk.room(for: reason)))
            bulk.add(Skip(.transfer, line: line, detail: "t"))
            single.add(Skip(.transfer, line: line, detail: "t"))
        }
        #expect(bulk.listed == single.listed)
        #expect(bulk.unlisted == single.unlisted)
    }

    // MARK: Spooled charges

    @Test(arguments: [0, 1, 700, 1_365, 1_366, 5_000, 20_000])
    func spooledChargesComeBackAsAppended(_ count: Int) throws {
        let spool = try #require(ChargeSpool())
        var numbers = Numbers(state: UInt64(count) + 1)
        let list = (0..<count).map { i in
            Charge(day: Self.start - i / 30 + numbers.next(3), amount: Int64(numbers.next(1_000_000)) - 1000, row: i + 1, line: i + 2 + i / 500)
        }
        // Two logs filling the one file in turns, as ledgers do.
        var a = ChargeLog(spool: spool), b = ChargeLog(spool: spool)
        for (i, charge) in list.enumerated() {
            if i % 3 == 0 { b.append(charge) } else { a.append(charge) }
        }
        #expect(a.count + b.count == count)
        #expect(a.charges == list.enumerated().filter { $0.offset % 3 != 0 }.map(\.element))
        #expect(b.charges == list.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        var again: [Charge] = []
        a.forEach { again.append($0) }
        #expect(again == a.charges)
        #expect(ChargeLog(list, spool: spool).charges == ChargeLog(list).charges)
    }

    @Test func aSpoolLeavesNoFileBehind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spool = try #require(ChargeSpool(directory: directory.path))
        var log = ChargeLog(spool: spool)
        for i in 0..<5_000 { log.append(Charge(day: i, amount: Int64(i) * 100, row: i, line: i + 1)) }
        #expect(log.charges.count == 5_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(ChargeSpool(directory: directory.path + "/missing") == nil)
    }

    // MARK: Drafts whose provenance waits in the spool

    /// Series of every kind, and one of thousands of charges (a statement that repeats the same
    /// months, as the generated benchmark does), whose packed rows fill several spool blocks.
    static let seriesCases: [ChargeCase] = {
        var cases = chargeCases.filter { !$0.name.hasPrefix("shop") }
        var numbers = Numbers(state: 29)
        var repeated: [(day: Int, amount: Int64)] = []
        for copy in 0..<400 {
            for month in 0..<13 { repeated.append((start + month * 30 + copy % 3, 15_990_000 + Int64(numbers.next(2)) * 100)) }
        }
        cases.append(ChargeCase(name: "the same year 400 times", charges: numbered(repeated)))
        return cases
    }()

    /// A series' draft made without its provenance and handed on by `BankDrafts`, with its
    /// charges spooled (while ledgers write to the same file) or kept in memory, is the draft
    /// `SeriesDraftBuilder` makes with every charge's provenance.
    @Test(arguments: seriesCases)
    func draftsHandedOnFromTheSpoolMatchDraftsMadeWhole(_ c: ChargeCase) throws {
        let detector = RecurrenceDetector()
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        let builder = SeriesDraftBuilder(file: "statement.csv", context: context)
        let spool = try #require(ChargeSpool())
        let usd = Currency("USD")
        var ledger = ChargeLog(spool: spool)
        for knownService in [false, true] {
            let merchant = Merchant(key: "SHOP", name: "Shop", category: nil, isKnownService: knownService)
            let series = detector.detect(c.charges, knownService: knownService).series
            let whole = series.map { builder.draft($0, merchant: merchant, currency: usd) }
            for place in [spool, nil] {
                var entries: [BankDrafts.Entry] = []
                for s in series {
                    for charge in c.charges.prefix(2_000) { ledger.append(charge) }
                    entries.append(BankDrafts.Entry(builder.draft(s, merchant: merchant, currency: usd, provenance: []),
                                                    charges: s.charges, spool: place))
                }
                let drafts = BankDrafts(file: builder.file, entries: entries)
                #expect(Array(drafts) == whole, "\(c.name), known \(knownService), spooled \(place != nil)")
                #expect(Array(drafts.withoutProvenance).allSatisfy { $0.provenance.isEmpty })
                #expect(drafts.rows == whole.reduce(0) { $0 + $1.provenance.count })
                #expect(drafts.entries.map(\.firstRow) == whole.map { $0.provenance.first?.row ?? 0 })
                // Read twice: handing the drafts on consumes nothing.
                #expect(Array(drafts) == whole)
            }
        }
        #expect(ledger.charges.count == ledger.count)
    }

    static let allStatements = ["alipay.csv", "amex.csv", "barclays.csv", "chase.csv", "citi.csv", "creditagricole.csv",
                                "danske.csv", "dkb.csv", "ing.csv", "monzo.csv", "nordea.csv", "op.csv", "paypal.csv",
                                "sparkasse.csv", "starling.csv", "wellsfargo.csv"]

    /// The duplicate-counting pass keeps a statement's drafts for the output pass: replayed,
    /// they are the drafts a plain import hands on, counted by the same keys, and every row is
    /// in one draft's provenance or one skip.
    @Test(arguments: allStatements)
    func replayedStatementsMatchImportedOnes(_ name: String) throws {
        let path = FixtureFolder.url("bank/" + name).path
        let options = ImportOptions(kind: .bank, context: NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!))
        var counted: [UInt64?] = []
        let recorded = try Importer(options: options).runNames(path: path, name: name) { counted.append($0) }
        guard case .finished(let replayed, let replayedReport)? = recorded else {
            Testing.Issue.record("\(name): a statement is not replayed")
            return
        }
        var imported: [ImportDraft] = []
        let report = try Importer(options: options).run(path: path, name: name) { imported.append($0) }
        #expect(Array(replayed) == imported)
        #expect(counted == imported.map { DraftMerger.key($0, catalog: .bundled).map(DraftMerger.hash) })
        #expect(replayedReport.skips == report.skips && replayedReport.unlistedSkips == report.unlistedSkips)
        #expect(replayedReport.warnings == report.warnings && replayedReport.rows == report.rows)
        #expect(!imported.isEmpty && imported.allSatisfy { !$0.provenance.isEmpty })

        var all = BankImporter(options: options)
        all.listedSkipsPerReason = .max
        let table = try TransactionTable(path: path, name: name, context: options.context)
        let (drafts, full) = try all.read(table: table, name: name)
        let inDrafts = drafts.flatMap { $0.provenance.compactMap(\.row) }
        let skipped = full.skips.compactMap(\.row)
        #expect(full.unlistedSkips.isEmpty)
        #expect(Set(inDrafts).count == inDrafts.count && Set(inDrafts).isDisjoint(with: skipped))
        #expect(inDrafts.count + full.skips.count == full.rows)
        #expect(drafts.rows == inDrafts.count)
    }

    /// Refunds and income are kept per ledger only as far as the report lists them: the
    /// counts per reason are those of a report that lists every skip.
    @Test(arguments: allStatements)
    func listedSkipsAreCountedInFull(_ name: String) throws {
        let path = FixtureFolder.url("bank/" + name).path
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        func counts(limit: Int) throws -> [Skip.Reason: Int] {
            var importer = BankImporter(options: ImportOptions(kind: .bank, context: context))
            importer.listedSkipsPerReason = limit
            let report = try importer.read(table: try TransactionTable(path: path, name: name, context: context), name: name).report
            #expect(Dictionary(grouping: report.skips, by: \.reason).values.allSatisfy { $0.count <= limit })
            var out = report.unlistedSkips
            for skip in report.skips { out[skip.reason, default: 0] += 1 }
            return out
        }
        let all = try counts(limit: .max)
        for limit in [0, 1, 3] { #expect(try counts(limit: limit) == all, "\(name), \(limit)") }
    }

    // MARK: Descriptor patterns

    static let starDescriptors: [BankFastPathTests.Row] = [
        .init(type: "DEBIT_CARD", text: "AMZN Mktp US*2K4L19LB3"),
        .init(type: "DEBIT_CARD", text: "AMZN Mktp US*TRANSFER"),
        .init(type: "DEBIT_CARD", text: "AMZN Mktp US*PAYMENT THANK YOU"),
        .init(text: "AMZN Prime*2K4L19LB3 AMZN.COM/BILL WA"),
        .init(text: "amzn prime * 2K4L19LB3 extra words"),
        .init(text: "Netflix.com*ABC123 Los Gatos"),
        .init(text: "RENT CO*X1 LANDLORD"),
        .init(text: "Payment Thank*X1 You"),
        .init(text: "PAYMENT*RX2 THANK YOU"),
        .init(text: "SQ *BLUE BOTTLE COFFEE NY"),
        .init(text: "TST* DIG INN 0123"),
        .init(text: "PAYPAL *DISNEYPLUS 4029357733"),
        .init(text: "MY SHOP PAYPAL*ZX81"),
        .init(text: " *LEADING STAR TOKEN"),
        .init(text: "AMZN Mktp US* "),
        .init(text: "AMZN Mktp US*--- SHOP"),
        .init(text: "AMZN*A-B rest"),
        .init(text: "AMZN*A*B rest"),
        .init(text: "1234*ABCD"),
        .init(text: "CARD 1234*ZZ9 SAVINGS"),
        .init(text: "HELLO*W0RLD\r\nNEXT"),
        .init(text: "CAFÉ*TOKEN1"),
        .init(payee: "AMAZON", text: "AMZN Mktp US*2K4L19LB3"),
        .init(type: "ACH_DEBIT", text: "AMZN Mktp US*2K4L19LB3", reference: "Transfer to savings"),
        .init(type: "TRANSFER", text: "AMZN Mktp US*2K4L19LB3"),
        .init(text: "\tSPOTIFY\t*P2B3C4D5E6"),
    ]

    /// The same descriptor with the word after its star replaced.
    static func variants(_ row: BankFastPathTests.Row) -> [BankFastPathTests.Row] {
        guard let star = row.text.firstIndex(of: "*") else { return [row] }
        let after = row.text[row.text.index(after: star)...]
        let leading = after.prefix { $0 == " " }
        let word = after.dropFirst(leading.count).prefix { $0 != " " }
        let rest = after.dropFirst(leading.count + word.count)
        return [String(word), "9XK2", "Q", "0", "TRANSFER", "rent", "PAYMENT", "A.B", "Z-9-Z", "SAVINGS"].map { token in
            var variant = row
            variant.text = String(row.text[...star]) + leading + token + rest
            return variant
        }
    }

    /// Rows run through one small cache, so entries come from patterns of earlier variants
    /// and move between generations: every entry is the merchant and words computed afresh.
    @Test(arguments: [1, 2, 64])
    func entriesFoundByPatternMatchFreshOnes(_ limit: Int) {
        var cache = MerchantCache(limit: limit)
        let keys = MerchantKey(catalog: .bundled)
        let rows = Self.starDescriptors.flatMap(Self.variants)
        for row in rows + rows.reversed() {
            let entry = cache.entry(for: BankByteRowTests.bytes(row), encoding: .utf8, keys: keys)
            let t = row.transaction
            #expect(cache.merchants[Int(entry.merchant)] == keys.merchant(payee: t.payee, text: t.text, reference: t.reference),
                    "\(row.testDescription)")
            #expect(cache.kinds[Int(entry.words)] == TransactionClassifier.words(of: t), "\(row.testDescription)")
        }
    }

    static func pattern(_ row: BankFastPathTests.Row) -> String? {
        var key: [UInt8] = []
        MerchantCache.appendKey(of: BankByteRowTests.bytes(row), to: &key)
        var pattern: [UInt8] = []
        let text = key.withUnsafeBytes { MerchantCache.pattern(of: $0, into: &pattern) }
        return text == nil ? nil : String(decoding: pattern.filter { $0 >= 0x20 }, as: UTF8.self)
    }

    @Test func onlyTokensOutsideEveryPhraseMakePatterns() {
        #expect(!TransactionClassifier.phraseIndex.words.contains("0"))
        #expect(TransactionClassifier.phraseIndex.words.contains("transfer") && TransactionClassifier.phraseIndex.words.contains("thank"))
        let amazon = Self.starDescriptors[0]
        #expect(Self.pattern(amazon) != nil)
        let patterns = Self.variants(amazon).compactMap(Self.pattern)
        #expect(patterns.count >= 4 && patterns.count <= 7)
        #expect(patterns.allSatisfy { $0 == Self.pattern(amazon) })
        for row in Self.starDescriptors where ["US*TRANSFER", "US*PAYMENT", "SQ *", "TST*", "PAYPAL", " *LEADING", "US* ", "---", "\r", "É"]
            .contains(where: row.text.contains) || !row.payee.isEmpty {
            #expect(Self.pattern(row) == nil, "\(row.testDescription)")
        }
    }

    // MARK: Searching ledgers on two threads

    static let statements = ["chase.csv", "barclays.csv", "monzo.csv", "sparkasse.csv", "alipay.csv", "wellsfargo.csv"]

    /// Every statement imported with the ledgers searched on one thread and on two (with a
    /// listing limit low enough that which leftovers are listed depends on the order): the
    /// same drafts, skips and counts.
    @Test(arguments: statements)
    func ledgersSearchedOnTwoThreadsGiveWhatOneGives(_ name: String) throws {
        let data = try FixtureFolder.data("bank/" + name)
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        func run(threads: Int) throws -> ([ImportDraft], ImportReport) {
            var importer = BankImporter(options: ImportOptions(kind: .bank, context: context))
            importer.searchThreads = threads
            importer.searchThreadsFrom = 0
            importer.listedSkipsPerReason = 3
            var drafts: [ImportDraft] = []
            let table = try TransactionTable(data: data, name: name, context: context)
            let report = try importer.run(table: table, name: name) { drafts.append($0) }
            return (drafts, report)
        }
        let (one, oneReport) = try run(threads: 1)
        for _ in 0..<3 {
            let (two, twoReport) = try run(threads: 2)
            #expect(two == one)
            #expect(twoReport.skips == oneReport.skips)
            #expect(twoReport.unlistedSkips == oneReport.unlistedSkips)
            #expect(twoReport.rows == oneReport.rows && twoReport.drafts == oneReport.drafts)
        }
        #expect(!one.isEmpty && !oneReport.unlistedSkips.isEmpty)
    }
}
