/// What the normalisers may know beyond the text itself. Everything comes in from the caller:
/// parsers never read the clock, `Locale.current` or the environment.
public struct NormalizeContext: Hashable, Sendable {
    /// The reference day for year-less and relative dates and for rolling renewals forward.
    public var today: CalendarDate
    /// A locale identifier such as `de_DE`, `en_US`, `zh_CN`; nil when unknown.
    public var locale: String?
    /// The currency to assume when the text has none or an ambiguous sign (`$`, `kr`, `¥`).
    public var currency: Currency?
    /// The day/month order of numeric dates when the user settled it (validate's `dateOrder`);
    /// nil lets each column's values and the locale decide.
    public var dateOrder: DateOrder?

    public init(today: CalendarDate, locale: String? = nil, currency: Currency? = nil, dateOrder: DateOrder? = nil) {
        self.today = today
        self.locale = locale
        self.currency = currency
        self.dateOrder = dateOrder
    }

    /// The language part of the locale (`de` for `de_DE`), lowercased.
    public var language: String? {
        guard let locale else { return nil }
        return locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() }
    }

    /// The region part of the locale (`DE` for `de_DE`, `HK` for `zh_Hant_HK`), uppercased;
    /// nil when there is none (`sr_Latn`).
    public var region: String? {
        guard let locale else { return nil }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count > 1, let last = parts.last, last.utf8.count == 2 || last.utf8.count == 3 else { return nil }
        return last.uppercased()
    }
}

/// Why a value could not be normalised. `message` is a whole sentence for the user.
public struct NormalizeError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case empty
        case unparseable
        /// A cycle text that names a one-time or lifetime purchase.
        case notRecurring
        /// A date that cannot exist (`2026-02-30`).
        case impossible
        /// A number too large or too small to be the value (`1e30`, a 60-digit amount, `every
        /// 0 months`, a date after 9999).
        case outOfRange
        /// The text holds a control character (NUL, ESC …).
        case control
    }

    package var kind: Kind
    /// The message is put together only when read: parsers fail on most cells they are tried on
    /// while columns are being detected, and nobody reads those messages.
    private var detail: Detail

    private enum Detail: Sendable {
        case text(String)
        case notA(what: String, found: Substring, example: String)
    }

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.detail = .text(message)
    }

    public var message: String {
        get {
            switch detail {
            case .text(let message): message
            case .notA(let what, let found, let example): "\(NormalizeError.quote(found)) is not a \(what) (expected e.g. \(example))"
            }
        }
        set { detail = .text(newValue) }
    }

    public var description: String { message }

    /// The issue code a draft field carries for this error: `price.out-of-range`,
    /// `date.out-of-range`, `cycle.invalid-interval`, `cycle.not-recurring`, else
    /// `FIELD.unparseable`.
    public func issueCode(_ field: String) -> Issue.Code {
        switch kind {
        case .outOfRange: return Issue.Code(field == "cycle" ? "cycle.invalid-interval" : "\(field).out-of-range")
        case .notRecurring: return Issue.Code("\(field).not-recurring")
        default: return Issue.Code("\(field).unparseable")
        }
    }

    public static func == (a: NormalizeError, b: NormalizeError) -> Bool { a.kind == b.kind && a.message == b.message }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }

    /// `"1<NUL>.99" holds the control character U+0000 …` (printers escape the text).
    static func control(_ scalar: Unicode.Scalar, in raw: Substring, what: String) -> NormalizeError {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return NormalizeError(.control, "\(NormalizeError.quote(raw)) holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code); a \(what) never does (check the file's encoding)")
    }

    /// Cell text as a message quotes it: in quotes, cut after 80 characters (`"1111…" (1000
    /// characters)`), so a huge cell cannot make a huge message.
    static func quote(_ text: some StringProtocol) -> String {
        "\"\(clip(text))\"" + (text.count > clipLength ? " (\(text.count) characters)" : "")
    }

    /// The first 80 characters of `text`, with … when there were more.
    static func clip(_ text: some StringProtocol) -> String {
        text.count > clipLength ? String(text.prefix(clipLength)) + "…" : String(text)
    }

    static let clipLength = 80

    static func notA(_ what: String, found: Substring, example: String) -> NormalizeError {
        var error = NormalizeError(.unparseable, "")
        error.detail = .notA(what: what, found: found, example: example)
        return error
    }
}

/// Which character separates the decimals: `9.99` or `9,99`.
package enum DecimalMark: String, Hashable, Sendable {
    case point, comma
}

/// The order of day, month and year in numeric dates.
public enum DateOrder: String, Hashable, Sendable {
    case dayMonthYear = "DMY", monthDayYear = "MDY", yearMonthDay = "YMD"
}
