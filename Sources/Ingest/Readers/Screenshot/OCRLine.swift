extension Provenance.Box {
    var minX: Int { x }
    var maxX: Int { x + width }
    var minY: Int { y }
    var maxY: Int { y + height }
    var midX: Int { x + width / 2 }
    var midY: Int { y + height / 2 }

    /// The smallest box holding both.
    func union(_ other: Provenance.Box) -> Provenance.Box {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Provenance.Box(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// How many rows of pixels the two boxes share.
    func verticalOverlap(_ other: Provenance.Box) -> Int {
        max(0, min(maxY, other.maxY) - max(minY, other.minY))
    }

    /// The smallest box holding all of `boxes`, nil for none.
    static func union(_ boxes: some Sequence<Provenance.Box>) -> Provenance.Box? {
        var result: Provenance.Box?
        for box in boxes { result = result.map { $0.union(box) } ?? box }
        return result
    }
}

/// Words of one line that stand together: a line split at wide horizontal gaps, so a left
/// name and a right-aligned price become two cells.
struct OCRCell: Hashable, Sendable {
    var words: [RecognizedWord]
    /// 0-based index of the line the cell belongs to.
    var line: Int

    var text: String { OCRCell.join(words.map(\.text)) }
    var box: Provenance.Box { Provenance.Box.union(words.map(\.box)) ?? Provenance.Box(x: 0, y: 0, width: 0, height: 0) }
    /// The median font size of the words: how prominent the text is.
    var height: Int { OCRCell.median(words.map(OCRCell.fontSize)) }

    /// A word's box height scaled to its font size: "Google" (capital and descender) and
    /// "Tidal" (capital only) in the same font give about the same figure.
    static func fontSize(_ word: RecognizedWord) -> Int {
        var ascender = false, descender = false, cjk = false
        for scalar in word.text.unicodeScalars {
            if scalar.value >= 0x3000 { cjk = true }
            if "gjpqy".unicodeScalars.contains(scalar) { descender = true }
            if "bdfhklt0123456789$€£¥₹".unicodeScalars.contains(scalar) || (scalar.properties.isUppercase) { ascender = true }
        }
        let share = cjk ? 0.9 : (ascender ? 0.73 : 0.53) + (descender ? 0.21 : 0)
        return Int((Double(word.box.height) / share).rounded())
    }
    var confidence: Double { words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count) }

    /// Words joined by spaces, except between two CJK characters (Chinese has no spaces, and
    /// OCR splits it into single characters).
    static func join(_ words: [String]) -> String {
        var text = ""
        for word in words {
            if let last = text.unicodeScalars.last, let first = word.unicodeScalars.first,
               !(last.value >= 0x3000 && first.value >= 0x3000), !text.isEmpty {
                text += " "
            }
            text += word
        }
        return text
    }

    static func median(_ values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

/// Words at the same height of the image, left to right, cut into cells.
struct OCRLine: Hashable, Sendable {
    /// 0-based index in the page, top to bottom.
    var index: Int
    var cells: [OCRCell]

    var words: [RecognizedWord] { cells.flatMap(\.words) }
    var text: String { cells.map(\.text).joined(separator: "  ") }
    var box: Provenance.Box { Provenance.Box.union(cells.map(\.box)) ?? Provenance.Box(x: 0, y: 0, width: 0, height: 0) }
    var height: Int { OCRCell.median(words.map(\.box.height)) }
}
