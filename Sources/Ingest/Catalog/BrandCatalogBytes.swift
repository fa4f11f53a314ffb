/// Brand matching on the bytes of an ASCII text, with no `String` per word: most names and bank
/// descriptors are ASCII, and a big import matches one per row.
///
/// It follows `BrandCatalog.match` step by step (whole text, longest phrase, glued prefix) over
/// byte-keyed copies of the catalog's indexes, and answers when the plan is empty: every word
/// is then one of the brand's name words, a word of the matched alias that names no plan,
/// descriptor noise, or holds a digit. A plan is left to the `String` way (`.unsure`), which
/// gives its words as the text wrote them; so are texts that are not ASCII.
final class BrandBytes: Sendable {
    enum Answer: Equatable {
        case none
        case brand(Int)
        case unsure
    }

    private let whole: ByteKeyTable<Int32>
    private let phrases: ByteKeyTable<Int32>
    private let spans: ByteKeyTable<Int32>
    private let prefixes: ByteKeyTable<Int32>
    private let planWords: ByteKeyTable<Int32>
    private let noise: ByteKeyTable<Int32>
    /// Each brand's folded name words.
    private let nameWords: [[[UInt8]]]
    /// The words of digits only that some key holds (`365` in `microsoft 365`). Any other word
    /// of digits (a row number, an order id) is in no key: no key that holds it is looked up.
    private let digitWords: [[UInt8]]
    /// Whether a key looked up by its first letters (`prefixes`) is digits only: then a word
    /// of digits is still searched by its first letters.
    private let digitPrefixes: Bool
    /// `BrandCatalog.fold` of each ASCII byte: a lowercase letter or digit, 0 for a byte
    /// between words; 0xFF for bytes past ASCII.
    private let folding: [UInt8] = (0..<256).map { b in
        switch b {
        case 0x41...0x5A: return UInt8(b + 32)
        case 0x61...0x7A, 0x30...0x39: return UInt8(b)
        case 0x80...: return 0xFF
        default: return 0
        }
    }

    /// Texts of more words than this are left to the `String` way.
    static let maxWords = 48

    init(whole: [String: Int], phrases: [String: Int], spans: [String: Int], prefixes: [String: Int],
         planWords: Set<String>, noise: Set<String>, nameWords: [Set<Substring>]) {
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
        self.noise = table(Dictionary(uniqueKeysWithValues: noise.map { ($0, 0) }))
        self.nameWords = nameWords.map { words in words.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) } }
        // Worked out on the keys' bytes: splitting thousands of keys into `Substring`s and
        // comparing `Character`s was a twentieth of a small import's start.
        func isDigits<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool { bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        var digitWords = Set<[UInt8]>()
        for key in [whole.keys, phrases.keys, spans.keys, prefixes.keys].joined() {
            for word in key.utf8.split(separator: 0x20) where isDigits(word) { digitWords.insert(Array(word)) }
        }
        self.digitWords = digitWords.sorted { $0.lexicographicallyPrecedes($1) }
        digitPrefixes = prefixes.keys.contains { isDigits($0.utf8) }
    }

    /// Whether the folded word `range` is digits only and a word of no key.
    private func isStrayNumber(_ folded: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for i in range where folded[i] > 0x39 { return false }
        return !digitWords.contains { $0.count == range.count && zip($0, range).allSatisfy { $0 == folded[$1] } }
    }

    private static func find(_ table: ByteKeyTable<Int32>, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[range])
        return table.value(for: raw, hash: ByteKeyTable<Int32>.hash(raw)).map(Int.init)
    }

    /// Answers already given, for one table's rows at a time: by the folded text with each
    /// word of digits that no key holds written `#`. Such a word only stops phrases (and is
    /// never a plan), so texts that differ only in those words (`Netflix 12`, `Netflix 13`, a
    /// bank's reference numbers) get the same answer. Bounded: a full memo starts over.
    struct Memo {
        fileprivate var answers = ByteKeyTable<Int32>(capacity: 4096)

        init() {}
    }

    /// `match(text)`, looked up in `memo` first and remembered there.
    func match(_ text: UnsafeBufferPointer<UInt8>, memo: inout Memo) -> Answer {
        withUnsafeMutablePointer(to: &memo) { match(text, memo: $0) }
    }

    /// The brand `text` (its UTF-8 bytes) names when it is ASCII and sure of an empty plan.
    func match(_ text: UnsafeBufferPointer<UInt8>) -> Answer {
        match(text, memo: nil)
    }

    private func match(_ text: UnsafeBufferPointer<UInt8>, memo: UnsafeMutablePointer<Memo>?) -> Answer {
        guard text.count > 0 else { return .none }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { folded in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maxWords) { words in
                // Fold as `BrandCatalog.fold` does for ASCII: lowercase letters and digits,
                // anything else one space between words.
                var length = 0, count = 0, wordStart = -1
                let unsure = folding.withUnsafeBufferPointer { folding -> Bool in
                    for b in text {
                        let lower = folding[Int(b)]
                        if lower == 0xFF { return true }
                        if lower != 0 {
                            if wordStart < 0 {
                                if count == Self.maxWords { return true }
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
                    return false
                }
                if unsure { return .unsure }
                if wordStart >= 0 {
                    if count == Self.maxWords { return .unsure }
                    words[count] = wordStart..<length
                    count += 1
                }
                guard count > 0 else { return .none }
                // Words of digits no key holds: no key that takes one in can match, so the
                // whole text and the phrases across one are not looked up.
                var stray: UInt64 = 0
                for k in 0..<count where isStrayNumber(folded, words[k]) { stray |= 1 << UInt64(k) }
                // A word of digits is searched by its first letters when a key of those is
                // digits only: then its digits matter, and the memo is not used.
                guard let memo, !digitPrefixes else { return decide(folded, length, words, count, stray) }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { key in
                    var n = 0
                    for k in 0..<count {
                        if k > 0 { key[n] = 0x20; n += 1 }
                        if stray & (1 << UInt64(k)) != 0 {
                            key[n] = UInt8(ascii: "#")
                            n += 1
                        } else {
                            for i in words[k] { key[n] = folded[i]; n += 1 }
                        }
                    }
                    let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(key)[0..<n])
                    let found = memo.pointee.answers.value(for: raw) {
                        switch decide(folded, length, words, count, stray) {
                        case .none: return -1
                        case .unsure: return -2
                        case .brand(let brand): return Int32(brand)
                        }
                    }
                    return found == -1 ? .none : found == -2 ? .unsure : .brand(Int(found))
                }
            }
        }
    }

    /// The hash of the duplicate key of a name the catalog does not know (`DraftMerger.key`:
    /// `name:` and the name folded), read from its bytes; nil when the text is not ASCII or
    /// folds to nothing (then it has no key).
    func nameKeyHash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash = FNV1a()
        hash.add("name:".utf8)
        var words = 0, between = false
        for b in text {
            let lower = folding[Int(b)]
            if lower == 0xFF { return nil }
            if lower == 0 {
                between = true
                continue
            }
            if between, words > 0 { hash.add(0x20) }
            if between || words == 0 { words += 1 }
            between = false
            hash.add(lower)
        }
        return words > 0 ? hash.value : nil
    }

    /// `match` once the text is folded into `count` words, `stray` marking the words of digits
    /// that no key holds.
    private func decide(_ folded: UnsafeMutableBufferPointer<UInt8>, _ length: Int,
                        _ words: UnsafeMutableBufferPointer<Range<Int>>, _ count: Int, _ stray: UInt64) -> Answer {
        if stray == 0, let i = Self.find(whole, folded, 0..<length) {
            return answer(i, alias: 0..<count, folded, words, count)
        }
        var best: (brand: Int, start: Int, count: Int)?
        for start in 0..<count where stray & (1 << UInt64(start)) == 0 {
            guard let span = Self.find(spans, folded, words[start]) else { continue }
            // Up to the next stray number.
            let clear = stray >> UInt64(start) == 0 ? count - start : (stray >> UInt64(start)).trailingZeroBitCount
            var n = min(span, clear)
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
                if !digitPrefixes, stray & (1 << UInt64(start)) != 0 { continue }
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

    /// `.brand` when no word is left for a plan (`BrandCatalog.plan` keeps a word that is not
    /// one of the brand's name words, not a word of the alias unless it names a plan, not
    /// noise and holds no digit); `.unsure` when one is.
    private func answer(_ brand: Int, alias: Range<Int>, _ folded: UnsafeMutableBufferPointer<UInt8>,
                        _ words: UnsafeMutableBufferPointer<Range<Int>>, _ count: Int) -> Answer {
        func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { folded[$0] == folded[$1] }
        }
        for k in 0..<count {
            let word = words[k]
            if word.contains(where: { folded[$0] >= 0x30 && folded[$0] <= 0x39 }) { continue }
            if nameWords[brand].contains(where: { $0.count == word.count && zip($0, word).allSatisfy { $0 == folded[$1] } }) { continue }
            if Self.find(noise, folded, word) != nil { continue }
            if alias.contains(where: { same(words[$0], word) }), Self.find(planWords, folded, word) == nil { continue }
            return .unsure
        }
        return .brand(brand)
    }
}
