import Foundation
import Ingest
import TesseractOCR

/// A usage mistake: printed with the command's usage line, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// One option or flag a command takes; the same declarations drive parsing and `--help`.
struct OptionSpec {
    var names: [String]
    var value: String?
    var help: String
    var repeats = false
    /// The words the value may be, when its placeholder does not list them (`--from KIND`), for
    /// shell completion.
    var choices: [String] = []

    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, value: nil, help: help)
    }

    static func option(_ names: String..., value: String, help: String, repeats: Bool = false, choices: [String] = []) -> OptionSpec {
        OptionSpec(names: names, value: value, help: help, repeats: repeats, choices: choices)
    }
}

/// The parsed command line of one subcommand.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Splits `args` by `specs`; `--opt=value` and `--opt value` both work, `--` ends options.
    static func parse(_ args: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.names.contains(name) }) else {
                throw UsageError.unknownOption(name, specs: specs)
            }
            let key = spec.names[0]
            if spec.value == nil {
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                parsed.flags.insert(key)
                continue
            }
            let value: String
            if let inline { value = inline } else {
                guard i < args.count else { throw UsageError("\(name) needs a value (\(spec.value ?? "VALUE"))") }
                value = args[i]
                i += 1
            }
            if !spec.repeats, parsed.values[key] != nil {
                throw UsageError("\(name) is given twice")
            }
            parsed.values[key, default: []].append(value)
        }
        return parsed
    }
}

/// A subcommand: its name, a summary, usage, options, and what it does.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    init(_ args: ParsedArguments) throws
    /// Returns the exit code.
    func run() throws -> Int32
}

extension Command {
    static var discussion: String { "" }

    /// Parses `args` for this command and runs it.
    static func execute(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments.parse(args, specs: options)
        Stderr.quiet = parsed.has("--quiet")
        return try Self(parsed).run()
    }

    static var help: String {
        var text = "\(summary)\n\nUSAGE: \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let all = options + [.flag("--help", "-h", help: "Show this help.")]
        text += "\nOPTIONS:\n"
        for spec in all {
            var left = spec.names.joined(separator: ", ")
            if let value = spec.value { left += " \(value)" }
            let pad = left.count < 28 ? String(repeating: " ", count: 28 - left.count) : "\n" + String(repeating: " ", count: 30)
            text += "  \(left)\(pad)\(spec.help)\n"
        }
        return text
    }
}

/// Options shared by the commands that read inputs: the reference day, locale and currency.
enum CommonOptions {
    static let context: [OptionSpec] = [
        .option("--today", value: "YYYY-MM-DD", help: "Reference day for relative and year-less dates (default: today)."),
        .option("--locale", value: "ID", help: "Locale of the values: any locale ICU knows, e.g. de_DE, pt-BR, zh_Hant_HK, th_TH. Its CLDR month names, number marks, currency symbols and calendar are used."),
        .option("--currency", value: "ISO", help: "Currency for prices that name none or use an ambiguous sign ($, kr, ¥)."),
    ]

    static let reading: [OptionSpec] = context + [
        .option("--from", value: "KIND", help: "Force a reader: notion, sheets, csv, bank or screenshot. A file read as a table that is a program, image, PDF or archive is refused. Bank statements may be CSV, OFX, QFX, QIF, CAMT (.xml) or MT940, told from their content.",
                choices: SourceKind.allCases.map(\.rawValue)),
        .option("--kinds", value: "LIST", help: "Recurring bank series to import, comma-separated: subscription, bill, transfer, habit (default: subscription)."),
        .option("--map", value: "FIELD=HEADER", help: "Take FIELD from the column HEADER (repeatable).", repeats: true),
        .option("--sheet", value: "NAME|N", help: "Workbooks (.xlsx, .ods): import this sheet, by name or number (default: every visible sheet with a name and a price column)."),
        .option("--encoding", value: "NAME", help: "Text encoding of CSV input: utf-8, utf-16, windows-1252, windows-1250 or gb18030 (default: from the bytes).",
                choices: ["utf-8", "utf-16", "utf-16be", "windows-1252", "windows-1250", "gb18030"]),
    ] + limits

    /// Caps on what a table may hold, and on standard input.
    static let limits: [OptionSpec] = [
        .option("--max-cell-bytes", value: "N", help: "Refuse a table with a cell over N bytes (default 1048576; a row may hold 16 MiB or N)."),
        .option("--max-columns", value: "N", help: "Refuse a table with a row of more than N columns (default 10000)."),
        .option("--max-input-bytes", value: "N", help: "Refuse standard input (-) longer than N bytes (default 4294967296)."),
    ]

    /// The column mappings saved in the `ingest.json` nearest above each input (the current
    /// folder's for standard input and links), all of them: a table uses the one saved for its
    /// header. A broken config is a usage error naming where.
    static func remembered(for inputs: [String]) throws(UsageError) -> [RememberedMapping] {
        var loader = ConfigLoader()
        var seen = Set<String>()
        var found: [RememberedMapping] = []
        for input in inputs {
            let here = input == "-" || RemoteLink.isRemote(input) ? FileManager.default.currentDirectoryPath + "/-" : input
            do {
                if let config = try loader.nearest(to: here), seen.insert(config.path).inserted { found += config.mappings }
            } catch {
                throw UsageError("\(RemedyWording.describe(error))")
            }
        }
        return found
    }

    /// The caps from `--max-cell-bytes`, `--max-columns` and `--max-input-bytes`.
    static func limits(_ args: ParsedArguments) throws(UsageError) -> ReadLimits {
        func count(_ name: String, example: String) throws(UsageError) -> Int? {
            guard let text = args.value(name) else { return nil }
            guard let value = Int(text), value > 0 else {
                throw UsageError("\(name) \(text): expected a whole number greater than 0, e.g. \(example)")
            }
            return value
        }
        var limits = ReadLimits()
        if let n = try count("--max-cell-bytes", example: "1048576") { limits.maxCellBytes = n }
        if let n = try count("--max-columns", example: "10000") { limits.maxColumns = n }
        if let n = try count("--max-input-bytes", example: "4294967296") { limits.maxInputBytes = n }
        return limits
    }

    /// How screenshots are read (`import`, `ocr`).
    static let ocr: [OptionSpec] = [
        .option("--ocr-lang", value: "LANGS", help: "Tesseract languages for screenshots, e.g. eng+deu (default: from --locale, else eng)."),
        .option("--tessdata", value: "DIR", help: "Folder with Tesseract's *.traineddata (default: TESSDATA_PREFIX, then the Debian folder)."),
    ]

    /// The OCR set-up from `--ocr-lang`, else `--locale`, and `--tessdata`.
    static func ocrConfiguration(_ args: ParsedArguments) throws(UsageError) -> OCRConfiguration {
        if let locale = args.value("--locale"), let problem = LocaleFormats.problem(locale) {
            throw UsageError("--locale: \(problem)")
        }
        var languages = OCRLanguages.forLocale(args.value("--locale"))
        if let spec = args.value("--ocr-lang") {
            guard OCRLanguages.parse(spec) != nil else {
                throw UsageError("--ocr-lang \(spec): expected Tesseract language names joined by +, e.g. eng or eng+deu")
            }
            languages = spec
        }
        return OCRConfiguration(languages: languages, tessdataDirectory: args.value("--tessdata"))
    }

    /// Limits for inputs given as links (Google Sheets, .csv URLs).
    static let fetching: [OptionSpec] = [
        .option("--timeout", value: "SECONDS", help: "Give up fetching a link after this long in total (default 20, or INGEST_FETCH_TIMEOUT)."),
        .option("--max-bytes", value: "N", help: "Refuse a fetched file larger than N bytes (default 50000000)."),
        sheetsBase,
    ]

    /// Limits for ZIP inputs (Notion exports).
    static let archives: [OptionSpec] = [
        .option("--max-member-bytes", value: "N", help: "Refuse a ZIP member that inflates to more than N bytes (default 1073741824)."),
    ]

    static let sheetsBase: OptionSpec = .option("--sheets-base-url", value: "URL",
        help: "Fetch Sheets exports from URL instead of https://docs.google.com (or INGEST_SHEETS_BASE_URL).")

    /// The fetch limits from the flags, else the environment, else the defaults.
    static func fetch(_ args: ParsedArguments) throws(UsageError) -> FetchOptions {
        let environment = ProcessInfo.processInfo.environment
        var options = FetchOptions()
        if let text = args.value("--timeout") ?? environment["INGEST_FETCH_TIMEOUT"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("--timeout \(text): expected a number of seconds greater than 0 and at most 86400 (a day), e.g. 20")
            }
            options.timeout = seconds
        }
        if let text = args.value("--max-bytes") {
            guard let bytes = Int(text), bytes > 0 else {
                throw UsageError("--max-bytes \(text): expected a whole number of bytes greater than 0, e.g. 50000000")
            }
            options.maxBytes = bytes
        }
        if let base = args.value("--sheets-base-url") ?? environment["INGEST_SHEETS_BASE_URL"], !base.isEmpty {
            guard RemoteLink.isRemote(base) else {
                throw UsageError("--sheets-base-url \(base): expected an http:// or https:// address")
            }
            options.sheetsBaseURL = base
        }
        return options
    }

    /// The date `flag` gives (`--today D`), checked; nil when the flag is not given.
    static func day(_ args: ParsedArguments, _ flag: String) throws(UsageError) -> CalendarDate? {
        guard let text = args.value(flag) else { return nil }
        guard let date = CalendarDate(iso: text) else { throw UsageError("\(flag) \(text): expected a date like 2026-11-30") }
        return date
    }

    static func context(_ args: ParsedArguments) throws(UsageError) -> NormalizeContext {
        let today = try day(args, "--today") ?? SystemClock.today()
        var currency: Currency?
        if let code = args.value("--currency") {
            guard let c = Currency(code) else {
                throw UsageError("--currency \(code): not an ISO 4217 code (expected e.g. USD, EUR, JPY)")
            }
            currency = c
        }
        if let locale = args.value("--locale"), let problem = LocaleFormats.problem(locale) {
            throw UsageError("--locale: \(problem)")
        }
        return NormalizeContext(today: today, locale: args.value("--locale"), currency: currency)
    }

    static func importOptions(_ args: ParsedArguments) throws(UsageError) -> ImportOptions {
        var kind: SourceKind?
        if let from = args.value("--from") {
            guard let k = SourceKind(rawValue: from.lowercased()) else {
                throw UsageError("--from \(from): expected one of \(SourceKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = k
        }
        var overrides: [Field: String] = [:]
        for pair in args.all("--map") {
            guard let eq = pair.firstIndex(of: "="), let field = Field(userText: String(pair[..<eq])) else {
                throw UsageError("--map \(pair): expected FIELD=HEADER with FIELD one of \(Field.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            overrides[field] = String(pair[pair.index(after: eq)...])
        }
        var encoding: TextEncoding?
        if let name = args.value("--encoding") {
            guard let e = TextEncoding(userText: name) else {
                throw UsageError("--encoding \(name): expected utf-8, utf-16, utf-16be, windows-1252, windows-1250 or gb18030")
            }
            encoding = e
        }
        var options = ImportOptions(kind: kind, context: try context(args), overrides: overrides,
                                    recognizer: TesseractRecognizer(configuration: try ocrConfiguration(args)),
                                    encoding: encoding)
        if let text = args.value("--max-member-bytes") {
            guard let bytes = Int(text), bytes > 0 else {
                throw UsageError("--max-member-bytes \(text): expected a whole number of bytes greater than 0, e.g. 1073741824")
            }
            options.zip.maxMemberBytes = bytes
        }
        options.limits = try limits(args)
        if let sheet = args.value("--sheet") {
            guard !sheet.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--sheet: expected a sheet's name or number, e.g. --sheet Subscriptions") }
            options.sheet = sheet
        }
        if let list = args.value("--kinds") {
            var kinds: Set<ImportDraft.Kind> = []
            for word in list.split(separator: ",") {
                let name = word.trimmingCharacters(in: .whitespaces).lowercased()
                guard let kind = ImportDraft.Kind(rawValue: name) ?? (name.hasSuffix("s") ? ImportDraft.Kind(rawValue: String(name.dropLast())) : nil) else {
                    throw UsageError("--kinds \(list): \"\(name)\" is not a kind (expected a comma-separated list of \(ImportDraft.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                kinds.insert(kind)
            }
            guard !kinds.isEmpty else { throw UsageError("--kinds: expected at least one of \(ImportDraft.Kind.allCases.map(\.rawValue).joined(separator: ", "))") }
            options.kinds = kinds
        }
        return options
    }
}

/// The only place the CLI reads the clock: the real today, in UTC.
enum SystemClock {
    static func today() -> CalendarDate {
        let days = Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))
        return CalendarDate(dayNumber: days)
    }
}

/// Writes to standard error. A closed or broken standard error loses the text but never stops
/// the run (FileHandle's `write(_:)` traps on a failed write).
enum Stderr {
    /// Set from `-q`/`--quiet` before a command starts: `note` prints nothing then.
    nonisolated(unsafe) static var quiet = false

    /// An error: always printed.
    static func print(_ text: String) {
        write(text + "\n")
    }

    /// A note, a warning or a count: not printed under `--quiet`.
    static func note(_ text: String) {
        if !quiet { write(text + "\n") }
    }

    private static let lock = NSLock()
    /// Whether a progress line is on the screen, to be cleared before other text.
    nonisolated(unsafe) private static var progressShown = false

    static func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if progressShown { raw("\r\u{1B}[K") }
        progressShown = false
        raw(text)
    }

    /// Draws `text` as the progress line, over the one before (`ProgressLine`).
    static func drawProgress(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        raw("\r\u{1B}[K" + text)
        progressShown = true
    }

    static func clearProgress() {
        lock.lock()
        defer { lock.unlock() }
        if progressShown { raw("\r\u{1B}[K") }
        progressShown = false
    }

    private static func raw(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}
