/// The text rules of iCalendar files (RFC 5545 §3.1, §3.3): escaped values, content lines
/// folded at 75 octets, CRLF line ends.
package enum ICalendarText {
    /// A TEXT value with `\`, `;`, `,` and line breaks escaped; other control characters,
    /// which TEXT may not hold, are left out.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line, folded: no line longer than 75 octets before its CRLF, each
    /// continuation starting with a space, and no UTF-8 sequence cut in two.
    package static func folded(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line + "\r\n" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // A byte 10xxxxxx continues a character: cut before the character starts.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(0x20) }
            out.append(contentsOf: bytes[start..<end])
            out.append(contentsOf: [0x0D, 0x0A])
            start = end
            limit = 74
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `20261205`, a DATE value.
    package static func date(_ date: CalendarDate) -> String {
        String(date.description.filter { $0 != "-" })
    }

    /// A DURATION value (§3.3.6) of `minutes`, negative for before: `-P2DT15H`, `PT9H`, `-P7D`.
    package static func duration(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        var rest = abs(minutes)
        let days = rest / 1440
        rest %= 1440
        let hours = rest / 60, mins = rest % 60
        var text = sign + "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || mins > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if mins > 0 { text += "\(mins)M" }
        }
        if days == 0 && hours == 0 && mins == 0 { text += "T0S" }
        return text
    }
}
