import Foundation
import Ingest
import Testing
@testable import TesseractOCR

/// Each test gets its own recognizer, closed when the test ends (engines must not outlive the
/// process's Tesseract caches).
@Suite final class TesseractRecognizerTests {
    let recognizer = TesseractRecognizer()

    deinit { recognizer.close() }

    /// Each drawn word is read, its box within 3 pixels of where it was drawn in the original
    /// image (the engine enlarged the 15-pixel text, so this checks the boxes are scaled back).
    @Test(arguments: ["text-light.png", "text-dark.png"])
    func readsDrawnWordsWithOriginalBoxes(_ image: String) throws {
        let page = try recognizer.recognize(path: OCRFixtures.path(image), name: image)
        #expect(page.image == image)
        #expect(page.width == 320 && page.height == 96)
        let expected = try OCRFixtures.expectedWords()
        #expect(page.words.map(\.text) == expected.map(\.text))
        for (word, want) in zip(page.words, expected) {
            let box = word.box
            #expect(abs(box.x - want.x) <= 3 && abs(box.y - want.y) <= 3, "\(word.text) at \(box)")
            #expect(abs(box.width - want.width) <= 3 && abs(box.height - want.height) <= 3, "\(word.text) at \(box)")
            #expect(word.confidence > 0.8 && word.confidence <= 1, "\(word.text) confidence \(word.confidence)")
        }
    }

    @Test func darkModeIsInverted() throws {
        #expect(try recognizer.recognize(path: OCRFixtures.path("text-dark.png"), name: "d").inverted)
        #expect(try !recognizer.recognize(path: OCRFixtures.path("text-light.png"), name: "l").inverted)
    }

    @Test(arguments: [("blank.png", 200, 120), ("tiny.png", 3, 2)])
    func imageWithoutTextHasNoWords(_ image: String, _ width: Int, _ height: Int) throws {
        let page = try recognizer.recognize(path: OCRFixtures.path(image), name: image)
        #expect(page.words.isEmpty)
        #expect(page.width == width && page.height == height)
    }

    /// Twelve images on all cores through the engine pool give what one engine gives one by one,
    /// in input order.
    @Test func parallelBatchEqualsSequential() throws {
        let names = (0..<12).map { ["text-light.png", "text-dark.png", "blank.png"][$0 % 3] }
        let inputs = names.enumerated().map { OCRInput(path: OCRFixtures.path($1), name: "\($0)-\($1)") }
        let sequential = try inputs.map { try recognizer.recognizeNow($0) }
        let batch = TesseractRecognizer()
        defer { batch.close() }
        let parallel = try batch.recognizeAll(inputs).map { try $0.get() }
        #expect(parallel == sequential)
        #expect(parallel.map(\.image) == inputs.map(\.name))
    }

    @Test func prefetchedResultIsReturnedByRecognize() throws {
        let inputs = ["text-light.png", "blank.png"].map { OCRInput(path: OCRFixtures.path($0), name: $0) }
        recognizer.prefetch(inputs)
        let first = try recognizer.recognize(path: inputs[0].path, name: inputs[0].name)
        #expect(first.words.count == 8)
        #expect(try recognizer.recognize(path: inputs[1].path, name: inputs[1].name).words.isEmpty)
    }

    @Test func missingLanguageNamesTheDebianPackage() throws {
        let recognizer = TesseractRecognizer(configuration: OCRConfiguration(languages: "eng+xyz"))
        let error = #expect(throws: OCRSetupError.self) {
            try recognizer.recognize(path: OCRFixtures.path("text-light.png"), name: "text-light.png")
        }
        #expect(error?.message.contains("xyz") == true)
        #expect(error?.message.contains("apt-get install tesseract-ocr-xyz") == true)
        #expect(error?.message.contains("installed: ") == true && error?.message.contains("eng") == true)
    }

    @Test func missingTessdataFolderIsASetupError() throws {
        let recognizer = TesseractRecognizer(configuration: OCRConfiguration(tessdataDirectory: "no-such-tessdata"))
        let error = #expect(throws: OCRSetupError.self) { try recognizer.checkSetup() }
        #expect(error?.message.contains("--tessdata no-such-tessdata: no such folder") == true)
    }
}
