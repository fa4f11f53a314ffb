import Ingest

/// A second reading for pages in a script that Tesseract reads with its own pack plus `eng`
/// (`chi_sim+eng`): with both packs loaded, short runs of the script in thin or light strokes
/// are often taken for Latin letters (`下次扣费` read as `PRIDE`). A word that came out as
/// Latin letters with low confidence is read again, alone, with the script's pack only, and
/// replaced when that reading is in the script and more confident.
struct ScriptReread: Sendable {
    /// The pack read with alone (`chi_sim`).
    let pack: String
    /// Latin words below this confidence are read again.
    var doubtfulBelow = 0.75
    /// The box read again reaches this share of the word's height beyond it on each side.
    var margin = 0.3

    /// Packs whose script the `+eng` packs read poorly on their own, and which mix Latin in.
    static let scriptPacks: Set<String> = ["chi_sim", "chi_tra", "jpn", "kor"]

    /// The rereading for a language spec, nil unless it is one such pack plus `eng`.
    init?(languages: String) {
        guard let packs = OCRLanguages.parse(languages), packs.count == 2, packs[1] == "eng",
              Self.scriptPacks.contains(packs[0]) else { return nil }
        pack = packs[0]
    }

    /// Whether the text has a character of the CJK scripts (kana, Han, Hangul).
    static func hasScript(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value) }
    }

    /// The positions of the words to read again: Latin letters only, below `doubtfulBelow`,
    /// no taller than text in the script (not a card's edge or an icon), on a page where the
    /// script was read somewhere (else the page is not in it).
    func doubtful(_ words: [RecognizedWord]) -> [Int] {
        let heights = words.filter { Self.hasScript($0.text) }.map(\.box.height).sorted()
        guard !heights.isEmpty else { return [] }
        let tallest = heights[heights.count / 2] * 3 / 2
        return words.indices.filter { index in
            let word = words[index]
            return word.confidence < doubtfulBelow && word.text.count >= 2 && word.box.height <= tallest
                && word.text.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        }
    }

    /// The region read again for `word`, inside a `width`×`height` image.
    func region(of word: RecognizedWord, width: Int, height: Int) -> Provenance.Box {
        let pad = Int((Double(word.box.height) * margin).rounded())
        let x = max(0, word.box.x - pad), y = max(0, word.box.y - pad)
        return Provenance.Box(x: x, y: y, width: min(width, word.box.x + word.box.width + pad) - x,
                              height: min(height, word.box.y + word.box.height + pad) - y)
    }

    /// The words that replace `word`, or nil to keep it: the second reading holds the
    /// script and is more confident on average.
    func replacement(for word: RecognizedWord, reread: [RecognizedWord]) -> [RecognizedWord]? {
        guard !reread.isEmpty, reread.contains(where: { Self.hasScript($0.text) }) else { return nil }
        let confidence = reread.map(\.confidence).reduce(0, +) / Double(reread.count)
        return confidence > word.confidence ? reread : nil
    }
}
