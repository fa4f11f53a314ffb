import Foundation
import Ingest
import TesseractOCR

/// `ingest ocr IMAGE...`: the words the OCR engine reads, grouped into lines, with boxes and
/// confidences; for checking what a screenshot import starts from.
struct OcrCommand: Command {
    static let name = "ocr"
    static let summary = "Show the words OCR reads in screenshots, with boxes and confidences."
    static let usage = "ingest ocr IMAGE... [--format text|json] [-o FILE] [--debug-image OUT.png] [--locale ID] [--ocr-lang LANGS]"
    static let discussion = """
        IMAGE is an image file, or - for an image on standard input.
        Prints each image's words grouped into lines (words whose boxes overlap vertically), each
        line with its box and each word with its box (x,y width×height in the image's own pixels)
        and confidence (0-1). Several images are read in parallel and printed in the order given.
        An image in which no text is found is reported on standard error and makes the exit code 1.
        --debug-image (one IMAGE only) writes a copy of the image with the word boxes drawn in
        red (orange: confidence below 0.6).
        """
    static let options: [OptionSpec] = [
        CommonOptions.format(["text", "json"]), CommonOptions.output("the words"), CommonOptions.quiet,
        .option("--debug-image", value: "OUT.png", help: "Write the image with the word boxes drawn on it (one IMAGE only)."),
        .option("--psm", value: "N", help: "Tesseract page segmentation mode (default: 11, sparse text)."),
        .option("--locale", value: "ID", help: "The screenshots' locale, e.g. de_DE or zh_CN: picks the OCR languages."),
    ] + CommonOptions.ocr

    let images: [String]
    let json: Bool
    let debugImage: String?
    let output: String?
    let configuration: OCRConfiguration

    init(_ args: ParsedArguments) throws(UsageError) {
        guard !args.positionals.isEmpty else { throw UsageError("ocr needs at least one IMAGE") }
        guard args.positionals.filter({ $0 == "-" }).count <= 1 else { throw UsageError("- (standard input) can be given once") }
        images = args.positionals
        json = try CommonOptions.format(args, ["text", "json"]) == "json"
        output = args.value("-o")
        debugImage = args.value("--debug-image")
        guard debugImage == nil || images.count == 1 else { throw UsageError("--debug-image takes exactly one IMAGE") }
        var paths = OutputPaths()
        paths.output("--debug-image", debugImage)
        paths.output("-o", output, example: json ? "words.json" : "words.txt")
        for image in images { paths.input(image) }
        try paths.check()
        var configuration = try CommonOptions.ocrConfiguration(args)
        if let text = args.value("--psm") {
            guard let psm = Int(text), (0...13).contains(psm), psm != 0, psm != 2 else {
                throw UsageError("--psm \(text): expected a Tesseract page segmentation mode that reads text (1, 3-13)")
            }
            configuration.pageSegmentation = psm
        }
        self.configuration = configuration
    }

    func run() throws -> Int32 {
        let recognizer = TesseractRecognizer(configuration: configuration)
        defer { recognizer.close() }
        do {
            _ = try recognizer.checkSetup()
        } catch {
            Stderr.print("ingest: \(RemedyWording.describe(error))")
            return 1
        }
        // An image on standard input is read from a temporary copy, named <stdin> in the output.
        let stdin: InputFile?
        do { stdin = try images.contains("-") ? InputFile.resolve("-", allowingBinary: true) : nil } catch {
            Stderr.print("ingest: \(RemedyWording.describe(error))")
            return 1
        }
        defer { stdin?.remove() }
        let inputs = images.map { $0 == "-" ? OCRInput(path: stdin?.path ?? "-", name: "<stdin>") : OCRInput(path: $0, name: $0) }
        let done = DoneCounter()
        let progress = ProgressLine.counting("ocr", total: inputs.count, unit: "images") { done.value }
        recognizer.prefetch(inputs)
        let results = inputs.map { input in
            defer { done.add() }
            return Result { try recognizer.recognize(path: input.path, name: input.name) }
        }
        progress?.stop()
        var failed = false
        var pages: [JSONValue] = []
        let out = try OutputFile(path: output)
        for result in results {
            switch result {
            case .failure(let error):
                Stderr.print("ingest: \(RemedyWording.describe(error))")
                failed = true
            case .success(let page):
                if page.words.isEmpty {
                    Stderr.print("ingest: \(page.image): no text found (the image may hold only pictures, or text too small or faint to read)")
                    failed = true
                }
                let lines = WordLines.group(page.words)
                if json { pages.append(Self.json(page, lines)) } else if !page.words.isEmpty { out.write(Self.text(page, lines)) }
                if let debugImage, let image = inputs.first?.path {
                    let png = try DebugImage.drawBoxes(of: page, imagePath: image)
                    let file = try OutputFile(path: debugImage)
                    file.write(bytes: png)
                    try file.close()
                }
            }
        }
        if json { out.write(JSONValue.array(pages).serialized(pretty: true) + "\n") }
        try out.close()
        return failed ? 1 : 0
    }

    static func text(_ page: RecognizedPage, _ lines: [WordLines.Line]) -> String {
        var text = "\(page.image): \(page.width)×\(page.height)\(page.inverted ? ", dark mode (inverted)" : ""), "
        text += "\(page.words.count) word\(page.words.count == 1 ? "" : "s") in \(lines.count) line\(lines.count == 1 ? "" : "s")\n"
        for (index, line) in lines.enumerated() {
            text += "line \(index + 1) at \(describe(line.box)): \(line.text)\n"
            for word in line.words {
                text += "  \(word.text)  \(describe(word.box))  \(confidence(word.confidence))\n"
            }
        }
        return text
    }

    static func json(_ page: RecognizedPage, _ lines: [WordLines.Line]) -> JSONValue {
        .object([
            ("image", .string(page.image)), ("width", .int(page.width)), ("height", .int(page.height)),
            ("inverted", .bool(page.inverted)),
            ("lines", .array(lines.map { line in
                .object([
                    ("text", .string(line.text)), ("box", json(line.box)),
                    ("words", .array(line.words.map { word in
                        .object([("text", .string(word.text)), ("box", json(word.box)),
                                 ("confidence", .number(confidence(word.confidence)))])
                    })),
                ])
            })),
        ])
    }

    static func json(_ box: Provenance.Box) -> JSONValue {
        .object([("x", .int(box.x)), ("y", .int(box.y)), ("width", .int(box.width)), ("height", .int(box.height))])
    }

    /// `48,120 310×44`.
    static func describe(_ box: Provenance.Box) -> String { "\(box.x),\(box.y) \(box.width)×\(box.height)" }

    /// Two decimals, `0.96`.
    static func confidence(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

/// Words grouped into lines by vertical overlap: enough for reading OCR output by eye.
enum WordLines {
    struct Line {
        var words: [RecognizedWord]
        var box: Provenance.Box
        var text: String { words.map(\.text).joined(separator: " ") }
    }

    /// A word joins the line whose vertical span covers its middle; lines top to bottom, words
    /// left to right.
    static func group(_ words: [RecognizedWord]) -> [Line] {
        var lines: [Line] = []
        for word in words.sorted(by: { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }) {
            let middle = word.box.y + word.box.height / 2
            if let index = lines.firstIndex(where: { middle >= $0.box.y && middle <= $0.box.y + $0.box.height }) {
                lines[index].words.append(word)
                lines[index].box = union(lines[index].box, word.box)
            } else {
                lines.append(Line(words: [word], box: word.box))
            }
        }
        for index in lines.indices { lines[index].words.sort { $0.box.x < $1.box.x } }
        return lines.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    static func union(_ a: Provenance.Box, _ b: Provenance.Box) -> Provenance.Box {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Provenance.Box(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x,
                              height: max(a.y + a.height, b.y + b.height) - y)
    }
}
