import Foundation

/// The fast path of `PriceParser` for statement amounts: reads a cell's bytes as an exact
/// number of ten-thousandths, for the millions of cells of a bank statement, which cannot
/// afford a `String` and a `Decimal` each. `PriceParser.statementAmount` takes the full
/// parser's reading when this one finds no ASCII digit in a cell that has other characters.
enum FastAmount {
    /// Amounts are kept as ten-thousandths (`-15.49` → `-154900`), exact for every currency.
    static let scale: Int64 = 10_000

    /// Amounts must be below this many ten-thousandths (10^13 in the currency): a longer run
    /// of digits (an account or reference number) is no amount, and differences and tenfold
    /// amounts of real ones stay far inside `Int64`.
    static let limit: Int64 = 100_000_000_000_000_000

    /// Reads `-1.234,56`, `1,234.56`, `(15.49)`, `15,49-`, `€ 15,49`, `+2 000,00 kr`; nil when
    /// there is no digit. `mark` is the column's decimal mark; without it the value decides.
    static func read<C: Collection<UInt8>>(_ bytes: C, mark: DecimalMark?) -> Int64? {
        var negative = false
        var digits: Int64 = 0
        var sawDigit = false
        var fraction = -1
        var decimal: UInt8 = mark == .comma ? 0x2C : (mark == .point ? 0x2E : 0)
        if decimal == 0 {
            // Without the column's mark, a last separator followed by three digits groups thousands.
            var last: UInt8 = 0
            var after = 0
            for b in bytes {
                if b == 0x2C || b == 0x2E { last = b; after = 0 } else if b >= 0x30 && b <= 0x39 { after += 1 }
            }
            decimal = last != 0 && after != 3 ? last : 0xFF
        }
        for b in bytes {
            switch b {
            case 0x30...0x39:
                sawDigit = true
                if fraction >= 4 { continue }
                // `digits` stays below `limit`, so one more digit cannot overflow.
                digits = digits * 10 + Int64(b - 0x30)
                guard digits < limit else { return nil }
                if fraction >= 0 { fraction += 1 }
            case 0x2D, 0x28: negative = true
            case decimal: if fraction < 0 { fraction = 0 }
            default: continue
            }
        }
        guard sawDigit else { return nil }
        var value = digits
        for _ in 0..<(4 - max(0, fraction)) {
            value *= 10
            guard value < limit else { return nil }
        }
        return negative ? -value : value
    }

    /// The decimal mark a sample of amounts proves: a separator followed by one or two digits
    /// at the end is a decimal mark.
    static func decimalMark(of samples: [ArraySlice<UInt8>]) -> DecimalMark? {
        var comma = 0, point = 0
        for s in samples {
            var last: UInt8 = 0
            var after = 0
            for b in s {
                if b == 0x2C || b == 0x2E { last = b; after = 0 } else if b >= 0x30 && b <= 0x39 { after += 1 }
            }
            guard last != 0, after == 1 || after == 2 else { continue }
            if last == 0x2C { comma += 1 } else { point += 1 }
        }
        if comma > point { return .comma }
        if point > 0 { return .point }
        return nil
    }
}

extension PriceParser {
    /// A statement cell's amount in ten-thousandths (`FastAmount.scale`): the fast path, else,
    /// for a cell whose digits are not ASCII (`٣٩٫٩٩`, `１２,００`), the full parser. nil when
    /// neither finds an amount below `FastAmount.limit`.
    func statementAmount<C: Collection<UInt8>>(_ bytes: C, mark: DecimalMark?, encoding: TextEncoding = .utf8) -> Int64? {
        if let fast = FastAmount.read(bytes, mark: mark) { return fast }
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let text = encoding.isSingleByte ? encoding.decodeSingleByte(bytes) : String(decoding: bytes, as: UTF8.self)
        guard let parsed = try? parseFully(text[...], decimalMark: mark) else { return nil }
        return FastAmount.units(parsed.price.amount)
    }
}

extension FastAmount {
    /// An exact amount as ten-thousandths, cut after the fourth decimal as `read` cuts it; nil
    /// at or past `limit`.
    static func units(_ amount: Decimal) -> Int64? {
        var scaled = amount * Decimal(scale)
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, amount < 0 ? .up : .down)
        guard whole < Decimal(limit), whole > -Decimal(limit) else { return nil }
        return NSDecimalNumber(decimal: whole).int64Value
    }
}
