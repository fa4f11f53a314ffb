import Foundation

/// The shapes most price cells have (`9.99`, `$9.99`, `9,99 €`, `EUR 1.299,00`, `-15.49`,
/// `(12.50)`, `£1,099.00 GBP`), read straight from UTF-8 bytes without building strings.
/// Anything else, or any number whose mark needs the column, locale or a guess, returns nil
/// and goes through the full parser, which gives the same answer more slowly.
enum FastPrice {
    enum Sign { case none, dollar, euro, pound, code(Currency, packed: UInt32) }

    /// What the digits and signs of a price cell say, before the currency is chosen: the
    /// amount is `mantissa` × 10^-`fraction`.
    struct Reading {
        var negative: Bool
        var mantissa: UInt64
        var fraction: Int
        var sign: Sign
    }

    /// `locale` is CLDR's data for `context.locale`, which the caller looked up once.
    static func parse(_ raw: Substring, context: NormalizeContext, locale: LocaleData?) -> ParsedPrice? {
        let reading = raw.utf8.withContiguousStorageIfAvailable { read($0) } ?? Array(raw.utf8).withUnsafeBufferPointer { read($0) }
        guard let reading else { return nil }
        let (currency, issue) = currency(reading.sign, context: context, locale: locale)
        var amount = Decimal(sign: .plus, exponent: -reading.fraction, significand: Decimal(reading.mantissa))
        if reading.negative { amount = -amount }
        return ParsedPrice(price: Price(amount: amount, currency: currency), issues: issue.map { [$0] } ?? [])
    }

    /// The currency a sign stands for in `context`, with the issue when it is a guess.
    static func currency(_ sign: Sign, context: NormalizeContext, locale: LocaleData?) -> (Currency?, Issue?) {
        switch sign {
        case .none: return (context.currency, nil)
        case .euro: return (Currency.eur, nil)
        case .pound: return (locale?.currencySymbols["£"] ?? Currency.gbp, nil)  // FKP, SHP, SSP where they are the own pound
        case .code(let c, _): return (c, nil)
        case .dollar: return CurrencyChoice.resolve(.dollar, sign: "$", text: ScalarText.empty, context: context, locale: locale)
        }
    }

    /// Reads a price cell's UTF-8 bytes; nil for any shape this reader leaves to the full parser.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        var i = 0
        let end = bytes.count
        func peek() -> UInt8? { i < end ? bytes[i] : nil }
        func skipSpaces() { while i < end, bytes[i] == 0x20 { i += 1 } }
        func readSign() -> Sign? {
            guard let b = peek() else { return nil }
            if b == 0x24 { i += 1; return .dollar }
            if b == 0xE2, i + 2 < end, bytes[i + 1] == 0x82, bytes[i + 2] == 0xAC {
                i += 3
                return .euro
            }
            if b == 0xC2, i + 1 < end, bytes[i + 1] == 0xA3 {
                i += 2
                return .pound
            }
            // Three capital letters that are an ISO 4217 code.
            var j = i
            var code: UInt32 = 0
            for _ in 0..<3 {
                guard j < end, bytes[j] >= 0x41, bytes[j] <= 0x5A else { return nil }
                code = code << 8 | UInt32(bytes[j])
                j += 1
            }
            if j < end, (bytes[j] >= 0x41 && bytes[j] <= 0x5A) || (bytes[j] >= 0x61 && bytes[j] <= 0x7A) { return nil }
            guard let currency = Currency.byPackedCode(code) else { return nil }
            i = j
            return .code(currency, packed: code)
        }

        skipSpaces()
        var negative = false
        var paren = false
        if peek() == 0x28 { paren = true; i += 1; skipSpaces() }
        if peek() == 0x2D { negative = true; i += 1 }
        var sign = Sign.none
        if let b = peek(), !(b >= 0x30 && b <= 0x39) {
            guard let s = readSign() else { return nil }
            sign = s
            skipSpaces()
            if peek() == 0x2D, !negative { negative = true; i += 1 }
        }
        // The number: digit groups and at most two kinds of marks.
        var mantissa: UInt64 = 0
        var digits = 0
        var groupLength = 0
        var groups = 0
        var firstGroup = 0
        var firstValue: UInt64 = 0
        var lastMark: UInt8 = 0
        var marks = 0
        var otherMark: UInt8 = 0
        var otherMarks = 0
        var sawDigit = false
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                guard digits < 18 else { return nil }
                mantissa = mantissa * 10 + UInt64(b - 0x30)
                digits += 1
                groupLength += 1
                sawDigit = true
                i += 1
                continue
            }
            guard b == 0x2E || b == 0x2C, sawDigit else { break }
            let next = i + 1
            guard next < end, bytes[next] >= 0x30, bytes[next] <= 0x39 else { break }
            if groups == 0 {
                firstGroup = groupLength
                firstValue = mantissa
            } else if groupLength != 3 {
                return nil
            }
            groups += 1
            if lastMark != 0, b != lastMark {
                guard otherMark == 0 else { return nil }
                otherMark = lastMark
                otherMarks = marks
                marks = 0
            }
            lastMark = b
            marks += 1
            groupLength = 0
            i = next
        }
        guard sawDigit else { return nil }
        // Which mark is decimal: only shapes the digits prove.
        var fraction = 0
        if lastMark != 0 {
            if otherMark != 0 {
                // `1,299.50` / `1.299,50`: the last mark is decimal, used once, after groups of three.
                guard marks == 1, otherMarks >= 1, firstGroup <= 3 else { return nil }
                fraction = groupLength
            } else if marks == 1 {
                // `1.299` needs the column, the locale or a guess; `0.125` and `1234.567` do not.
                if groupLength == 3 && firstValue != 0 && firstGroup <= 3 { return nil }
                fraction = groupLength
            } else {
                // `1.144.000` groups thousands.
                guard groupLength == 3, firstGroup <= 3 else { return nil }
            }
        }
        // Amounts past `AmountLimits` are the full parser's to refuse.
        var scale: UInt64 = 1
        for _ in 0..<fraction { scale *= 10 }
        guard mantissa / scale < 1_000_000_000_000_000 else { return nil }
        skipSpaces()
        if case .none = sign, i < end, peek() != 0x29 {
            guard let s = readSign() else { return nil }
            sign = s
            skipSpaces()
        } else if i < end, peek() != 0x29 {
            // `$15.49 USD`: a code after a symbol wins; anything else is the full parser's job.
            guard case .dollar = sign, let s = readSign(), case .code = s else { return nil }
            sign = s
            skipSpaces()
        }
        if paren {
            guard peek() == 0x29 else { return nil }
            i += 1
            negative = true
            skipSpaces()
        }
        guard i == end else { return nil }
        return Reading(negative: negative, mantissa: mantissa, fraction: fraction, sign: sign)
    }
}
