import Foundation

/// A price as written by a person: an exact amount and, when known, its ISO 4217 currency.
public struct Price: Hashable, Sendable {
    public var amount: Decimal
    public var currency: Currency?

    public init(amount: Decimal, currency: Currency?) {
        self.amount = amount
        self.currency = currency
    }

    /// The amount with the currency's ISO 4217 minor digits, as the canonical output writes it
    /// (`15.5 USD` → `"15.50"`, JPY → `"1299"`, KWD → `"12.500"`).
    public var amountText: String {
        DecimalText.format(amount, minorDigits: currency?.minorDigits)
    }

    /// The amount with at least the currency's minor digits and every digit that was written
    /// (`€0,0049/min` → `"0.0049"`), for `ingest normalize`, which reports what the text says.
    public var writtenAmountText: String {
        let written = max(0, -Int(amount.exponent))
        return DecimalText.format(amount, minorDigits: max(currency?.minorDigits ?? 0, written))
    }
}

/// The amounts ingest reads exactly: under 10^15 in magnitude (`integerDigits` digits before
/// the decimal mark, leading zeros aside) and at most `fractionDigits` decimals (trailing zeros
/// aside). Sums and monthly or yearly equivalents of such amounts stay inside `Decimal`'s 38
/// digits, so totals never round to nonsense; anything larger is an error, never cut.
package enum AmountLimits {
    package static let integerDigits = 15
    package static let fractionDigits = 20

    /// Whether digits read for an amount are within the limits.
    static func allows(integer: some StringProtocol, fraction: some StringProtocol) -> Bool {
        let whole = integer.utf8.drop { $0 == UInt8(ascii: "0") }.count
        let decimals = fraction.utf8.count - fraction.utf8.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        return whole <= integerDigits && decimals <= fractionDigits
    }

    /// Whether a decimal is within the limits (under 10^15, at most 20 decimals).
    package static func allows(_ value: Decimal) -> Bool {
        guard !value.isNaN else { return false }
        return abs(value) < ceiling && (value.isZero || Int(value.exponent) >= -fractionDigits || rounded(value) == value)
    }

    static let ceiling = Decimal(sign: .plus, exponent: integerDigits, significand: 1)

    private static func rounded(_ value: Decimal) -> Decimal {
        var input = value
        var out = Decimal()
        NSDecimalRound(&out, &input, fractionDigits, .plain)
        return out
    }

    /// The error for an amount past the limits, saying which limit.
    static func error(_ raw: some StringProtocol, integer: some StringProtocol, fraction: some StringProtocol) -> NormalizeError {
        let whole = integer.utf8.drop { $0 == UInt8(ascii: "0") }.count
        if whole > integerDigits {
            return NormalizeError(.outOfRange,
                "\(NormalizeError.quote(raw)) has \(whole) digits before the decimal mark; amounts are read up to \(integerDigits) (below 10^\(integerDigits))")
        }
        return NormalizeError(.outOfRange,
            "\(NormalizeError.quote(raw)) has more than \(fractionDigits) decimals; amounts are read with at most \(fractionDigits)")
    }
}

/// Decimal formatting that never goes through `Double`.
package enum DecimalText {
    /// More characters than `format` writes for any `Decimal` (38 digits times 10^127, a sign,
    /// a point and six decimals): what a writer sizing its memory can count on.
    package static let longest = 180

    /// Rounds half away from zero to `minorDigits` and pads with zeros; nil digits keeps the
    /// value's own digits (at most 6).
    package static func format(_ value: Decimal, minorDigits: Int?) -> String {
        if let digits = minorDigits, let text = wholeMinorUnits(value, digits: digits) { return text }
        return rounded(value, minorDigits: minorDigits)
    }

    /// `format` for an amount that is a whole number of minor units and fits 64 bits (nearly
    /// every price): scaled to that integer, checked exact, and written digit by digit.
    /// `Decimal.description` divides the 128-bit mantissa once per digit and was most of the
    /// cost of writing an amount; the conversion to `Int64` is checked by converting back, so
    /// it never relies on how Foundation converts.
    static func wholeMinorUnits(_ value: Decimal, digits: Int) -> String? {
        guard let units = minorUnits(value, digits: digits) else { return nil }
        var bytes: [UInt8] = []
        appendUnits(units, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value as a whole number of 10^-`digits` units, when it is one and fits in an Int64.
    static func minorUnits(_ value: Decimal, digits: Int) -> Int64? {
        guard (0...6).contains(digits), !value.isNaN, value.exponent >= -digits else { return nil }
        if DecimalParts.isVerified { return DecimalParts(value)?.units(digits: digits) }
        return foundationMinorUnits(value, digits: digits)
    }

    /// `minorUnits` through Foundation's decimal arithmetic.
    static func foundationMinorUnits(_ value: Decimal, digits: Int) -> Int64? {
        guard (0...6).contains(digits), !value.isNaN, value.exponent >= -digits else { return nil }
        var input = value
        var scaled = Decimal()
        guard NSDecimalMultiplyByPowerOf10(&scaled, &input, Int16(digits), .plain) == .noError else { return nil }
        let units = NSDecimalNumber(decimal: scaled).int64Value
        guard units != .min, Decimal(units) == scaled else { return nil }
        return units
    }

    /// `units` of 10^-`digits` written as a decimal (`-5`, 2 → `-0.05`): made from the last
    /// digit back on the stack and appended at once.
    static func appendUnits(_ units: Int64, digits: Int, to out: inout some ByteOutput) {
        var magnitude = units.magnitude
        // 20 digits, a point and a sign at most.
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            var start = buffer.count
            var written = 0
            repeat {
                if written == digits, digits > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                written += 1
                magnitude /= 10
            } while magnitude > 0 || written <= digits
            if units < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            out.append(bytes: UnsafeRawBufferPointer(rebasing: buffer[start...]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The general case: rounded with Foundation, then padded.
    static func rounded(_ value: Decimal, minorDigits: Int?) -> String {
        var input = value
        var rounded = Decimal()
        let scale = minorDigits ?? 6
        // Rounding a value of 37 or more digits to `scale` places overflows the 38-digit mantissa
        // (NaN); such a value has no digits after the point to round, so it is written as it is.
        NSDecimalRound(&rounded, &input, scale, .plain)
        if rounded.isNaN { rounded = value }
        var text = rounded.isNaN ? "0" : rounded.description
        if text.hasPrefix("-0") && rounded.isZero { text.removeFirst() }
        guard let digits = minorDigits, digits > 0 else { return text }
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: text.index(after: dot), to: text.endIndex)
            if have < digits { text += String(repeating: "0", count: digits - have) }
        } else {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Reads a plain decimal literal (`-1299.5`: an optional minus, then digits with at most
    /// one point) exactly; nil for anything else, and for more than 38 significant digits,
    /// which a `Decimal` could only keep by cutting them.
    package static func parse(_ text: some StringProtocol) -> Decimal? {
        var utf8 = Substring(text).utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let integer = utf8.prefix(while: isDigit)
        var fraction = utf8[integer.endIndex...]
        if fraction.first == UInt8(ascii: ".") { fraction = fraction.dropFirst() }
        guard !(integer.isEmpty && fraction.isEmpty), fraction.allSatisfy(isDigit) else { return nil }
        let digits = Array(integer) + Array(fraction)
        let significant = digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 38 else { return nil }
        return Decimal(string: String(text), locale: posix)
    }

    /// Built once: creating a Locale per amount was a large share of the parse time.
}

/// A decimal's exponent, sign and mantissa (when it fits in 64 bits), read from its bytes: a
/// `Decimal` holds an 8-bit exponent, a byte with the mantissa's length in 16-bit words (high
/// four bits) and the sign (bit 3), two reserved bytes, then eight 16-bit words of mantissa,
/// least significant first. Reading them spares an
/// `NSDecimalNumber` per amount. The layout is checked once against Foundation's own answers
/// (`isVerified`); where it does not hold, callers take the Foundation path.
struct DecimalParts {
    var exponent: Int
    var negative: Bool
    var mantissa: UInt64

    init?(_ value: Decimal) {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        var parts: (Int, Bool, UInt64)?
        withUnsafeBytes(of: value) { raw in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = Int(raw[1] >> 4)
            let negative = raw[1] & 0x08 != 0
            guard length <= 4 else { return }
            var mantissa: UInt64 = 0
            for word in 0..<8 {
                let value = UInt64(raw[4 + 2 * word]) | UInt64(raw[5 + 2 * word]) << 8
                if word < 4 { mantissa |= value << (16 * UInt64(word)) } else if value != 0 { return }
            }
            parts = (exponent, negative, mantissa)
        }
        guard let (exponent, negative, mantissa) = parts else { return nil }
        self.exponent = exponent
        self.negative = negative
        self.mantissa = mantissa
    }

    /// The value in 10^-`digits` units, when that is a whole number that fits in an Int64.
    func units(digits: Int) -> Int64? {
        guard exponent + digits >= 0 else { return nil }
        var magnitude = mantissa
        for _ in 0..<(exponent + digits) {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = product
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// Whether the bytes read as described on this platform: minor units from them agree with
    /// Foundation's for a table of amounts.
    static let isVerified: Bool = {
        let amounts = ["0", "0.5", "-12.34", "9.99", "1299", "15.5", "0.05", "-0.01", "1000000", "123456789012345.67",
                       "12.500", "-7", "65535", "65536", "4294967296", "0.001", "99.95"]
        for text in amounts {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), let parts = DecimalParts(value) else { return false }
            for digits in 0...3 where value.exponent >= -digits {
                guard parts.units(digits: digits) == DecimalText.foundationMinorUnits(value, digits: digits) else { return false }
            }
        }
        return true
    }()
}
