import Foundation
@testable import Ingest

/// Builds hand-made OCR pages: words placed like a renderer would place them.
struct PageSketch {
    var words: [RecognizedWord] = []
    var width = 390
    var height = 844

    /// Puts `text` (split at spaces) at x, y with font height h; words advance by their length.
    mutating func text(_ text: String, x: Int, y: Int, h: Int = 16, confidence: Double = 0.95) {
        var left = x
        for part in text.split(separator: " ") {
            let width = max(h / 2, part.count * h * 55 / 100)
            words.append(RecognizedWord(text: String(part), box: Provenance.Box(x: left, y: y, width: width, height: h),
                                        confidence: confidence))
            left += width + h / 3
        }
    }

    func page(_ name: String = "shot.png") -> RecognizedPage {
        RecognizedPage(image: name, width: width, height: height, words: words)
    }
}

let screenshotToday = CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0)

func readSketch(_ sketch: PageSketch, locale: String? = nil) throws -> ScreenshotResult {
    try ScreenshotReader(context: NormalizeContext(today: screenshotToday, locale: locale)).read(sketch.page())
}

/// The words `ingest ocr --format json` recorded for a fixture image.
enum RecordedOCR {
    struct Box: Decodable { var x, y, width, height: Int }
    struct Word: Decodable { var text: String; var box: Box; var confidence: Double }
    struct Line: Decodable { var words: [Word] }
    struct Image: Decodable { var image: String; var width: Int; var height: Int; var inverted: Bool; var lines: [Line] }

    static func page(_ stem: String, folder: String = "screenshots") throws -> RecognizedPage {
        let data = try FixtureFolder.data("\(folder)/ocr/\(stem).json")
        guard let image = try JSONDecoder().decode([Image].self, from: data).first else {
            return RecognizedPage(image: stem, width: 0, height: 0, words: [])
        }
        let words = image.lines.flatMap(\.words).map {
            RecognizedWord(text: $0.text, box: Provenance.Box(x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height),
                           confidence: $0.confidence)
        }
        return RecognizedPage(image: image.image, width: image.width, height: image.height, words: words, inverted: image.inverted)
    }
}
