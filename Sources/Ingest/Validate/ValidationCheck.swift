/// The checks `ingest validate` runs: each has a stable code, a default severity, its meaning and
/// what to do about it, naming the config's keys but no flag (the CLI adds its flags). The table
/// of codes in docs/validate.md is this list.
package struct ValidationCheck: Hashable, Sendable {
    package var code: String
    package var severity: Issue.Severity
    package var meaning: String
    package var hint: String

    init(_ code: String, _ severity: Issue.Severity, _ meaning: String, hint: String) {
        self.code = code
        self.severity = severity
        self.meaning = meaning
        self.hint = hint
    }

    /// Every code, in the order docs/validate.md lists them.
    package static let all: [ValidationCheck] = [
        ValidationCheck("file.unreadable", .error, "the file cannot be opened or read, is binary, or passes a limit",
                        hint: "check the path and the file's permissions, or what the message names (a limit and its flag, binary data)"),
        ValidationCheck("file.encoding", .error, "bytes that are not valid UTF-8",
                        hint: "save the file as UTF-8 (e.g. Excel: Save As → CSV UTF-8)"),
        ValidationCheck("file.empty", .error, "no rows at all, or only blank lines",
                        hint: "export the table again; the file should start with a header row"),
        ValidationCheck("header.missing", .error, "the first row holds values, not column names",
                        hint: "add a header row such as Name,Price,Billing,Next renewal"),
        ValidationCheck("header.duplicate", .error, "two columns have the same name; only one can be used",
                        hint: "rename one of the columns"),
        ValidationCheck("header.blank", .error, "a column has no name in the header row",
                        hint: "name the column, or delete it if it is empty"),
        ValidationCheck("map.unknown-column", .error, "a column mapping names no column of the file",
                        hint: "use a header exactly as written in the file, or a 1-based column number"),
        ValidationCheck("field.missing", .error, "a required field has no column",
                        hint: "add the column, or map it with \"map\" in ingest.json"),
        ValidationCheck("row.ragged", .error, "a row has more or fewer cells than the header",
                        hint: "quote cells that contain commas, and give every row the header's number of cells"),
        ValidationCheck("row.duplicate", .warning, "a row repeats an earlier row exactly",
                        hint: "delete the repeated row"),
        ValidationCheck("row.skipped", .info, "a row the reader left out (totals, repeated header …)",
                        hint: "nothing to do if the row is not a subscription"),
        ValidationCheck("name.missing", .error, "a row has no name",
                        hint: "fill in the service's name"),
        ValidationCheck("price.unparseable", .error, "a price cannot be read",
                        hint: "write prices like 9.99, $9.99 or 9,99 €"),
        ValidationCheck("price.out-of-range", .error, "an amount too large or with too many decimals to be read exactly",
                        hint: "write the amount in full, below 10^15 with at most 20 decimals (no exponent such as 1e30)"),
        ValidationCheck("price.negative", .error, "a price is below zero (a refund or credit?)",
                        hint: "write the price as a positive amount"),
        ValidationCheck("price.zero", .warning, "a price is zero (a free tier or trial?)",
                        hint: "write the price paid after the trial, or remove the row"),
        ValidationCheck("price.decimal-guessed", .warning, "the price column mixes decimal commas and points",
                        hint: "use one decimal mark in the whole column, or set \"locale\""),
        ValidationCheck("currency.missing", .warning, "a price names no currency",
                        hint: "add a currency column or code, or set \"currency\""),
        ValidationCheck("currency.guessed", .warning, "the currency sign is ambiguous ($ read as USD)",
                        hint: "write the ISO code (USD, CAD, AUD …) or set \"currency\""),
        ValidationCheck("currency.ambiguous", .warning, "a sign that several currencies use (kr, ¥) and no currency was given",
                        hint: "write the ISO code (SEK, NOK, DKK, JPY, CNY …) or set \"currency\""),
        ValidationCheck("currency.unknown", .error, "a currency code that is not ISO 4217",
                        hint: "use an ISO 4217 code such as USD, EUR, GBP"),
        ValidationCheck("currency.conflict", .error, "the price and the currency column name different currencies",
                        hint: "make the price and the currency column agree"),
        ValidationCheck("currency.not-allowed", .error, "a currency outside the configured \"currencies\"",
                        hint: "use one of the allowed currencies, or add this one to \"currencies\" in ingest.json"),
        ValidationCheck("cycle.unparseable", .error, "a billing cycle cannot be read",
                        hint: "write cycles like monthly, yearly or every 2 weeks"),
        ValidationCheck("cycle.invalid-interval", .error, "a billing cycle's count is 0, negative, a fraction or over 1000",
                        hint: "write a whole count from 1 to 1000, e.g. every 2 weeks"),
        ValidationCheck("cycle.not-recurring", .error, "the cycle names a one-time or lifetime purchase",
                        hint: "remove one-time purchases from the subscriptions file"),
        ValidationCheck("cycle.missing", .warning, "rows with no billing cycle",
                        hint: "add a cycle column (monthly, yearly …) or write prices like $9.99/mo"),
        ValidationCheck("date.unparseable", .error, "a date cannot be read",
                        hint: "write dates like 2026-12-05"),
        ValidationCheck("date.out-of-range", .error, "a date outside the years 0001-9999",
                        hint: "write the date as YYYY-MM-DD with a four-digit year"),
        ValidationCheck("date.ambiguous", .warning, "day and month order cannot be told from the column",
                        hint: "write dates as YYYY-MM-DD, or set \"dateOrder\" (DMY or MDY) or \"locale\""),
        ValidationCheck("date.past", .warning, "a next-renewal date before the reference day",
                        hint: "update the next renewal date"),
        ValidationCheck("statement.read", .info, "the file was read as a bank statement: its layout or columns, encoding, date order and sign",
                        hint: "nothing to do, unless the file is a list of subscriptions: then read it as one"),
        ValidationCheck("statement.date-unparseable", .error, "a statement row's date cannot be read (import leaves the row out)",
                        hint: "export the statement again, or write the date like the other rows"),
        ValidationCheck("statement.amount-unparseable", .error, "a statement row's amount cannot be read (import leaves the row out)",
                        hint: "export the statement again, or write the amount like the other rows"),
        ValidationCheck("statement.empty", .error, "no row of the statement could be read as a transaction",
                        hint: "export the statement again as CSV with a date and an amount column"),
    ]

    static let byCode: [String: ValidationCheck] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })

    /// The advice for a code not in the list (a reader warning).
    package static let otherHint = "see the list of codes"

    /// The advice for a code; reader warnings not in the list get `otherHint`.
    package static func hint(for code: String) -> String {
        byCode[code]?.hint ?? otherHint
    }
}
