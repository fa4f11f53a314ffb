/// One piece of a date text: a number, a word (folded), or a punctuation mark.
struct DateToken {
    enum Kind { case number, word, mark }
    var kind: Kind
    var text: String
    var value = 0
    var digits = 0
    /// Spaces stood before this token.
    var spaceBefore = false
    /// Part of a time of day or a zone offset: not a day, month or year.
    var isTime = false

    /// What a number of ten or more digits reads as: larger than any day, month, year or count
    /// a date can use, so it fails every range check, and far from overflowing when added to.
    static let saturated = 1_000_000_000

    /// `value` (0 or more) with one more decimal digit (0–9), saturating at `saturated`.
    static func appending(_ digit: Int, to value: Int) -> Int {
        value >= saturated / 10 ? saturated : value * 10 + min(max(digit, 0), 9)
    }

    var isNumber: Bool { kind == .number }
    func isMark(_ s: String) -> Bool { kind == .mark && text == s }

    /// Splits text into numbers, words (letters; CJK runs apart from other letters) and marks.
    static func tokens(_ text: ScalarText) -> [DateToken] {
        var out: [DateToken] = []
        var i = 0
        var space = false
        while i < text.count {
            let s = text[i]
            if s == " " || s == "\n" || s == "\r" { space = true; i += 1; continue }
            let start = i
            if ScalarText.isDigit(s) {
                var value = 0
                while i < text.count, ScalarText.isDigit(text[i]) {
                    value = DateToken.appending(Int(text[i].value - 0x30), to: value)
                    i += 1
                }
                out.append(DateToken(kind: .number, text: text.string(start..<i), value: value, digits: i - start, spaceBefore: space))
            } else if ScalarText.isLetter(s) {
                let cjk = ScalarText.isCJK(s)
                while i < text.count, ScalarText.isLetter(text[i]), !ScalarText.isDigit(text[i]), ScalarText.isCJK(text[i]) == cjk { i += 1 }
                out.append(DateToken(kind: .word, text: WordFold.fold(text.string(start..<i)), spaceBefore: space))
            } else {
                i += 1
                out.append(DateToken(kind: .mark, text: text.string(start..<i), spaceBefore: space))
            }
            space = false
        }
        return out
    }

    /// Marks times of day and zone offsets so that they are not read as parts of the date:
    /// `10:17`, `6:11 a.m.`, `18.37 Uhr`, `10h11`, `19 h 21 min`, `-0500` after a time.
    static func markTimes(_ tokens: inout [DateToken]) {
        var sawTime = false
        for i in tokens.indices where tokens[i].isNumber {
            let next = i + 1 < tokens.count ? tokens[i + 1] : nil
            let afterNext = i + 2 < tokens.count ? tokens[i + 2] : nil
            if next?.isMark(":") == true, afterNext?.isNumber == true {
                tokens[i].isTime = true
                tokens[i + 2].isTime = true
                sawTime = true
                // Seconds' fractions: `13:11:23.678`.
                if i + 4 < tokens.count, tokens[i + 3].isMark("."), tokens[i + 4].isNumber, !tokens[i + 4].spaceBefore {
                    tokens[i + 4].isTime = true
                }
                continue
            }
            if let next, next.kind == .word, DateWords.timeWords.contains(next.text), tokens[i].value <= 59,
               !(next.text == "a" && afterNext?.isNumber == true) {
                tokens[i].isTime = true
                sawTime = true
                // `18.37 Uhr`, `12.16 pm`: the hour before a dot.
                if i >= 2, tokens[i - 1].isMark("."), tokens[i - 2].isNumber, !tokens[i - 1].spaceBefore, !tokens[i].spaceBefore,
                   tokens[i - 2].value <= 24 {
                    tokens[i - 2].isTime = true
                }
                if next.text == "h", let afterNext, afterNext.isNumber { tokens[i + 2].isTime = true }
                continue
            }
            if sawTime, tokens[i].digits == 4, i >= 1, tokens[i - 1].isMark("+") || tokens[i - 1].isMark("-") {
                tokens[i].isTime = true
            }
        }
    }
}
