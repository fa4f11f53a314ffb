import Foundation

/// Scores a header against a field's vocabulary.
enum HeaderMatcher {
    /// `friendlyName` → `friendly Name`, `nextPaymentDate` → `next Payment Date`: a space where a
    /// lowercase letter or digit meets an uppercase one, so camelCase headers fold into words
    /// (snake_case and dotted ones already do).
    static func splittingCamelCase(_ header: String) -> String {
        var out = ""
        let letters = Array(header)
        for (i, c) in letters.enumerated() {
            if i > 0, c.isUppercase {
                let p = letters[i - 1]
                // `twiceAYear`: an uppercase letter before a lowercase one starts a word too.
                let startsWord = i + 1 < letters.count && letters[i + 1].isLowercase && p.isUppercase
                if p.isLowercase || p.isNumber || startsWord { out.append(" ") }
            }
            out.append(c)
        }
        return out
    }

    /// A text folded (`HeaderVocabulary.fold`) and split into words, plural `s` dropped, as
    /// phrases and headers are compared; with the words' bytes when they are all ASCII, which
    /// compare without String's Unicode machinery. Readers looking for a header score every
    /// label-like cell near the top of a file against every field, so this is made once a cell.
    struct Words {
        let words: [Substring]
        let ascii: [[UInt8]]?
        /// Whether these words, as a phrase, can match ASCII words at all. Folded text holds no
        /// non-ASCII character equal to an ASCII one, so only a word with one non-ASCII
        /// character can, as a typo. Most CJK phrases cannot, and skip ASCII headers.
        let mayMatchASCII: Bool

        init(folded: String) {
            words = folded.split(separator: " ").map(HeaderMatcher.singular)
            let isASCII = folded.utf8.allSatisfy { $0 < 0x80 }
            ascii = isASCII ? words.map { Array($0.utf8) } : nil
            mayMatchASCII = isASCII || words.allSatisfy { word in word.count(where: { !$0.isASCII }) <= 1 }
        }

        init(header: String) {
            self.init(folded: HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(header)))
        }

        /// `Words(header:)`, remembered: the files of a team share their headers.
        static func of(header: String) -> Words {
            if let known = known.value(for: header) { return known }
            let words = Words(header: header)
            known.store(words, for: header)
            return words
        }

        private static let known = MemoCache<String, Words>(limit: 4096)

        var isEmpty: Bool { words.isEmpty }
    }

    /// A vocabulary phrase as `Words`, with its folded text for reasons. Built once: scoring
    /// runs for every label-like cell a reader looks at.
    struct Phrase {
        var words: Words
        var text: String

        init(_ raw: String) {
            let folded = HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(raw))
            words = Words(folded: folded)
            text = folded
        }
    }

    private static let folded: [Field: [Phrase]] = HeaderVocabulary.phrases.mapValues { $0.map(Phrase.init) }
    private static let decoys: [Field: [Phrase]] = HeaderVocabulary.decoys.mapValues { $0.map(Phrase.init) }

    /// A field's decoy phrases.
    static func decoys(field: Field) -> [Phrase] { decoys[field] ?? [] }

    /// The words a field's phrases are made of, for ruling out a header before its phrases are
    /// tried one by one: a header of many columns is scored in time linear in its columns with
    /// a small factor. A phrase matches an ASCII header only when a header word is one of its
    /// words, or one typo from one of its words of five letters or more; then the two words
    /// share a word with one letter taken out (`near`).
    struct Reach {
        var exact: Set<String> = []
        var near: Set<String> = []
        var decoyWords: Set<String> = []
        /// The longest header word that can be one typo from a phrase word: longer words are
        /// not taken apart (a 100 KB cell would make 100,000 copies of itself).
        var longestNear = 0
        /// `reaches` of each header word already asked: header words repeat from cell to cell
        /// and file to file, and taking a word apart costs a string per letter.
        private let known = MemoCache<String, Bool>(limit: 20_000)

        init(phrases: [Phrase], decoys: [Phrase]) {
            for phrase in phrases {
                for word in phrase.words.words {
                    exact.insert(String(word))
                    if word.count >= 5 {
                        near.formUnion(Reach.oneOut(word))
                        longestNear = max(longestNear, word.count + 1)
                    }
                }
            }
            for decoy in decoys { for word in decoy.words.words { decoyWords.insert(String(word)) } }
        }

        /// The word and each way of taking one character out of it.
        static func oneOut(_ word: Substring) -> [String] {
            let characters = Array(word)
            var out = [String(word)]
            for i in characters.indices {
                var shorter = characters
                shorter.remove(at: i)
                out.append(String(shorter))
            }
            return out
        }

        /// False when no phrase of the field can match `words` (ASCII headers only; other
        /// headers may hold a CJK phrase inside a word, and are always tried).
        func mayMatch(_ words: Words) -> Bool {
            guard words.ascii != nil else { return true }
            return words.words.contains(where: reaches)
        }

        /// Whether one header word is a phrase word or one typo from one.
        func reaches(_ word: Substring) -> Bool {
            let key = String(word)
            if let answer = known.value(for: key) { return answer }
            let answer = exact.contains(key)
                || (word.count >= 4 && word.count <= longestNear && Reach.oneOut(word).contains(where: near.contains))
            known.store(answer, for: key)
            return answer
        }

        /// False when no decoy of the field can be inside `words`.
        func mayHoldDecoy(_ words: Words) -> Bool {
            words.words.contains { decoyWords.contains(String($0)) }
        }
    }

    private static let reach: [Field: Reach] = Dictionary(uniqueKeysWithValues: Field.allCases.map { field in
        (field, Reach(phrases: folded[field] ?? [], decoys: decoys[field] ?? []))
    })

    /// 1 for an exact phrase, less for a phrase inside a longer header or one typo away,
    /// a fifth of that for a header that carries a decoy word.
    static func score(field: Field, header: String) -> (Double, String) {
        score(field: field, header: header, words: nil)
    }

    /// `score`, with the header's words when they are at hand.
    static func score(field: Field, header: String, words: Words?) -> (Double, String) {
        if let words, reach[field]?.mayMatch(words) == false { return (0, "") }
        let key = ScoreKey(field: field, header: header)
        if let known = cache.value(for: key) { return known }
        let result = uncachedScore(field: field, header: header, words: words ?? Words(header: header))
        cache.store(result, for: key)
        return result
    }

    /// Whether a cell names some field well (score 0.8 or more): the reader's header search asks
    /// this of every label-like cell near the top of a file, so it is one cached lookup.
    static func namesAnyField(_ header: String) -> Bool {
        if let known = anyFieldCache.value(for: header) { return known }
        let words = Words(header: header)
        let result = Field.allCases.contains { score(field: $0, header: header, words: words).0 >= 0.8 }
        anyFieldCache.store(result, for: header)
        return result
    }

    private static let anyFieldCache = MemoCache<String, Bool>()

    struct ScoreKey: Hashable {
        var field: Field
        var header: String
    }

    /// Files of one team share their headers: each (field, header) pair is scored once per process.
    private static let cache = MemoCache<ScoreKey, (Double, String)>()

    /// `score` without the cache, of a header already in words.
    static func uncachedScore(field: Field, header: String, words: Words) -> (Double, String) {
        guard !words.isEmpty, let phrases = folded[field] else { return (0, "") }
        var best = 0.0
        var why = ""
        for phrase in phrases {
            let (s, how) = match(phrase.words, in: words)
            if s > best {
                best = s
                why = "header \"\(header)\" \(how) \"\(phrase.text)\""
            }
        }
        if best > 0, let decoyPhrases = decoys[field],
           let decoy = decoyPhrases.first(where: { contains($0.words, in: words) }) {
            best *= 0.2
            why += ", but \"\(decoy.text)\" marks a derived or other column"
        }
        return (best, why)
    }

    /// The place in the field's vocabulary of the phrase the header is exactly (`Name` is 0 for
    /// the name, `Website` later), nil when it is no phrase of the field or holds a decoy word.
    /// Earlier phrases name the field more plainly.
    static func exactRank(field: Field, words: Words) -> Int? {
        guard !words.isEmpty, reach[field]?.mayMatch(words) != false, let phrases = folded[field],
              let rank = phrases.firstIndex(where: { $0.words.words == words.words }) else { return nil }
        return isDecoy(field: field, words: words) ? nil : rank
    }

    /// True when the header carries a word that marks a derived or bookkeeping column for `field`
    /// ("Monthly cost" for price, "Created" for next renewal).
    static func isDecoy(field: Field, header: String) -> Bool {
        isDecoy(field: field, words: Words(header: header))
    }

    /// `isDecoy` of a header already in words.
    static func isDecoy(field: Field, words: Words) -> Bool {
        guard let decoyPhrases = decoys[field], reach[field]?.mayHoldDecoy(words) != false else { return false }
        return decoyPhrases.contains { contains($0.words, in: words) }
    }

    /// How well a header's words hold a phrase, and how (for reasons).
    static func match(_ phrase: Words, in words: Words) -> (Double, String) {
        if let w = words.ascii {
            if let p = phrase.ascii { return match(p, in: w, inside: { _, _ in false }) }
            if !phrase.mayMatchASCII { return (0, "") }
        }
        return match(phrase.words, in: words.words, inside: holdsCJK)
    }

    /// CJK headers have no spaces: a CJK phrase is looked for inside the single word.
    static func holdsCJK(_ phrase: Substring, inside word: Substring) -> Bool {
        phrase.unicodeScalars.contains(where: { $0.value >= 0x3000 }) && word.contains(phrase)
    }

    static func contains(_ phrase: Words, in words: Words) -> Bool {
        if let w = words.ascii {
            // A phrase word with a non-ASCII character equals no ASCII word.
            guard let p = phrase.ascii else { return false }
            return contains(p, in: w)
        }
        return contains(phrase.words, in: words.words)
    }

    /// `match` on words of either form; `inside(p, w)` says whether a one-word phrase is found
    /// inside a one-word header that holds no spaces.
    static func match<Word: Collection & Equatable>(_ phrase: [Word], in words: [Word], inside: (Word, Word) -> Bool)
        -> (Double, String) where Word.Element: Equatable {
        if phrase == words { return (1, "is") }
        if contains(phrase, in: words) {
            // "Next renewal date" holds "next renewal": close, and closer the more it covers.
            return (0.75 + 0.2 * Double(phrase.count) / Double(words.count), "contains")
        }
        if phrase.count == 1, words.count == 1, let w = words.first, let p = phrase.first, inside(p, w) {
            return (0.85, "contains")
        }
        if phrase.count == words.count,
           zip(phrase, words).allSatisfy({ $0 == $1 || ($0.count >= 5 && editDistanceAtMostOne($0, $1)) }) {
            return (0.8, "is one typo from")
        }
        return (0, "")
    }

    private static func contains<Word: Equatable>(_ phrase: [Word], in words: [Word]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start..<start + phrase.count].elementsEqual(phrase) {
            return true
        }
        return false
    }

    /// Drops a plural `s` from words longer than three letters (`prices`, `services`).
    static func singular(_ word: Substring) -> Substring {
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return word.dropLast() }
        return word
    }

    static func editDistanceAtMostOne<Word: Collection>(_ a: Word, _ b: Word) -> Bool where Word.Element: Equatable {
        let x = Array(a), y = Array(b)
        if abs(x.count - y.count) > 1 { return false }
        var i = 0, j = 0, edits = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count { i += 1 } else if x.count < y.count { j += 1 } else {
                // A swap of two neighbours counts as one typo.
                if i + 1 < x.count, j + 1 < y.count, x[i] == y[j + 1], x[i + 1] == y[j] { i += 2; j += 2 } else { i += 1; j += 1 }
            }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
