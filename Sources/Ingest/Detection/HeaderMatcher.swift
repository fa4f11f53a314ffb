import Foundation

/// Scores a header against a field's vocabulary.
enum HeaderMatcher {
    /// A vocabulary phrase folded and split into words, plural `s` already dropped, with its
    /// text for reasons. Built once: scoring runs for every label-like cell a reader looks at.
    struct Phrase {
        var words: [Substring]
        var text: String

        init(_ raw: String) {
            let folded = HeaderVocabulary.fold(raw)
            words = folded.split(separator: " ").map(HeaderMatcher.singular)
            text = folded
        }
    }

    private static let folded: [Field: [Phrase]] = HeaderVocabulary.phrases.mapValues { $0.map(Phrase.init) }
    private static let decoys: [Field: [Phrase]] = HeaderVocabulary.decoys.mapValues { $0.map(Phrase.init) }

    /// 1 for an exact phrase, less for a phrase inside a longer header or one typo away,
    /// a fifth of that for a header that carries a decoy word.
    static func score(field: Field, header: String) -> (Double, String) {
        let key = ScoreKey(field: field, header: header)
        if let known = cache.value(for: key) { return known }
        let result = uncachedScore(field: field, header: header)
        cache.store(result, for: key)
        return result
    }

    /// Whether a cell names some field well (score 0.8 or more): the reader's header search asks
    /// this of every label-like cell near the top of a file, so it is one cached lookup.
    static func namesAnyField(_ header: String) -> Bool {
        if let known = anyFieldCache.value(for: header) { return known }
        let result = Field.allCases.contains { score(field: $0, header: header).0 >= 0.8 }
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

    static func uncachedScore(field: Field, header: String) -> (Double, String) {
        let words = HeaderVocabulary.fold(header).split(separator: " ").map(singular)
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

    /// True when the header carries a word that marks a derived or bookkeeping column for `field`
    /// ("Monthly cost" for price, "Created" for next renewal).
    static func isDecoy(field: Field, header: String) -> Bool {
        guard let decoyPhrases = decoys[field] else { return false }
        let words = HeaderVocabulary.fold(header).split(separator: " ").map(singular)
        return decoyPhrases.contains { contains($0.words, in: words) }
    }

    static func match(_ phrase: [Substring], in words: [Substring]) -> (Double, String) {
        if phrase == words { return (1, "is") }
        if contains(phrase, in: words) {
            // "Next renewal date" holds "next renewal": close, and closer the more it covers.
            return (0.75 + 0.2 * Double(phrase.count) / Double(words.count), "contains")
        }
        // CJK headers have no spaces: look for the phrase inside the single word.
        if phrase.count == 1, words.count == 1, let w = words.first, let p = phrase.first,
           p.unicodeScalars.contains(where: { $0.value >= 0x3000 }), w.contains(p) {
            return (0.85, "contains")
        }
        if phrase.count == words.count,
           zip(phrase, words).allSatisfy({ $0 == $1 || ($0.count >= 5 && editDistanceAtMostOne($0, $1)) }) {
            return (0.8, "is one typo from")
        }
        return (0, "")
    }

    static func contains(_ phrase: [Substring], in words: [Substring]) -> Bool {
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

    static func editDistanceAtMostOne(_ a: Substring, _ b: Substring) -> Bool {
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
