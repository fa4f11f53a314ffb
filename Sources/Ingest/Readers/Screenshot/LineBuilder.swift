/// Rebuilds lines from loose OCR words: words that share most of their height form a line,
/// and a horizontal gap wider than the text is tall splits the line into cells.
struct LineBuilder: Sendable {
    /// A gap wider than this many word heights starts a new cell.
    var cellGap = 1.2

    /// Lines top to bottom, cells left to right. Words with no letter, digit or currency sign
    /// (icon fragments such as `|`, `—`, `•`) are dropped; a lone `/` stays (`9,99 € / Monat`).
    func lines(_ words: [RecognizedWord]) -> [OCRLine] {
        let kept = words.filter { LineBuilder.isText($0.text) && $0.box.height > 0 }
            .sorted { ($0.box.midY, $0.box.x) < ($1.box.midY, $1.box.x) }
        var groups: [[RecognizedWord]] = []
        var spans: [Provenance.Box] = []
        for word in kept {
            var best: Int?
            var bestShare = 0.5
            for (i, span) in spans.enumerated() {
                let overlap = Double(span.verticalOverlap(word.box))
                let share = overlap / Double(max(1, min(span.height, word.box.height)))
                if share > bestShare && !LineBuilder.clashes(word, with: groups[i]) {
                    best = i
                    bestShare = share
                }
            }
            if let best {
                groups[best].append(word)
                spans[best] = LineBuilder.core(groups[best])
            } else {
                groups.append([word])
                spans.append(word.box)
            }
        }
        let ordered = groups.map { $0.sorted { $0.box.x < $1.box.x } }
            .sorted { LineBuilder.core($0).midY < LineBuilder.core($1).midY }
        return ordered.enumerated().map { index, words in OCRLine(index: index, cells: cells(words, line: index)) }
    }

    /// Splits a line's words (left to right) at gaps wider than `cellGap` word heights.
    func cells(_ words: [RecognizedWord], line: Int) -> [OCRCell] {
        let height = Double(OCRCell.median(words.map(\.box.height)))
        var cells: [OCRCell] = []
        var current: [RecognizedWord] = []
        for word in words {
            if let last = current.last {
                let gap = Double(word.box.minX - last.box.maxX)
                if gap > cellGap * height {
                    cells.append(OCRCell(words: current, line: line))
                    current = []
                }
            }
            current.append(word)
        }
        if !current.isEmpty { cells.append(OCRCell(words: current, line: line)) }
        return cells
    }

    /// The vertical band most words of a line share: the median top and bottom, so one tall
    /// logo word does not pull neighbouring lines in. With an even count the inner of the two
    /// middle values is taken: a name and the icon beside it share the name's band.
    static func core(_ words: [RecognizedWord]) -> Provenance.Box {
        let tops = words.map(\.box.minY).sorted()
        let bottoms = words.map(\.box.maxY).sorted()
        let top = tops.isEmpty ? 0 : tops[tops.count / 2]
        let bottom = bottoms.isEmpty ? 0 : bottoms[(bottoms.count - 1) / 2]
        let x0 = words.map(\.box.minX).min() ?? 0
        let x1 = words.map(\.box.maxX).max() ?? 0
        return Provenance.Box(x: x0, y: top, width: x1 - x0, height: max(1, bottom - top))
    }

    /// Whether `word` stands over a word of `line` and so belongs to another line. Not when
    /// the word or the line is CJK: OCR gives a Chinese word, and the digits among Chinese
    /// words, a box that often spans its neighbours ("音乐" 315 pixels wide over "豪华" next
    /// to it, "12" over "月21" in "12月21日"), and a stacked CJK line rarely shares half its height.
    static func clashes(_ word: RecognizedWord, with line: [RecognizedWord]) -> Bool {
        if isCJK(word.text) || line.contains(where: { isCJK($0.text) }) { return false }
        return line.contains { overlapsHorizontally($0.box, word.box) }
    }

    static func isCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3000...0x9FFF).contains($0.value) || (0xF900...0xFAFF).contains($0.value) }
    }

    static func overlapsHorizontally(_ a: Provenance.Box, _ b: Provenance.Box) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > min(a.width, b.width) * 4 / 5
    }

    static func isText(_ text: String) -> Bool {
        text == "/" || text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) || ScreenVocabulary.currencySigns.contains(Character($0)) }
    }
}
