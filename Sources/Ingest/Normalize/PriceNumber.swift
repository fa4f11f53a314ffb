import Foundation

/// A run of digits and separators read from a price text (`1.299,00`, `1'299.–`, `1,19,900`),
/// before deciding which separator is the decimal mark.
struct PriceNumber {
    /// Digit groups as written, ASCII digits only; a leading empty group for `.99`.
    var groups: [String] = []
    /// The separator before each group after the first: `.`, `,`, `'` or ` `.
    var separators: [Unicode.Scalar] = []
    /// Scalar range the number covers, including a zero-decimals dash (`12.–`, `129,-`, `99:-`).
    var start = 0
    var end = 0
    /// `12.–`: the mark before the dash is the decimal mark and there are no decimals.
    var dashDecimals: Unicode.Scalar?

    /// Reads the number that starts at `start` (a digit, or `.`/`,` before a digit).
    static func scan(_ text: ScalarText, at start: Int) -> PriceNumber {
        var number = PriceNumber()
        number.start = start
        var i = start
        var group = ""
        if !ScalarText.isDigit(text[i]) {
            number.groups.append("")
            number.separators.append(text[i])
            i += 1
        }
        func readDigits() {
            group = ""
            while i < text.count, ScalarText.isDigit(text[i]) {
                group.unicodeScalars.append(text[i])
                i += 1
            }
        }
        readDigits()
        number.groups.append(group)
        while i + 1 < text.count {
            let c = text[i]
            let next = text[i + 1]
            if (c == "." || c == "," || c == "'") && ScalarText.isDigit(next) {
                i += 1
            } else if c == " " && ScalarText.isDigit(next) && spaceGroups(text, after: i, previous: group) {
                i += 1
            } else if (c == "." || c == ",") && next == " " && twoDigitsAfterDotSpace(text, at: i) {
                // `$119. 95`, `118, 99 TL`: a stray space after the decimal mark.
                i += 2
            } else {
                break
            }
            number.separators.append(c)
            readDigits()
            number.groups.append(group)
        }
        // Zero decimals written as a dash: `12.–`, `129,-`, `99:-`, `1.198,--`.
        if i + 1 < text.count, text[i] == "." || text[i] == "," || text[i] == ":", text[i + 1] == "-" || text[i + 1] == "–" || text[i + 1] == "—" {
            number.dashDecimals = text[i]
            i += 2
            while i < text.count, text[i] == "-" { i += 1 }
        }
        number.end = i
        return number
    }

    /// `1 299`: a space groups thousands only between a 1–3 digit group and exactly three digits.
    private static func spaceGroups(_ text: ScalarText, after i: Int, previous: String) -> Bool {
        guard (1...3).contains(previous.utf8.count) else { return false }
        var j = i + 1
        var n = 0
        while j < text.count, ScalarText.isDigit(text[j]) { n += 1; j += 1 }
        return n == 3
    }

    private static func twoDigitsAfterDotSpace(_ text: ScalarText, at i: Int) -> Bool {
        guard i + 4 <= text.count, ScalarText.isDigit(text[i + 2]), ScalarText.isDigit(text[i + 3]) else { return false }
        return i + 4 == text.count || !ScalarText.isDigit(text[i + 4])
    }

    /// How the separators were read.
    enum Reading {
        /// Integer and fraction digits.
        case value(integer: String, fraction: String)
        /// `1.299` alone: the mark could be either; both readings are given.
        case ambiguous(mark: Unicode.Scalar, integer: String, grouped: String, fraction: String)
        /// Not a well-formed number (`12.05.2026`, `1,2,3`).
        case invalid
    }

    func read() -> Reading {
        if let dash = dashDecimals {
            // The dash ends the number, so the mark before it is the decimal mark.
            guard let integer = PriceNumber.joinGroups(groups, separators, excluding: dash == ":" ? nil : dash) else { return .invalid }
            return .value(integer: integer, fraction: "")
        }
        guard let last = separators.last else { return .value(integer: groups[0], fraction: "") }
        let lastGroup = groups[groups.count - 1]
        if last == "'" || last == " " {
            guard let integer = PriceNumber.joinGroups(groups, separators, excluding: nil) else { return .invalid }
            return .value(integer: integer, fraction: "")
        }
        let other: Unicode.Scalar = last == "." ? "," : "."
        let lastCount = separators.filter { $0 == last }.count
        let head = Array(groups.dropLast())
        let headSeps = Array(separators.dropLast())
        if lastCount > 1 {
            // Repeated marks group thousands (`1.144.000`, `1,19,900`); nothing may follow them.
            guard !separators.contains(other), let integer = PriceNumber.joinGroups(groups, separators, excluding: nil) else {
                return .invalid
            }
            return .value(integer: integer, fraction: "")
        }
        guard let integer = PriceNumber.joinGroups(head, headSeps, excluding: nil) else { return .invalid }
        if separators.contains(other) || lastGroup.utf8.count != 3 {
            return .value(integer: integer.isEmpty ? "0" : integer, fraction: lastGroup)
        }
        // One mark followed by exactly three digits: `1.299`, `0.125`, `1234.567`.
        let first = groups[0]
        if first.isEmpty || first == "0" || first.utf8.count > 3 || separators.count > 1 {
            return .value(integer: integer.isEmpty ? "0" : integer, fraction: lastGroup)
        }
        return .ambiguous(mark: last, integer: integer, grouped: integer + lastGroup, fraction: lastGroup)
    }

    /// Joins groups split by grouping marks, checking their shape: the first 1–3 digits, the
    /// others exactly three, or Indian two-digit groups before a final three (`1,19,900`).
    static func joinGroups(_ groups: [String], _ separators: [Unicode.Scalar], excluding decimal: Unicode.Scalar?) -> String? {
        var groups = groups
        var separators = separators
        if let decimal, let last = separators.last, last == decimal {
            separators.removeLast()
            groups.removeLast()
        }
        guard let first = groups.first else { return nil }
        if groups.count == 1 { return first }
        guard (1...3).contains(first.utf8.count) else { return nil }
        guard Set(separators).count == 1 else { return nil }
        var indian = false
        for (index, group) in groups.enumerated().dropFirst() {
            let n = group.utf8.count
            if n == 3 { continue }
            if n == 2 && index < groups.count - 1 && separators[index - 1] == "," { indian = true; continue }
            return nil
        }
        if indian, groups[groups.count - 1].utf8.count != 3 { return nil }
        return groups.joined()
    }
}
