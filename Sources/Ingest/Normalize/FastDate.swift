/// The fast path of `DateParser` for statement dates: reads the numeric and English-month
/// dates of a bank statement's cells (`11/29/2026`, `29.11.26`, `2026-11-29 10:00`,
/// `2 Nov 2026`, `20261102`) straight from their bytes. `DateParser.statementDate` takes the
/// full parser's reading when this one declines a cell that has non-ASCII characters.
enum FastDate {
    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12, "mai": 5, "okt": 10, "dez": 12, "mrt": 3, "mei": 5, "jui": 7, "aou": 8,
        "fev": 2, "avr": 4, "juil": 7, "ene": 1, "abr": 4, "ago": 8, "dic": 12, "maj": 5, "des": 12,
    ]

    /// The numbers of a date cell in written order (`31.12.26` → [31, 12, 26]), the month
    /// name's number marked negative (`2 Nov 2026` → [2, -11, 2026]); a time after the date
    /// is ignored. `20261102` → [2026, 11, 2].
    static func parts<C: Collection<UInt8>>(_ bytes: C) -> [Int] {
        var parts: [Int] = []
        var current = -1
        var width = 0
        var word: [UInt8] = []
        func flush() {
            if current >= 0 {
                if width == 8, parts.isEmpty { parts = [current / 10000, current / 100 % 100, current % 100] } else { parts.append(current) }
            }
            if !word.isEmpty, let m = months[String(decoding: word.prefix(word.count >= 4 && word.starts(with: Array("juil".utf8)) ? 4 : 3), as: UTF8.self)] { parts.append(-m) }
            current = -1
            width = 0
            word = []
        }
        for b in bytes {
            if parts.count >= 3 { break }
            if b >= 0x30 && b <= 0x39 {
                if !word.isEmpty { flush() }
                // Saturates past nine digits (a reference number), which no date part is.
                current = DateToken.appending(Int(b - 0x30), to: max(current, 0))
                width += 1
            } else if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) {
                if current >= 0 { flush() }
                if word.count < 8 { word.append(b | 0x20) }
            } else {
                flush()
                if b == 0x3A || b == 0x54 { break }
            }
        }
        if parts.count < 3 { flush() }
        return parts
    }

    /// The date of a cell: `parts` then `date(_:order:)`, with numeric dates of three
    /// groups (`11/29/2026`, `29.11.26`, `2026-11-29`) read without building an array.
    static func date<C: Collection<UInt8>>(_ bytes: C, order: DateOrder?) -> CalendarDate? {
        if let (a, b, c) = numericParts(bytes) { return date(a, b, c, order: order) }
        return date(parts(bytes), order: order)
    }

    /// The three numbers of a cell that is exactly `digits sep digits sep digits` (sep one of
    /// `/ . -`, at most seven digits a group), as `parts` reads them; nil for anything else.
    static func numericParts<C: Collection<UInt8>>(_ bytes: C) -> (Int, Int, Int)? {
        var parts = (0, 0, 0)
        var group = 0
        var value = 0
        var width = 0
        for b in bytes {
            if b >= 0x30 && b <= 0x39 {
                guard width < 7 else { return nil }
                value = value * 10 + Int(b - 0x30)
                width += 1
            } else if b == 0x2F || b == 0x2E || b == 0x2D {
                guard width > 0, group < 2 else { return nil }
                if group == 0 { parts.0 = value } else { parts.1 = value }
                group += 1
                value = 0
                width = 0
            } else {
                return nil
            }
        }
        guard group == 2, width > 0 else { return nil }
        parts.2 = value
        return parts
    }

    /// A date from its parts in the column's order; nil when they make no date.
    static func date(_ parts: [Int], order: DateOrder?) -> CalendarDate? {
        guard parts.count >= 3 else { return nil }
        return date(parts[0], parts[1], parts[2], order: order)
    }

    /// A date from the first three parts of `parts`.
    static func date(_ a: Int, _ b: Int, _ c: Int, order: DateOrder?) -> CalendarDate? {
        func year(_ y: Int) -> Int { y < 100 ? 2000 + y : y }
        if b < 0 { return CalendarDate(year: year(c), month: -b, day: a) }
        if a < 0 { return CalendarDate(year: year(c), month: -a, day: b) }
        if a > 31 || order == .yearMonthDay && a > 999 { return CalendarDate(year: a, month: b, day: c) }
        if order == .monthDayYear { return CalendarDate(year: year(c), month: a, day: b) }
        return CalendarDate(year: year(c), month: b, day: a)
    }

    /// Numeric order proven by a sample of date cells, nil when every day was ≤ 12.
    static func dateOrder(of samples: [[Int]]) -> DateOrder? {
        var dayFirst = 0, monthFirst = 0, yearFirst = 0
        for p in samples where p.count >= 3 && p[0] >= 0 && p[1] >= 0 {
            if p[0] > 31 { yearFirst += 1 } else if p[0] > 12 { dayFirst += 1 } else if p[1] > 12 { monthFirst += 1 }
        }
        if yearFirst > 0 { return .yearMonthDay }
        if dayFirst > 0 && monthFirst == 0 { return .dayMonthYear }
        if monthFirst > 0 && dayFirst == 0 { return .monthDayYear }
        return nil
    }
}

extension FastDate {
    /// Whether the bytes hold a run of exactly four ASCII digits.
    static func hasYear<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        var run = 0
        for b in bytes {
            if b >= 0x30 && b <= 0x39 {
                run += 1
            } else {
                if run == 4 { return true }
                run = 0
            }
        }
        return run == 4
    }
}

extension DateParser {
    /// A statement cell's date: the fast path, else, for a cell with non-ASCII characters and a
    /// four-digit year (`2. März 2026`, `5 de diciembre de 2026`), the full parser; nil when
    /// neither reads one. A date without its year is not read: the full parser would take its
    /// next occurrence, which a transaction's date is not.
    func statementDate<C: Collection<UInt8>>(_ bytes: C, order: DateOrder?, encoding: TextEncoding = .utf8) -> CalendarDate? {
        if let fast = FastDate.date(bytes, order: order) { return fast }
        guard bytes.contains(where: { $0 >= 0x80 }), FastDate.hasYear(bytes) else { return nil }
        let text = encoding.isSingleByte ? encoding.decodeSingleByte(bytes) : String(decoding: bytes, as: UTF8.self)
        return (try? parse(text[...], order: order))?.date
    }
}
