import Foundation
@testable import Ingest

/// The fuzz targets: each runs one input (raw bytes) through a parser the way the command-line
/// tool reaches it. A thrown error is a fine outcome; only a crash, a hang or a sanitizer report
/// is a finding. The libFuzzer harness (`Scripts/fuzz/main.swift`, built by `Scripts/fuzz.sh`)
/// and `FuzzRegressionTests` (which replays `Fixtures/fuzz/TARGET/*`) both call `run`.
enum FuzzTargets {
    /// Target names, in the order `Scripts/fuzz.sh all` runs them.
    static let names = [
        "csv", "import", "zip", "workbook", "drafts", "canonical", "config", "rates",
        "price", "date", "cycle", "sheets-link", "ocr-layout",
    ]

    /// Runs `bytes` through `target`; false for an unknown target name.
    @discardableResult
    static func run(_ target: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        switch target {
        case "csv": csv(bytes)
        case "import": importFile(bytes, fileExtension: "csv", kind: nil)
        case "zip": importFile(bytes, fileExtension: "zip", kind: .notion)
        case "workbook": workbook(bytes)
        case "drafts": _ = try? DraftsFileReader(file: "fuzz.json").read(text(bytes))
        case "canonical": canonical(bytes)
        case "config": config(bytes)
        case "rates": rates(bytes)
        case "price": price(bytes)
        case "date": date(bytes)
        case "cycle": _ = ValueNormalizer(context: context(0)).cycle(text(bytes))
        case "sheets-link": sheetsLink(bytes)
        case "ocr-layout": ocrLayout(bytes)
        default: return false
        }
        return true
    }

    static func run(_ target: String, _ data: Data) -> Bool {
        data.withUnsafeBytes { run(target, $0) }
    }

    /// Text as the tool makes it of file bytes (invalid UTF-8 replaced, as `String(decoding:)` does).
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static let today = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)
    static let locales: [String?] = [nil, "en_US", "en_GB", "de_DE", "fr_FR", "fr_CH", "ja_JP", "zh_CN"]

    /// A normalising context chosen by one selector byte (locale, and for the table readers the
    /// encoding is chosen elsewhere).
    static func context(_ selector: UInt8) -> NormalizeContext {
        NormalizeContext(today: today, locale: locales[Int(selector) % locales.count])
    }

    /// The first byte and the rest; an empty input selects 0.
    static func split(_ bytes: UnsafeRawBufferPointer) -> (UInt8, UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return (0, bytes) }
        return (first, UnsafeRawBufferPointer(rebasing: bytes[1...]))
    }

    // MARK: Tables

    /// The CSV tokenizer and table reader on the bytes after the first, which chooses the
    /// encoding (`--encoding`, or none to tell from the bytes): every row read to the end.
    static func csv(_ bytes: UnsafeRawBufferPointer) {
        let (selector, body) = split(bytes)
        let encodings: [TextEncoding?] = [nil] + TextEncoding.allCases
        let encoding = encodings[Int(selector) % encodings.count]
        guard let table = try? CSVTable(data: Data(body), name: "fuzz.csv", encoding: encoding) else { return }
        _ = table.header
        while let row = try? table.nextRow() { _ = row.cells }
    }

    /// The folder for the files the import-shaped targets write each input to.
    static let scratchFolder: String = {
        let dir = NSTemporaryDirectory() + "ingest-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Removed when the fuzzer or the test run exits (each input's file is removed after it).
        atexit { rmdir(FuzzTargets.scratchFolder) }
        return dir
    }()

    /// The bytes as a file given to `ingest import` (`kind` nil: the reader is chosen from the
    /// content, as without `--from`): the duplicate-counting pass, the import, the merge of
    /// duplicates and the canonical output.
    static func importFile(_ bytes: UnsafeRawBufferPointer, fileExtension: String, kind: SourceKind?) {
        // A new name per input, as tests replay inputs in parallel.
        let path = scratchFolder + "/\(UUID().uuidString).\(fileExtension)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let importer = Importer(options: ImportOptions(kind: kind, context: context(0)))
        _ = try? importer.runNames(path: path, name: "fuzz.\(fileExtension)") { _ in }
        var drafts: [ImportDraft] = []
        _ = try? importer.run(path: path, name: "fuzz.\(fileExtension)") { drafts.append($0) }
        let subscriptions = Ingest.merge(drafts).compactMap { draft -> Subscription? in
            var draft = draft
            draft.status = AcceptPolicy.all.decide(draft)
            return AcceptPolicy.isOutput(draft, includeInactive: true) ? Subscription(draft: draft) : nil
        }
        _ = CanonicalJSON.text(subscriptions)
    }

    /// A workbook: the first byte chooses .xlsx or .ods as the name, the rest is the file,
    /// imported (every sheet that holds a list) and then read sheet by sheet with --sheet.
    static func workbook(_ bytes: UnsafeRawBufferPointer) {
        let (selector, body) = split(bytes)
        let ext = selector % 2 == 0 ? "xlsx" : "ods"
        importFile(body, fileExtension: ext, kind: nil)
        let path = scratchFolder + "/\(UUID().uuidString).\(ext)"
        guard FileManager.default.createFile(atPath: path, contents: Data(body)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let book = try? Workbook(path: path, name: "fuzz.\(ext)") else { return }
        defer { book.removeUnread() }
        for sheet in book.sheets.prefix(4) {
            guard let read = try? book.read([sheet]) else { continue }
            for written in read {
                defer { written.file.remove() }
                guard let table = try? CSVTable(path: written.file.path, name: sheet.name, encoding: .utf8) else { continue }
                while (try? table.nextRow()) != nil {}
            }
        }
    }

    // MARK: JSON documents

    /// A `--merge-into` file: read, written back, and the written text read again.
    static func canonical(_ bytes: UnsafeRawBufferPointer) {
        guard let subscriptions = try? CanonicalReader.read(text(bytes), file: "fuzz.json") else { return }
        let written = CanonicalJSON.text(subscriptions)
        _ = try? CanonicalReader.read(written, file: "written.json")
    }

    /// An `ingest.json` for `validate`, then the settings it gives a few file paths.
    static func config(_ bytes: UnsafeRawBufferPointer) {
        guard let config = try? ValidateConfig.parse(text(bytes), path: "ingest.json", directory: "/fuzz") else { return }
        for file in ["a.csv", "exports/notion/b.csv", "x/y/z.json", ".hidden/c.tsv"] {
            var settings = ValidateSettings()
            for layer in config.layers(for: file) { settings.apply(layer) }
        }
    }

    /// Subscriptions in several currencies, for the converted total of a rates file.
    static let pricedSubscriptions: [Subscription] = {
        let document = """
            {"schema":"ingest/subscriptions@1","subscriptions":[
            {"name":"A","price":{"amount":"9.99","currency":"USD"},"cycle":{"unit":"month","interval":1},"source":{"file":"a.csv"}},
            {"name":"B","price":{"amount":"120","currency":"EUR"},"cycle":{"unit":"year","interval":1},"source":{"file":"a.csv"}},
            {"name":"C","price":{"amount":"1500","currency":"JPY"},"cycle":{"unit":"week","interval":2},"source":{"file":"a.csv"}},
            {"name":"D","price":{"amount":"4.50","currency":"GBP"},"cycle":{"unit":"month","interval":3},"source":{"file":"a.csv"}}]}
            """
        return (try? CanonicalReader.read(document, file: "priced.json")) ?? []
    }()

    /// A `--rates` file, then the converted total of subscriptions in four currencies.
    static func rates(_ bytes: UnsafeRawBufferPointer) {
        guard let rates = try? ExchangeRates(json: text(bytes), file: "rates.json") else { return }
        _ = CanonicalJSON.text(pricedSubscriptions, rates: rates)
    }

    // MARK: Values

    /// A price cell: the first byte chooses the locale and the decimal mark a column gave (none,
    /// point, comma); `ingest normalize price` and the parser as a table column uses it.
    static func price(_ bytes: UnsafeRawBufferPointer) {
        let (selector, body) = split(bytes)
        let raw = text(body)
        let context = context(selector)
        _ = ValueNormalizer(context: context).price(raw)
        let marks: [DecimalMark?] = [nil, .point, .comma]
        _ = try? PriceParser(context: context).parse(raw[...], decimalMark: marks[Int(selector / 8) % marks.count])
    }

    /// A date cell: the first byte chooses the locale and the date order a column gave.
    static func date(_ bytes: UnsafeRawBufferPointer) {
        let (selector, body) = split(bytes)
        let raw = text(body)
        let context = context(selector)
        _ = ValueNormalizer(context: context).date(raw)
        let orders: [DateOrder?] = [nil, .dayMonthYear, .monthDayYear, .yearMonthDay]
        _ = try? DateParser(context: context).parse(raw[...], order: orders[Int(selector / 8) % orders.count])
    }

    /// A pasted link, as `ingest import LINK` and `ingest sheets-url` read it.
    static func sheetsLink(_ bytes: UnsafeRawBufferPointer) {
        let raw = text(bytes)
        _ = RemoteLink.isRemote(raw)
        guard let link = try? RemoteLink.parse(raw) else { return }
        _ = link.fetchURL()
        _ = link.fetchURL(base: "http://127.0.0.1:8080")
        _ = link.part
    }

    // MARK: Screenshots

    /// The layout stage of a screenshot (lines, cells, tables, blocks) on word boxes an OCR
    /// engine could give: `OCRWords.page` decodes them from the bytes.
    static func ocrLayout(_ bytes: UnsafeRawBufferPointer) {
        let (selector, body) = split(bytes)
        let page = OCRWords.page(body)
        _ = try? ScreenshotReader(context: context(selector)).read(page)
    }
}

/// Synthetic OCR output as text, one word per line after a first line `WIDTH HEIGHT`:
/// `X Y W H CONFIDENCE TEXT` (confidence in percent). Numbers are clamped to what an engine
/// reports for an image (0…20000 pixels, boxes inside the page); a line that does not parse
/// is skipped.
enum OCRWords {
    static let maxSide = 20000

    static func page(_ bytes: UnsafeRawBufferPointer) -> RecognizedPage {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var width = 390, height = 844
        var words: [RecognizedWord] = []
        for (i, line) in lines.enumerated() {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
            if i == 0 {
                if fields.count >= 2, let w = number(fields[0]), let h = number(fields[1]) {
                    width = max(1, w)
                    height = max(1, h)
                }
                continue
            }
            guard fields.count == 6, let x = number(fields[0]), let y = number(fields[1]),
                  let w = number(fields[2]), let h = number(fields[3]), let c = number(fields[4]) else { continue }
            let left = min(x, width - 1), top = min(y, height - 1)
            let box = Provenance.Box(x: left, y: top, width: min(w, width - left), height: min(h, height - top))
            words.append(RecognizedWord(text: String(fields[5]), box: box, confidence: Double(min(c, 100)) / 100))
        }
        return RecognizedPage(image: "fuzz.png", width: width, height: height, words: words)
    }

    /// A decimal number of at most 5 digits, clamped to `maxSide`; nil for anything else.
    static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return min(Int(text) ?? 0, maxSide)
    }
}
