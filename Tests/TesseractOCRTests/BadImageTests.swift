import Foundation
import Ingest
import Testing
@testable import TesseractOCR

/// Files that are not usable images end in a `ReadError` naming the file and what to do.
@Suite struct BadImageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var file: String
        var contents: @Sendable () throws -> Data
        var maxPixels = OCRConfiguration.defaultMaxPixels
        var message: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "zero bytes", file: "empty.png", contents: { Data() }, message: "the file is empty (0 bytes)"),
        Case(label: "text named .png", file: "notes.png", contents: { Data("Netflix,15.99\n".utf8) }, message: "not an image"),
        Case(label: "truncated PNG", file: "cut.png", contents: {
            let data = try Data(contentsOf: URL(fileURLWithPath: OCRFixtures.path("text-light.png")))
            return data.prefix(data.count / 2)
        }, message: "the PNG data is damaged or cut short"),
        Case(label: "header claims 100000×50000", file: "huge.png",
             contents: { OCRFixtures.pngHeader(width: 100_000, height: 50_000) },
             message: "the image is 100000×50000 pixels (5000 megapixels), more than the 40-megapixel limit"),
        Case(label: "over a lowered cap", file: "small.png",
             contents: { try Data(contentsOf: URL(fileURLWithPath: OCRFixtures.path("text-light.png"))) },
             maxPixels: 20_000, message: "more than the 0.02-megapixel limit"),
        Case(label: "header says zero width", file: "zero.png",
             contents: { OCRFixtures.pngHeader(width: 0, height: 10) }, message: "not an image"),
    ]

    @Test(arguments: cases)
    func badInput(_ c: Case) throws {
        let folder = try OCRFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(c.file)
        try c.contents().write(to: url)
        let recognizer = TesseractRecognizer(configuration: OCRConfiguration(maxPixels: c.maxPixels))
        let error = #expect(throws: ReadError.self) { try recognizer.recognize(path: url.path, name: c.file) }
        #expect(error?.file == c.file)
        #expect(error?.message.contains(c.message) == true, "message was: \(error?.message ?? "none")")
    }

    @Test func missingFile() throws {
        let error = #expect(throws: ReadError.self) {
            try TesseractRecognizer().recognize(path: "no-such-shot.png", name: "no-such-shot.png")
        }
        #expect(error?.description == "no-such-shot.png: no such file")
    }
}
