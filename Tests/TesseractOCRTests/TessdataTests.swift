import Foundation
import Testing
@testable import TesseractOCR

@Suite struct TessdataTests {
    /// A folder with empty `*.traineddata` files standing in for language packs.
    static func fakeTessdata(_ packs: [String], nested: Bool = false) throws -> (root: URL, data: URL) {
        let root = try OCRFixtures.temporaryFolder()
        let data = nested ? root.appendingPathComponent("tessdata") : root
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        for pack in packs { try Data().write(to: data.appendingPathComponent(pack + ".traineddata")) }
        return (root, data)
    }

    @Test func explicitFolderWins() throws {
        let fake = try Self.fakeTessdata(["eng"])
        defer { try? FileManager.default.removeItem(at: fake.root) }
        let found = try Tessdata.locate(explicit: fake.data.path, environment: ["TESSDATA_PREFIX": "/nowhere"])
        #expect(found.directory == fake.data.path)
    }

    @Test(arguments: [false, true])
    func prefixIsTheFolderOrItsParent(_ nested: Bool) throws {
        let fake = try Self.fakeTessdata(["eng", "deu"], nested: nested)
        defer { try? FileManager.default.removeItem(at: fake.root) }
        let found = try Tessdata.locate(explicit: nil, environment: ["TESSDATA_PREFIX": fake.root.path])
        #expect(found.directory == fake.data.path)
        #expect(found.installed() == ["deu", "eng"])
    }

    @Test func missingPrefixFolderIsAnError() {
        let error = #expect(throws: OCRSetupError.self) {
            try Tessdata.locate(explicit: nil, environment: ["TESSDATA_PREFIX": "no-such-prefix"])
        }
        #expect(error?.message.hasPrefix("TESSDATA_PREFIX=no-such-prefix: no such folder") == true)
    }

    @Test func checkNamesEveryMissingPackAndItsPackage() throws {
        let fake = try Self.fakeTessdata(["eng", "osd"])
        defer { try? FileManager.default.removeItem(at: fake.root) }
        let tessdata = Tessdata(directory: fake.data.path)
        #expect(throws: Never.self) { try tessdata.check(["eng"]) }
        let error = #expect(throws: OCRSetupError.self) { try tessdata.check(["eng", "chi_sim", "jpn"]) }
        #expect(error?.message.hasPrefix("OCR language chi_sim+jpn is not installed") == true)
        #expect(error?.message.contains("apt-get install tesseract-ocr-chi-sim tesseract-ocr-jpn") == true)
        #expect(error?.message.contains("(installed: eng)") == true)
    }
}
