/// The transfer and bill phrases indexed by their first word, so a descriptor is classified in
/// one pass over its words instead of one pass per phrase. The lists are in priority order
/// (transfers first, then bills kind by kind), so the phrase found earliest in them wins.
struct PhraseIndex: Sendable {
    private var phrases: [TransactionClassifier.Phrase] = []
    private var kinds: [TransactionKind] = []
    /// Phrase numbers by first word, ascending.
    private var byFirstWord: [String: [Int]] = [:]
    /// Every word of a phrase written with spaces, wherever it stands in the phrase: a token
    /// not among them takes part in no match.
    private(set) var words: Set<String> = []
    /// Phrases without word breaks, found by a byte search.
    private var unspaced: [Int] = []
    /// Phrases without any word: they are found in every text.
    private var everywhere: Int?
    /// Longer tokens start no phrase.
    private var longestFirstWord = 0
    /// One bit per first word's `signature`: a token whose bit is clear starts no phrase, and
    /// is passed over without building a `String` to look it up.
    private var firstWordSignatures = [Bool](repeating: false, count: 1024)

    init(transfers: [TransactionClassifier.Phrase], bills: [(String, [TransactionClassifier.Phrase])]) {
        for phrase in transfers { add(phrase, .transfer(phrase.text)) }
        for (kind, list) in bills {
            for phrase in list { add(phrase, .bill(kind)) }
        }
    }

    private mutating func add(_ phrase: TransactionClassifier.Phrase, _ kind: TransactionKind) {
        let number = phrases.count
        phrases.append(phrase)
        kinds.append(kind)
        if phrase.cjk {
            unspaced.append(number)
        } else if let first = phrase.words.first {
            byFirstWord[first, default: []].append(number)
            words.formUnion(phrase.words)
            longestFirstWord = max(longestFirstWord, first.utf8.count)
            firstWordSignatures[PhraseIndex.signature(first.utf8)] = true
        } else if everywhere == nil {
            everywhere = number
        }
    }

    /// The kind named by lowercased `text`, split into `tokens` by `TransactionClassifier.tokenize`.
    func kind(of text: String, tokens: [String]) -> TransactionKind? {
        var best = everywhere ?? Int.max
        for (i, token) in tokens.enumerated() {
            guard let candidates = byFirstWord[token] else { continue }
            for number in candidates {
                if number >= best { break }
                let words = phrases[number].words
                if i + words.count <= tokens.count, tokens[i..<i + words.count].elementsEqual(words) {
                    best = number
                    break
                }
            }
        }
        if !text.utf8.allSatisfy({ $0 < 0x80 }) {
            for number in unspaced where number < best {
                if TransactionClassifier.bytes(text.utf8, contain: phrases[number].utf8) {
                    best = number
                    break
                }
            }
        }
        return best < kinds.count ? kinds[best] : nil
    }

    /// A word's length and first and last bytes folded into 0..<1024.
    static func signature(_ word: some BidirectionalCollection<UInt8>) -> Int {
        guard let first = word.first, let last = word.last else { return 0 }
        return (word.count &* 131 &+ Int(first) &* 31 &+ Int(last)) & 1023
    }

    /// What `kind(ofLatin:)` found: a kind or none, or that the text holds a character it
    /// does not read (the caller then lowercases and tokenizes the text as a `String`).
    enum LatinReading: Equatable {
        case read(TransactionKind?)
        case notLatin
    }

    /// How the byte path reads each character from U+0080 to U+024F (ASCII it reads itself):
    /// nil where the character splits words, else its lowercase UTF-8 as `String.lowercased`
    /// writes it; `unread` for a character whose lowercase is more than one character.
    private static let latinFold: [[UInt8]?] = (0x80..<0x250).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return unread }
        let lower = String(scalar).lowercased()
        guard lower.count == 1, let character = lower.first else { return unread }
        return character.isLetter || character.isNumber ? Array(lower.utf8) : nil
    }
    private static let unread: [UInt8] = []

    /// As `kind(of:tokens:)` for fields joined by spaces, on their bytes, when every character
    /// is below U+0250 (English and the Latin-script languages of Europe): words are runs of
    /// letters and digits, lowercased through `latinFold`, and no unspaced phrase can occur.
    /// `notLatin` for any other character.
    func kind(ofLatin fields: [String]) -> LatinReading {
        let total = fields.reduce(0) { $0 + $1.utf8.count }
        // Scratch space on the stack: a descriptor costs no allocation here. A lowercase letter
        // takes at most three bytes for two (İ → i̇).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * total + 1) { bytes in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: total + 1) { tokens in
                kind(ofLatin: fields, bytes: bytes, tokens: tokens)
            }
        }
    }

    private func kind(ofLatin fields: [String], bytes: UnsafeMutableBufferPointer<UInt8>,
                      tokens: UnsafeMutableBufferPointer<Range<Int>>) -> LatinReading {
        var length = 0, tokenCount = 0
        for field in fields {
            var start = -1
            var utf8 = field.utf8.makeIterator()
            while let byte = utf8.next() {
                if byte < 0x80 {
                    let isAlphanumeric = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    let isUpper = byte >= 0x41 && byte <= 0x5A
                    if isAlphanumeric || isUpper {
                        if start < 0 { start = length }
                        bytes[length] = isUpper ? byte | 0x20 : byte
                        length += 1
                        continue
                    }
                } else {
                    // Two-byte sequences C2 80 … C9 BF are U+0080 … U+024F.
                    guard byte >= 0xC2, byte <= 0xC9, let next = utf8.next(), next & 0xC0 == 0x80 else { return .notLatin }
                    if let folded = Self.latinFold[(Int(byte & 0x1F) << 6 | Int(next & 0x3F)) - 0x80] {
                        guard !folded.isEmpty else { return .notLatin }
                        if start < 0 { start = length }
                        for b in folded {
                            bytes[length] = b
                            length += 1
                        }
                        continue
                    }
                }
                if start >= 0 {
                    tokens[tokenCount] = start..<length
                    tokenCount += 1
                    start = -1
                }
            }
            if start >= 0 {
                tokens[tokenCount] = start..<length
                tokenCount += 1
            }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[0..<length])
        var best = everywhere ?? Int.max
        for i in 0..<tokenCount where tokens[i].count <= longestFirstWord {
            let range = tokens[i]
            guard firstWordSignatures[PhraseIndex.signature(text[range])],
                  let candidates = byFirstWord[String(decoding: text[range], as: UTF8.self)] else { continue }
            for number in candidates {
                if number >= best { break }
                let words = phrases[number].words
                guard i + words.count <= tokenCount else { continue }
                if zip(tokens[i..<i + words.count], words).allSatisfy({ text[$0].elementsEqual($1.utf8) }) {
                    best = number
                    break
                }
            }
        }
        return .read(best < kinds.count ? kinds[best] : nil)
    }
}
