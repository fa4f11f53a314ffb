import Foundation
import Ingest
import Testing
@testable import TesseractOCR

@Suite struct PreparationRulesTests {
    static let rules = PreparationRules()

    /// A histogram with `count` pixels at each listed grey value.
    static func histogram(_ values: [Int: Int]) -> [Int] {
        var bins = [Int](repeating: 0, count: 256)
        for (value, count) in values { bins[value] = count }
        return bins
    }

    static let darkness: [(String, [Int: Int], Bool)] = [
        ("white page, black text", [255: 90, 0: 10], false),
        ("dark page, light text", [18: 90, 235: 10], true),
        ("dark page, many light cards", [18: 60, 200: 40], true),
        ("light page, dark header", [245: 70, 30: 30], false),
        ("mid grey", [128: 100], false),
        ("empty histogram", [:], false),
    ]

    @Test(arguments: darkness)
    func darkMode(_ label: String, _ values: [Int: Int], _ dark: Bool) {
        #expect(Self.rules.isDark(histogram: Self.histogram(values)) == dark, "\(label)")
    }

    /// (text height, width, height) → scale.
    static let scales: [(Int, Int, Int, Int)] = [
        (0, 1000, 1000, 1),      // no letters found: leave it
        (31, 1080, 2400, 1),     // 3x phone
        (17, 1080, 1731, 1),
        (15, 538, 1209, 2),      // 1x phone
        (9, 1400, 900, 2),       // 1x desktop
        (7, 1400, 900, 3),
        (5, 1400, 900, 3),       // capped at 3
        (7, 6000, 4000, 1),      // 24 MP: ×2 would pass 40 MP
        (7, 3000, 2000, 2),      // 6 MP: ×3 would pass 40 MP, ×2 does not
    ]

    @Test(arguments: scales)
    func scale(_ textHeight: Int, _ width: Int, _ height: Int, _ expected: Int) {
        #expect(Self.rules.scale(textHeight: textHeight, width: width, height: height) == expected)
    }

    @Test(arguments: [(0, 300), (3, 70), (25, 300), (31, 372), (90, 600)])
    func resolution(_ scaledTextHeight: Int, _ ppi: Int) {
        #expect(Self.rules.resolution(scaledTextHeight: scaledTextHeight) == ppi)
    }

    @Test func medianLetterHeightIgnoresLinesAndCards() {
        let letters = [(6, 10), (5, 10), (4, 7), (7, 10), (3, 10)]
        let other = [(400, 2), (300, 120), (1, 2), (2, 300), (90, 12)]
        let boxes = (letters + other).map { (width: $0.0, height: $0.1) }
        #expect(PreparationRules.medianLetterHeight(boxes) == 10)
        #expect(PreparationRules.medianLetterHeight([]) == 0)
    }

    /// Boxes found in a ×3 image map back to the smallest covering box in the original.
    @Test(arguments: [
        (30, 60, 90, 120, 10, 20, 20, 20),
        (31, 61, 89, 119, 10, 20, 20, 20),
        (0, 0, 2, 2, 0, 0, 1, 1),
        (930, 270, 960, 300, 310, 90, 10, 10),  // clamped to the 320×100 original
    ])
    func originalBox(_ l: Int, _ t: Int, _ r: Int, _ b: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        let box = TesseractEngine.originalBox(left: l, top: t, right: r, bottom: b, scale: 3, width: 320, height: 100)
        #expect(box == Provenance.Box(x: x, y: y, width: w, height: h))
    }

    @Test(arguments: [(40_000_000, "40"), (12_500_000, "12.5"), (5_000_000_000, "5000"), (20_000, "0.02"), (30_720, "0.031")])
    func megapixels(_ pixels: Int, _ text: String) {
        #expect(ImageLoader.megapixels(pixels) == text)
    }
}
