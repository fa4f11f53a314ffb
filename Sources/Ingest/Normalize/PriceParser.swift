import Foundation

/// A price read from text, with what the text said besides the amount.
package struct ParsedPrice: Hashable, Sendable {
    package var price: Price
    /// A cycle written next to the price (`$9.99/mo`), handed on to the cycle field.
    package var cycle: Cycle?
    /// Choices the parser had to guess (currency, decimal mark), as warnings.
    package var issues: [Issue]
    /// Facts worth keeping in notes (`free trial`).
    package var notes: [String]
    /// The value's own digits could not tell the decimal mark (`1.299`) and the column's
    /// `decimalMark` decided it.
    package var markFromColumn: Bool

    package init(price: Price, cycle: Cycle? = nil, issues: [Issue] = [], notes: [String] = [], markFromColumn: Bool = false) {
        self.price = price
        self.cycle = cycle
        self.issues = issues
        self.notes = notes
        self.markFromColumn = markFromColumn
    }
}

/// Reads prices as people write them: `$9.99`, `9,99 €`, `EUR 1.299,00`, `1 299 kr`, `CHF 12.–`,
/// `₹1,19,900.00`, `(12.50)`, `15.49 DR`, `٣٩٫٩٩ ر.س`, `月額1,490円`, `Free trial, then $9.99/month`.
package struct PriceParser: Sendable {
    package var context: NormalizeContext
    private let localeMark: DecimalMark?
    /// CLDR's data for `context.locale`, looked up once here rather than per value.
    private let locale: LocaleData?
    private let cycles = CycleParser()

    package init(context: NormalizeContext) {
        self.context = context
        localeMark = LocaleFormats.decimalMark(context)
        locale = context.locale.flatMap(LocaleData.named)
    }

    static let example = "9.99, $9.99 or 9,99 €"

    /// `decimalMark` is the column's decided mark: it settles values whose own digits cannot
    /// (`1.299`), never overrides a value that proves its mark (`9,99`, `1,299.00`).
    package func parse(_ raw: Substring, decimalMark: DecimalMark? = nil) throws(NormalizeError) -> ParsedPrice {
        if let fast = FastPrice.parse(raw, context: context, locale: locale) { return fast }
        return try parseFully(raw, decimalMark: decimalMark)
    }

    /// Whether `raw` reads as a price (`parse` does not throw), without the cycle and trial
    /// wording around the amount, which cannot make a reading fail: what column evidence asks of
    /// every distinct value, names with numbers among them.
    package func reads(_ raw: Substring) -> Bool {
        if FastPrice.parse(raw, context: context, locale: locale) != nil { return true }
        return (try? parseFully(raw, wording: false)) != nil
    }

    /// The full reading, for every text the fast path leaves alone. `wording: false` leaves out
    /// the cycle and trial wording around the amount (`reads`).
    func parseFully(_ raw: Substring, decimalMark: DecimalMark? = nil, wording: Bool = true) throws(NormalizeError) -> ParsedPrice {
        var text = ScalarText(raw)
        var columnMark = decimalMark
        if let symbols = locale?.numberSymbols, !symbols.isEmpty, text.replaceNumberSymbols(symbols) {
            // The locale's own decimal mark was written: `1$443` is 1.443 whatever else says.
            columnMark = .point
        }
        guard text.scalars.contains(where: { $0 != " " }) else { throw NormalizeError(.empty, "the price is empty") }
        if let control = text.firstControl { throw .control(control, in: raw, what: "price") }
        var best: Candidate?
        var i = 0
        while i < text.count {
            let s = text[i]
            let startsNumber = ScalarText.isDigit(s)
                || ((s == "." || s == ",") && i + 1 < text.count && ScalarText.isDigit(text[i + 1])
                    && (i == 0 || !ScalarText.isDigit(text[i - 1])))
            guard startsNumber else { i += 1; continue }
            let number = PriceNumber.scan(text, at: i)
            i = max(number.end, i + 1)
            if PriceParser.hasExponent(text, after: number.end) {
                throw NormalizeError(.unparseable,
                    "\(NormalizeError.quote(raw)) is written with an exponent; write the amount in full (expected e.g. \(PriceParser.example))")
            }
            guard let candidate = candidate(number, in: text) else { continue }
            if best == nil {
                best = candidate
                if candidate.sign != nil { break }
            } else if let sign = candidate.sign, let first = best {
                if PriceContext.isRange(text, from: first.end, to: candidate.start) {
                    // `From 26 to 50 €`: the first amount, with the currency written after the range.
                    best?.sign = sign
                    best?.signText = candidate.signText
                } else {
                    // `Only 3 left: $4.99`: a bare number before a price is a count.
                    best = candidate
                }
                break
            }
        }
        guard let chosen = best else {
            if PriceWords.saysFree(raw) {
                return ParsedPrice(price: Price(amount: 0, currency: context.currency), notes: [])
            }
            throw .notA("price", found: raw, example: PriceParser.example)
        }
        return try finish(chosen, text: text, raw: raw, columnMark: columnMark, wording: wording)
    }

    /// A number that reads as a price, with the currency sign next to it.
    struct Candidate {
        var number: PriceNumber
        var sign: CurrencySign?
        var signText: String?
        var negative: Bool
        /// Where the price's text ends (after a currency sign that follows the number).
        var end: Int
        /// Where it starts (before a currency sign that precedes it).
        var start: Int
    }

    func candidate(_ number: PriceNumber, in text: ScalarText) -> Candidate? {
        if PriceContext.isPartOfDateOrRange(number, text) { return nil }
        if PriceContext.isFollowedByUnit(number, text, locale: locale) { return nil }
        if case .invalid = number.read() { return nil }
        let before = PriceContext.signBefore(number.start, text, locale: locale)
        let trailingMinus = number.dashDecimals == nil && text.at(number.end) == "-"
            && (number.end + 1 >= text.count || !ScalarText.isDigit(text[number.end + 1]))
        let after = PriceContext.signAfter(number.end + (trailingMinus ? 1 : 0), text, locale: locale)
        var chosen = before
        if let a = after, chosen == nil || (a.sign.isExact && chosen?.sign.isExact == false) { chosen = a }
        var negative = false
        let lead = PriceContext.precedingMark(before?.start ?? number.start, text)
        let inner = before.map { PriceContext.precedingMark(number.start, text, limit: $0.end) } ?? nil
        if lead == "-" || inner == "-" { negative = true }
        if lead == "(" || inner == "(" { negative = PriceContext.closes(after?.end ?? number.end, text) }
        if trailingMinus { negative = true }
        if let word = PriceContext.wordAfter(after?.end ?? number.end, text) {
            if word == "dr" || word == "debit" { negative = true }
            if word == "cr" || word == "credit" { negative = false }
        }
        return Candidate(number: number, sign: chosen?.sign, signText: chosen?.text, negative: negative,
                         end: max(after?.end ?? number.end, number.end), start: before?.start ?? number.start)
    }

    func finish(_ chosen: Candidate, text: ScalarText, raw: Substring, columnMark: DecimalMark?, wording: Bool = true) throws(NormalizeError) -> ParsedPrice {
        var issues: [Issue] = []
        var notes: [String] = []
        var currency: Currency?
        if let sign = chosen.sign {
            switch sign {
            case .iso(let c): currency = c
            case .ambiguous(let family):
                let (c, issue) = CurrencyChoice.resolve(family, sign: chosen.signText ?? "", text: text, context: context, locale: locale)
                currency = c
                if let issue { issues.append(issue) }
            }
        } else {
            currency = context.currency
        }
        var integer = ""
        var fraction = ""
        var markFromColumn = false
        switch chosen.number.read() {
        case .value(let i, let f):
            integer = i
            fraction = f
        case .ambiguous(let mark, let i, let grouped, let f):
            let markIsDecimal: Bool
            let decimalFromMark: DecimalMark = mark == "," ? .comma : .point
            if let columnMark {
                markIsDecimal = columnMark == decimalFromMark
                markFromColumn = true
            } else if let currency, currency.minorDigits == 0 {
                // Yen, won, forint-like currencies have no decimals: `¥1,490`, `₩9.900`.
                markIsDecimal = false
            } else if let localeMark {
                markIsDecimal = localeMark == decimalFromMark
            } else if let currency, currency.minorDigits == 3 {
                markIsDecimal = true
            } else {
                markIsDecimal = false
                if currency.map({ $0.minorDigits != 0 }) ?? true {
                    let number = text.string(chosen.number.start..<chosen.number.end)
                    issues.append(Issue("price.separator-guessed", .warning,
                        "\"\(number)\" read as \(grouped) (\"\(Character(mark))\" taken as a thousands separator)", remedy: .chooseLocale))
                }
            }
            if markIsDecimal { integer = i.isEmpty ? "0" : i; fraction = f } else { integer = grouped }
        case .invalid:
            break
        }
        guard var amount = PriceParser.decimal(integer: integer, fraction: fraction) else {
            throw AmountLimits.error(raw, integer: integer, fraction: fraction)
        }
        if chosen.negative { amount = -amount }
        // Cycle words and trial wording need letters beyond the currency sign; most prices have none.
        let hasWords = wording && (PriceParser.hasLetters(text, 0..<chosen.start) || PriceParser.hasLetters(text, chosen.end..<text.count))
        var cycle: Cycle?
        if hasWords {
            let after = text.string(chosen.end..<text.count)[...]
            cycle = cycles.find(after, counts: true) ?? cycles.find(text.string(0..<chosen.start)[...], counts: false)
            if cycle == nil, let bad = cycles.badCount(after) {
                issues.append(Issue("cycle.invalid-interval", .warning,
                    "\(NormalizeError.quote(raw)) bills every \(NormalizeError.clip(bad.text)) \(bad.unit.rawValue)s; the count must be a whole number from \(Cycle.intervals.lowerBound) to \(Cycle.intervals.upperBound), so no cycle was read"))
            }
        }
        if hasWords, let note = PriceWords.trialNote(raw), !amount.isZero { notes.append(note) }
        return ParsedPrice(price: Price(amount: amount, currency: currency), cycle: cycle, issues: issues, notes: notes,
                           markFromColumn: markFromColumn)
    }

    static func hasLetters(_ text: ScalarText, _ range: Range<Int>) -> Bool {
        text.scalars[range].contains { ScalarText.isLetter($0) }
    }

    /// `1e30`, `2.5E-3`: a number followed by an exponent, which no price is written with.
    static func hasExponent(_ text: ScalarText, after end: Int) -> Bool {
        guard let e = text.at(end), e == "e" || e == "E", let next = text.at(end + 1) else { return false }
        if ScalarText.isDigit(next) { return true }
        return (next == "+" || next == "-") && text.at(end + 2).map(ScalarText.isDigit) == true
    }

    /// Builds the exact decimal from its digits without going through `Double` or a formatter;
    /// nil when the digits are past `AmountLimits`.
    static func decimal(integer: String, fraction: String) -> Decimal? {
        guard AmountLimits.allows(integer: integer, fraction: fraction) else { return nil }
        let digits = integer + fraction
        let significant = digits.drop { $0 == "0" }
        if significant.utf8.count <= 18, let value = UInt64(significant.isEmpty ? "0" : significant) {
            return Decimal(sign: .plus, exponent: -fraction.utf8.count, significand: Decimal(value))
        }
        let literal = fraction.isEmpty ? integer : "\(integer.isEmpty ? "0" : integer).\(fraction)"
        return Decimal(string: literal, locale: WordFold.posix)
    }
}
