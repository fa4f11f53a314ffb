/// Something worth telling the user about one value, row or file. Codes are stable strings
/// (`price.unparseable`, `date.ambiguous`, `row.ragged`) that scripts and CI can filter on.
public struct Issue: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
        case info, warning, error

        var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// What kind of problem an issue is, as a stable dotted string (`price.unparseable`). Every
    /// code the library emits is a static member; a drafts file may carry others, kept as read.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
        ExpressibleByStringLiteral {
        public var rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public var description: String { rawValue }
        public static func < (a: Code, b: Code) -> Bool { a.rawValue < b.rawValue }

        /// Whether the code starts with `prefix` (`"price."` for every price issue).
        public func hasPrefix(_ prefix: String) -> Bool { rawValue.hasPrefix(prefix) }
        /// Whether the code ends with `suffix` (`".unparseable"` for every unreadable value).
        public func hasSuffix(_ suffix: String) -> Bool { rawValue.hasSuffix(suffix) }

        public static let bankLayout: Code = "bank.layout"
        public static let csvNoHeader: Code = "csv.no-header"
        public static let csvUnterminatedQuote: Code = "csv.unterminated-quote"
        public static let currencyAmbiguous: Code = "currency.ambiguous"
        public static let currencyConflict: Code = "currency.conflict"
        public static let currencyGuessed: Code = "currency.guessed"
        public static let currencyMissing: Code = "currency.missing"
        public static let currencyUnknown: Code = "currency.unknown"
        public static let cycleFromHeader: Code = "cycle.from-header"
        public static let cycleInvalidInterval: Code = "cycle.invalid-interval"
        public static let cycleMissing: Code = "cycle.missing"
        public static let cycleNotRecurring: Code = "cycle.not-recurring"
        public static let cycleUnparseable: Code = "cycle.unparseable"
        public static let dateAmbiguous: Code = "date.ambiguous"
        public static let dateNotRecurring: Code = "date.not-recurring"
        public static let dateOutOfRange: Code = "date.out-of-range"
        public static let datePast: Code = "date.past"
        public static let dateRolledForward: Code = "date.rolled-forward"
        public static let dateUnparseable: Code = "date.unparseable"
        public static let dateWeekdayMismatch: Code = "date.weekday-mismatch"
        public static let mapRemembered: Code = "map.remembered"
        public static let duplicateConflict: Code = "duplicate.conflict"
        public static let duplicateMerged: Code = "duplicate.merged"
        public static let encodingFallback: Code = "encoding.fallback"
        public static let nameMissing: Code = "name.missing"
        public static let ocrLowConfidence: Code = "ocr.low-confidence"
        public static let priceDecimalGuessed: Code = "price.decimal-guessed"
        public static let priceMissing: Code = "price.missing"
        public static let priceNegative: Code = "price.negative"
        public static let priceNotRecurring: Code = "price.not-recurring"
        public static let priceNote: Code = "price.note"
        public static let priceOutOfRange: Code = "price.out-of-range"
        public static let priceSeparatorGuessed: Code = "price.separator-guessed"
        public static let priceUnparseable: Code = "price.unparseable"
        public static let rowRagged: Code = "row.ragged"
        public static let screenshotNoSubscription: Code = "screenshot.no-subscription"
        public static let trialEndingSoon: Code = "trial.ending-soon"
        public static let workbookSheets: Code = "workbook.sheets"
        public static let zipMembers: Code = "zip.members"

        /// Every code above, in alphabetical order.
        public static let emitted: [Code] = [
            bankLayout, csvNoHeader, csvUnterminatedQuote, currencyAmbiguous, currencyConflict, currencyGuessed,
            currencyMissing, currencyUnknown, cycleFromHeader, cycleInvalidInterval, cycleMissing, cycleNotRecurring,
            cycleUnparseable, dateAmbiguous, dateNotRecurring, dateOutOfRange, datePast, dateRolledForward,
            dateUnparseable, dateWeekdayMismatch, duplicateConflict, duplicateMerged, encodingFallback, mapRemembered, nameMissing,
            ocrLowConfidence, priceDecimalGuessed, priceNegative, priceNotRecurring, priceNote, priceOutOfRange,
            priceSeparatorGuessed, priceUnparseable, rowRagged, screenshotNoSubscription, trialEndingSoon, workbookSheets, zipMembers,
        ]
    }

    /// What the user can do about a problem, when a setting of the import can fix it. The
    /// message says what is wrong in plain words; an app offers the remedy as a control (a
    /// currency picker, a column menu), and the CLI names its flag. `ReadError` carries one too.
    public enum Remedy: Hashable, Sendable, Codable {
        /// Say which currency the amounts are in (`NormalizeContext.currency`): a sign was read
        /// as a guess, names several currencies, or there is none.
        case chooseCurrency
        /// Say which locale the file is written in (`NormalizeContext.locale`): the day and month
        /// order or the decimal mark was guessed.
        case chooseLocale
        /// Either of the above settles it: a sign such as `$` read by the locale's region.
        case chooseCurrencyOrLocale
        /// Say which text encoding the file is in (`ImportOptions.encoding`): the bytes were read
        /// as a fallback.
        case chooseEncoding
        /// Read the file as UTF-16 (`ImportOptions.encoding`): what looked like binary data may be
        /// UTF-16 text.
        case readAsUTF16
        /// Add a column for the field, or map one onto it (`ImportOptions.overrides`).
        case mapColumn(Field)
        /// Raise a limit the input went past, if the input is really that large; `current` is the
        /// limit it went past.
        case raiseLimit(Limit, current: Int)
        /// Wait longer for a link's answer (`ImportOptions.fetchTimeout`).
        case longerTimeout
        /// Give the files in a folder one by one: a folder is not an input.
        case listFolder

        /// A limit of `ImportOptions`, of standard input or of the ZIP reader.
        public enum Limit: String, Hashable, Sendable, Codable, CaseIterable {
            /// `ImportOptions.maxCellBytes`: one cell.
            case cellBytes
            /// One row: 16 MiB, or `ImportOptions.maxCellBytes` when that is more.
            case rowBytes
            /// `ImportOptions.maxColumns`.
            case columns
            /// The bytes read from standard input (the CLI's `--max-input-bytes`).
            case inputBytes
            /// `ImportOptions.maxDownloadBytes`: a link's download.
            case downloadBytes
            /// The ZIP reader's limit on one member's inflated size (not an app's setting).
            case memberBytes
        }
    }

    public var code: Code
    public var severity: Severity
    /// What is wrong, naming no setting: `remedy` says what can be done about it.
    public var message: String
    public var remedy: Remedy?

    public init(_ code: Code, _ severity: Severity, _ message: String, remedy: Remedy? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.remedy = remedy
    }

    public var description: String { "\(severity.rawValue) \(code): \(message)" }

    /// The issue with `prefix` (a file, row or column) before its message.
    package func located(_ prefix: String) -> Issue {
        var issue = self
        issue.message = "\(prefix): \(message)"
        return issue
    }
}

/// Text from an input made safe to print on a terminal: control characters (C0, DEL, C1) and
/// bidirectional overrides are written as escapes (`\u001B`, `\n`), so a cell cannot move the
/// cursor, clear the screen, reorder a line or start a new one. Every message that quotes a
/// cell goes through it before it is printed.
package enum VisibleText {
    /// `keepingLineBreaks` leaves `\n` and `\r` for a format that escapes them its own way.
    package static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        let escape = { (s: Unicode.Scalar) in needsEscape(s) && !(keepingLineBreaks && (s == "\n" || s == "\r")) }
        guard text.unicodeScalars.contains(where: escape) else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard escape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// Checks on a price that was read as written but cannot go into the output as it is.
package enum PriceChecks {
    /// The `price.negative` error for an amount below zero (a refund or a credit, not a
    /// subscription's price), nil for any other amount. `location` starts the message (worked
    /// out only for a negative amount: most prices are not).
    package static func negative(_ price: Price, at location: @autoclosure () -> String?) -> Issue? {
        guard price.amount < 0 else { return nil }
        let location = location()
        let text = price.amountText + (price.currency.map { " \($0.code)" } ?? "")
        return Issue("price.negative", .error,
            "\(location.map { "\($0): " } ?? "")the price \(text) is negative (a refund or credit?); the draft is left pending, out of the output, until a person accepts it; write the price as a positive amount")
    }
}
