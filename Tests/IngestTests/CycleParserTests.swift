import Testing
@testable import Ingest

@Suite struct CycleParserTests {
    /// Text, then unit and interval; nil unit means "not a recurring cycle" (must throw).
    struct Case: CustomTestStringConvertible, Sendable {
        var raw: String
        var unit: Cycle.Unit?
        var interval: Int
        var notRecurring: Bool
        init(_ raw: String, _ unit: Cycle.Unit?, _ interval: Int = 1, notRecurring: Bool = false) {
            self.raw = raw
            self.unit = unit
            self.interval = interval
            self.notRecurring = notRecurring
        }
        var testDescription: String { raw }

        func check() {
            let parser = CycleParser()
            guard let unit else {
                do {
                    let cycle = try parser.parse(raw[...])
                    Issue.record("\(raw) read as \(cycle)")
                } catch {
                    if notRecurring { #expect(error.kind == .notRecurring) }
                }
                return
            }
            do {
                #expect(try parser.parse(raw[...]) == Cycle(unit: unit, interval: interval))
            } catch {
                Issue.record("\(raw): \(error.message)")
            }
        }
    }

    static let main: [Case] = [
        Case("monthly", .month), Case("Weekly", .week), Case("biweekly", .week, 2), Case("fortnightly", .week, 2),
        Case("bi-weekly", .week, 2), Case("bimonthly", .month, 2), Case("quarterly", .month, 3), Case("semiannual", .month, 6),
        Case("half-yearly", .month, 6), Case("biannual", .month, 6), Case("twice a year", .month, 6), Case("yearly", .year),
        Case("annual", .year), Case("biennial", .year, 2), Case("daily", .day),
        // Counted forms: the largest exact unit.
        Case("every 3 months", .month, 3), Case("12 months", .year), Case("every 14 days", .week, 2), Case("every 30 days", .day, 30),
        Case("every 4 weeks", .week, 4), Case("24 months", .year, 2), Case("every other week", .week, 2), Case("12-month plan", .year),
        Case("every 365 days", .day, 365),
        // Abbreviations.
        Case("/mo", .month), Case("/yr", .year), Case("/wk", .week), Case("p.m.", .month), Case("p.a.", .year), Case("mo.", .month),
        Case("yr.", .year), Case("/ 1 M", .month), Case("/ 2 W", .week, 2), Case("1 Y", .year), Case("pr. md.", .month),
        // Other languages.
        Case("mensual", .month), Case("monatlich", .month), Case("mensuel", .month), Case("mensile", .month),
        Case("maandelijks", .month), Case("månedlig", .month), Case("månadsvis", .month), Case("每月", .month),
        Case("月付", .month), Case("包月", .month), Case("连续包月", .month), Case("连续包年", .year), Case("季付", .month, 3),
        Case("年付", .year), Case("月額", .month), Case("年額", .year), Case("毎月", .month), Case("매월", .month),
        Case("ежемесячно", .month), Case("miesięcznie", .month), Case("aylık", .month), Case("yıllık", .year),
        Case("alle 3 Monate", .month, 3), Case("cada 6 meses", .month, 6), Case("tous les 3 mois", .month, 3),
        Case("每3个月", .month, 3), Case("3ヶ月ごと", .month, 3), Case("hver 14. dag", .week, 2), Case("vierteljährlich", .month, 3),
        Case("halbjährlich", .month, 6), Case("driemaandelijks", .month, 3), Case("zweiwöchentlich", .week, 2),
        // Price texts with a cycle suffix.
        Case("$9.99/mo", .month), Case("¥25/月", .month), Case("CHF 99.– pro Jahr", .year),
        // Not recurring.
        Case("one-time", nil, notRecurring: true), Case("lifetime", nil, notRecurring: true),
        Case("einmalig", nil, notRecurring: true), Case("paiement unique", nil, notRecurring: true),
        Case("一次性", nil, notRecurring: true), Case("买断", nil, notRecurring: true), Case("買い切り", nil, notRecurring: true),
        Case("7-day free trial", nil, notRecurring: true), Case("N/A", nil), Case("", nil), Case("blue", nil),
    ]

    static let bugsCaught: [Case] = [
        // The number of a price (`9.99`) was read as a count of the unit after it.
        Case("₩9,900/월", .month),
        // `/月` after a number is "per month", not "25 months".
        Case("¥25/月 连续包月", .month),
        // Compound words hold other cycle words: quarterly, not monthly.
        Case("driemaandelijks", .month, 3),
        // Number words and numbered cycle words were read as one unit.
        Case("every two weeks", .week, 2), Case("alle zwei Wochen", .week, 2), Case("3 aylık", .month, 3),
        Case("每两周", .week, 2), Case("격주", .week, 2),
        // A single letter alone is a unit; inside a text it is not.
        Case("M", .month), Case("Y", .year), Case("1M", .month), Case("12M", .year),
    ]

    static let knownLimits: [Case] = [
        // Ordinal words (`every third month`) are not counted.
        Case("var tredje månad", .month, 3),
    ]

    @Test(arguments: main) func reads(_ c: Case) { c.check() }
    @Test(arguments: bugsCaught) func bugsStayFixed(_ c: Case) { c.check() }
    @Test(arguments: knownLimits) func knownLimit(_ c: Case) {
        withKnownIssue { c.check() }
    }

    @Test func findsCycleInsidePriceText() {
        let parser = CycleParser()
        #expect(parser.find("/mo billed annually", counts: true) == .monthly)
        #expect(parser.find("7-day free trial, then", counts: false) == nil)
        #expect(parser.find("9.99", counts: true) == nil)
    }
}

/// Counts that are no interval once read as 1 (`every 0 months`, `every 10^20 months`) or lost
/// their sign (`every -3 weeks` as 3); each is now `.outOfRange`.
@Suite struct CycleLimitTests {
    static let refused: [(String, NormalizeError.Kind)] = [
        ("every 0 months", .outOfRange), ("every 100000000000000000000 months", .outOfRange), ("every -3 weeks", .outOfRange),
        ("every 99999999999999999999 days", .outOfRange), ("every 1001 days", .outOfRange), ("every 1.5 months", .outOfRange),
        ("0 months", .outOfRange), ("alle 0 Monate", .outOfRange), ("monthly\u{0}", .control),
    ]

    @Test(arguments: refused)
    func refusesWithTheKind(_ raw: String, _ kind: NormalizeError.Kind) {
        #expect { try CycleParser().parse(raw[...]) } throws: { ($0 as? NormalizeError)?.kind == kind }
    }

    static let kept: [(String, Cycle)] = [
        ("every 1000 days", Cycle(unit: .day, interval: 1000)), ("every 1 month", .monthly), ("1-3 months", Cycle(unit: .month, interval: 3)),
        ("3-month", Cycle(unit: .month, interval: 3)), ("12 months", .yearly),
    ]

    @Test(arguments: kept)
    func readsCountsInRange(_ raw: String, _ cycle: Cycle) throws {
        #expect(try CycleParser().parse(raw[...]) == cycle)
    }

    @Test func errorsGiveTheirIssueCodes() {
        #expect(NormalizeError(.outOfRange, "x").issueCode("cycle") == "cycle.invalid-interval")
        #expect(NormalizeError(.outOfRange, "x").issueCode("price") == "price.out-of-range")
        #expect(NormalizeError(.outOfRange, "x").issueCode("date") == "date.out-of-range")
        #expect(NormalizeError(.control, "x").issueCode("price") == "price.unparseable")
    }

    @Test func canonicalIntervalsAreChecked() {
        for interval in [0, -3, 1001, Int.max] {
            #expect(throws: DocumentError.self) { try CanonicalReader.cycle(.object([("unit", .string("week")), ("interval", .int(interval))])) }
        }
    }
}
