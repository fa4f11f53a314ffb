import Foundation
import Testing
@testable import Ingest

/// Exports without a header read by the shape of their columns, and descriptors whose text is
/// structured (ABN AMRO's `/TRTP/…/NAME/…/REMI/…`).
@Suite struct HeaderlessLayoutTests {
    /// ABN AMRO's .TAB export: account, currency, date, balance before and after, value date,
    /// amount, description.
    static func abnRow(_ date: String, _ amount: String, _ text: String) -> String {
        ["417164300", "EUR", date, "2345,67", "2330,18", date, amount, text].joined(separator: "\t")
    }

    static let abn: String = {
        var rows: [String] = []
        for (i, month) in ["07", "08", "09", "10"].enumerated() {
            rows.append(abnRow("2026\(month)06", "-13,49",
                               "/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL98ZZZ123456780000/NAME/Netflix International B.V./MARF/4711/REMI/Netflix abonnement \(i)/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/EREF/E2E\(i)"))
            rows.append(abnRow("2026\(month)1\(i)", "-\(20 + i * 7),\(10 + i)", "BEA   NR:XK\(i)Q524Y 1\(i).\(month).26/12.01 Albert Heijn 1234,PAS123"))
            rows.append(abnRow("2026\(month)2\(i)", "-\(8 + i),95", "BEA   NR:ZZ\(i)Q524Y 2\(i).\(month).26/18.40 Jumbo Supermarkt,PAS123"))
        }
        return rows.joined(separator: "\r\n") + "\r\n"
    }()

    @Test func abnTabColumnsFromValues() throws {
        let rows = Self.abn.split(separator: "\r\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let roles = TransactionColumns.detect(values: rows)
        #expect(roles[.date] == 2)
        // The amount, not a balance: the money column with the minus signs.
        #expect(roles[.amount] == 6)
        #expect(roles[.currency] == 1)
        #expect(roles[.description] == 7)
    }

    @Test func abnTabImportsWithItsCurrencyAndNames() throws {
        let (drafts, report) = try importBank(Self.abn, today: "2026-10-20")
        let netflix = try #require(drafts.first)
        #expect(drafts.count == 1)
        #expect(netflix.name.value == "Netflix")
        #expect(netflix.price.value == Price(amount: Decimal(string: "13.49") ?? 0, currency: Currency("EUR")))
        #expect(report.rows == 12)
    }

    @Test func abnTabIsAStatementWithoutFrom() throws {
        let path = FixtureFolder.url("bank/abnamro-tab.tab").path
        #expect(ImportOptions(context: NormalizeContext(today: CalendarDate(dayNumber: 0))).inputKind(of: path) == .bankStatement)
    }

    /// Eight-digit dates are dates only when they make a day: account numbers and amounts in
    /// cents are not.
    @Test func eightDigitDates() {
        let cases: [([String], Int?)] = [
            (["20261105", "20261231", "20260229"], nil),  // 2026-02-29 does not exist: 2 of 3
            (["20261105", "20261231", "20260228", "19991231", "20000101"], 0),
            (["12345678", "87654321", "11223344", "55667788", "99887766"], nil),
        ]
        for (values, expected) in cases {
            let rows = values.map { [$0, "-1,00", "shop"] }
            #expect(TransactionColumns.detect(values: rows)[.date] == expected, "\(values)")
        }
    }

    /// A monthly plan with one month not charged stays monthly, its renewal a month after the last charge.
    @Test func monthlyWithAMissedMonthStaysMonthly() throws {
        var lines = ["Date,Description,Amount"]
        for month in [1, 2, 3, 5, 6, 7, 8] {
            lines.append(String(format: "2026-%02d-14,SPOTIFY P%dA9X,-11.99", month, month))
        }
        let (drafts, _) = try importBank(lines.joined(separator: "\n") + "\n", today: "2026-08-20")
        let spotify = try #require(drafts.first)
        #expect(spotify.cycle.value == Cycle(unit: .month, interval: 1))
        #expect(spotify.nextRenewal.value == CalendarDate(year: 2026, month: 9, day: 14))
    }
}
