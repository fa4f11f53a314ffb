import Foundation
import Ingest
import Testing
@testable import TesseractOCR

@Suite struct ScriptRereadTests {
    static func word(_ text: String, _ confidence: Double, x: Int = 0, height: Int = 40) -> RecognizedWord {
        RecognizedWord(text: text, box: Provenance.Box(x: x, y: 100, width: 120, height: height), confidence: confidence)
    }

    /// Which language specs get the second reading, and with which pack.
    static let specs: [(String, String?)] = [
        ("chi_sim+eng", "chi_sim"), ("chi_tra+eng", "chi_tra"), ("jpn+eng", "jpn"), ("kor+eng", "kor"),
        ("eng", nil), ("deu", nil), ("chi_sim", nil), ("eng+chi_sim", nil), ("heb+eng", nil), ("chi_sim+eng+deu", nil),
    ]

    @Test(arguments: specs)
    func packForSpec(_ spec: String, _ pack: String?) {
        #expect(ScriptReread(languages: spec)?.pack == pack)
    }

    /// (words on the page, positions read again).
    static let doubts: [(String, [RecognizedWord], [Int])] = [
        ("Latin guess beside Chinese", [word("百度", 0.9), word("PRIDE", 0.4), word("12", 0.9)], [1]),
        ("confident Latin brand", [word("会员", 0.9), word("VIP", 0.93)], []),
        ("one letter", [word("会员", 0.9), word("A", 0.2)], []),
        ("digits and signs", [word("会员", 0.9), word("¥16.99", 0.3), word("4/16", 0.3)], []),
        ("no Chinese on the page", [word("Netflix", 0.5), word("Premium", 0.4)], []),
        ("taller than the text (a card's edge)", [word("会员", 0.9), word("Te", 0.3, height: 111)], []),
    ]

    @Test(arguments: doubts)
    func doubtfulWords(_ label: String, _ words: [RecognizedWord], _ expected: [Int]) throws {
        let reread = try #require(ScriptReread(languages: "chi_sim+eng"))
        #expect(reread.doubtful(words) == expected, "\(label)")
    }

    @Test func replacedOnlyByMoreConfidentScript() throws {
        let reread = try #require(ScriptReread(languages: "chi_sim+eng"))
        let guess = Self.word("PRIDE", 0.45)
        #expect(reread.replacement(for: guess, reread: [Self.word("下次扣费", 0.8)])?.map(\.text) == ["下次扣费"])
        #expect(reread.replacement(for: guess, reread: [Self.word("下次扣费", 0.3)]) == nil)
        #expect(reread.replacement(for: guess, reread: [Self.word("PRIDE", 0.9)]) == nil)
        #expect(reread.replacement(for: guess, reread: []) == nil)
    }

    @Test func regionStaysInTheImage() throws {
        let reread = try #require(ScriptReread(languages: "chi_sim+eng"))
        let word = RecognizedWord(text: "ERE", box: Provenance.Box(x: 2, y: 3, width: 50, height: 20), confidence: 0.3)
        #expect(reread.region(of: word, width: 55, height: 25) == Provenance.Box(x: 0, y: 0, width: 55, height: 25))
        #expect(reread.region(of: word, width: 500, height: 500) == Provenance.Box(x: 0, y: 0, width: 58, height: 29))
    }

    /// Light text on a blue card: with `chi_sim+eng` Tesseract reads `连续包月` as Latin
    /// letters; the second reading gives it back.
    @Test func lightTextOnACardIsReadInItsScript() throws {
        let configuration = OCRConfiguration(languages: "chi_sim+eng")
        let path = OCRFixtures.path("card-zh.png")
        let withReread = TesseractRecognizer(configuration: configuration)
        let without = TesseractRecognizer(configuration: configuration, rereading: false)
        defer {
            withReread.close()
            without.close()
        }
        let text = { (page: RecognizedPage) in page.words.map(\.text).joined() }
        #expect(text(try withReread.recognize(path: path, name: "card-zh.png")).contains("连续包月"))
        #expect(!text(try without.recognize(path: path, name: "card-zh.png")).contains("连续包月"))
    }
}
