import Foundation

/// What a spreadsheet number format says a number is: a date (a serial day count), a time, an
/// amount of money with its currency sign or code, or a plain number. Read from Excel format
/// codes (`yyyy-mm-dd`, `[$€-407]#,##0.00`, `#,##0.00\ "kr"`) and the built-in format ids.
enum NumberFormat: Equatable, Sendable {
    case number
    case date
    case time
    /// The sign or code as the format writes it, and whether it stands before the digits.
    case currency(String, before: Bool)

    /// The built-in ids that show dates: 14-17 and 22 (every locale), 27-36 and 50-58 (East
    /// Asian date formats). 18-21 and 45-47 show times.
    static func builtIn(_ id: Int) -> NumberFormat {
        switch id {
        case 14...17, 22, 27...36, 50...58: return .date
        case 18...21, 45...47: return .time
        default: return .number
        }
    }

    /// Reads a format code; only its first section (positive numbers) counts.
    static func parse(_ code: String) -> NumberFormat {
        if code.lowercased() == "general" || code == "@" { return .number }
        var symbol: String?
        var symbolBefore = false
        var sawDigit = false
        var dateLetters = false, timeLetters = false, monthLetter = false
        var chars = Array(code)[...]
        while let c = chars.popFirst() {
            switch c {
            case ";":
                chars = []
            case "\"":
                var literal = ""
                while let next = chars.popFirst(), next != "\"" { literal.append(next) }
                let trimmed = literal.trimmingCharacters(in: .whitespaces)
                if symbol == nil, isCurrencyText(trimmed) { symbol = trimmed; symbolBefore = !sawDigit }
            case "\\":
                if let next = chars.popFirst(), symbol == nil, isCurrencyText(String(next)) {
                    symbol = String(next); symbolBefore = !sawDigit
                }
            case "[":
                var inside = ""
                while let next = chars.popFirst(), next != "]" { inside.append(next) }
                // [$€-407]: a currency sign and a locale; [$-409] only a locale.
                if inside.hasPrefix("$") {
                    let sign = inside.dropFirst().prefix { $0 != "-" }
                    if symbol == nil, !sign.isEmpty { symbol = String(sign); symbolBefore = !sawDigit }
                } else if ["h", "hh", "m", "mm", "s", "ss"].contains(inside.lowercased()) {
                    timeLetters = true
                }
            case "_", "*":
                _ = chars.popFirst()
            case "0", "#", "?":
                sawDigit = true
            default:
                switch c.lowercased() {
                case "d", "y", "e", "g", "b": if c.lowercased() != "e" || !sawDigit { dateLetters = true }
                case "m": monthLetter = true
                case "h", "s": timeLetters = true
                default:
                    if symbol == nil, isCurrencyText(String(c)) { symbol = String(c); symbolBefore = !sawDigit }
                }
            }
        }
        if let symbol, sawDigit { return .currency(symbol, before: symbolBefore) }
        if dateLetters || (monthLetter && !timeLetters) { return .date }
        if timeLetters { return .time }
        return .number
    }

    /// A currency sign (any Unicode currency symbol) or a three-letter code, or words such as
    /// `kr`, `zł`, `Kč` that CLDR writes for a currency.
    static func isCurrencyText(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 4 else { return false }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol }) { return true }
        if text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }), Currency(text) != nil { return true }
        return ["kr", "kr.", "zł", "Kč", "Ft", "lei", "Fr.", "CHF", "R", "R$", "RM", "Rp", "₹"].contains(text)
    }

    /// A spreadsheet serial day as a date: days since 1899-12-30 in the 1900 system (whose day
    /// 60 is the 29 February 1900 that never was), since 1904-01-01 in the 1904 system. Nil
    /// outside years 1900-9999.
    static func date(serial: Double, date1904: Bool) -> CalendarDate? {
        guard serial.isFinite, serial >= 0, serial < 2_958_466 else { return nil }
        let day = Int(serial.rounded(.down))
        if date1904 { return CalendarDate(dayNumber: -24_107 + day) }
        guard day >= 1 else { return nil }
        return CalendarDate(dayNumber: day < 61 ? -25_568 + min(day, 59) : -25_569 + day)
    }

    /// A number as a spreadsheet keeps it (`9.9900000000000002`, `1.5E-3`) written plainly to
    /// the 15 significant digits a spreadsheet shows (`9.99`); nil when it is not a number.
    static func plain(_ text: String) -> String? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
        if value.isZero { return "0" }
        // Digits before the decimal point, at least 1 (0.000123 has none and keeps 15 after its zeros).
        let magnitude = abs(NSDecimalNumber(decimal: value).doubleValue)
        let whole = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : Int(log10(magnitude).rounded(.down)) + 1
        var input = value, rounded = Decimal()
        NSDecimalRound(&rounded, &input, max(0, 15 - whole), .plain)
        return "\(rounded)"
    }
}
