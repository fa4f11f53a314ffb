/// Brand matching on the bytes of an ASCII text, with no `String` per word: most names and bank
/// descriptors are ASCII, and a big import matches one per row.
///
/// It follows `BrandCatalog.match` step by step (whole text, longest phrase, glued prefix) over
/// byte-keyed copies of the catalog's indexes, and answers only when it is sure the plan is
/// empty: every word is then part of the matched alias (and no plan word) or holds a digit.
/// Anything else is `.unsure`, and the text is matched the `String` way.
struct BrandBytes: Sendable {
    enum Answer: Equatable {
        case none
        case brand(Int)
        case unsure
    }

    private var whole = ByteKeyTable<Int32>(capacity: 1)
    private var phrases = ByteKeyTable<Int32>(capacity: 1)
    private var spans = ByteKeyTable<Int32>(capacity: 1)
    private var prefixes = ByteKeyTable<Int32>(capacity: 1)
    private var planWords = ByteKeyTable<Int32>(capacity: 1)

    /// Texts of more words than this are left to the `String` way.
    static let maxWords = 48

    init(whole: [String: Int], phrases: [String: Int], spans: [String: Int], prefixes: [String: Int], planWords: Set<String>) {
        func table(_ entries: [String: Int]) -> ByteKeyTable<Int32> {
            // Keys that are not ASCII never equal the fold of an ASCII text.
            let ascii = entries.filter { $0.key.utf8.allSatisfy { $0 < 0x80 } }
            var table = ByteKeyTable<Int32>(capacity: max(ascii.count, 1))
            for (key, value) in ascii.sorted(by: { $0.key < $1.key }) {
                var key = key
                key.withUTF8 { bytes in
                    let raw = UnsafeRawBufferPointer(bytes)
                    table.insert(raw, hash: ByteKeyTable<Int32>.hash(raw), value: Int32(value))
                }
            }
            return table
        }
        self.whole = table(whole)
        self.phrases = table(phrases)
        self.spans = table(spans)
        self.prefixes = table(prefixes)
        self.planWords = table(Dictionary(uniqueKeysWithValues: planWords.map { ($0, 0) }))
    }

    private static func find(_ table: ByteKeyTable<Int32>, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[range])
        return table.value(for: raw, hash: ByteKeyTable<Int32>.hash(raw)).map(Int.init)
    }

    /// The brand `text` (its UTF-8 bytes) names when it is ASCII and sure of an empty plan.
    func match(_ text: UnsafeBufferPointer<UInt8>) -> Answer {
        guard text.count > 0 else { return .none }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { folded in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maxWords) { words in
                // Fold as `BrandCatalog.fold` does for ASCII: lowercase letters and digits,
                // anything else one space between words.
                var length = 0, count = 0, wordStart = -1
                for b in text {
                    guard b < 0x80 else { return .unsure }
                    let lower = b >= 0x41 && b <= 0x5A ? b + 32 : b
                    if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                        if wordStart < 0 {
                            if count == Self.maxWords { return .unsure }
                            if length > 0 { folded[length] = 0x20; length += 1 }
                            wordStart = length
                        }
                        folded[length] = lower
                        length += 1
                    } else if wordStart >= 0 {
                        words[count] = wordStart..<length
                        count += 1
                        wordStart = -1
                    }
                }
                if wordStart >= 0 {
                    if count == Self.maxWords { return .unsure }
                    words[count] = wordStart..<length
                    count += 1
                }
                guard count > 0 else { return .none }
                if let i = Self.find(whole, folded, 0..<length) {
                    return answer(i, alias: 0..<count, folded, words, count)
                }
                var best: (brand: Int, start: Int, count: Int)?
                for start in 0..<count {
                    guard let span = Self.find(spans, folded, words[start]) else { continue }
                    var n = min(span, count - start)
                    while n >= 1 {
                        if let i = Self.find(phrases, folded, words[start].lowerBound..<words[start + n - 1].upperBound) {
                            if best == nil || n > best?.count ?? 0 { best = (i, start, n) }
                            break
                        }
                        n -= 1
                    }
                }
                if best == nil {
                    search: for start in 0..<count where words[start].count > 5 {
                        var prefix = min(words[start].count - 1, 24)
                        while prefix >= 5 {
                            let from = words[start].lowerBound
                            if let i = Self.find(prefixes, folded, from..<from + prefix) {
                                best = (i, start, 1)
                                break search
                            }
                            prefix -= 1
                        }
                    }
                }
                guard let hit = best else { return .none }
                return answer(hit.brand, alias: hit.start..<hit.start + hit.count, folded, words, count)
            }
        }
    }

    /// `.brand` when no word can be left for a plan: a word of the alias that is no plan word,
    /// or a word holding a digit (both are never a plan); otherwise `.unsure`.
    private func answer(_ brand: Int, alias: Range<Int>, _ folded: UnsafeMutableBufferPointer<UInt8>,
                        _ words: UnsafeMutableBufferPointer<Range<Int>>, _ count: Int) -> Answer {
        for k in 0..<count {
            if alias.contains(k) {
                if Self.find(planWords, folded, words[k]) != nil { return .unsure }
            } else if !words[k].contains(where: { folded[$0] >= 0x30 && folded[$0] <= 0x39 }) {
                return .unsure
            }
        }
        return .brand(brand)
    }
}
