import Foundation
import Testing
@testable import Ingest

@Suite struct SubscriptionCSVTests {
    static let fields: [(String, String)] = [
        ("Netflix", "Netflix"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("one\ntwo", "\"one\ntwo\""),
        (" padded", "\" padded\""), ("semi;colon", "semi;colon"), ("", ""), ("日本語", "日本語"),
    ]

    @Test(arguments: fields)
    func quoting(_ raw: String, _ cell: String) {
        #expect(SubscriptionCSV.field(raw) == cell)
    }

    /// A cycle, then the plain CSV's words, Tabi's and YNAB's (nil: YNAB has no such repeat).
    static let cycles: [(Cycle, String, String, String?)] = [
        (.monthly, "monthly", "Monthly", "Monthly"), (.weekly, "weekly", "Weekly", "Weekly"), (.yearly, "yearly", "Yearly", "Yearly"),
        (Cycle(unit: .day), "daily", "Daily", "Daily"), (Cycle(unit: .week, interval: 2), "every 2 weeks", "Every 2 Weeks", "Every other week"),
        (Cycle(unit: .week, interval: 4), "every 4 weeks", "Every 4 Weeks", "Every 4 weeks"),
        (Cycle(unit: .month, interval: 3), "every 3 months", "Every 3 Months", "Every 3 months"),
        (Cycle(unit: .month, interval: 6), "every 6 months", "Every 6 Months", "Twice a year"),
        (Cycle(unit: .year, interval: 2), "every 2 years", "Every 2 Years", "Every other year"),
        (Cycle(unit: .day, interval: 10), "every 10 days", "Every 10 Days", nil),
        (Cycle(unit: .month, interval: 5), "every 5 months", "Every 5 Months", nil),
    ]

    @Test(arguments: cycles)
    func cycleWords(_ cycle: Cycle, _ plain: String, _ tabi: String, _ ynab: String?) throws {
        #expect(SubscriptionCSV.cycleText(cycle) == plain)
        #expect(SubscriptionCSV.tabiCycle(cycle) == tabi)
        #expect(SubscriptionCSV.ynabFrequency(cycle) == ynab)
        // The import reads the words back to the same cycle.
        #expect(try CycleParser().parse(plain[...]) == cycle)
        #expect(try CycleParser().parse(tabi[...]) == cycle)
        if let ynab { #expect(try CycleParser().parse(ynab[...]).canonical == cycle.canonical) }
    }
}
