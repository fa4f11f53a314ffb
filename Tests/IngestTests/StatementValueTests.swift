import Foundation
import Testing
@testable import Ingest

/// The byte-level fast paths a bank statement's cells are read with (`FastAmount`,
/// `FastDate`) against the full parsers they stand in for (`PriceParser`, `DateParser`): on a
/// wide table of the shapes statements write, both give the same amount or date. Where the
/// fast path declines a cell with non-ASCII characters, the full parser's reading is taken.
@Suite struct StatementValueTests {
    static let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0))

    struct AmountCase: Sendable, CustomTestStringConvertible {
        var text: String
        var mark: DecimalMark?
        var testDescription: String { "\(text.debugDescription) \(mark.map { "\($0)" } ?? "no mark")" }
    }

    /// Amounts from a cent to a million, written with either mark, with and without thousands
    /// separators, signs, parentheses and currency signs or codes before or after.
    static let amounts: [AmountCase] = {
        let values: [(whole: Int, cents: Int)] = [(0, 1), (0, 99), (9, 99), (15, 49), (100, 0), (999, 99), (1_234, 56), (12_345, 60),
                                                  (1_000_000, 0), (7, 5), (42, 0), (2_480, 0)]
        var cases: [AmountCase] = []
        for (whole, cents) in values {
            for mark in [DecimalMark.point, .comma] {
                let decimal = mark == .point ? "." : ","
                let group = mark == .point ? "," : "."
                let plain = "\(whole)"
                var grouped = ""
                for (i, ch) in plain.reversed().enumerated() {
                    if i > 0, i % 3 == 0 { grouped.insert(contentsOf: group, at: grouped.startIndex) }
                    grouped.insert(ch, at: grouped.startIndex)
                }
                let fraction = cents < 10 ? "0\(cents)" : "\(cents)"
                for number in Set([plain + decimal + fraction, grouped + decimal + fraction]) {
                    for shape in ["N", "-N", "+N", "(N)", "$N", "-$N", "€ N", "N €", "N EUR", "EUR N", "EUR -N", "-N USD", "£N"] {
                        let text = shape.replacingOccurrences(of: "N", with: number)
                        cases.append(AmountCase(text: text, mark: mark))
                        // Two decimals prove the mark: the value alone decides.
                        cases.append(AmountCase(text: text, mark: nil))
                    }
                }
            }
        }
        return cases
    }()

    @Test(arguments: amounts)
    func fastAmountAgreesWithPriceParser(_ c: AmountCase) throws {
        let fast = FastAmount.read(Array(c.text.utf8), mark: c.mark)
        let full = try PriceParser(context: Self.context).parseFully(c.text[...], decimalMark: c.mark)
        #expect(fast != nil)
        #expect(fast == FastAmount.units(full.price.amount))
    }

    struct DateCase: Sendable, CustomTestStringConvertible {
        var text: String
        var order: DateOrder?
        var testDescription: String { "\(text.debugDescription) \(order.map { "\($0)" } ?? "no order")" }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days across every month of years from 2000 to 2068, in the numeric orders and the
    /// separators statements use, two- and four-digit years, with times after them, and with
    /// English month names.
    static let dates: [DateCase] = {
        var cases: [DateCase] = []
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        for (k, year) in [2000, 2009, 2024, 2026, 2031, 2068].enumerated() {
            for month in 1...12 {
                for day in [1, 9, 12, 13, 28, month == 2 ? 29 : 30, 31] {
                    guard CalendarDate(year: year, month: month, day: day) != nil else { continue }
                    let yy = two(year % 100)
                    let shapes: [(String, DateOrder?)] = [
                        ("\(year)-\(two(month))-\(two(day))", nil),
                        ("\(year)-\(two(month))-\(two(day))", .yearMonthDay),
                        ("\(year)-\(two(month))-\(two(day)) 10:15:00", .yearMonthDay),
                        ("\(two(day)).\(two(month)).\(year)", .dayMonthYear),
                        ("\(two(day)).\(two(month)).\(yy)", .dayMonthYear),
                        ("\(day)/\(month)/\(year)", .dayMonthYear),
                        ("\(two(month))/\(two(day))/\(year)", .monthDayYear),
                        ("\(month)/\(day)/\(yy)", .monthDayYear),
                        ("\(two(day))-\(two(month))-\(year)", .dayMonthYear),
                        ("\(two(day)).\(two(month)).\(year) 23:59", .dayMonthYear),
                        ("\(day) \(monthNames[month - 1]) \(year)", nil),
                        ("\(two(day))-\(monthNames[month - 1])-\(year)", .dayMonthYear),
                        ("\(monthNames[month - 1]) \(day), \(year)", nil),
                    ]
                    // Every shape for a few years, a rotating one for the others: wide, not slow.
                    for (i, shape) in shapes.enumerated() where k < 2 || (i + day + month) % 3 == 0 {
                        cases.append(DateCase(text: shape.0, order: shape.1))
                    }
                }
            }
        }
        return cases
    }()

    @Test(arguments: dates)
    func fastDateAgreesWithDateParser(_ c: DateCase) throws {
        let fast = FastDate.date(Array(c.text.utf8), order: c.order)
        let full = try DateParser(context: Self.context).parse(c.text[...], order: c.order)
        #expect(fast != nil)
        #expect(fast == full.date)
    }

    /// Where the fast path knows it reads differently from the full parser: two-digit years
    /// from 69 are 20xx in a statement (transactions are recent) and 19xx to the full parser.
    @Test func twoDigitYearsFrom69DifferOnPurpose() throws {
        let fast = FastDate.date(Array("31.12.99".utf8), order: .dayMonthYear)
        let full = try DateParser(context: Self.context).parse("31.12.99", order: .dayMonthYear)
        #expect(fast == CalendarDate(year: 2099, month: 12, day: 31))
        #expect(full.date == CalendarDate(year: 1999, month: 12, day: 31))
    }

    /// Cells the fast path declines: the full parser reads those with non-ASCII characters and
    /// a year; ASCII text, and dates without their year, stay unread.
    @Test(arguments: [
        ("2. März 2026", DateOrder.dayMonthYear, CalendarDate(year: 2026, month: 3, day: 2)),
        ("5 de diciembre de 2026", .dayMonthYear, CalendarDate(year: 2026, month: 12, day: 5)),
        ("Total", .dayMonthYear, nil),
        ("", .dayMonthYear, nil),
        ("29.11", .dayMonthYear, nil),
        ("2. März", .dayMonthYear, nil),
        ("2026年11月2日", .yearMonthDay, CalendarDate(year: 2026, month: 11, day: 2)),
    ])
    func declinedDatesFallBackToTheFullParser(_ text: String, _ order: DateOrder, _ expected: CalendarDate?) {
        let bytes = Array(text.utf8)
        #expect(DateParser(context: Self.context).statementDate(bytes, order: order) == expected)
    }

    @Test(arguments: [
        ("١٢٫٥٠", DecimalMark?.none, Int64?.some(125_000)),
        ("Total", nil, nil),
        ("", nil, nil),
        ("12,50", .comma, 125_000),
    ])
    func declinedAmountsFallBackToTheFullParser(_ text: String, _ mark: DecimalMark?, _ expected: Int64?) {
        #expect(PriceParser(context: Self.context).statementAmount(Array(text.utf8), mark: mark) == expected)
    }
}
