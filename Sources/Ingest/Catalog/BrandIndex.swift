/// The look-up tables of a brand catalog and the matching done over them. Matching uses hash
/// indexes over folded word sequences, so a call costs a few dictionary look-ups per word of
/// the text, whatever the catalog's size.
struct BrandIndex: Sendable {
    let brands: [BrandCatalog.Brand]
    /// Folded whole text → brand, for every name and alias.
    private let whole: [String: Int]
    /// Folded word sequence → brand, for names and aliases that may stand
    /// inside a longer text.
    private let phrases: [String: Int]
    /// One-word aliases of five letters or more, for descriptors that glue words (`NETFLIXCOM`).
    private let prefixes: [String: Int]
    /// First word of a phrase → the most words a phrase starting with it has. Most words of a
    /// text start no phrase at all, so they cost one look-up instead of one per length.
    private let phraseSpans: [String: Int]
    /// Each brand's folded name words (`Disney+` → disney, plus), for telling plans apart.
    private let nameWords: [Set<Substring>]
    /// The same indexes keyed by bytes, for ASCII texts (`BrandBytes`).
    let bytes: BrandBytes

    /// Where two brands share a name or alias, the earlier one has it.
    init(brands: [BrandCatalog.Brand]) {
        self.brands = brands
        var whole: [String: Int] = [:]
        var phrases: [String: Int] = [:]
        var prefixes: [String: Int] = [:]
        for (i, brand) in brands.enumerated() {
            let name = BrandCatalog.fold(brand.name)
            if !name.isEmpty { whole[name] = whole[name] ?? i }
            if !brand.exactNameOnly, !name.isEmpty { phrases[name] = phrases[name] ?? i }
            for alias in brand.aliases {
                let key = BrandCatalog.fold(alias)
                guard !key.isEmpty else { continue }
                whole[key] = whole[key] ?? i
                if !(brand.exactNameOnly && key == name) { phrases[key] = phrases[key] ?? i }
            }
        }
        var phraseSpans: [String: Int] = [:]
        for (key, i) in phrases {
            let words = key.split(separator: " ")
            if words.count == 1, key.count >= 5 { prefixes[key] = prefixes[key] ?? i }
            if let first = words.first { phraseSpans[String(first)] = max(phraseSpans[String(first)] ?? 0, words.count) }
        }
        self.phraseSpans = phraseSpans
        let nameWords = brands.map { brand in
            var words = Set(BrandCatalog.fold(brand.name).split(separator: " "))
            if brand.name.unicodeScalars.contains("+") { words.insert("plus") }
            return words
        }
        self.nameWords = nameWords
        self.whole = whole
        self.phrases = phrases
        self.prefixes = prefixes
        bytes = BrandBytes(whole: whole, phrases: phrases, spans: phraseSpans, prefixes: prefixes,
                           planWords: BrandCatalog.planWords, noise: BrandCatalog.noise, nameWords: nameWords)
    }

    /// `BrandCatalog.match`: on the text's bytes when they decide it, else word by word.
    func match(_ text: String) -> BrandMatch? {
        var text = text
        switch text.withUTF8({ bytes.match($0) }) {
        case .none: return nil
        case .brand(let i): return BrandMatch(brand: brands[i], plan: nil)
        case .unsure:
            // ASCII words beside emoji (a Notion title's icon): the emoji fold to spaces, so the
            // words are those of the text with spaces for them, and a plan-free brand or no
            // brand is what the bytes of that text say.
            if !text.utf8.allSatisfy({ $0 < 0x80 }), var spaced = HeaderVocabulary.emojiAsSpaces(text) {
                switch spaced.withUTF8({ bytes.match($0) }) {
                case .none: return nil
                case .brand(let i): return BrandMatch(brand: brands[i], plan: nil)
                case .unsure: break
                }
            }
            if let known = unsure.value(for: text) { return known }
            let found = matchText(text)
            unsure.store(found, for: text)
            return found
        }
    }

    /// Answers of `matchText` for texts `BrandBytes` left to it (names with emoji or accents):
    /// an import matches a row's name when counting duplicates, when building the draft and
    /// when folding duplicates, a few batches apart.
    private let unsure = MemoCache<String, BrandMatch?>(limit: 8192)

    /// `match` done on `String`s, word by word: the way for texts `BrandBytes` is unsure of.
    func matchText(_ text: String) -> BrandMatch? {
        let folded = BrandCatalog.fold(text)
        guard !folded.isEmpty else { return nil }
        let words = BrandCatalog.words(folded)
        if let i = whole[folded] { return BrandMatch(brand: brands[i], plan: plan(words, alias: words[...], brand: i, text)) }
        var best: (brand: Int, start: Int, count: Int)?
        for start in words.indices {
            guard let span = phraseSpans[String(words[start])] else { continue }
            var n = min(span, words.count - start)
            while n >= 1 {
                let key = n == 1 ? String(words[start]) : BrandCatalog.phrase(words[start..<start + n], in: folded)
                if let i = phrases[key] {
                    if best == nil || n > best?.count ?? 0 { best = (i, start, n) }
                    break
                }
                n -= 1
            }
        }
        if best == nil {
            for (start, word) in words.enumerated() where word.count > 5 {
                var length = min(word.count - 1, 24)
                while length >= 5 {
                    if let i = prefixes[String(word.prefix(length))] {
                        best = (i, start, 1)
                        break
                    }
                    length -= 1
                }
                if best != nil { break }
            }
        }
        guard let hit = best else { return nil }
        let alias = words[hit.start..<hit.start + hit.count]
        let plan = plan(words, alias: alias, brand: hit.brand, text)
        let glued = hit.count == 1 && phrases[String(alias[alias.startIndex])] == nil
        return BrandMatch(brand: brands[hit.brand], plan: plan,
                          confidence: plan == nil ? 1 : confidence(words, alias: alias, brand: hit.brand, glued: glued))
    }

    /// How much of a longer text that has a plan the matched brand accounts for
    /// (`BrandMatch.confidence`); a text with no plan left (only noise, digits, the brand's own
    /// words) is the brand, as `BrandBytes` answers it.
    private func confidence(_ words: [Substring], alias: ArraySlice<Substring>, brand: Int, glued: Bool) -> Double {
        if glued { return 0.6 }
        let aliasWords = Set(alias)
        let rest = words.filter { !aliasWords.contains($0) }
        if rest.allSatisfy({ BrandIndex.isPlanLike($0) }) { return 0.9 }
        let name = nameWords[brand]
        if name.isSubset(of: Set(words)) { return 0.7 }
        // Only some of the brand's name words, by a shorter alias, beside words that name no plan.
        return alias.count == 1 && name.count > 1 ? 0.4 : 0.7
    }

    /// A word that says which plan or size rather than which service: `family`, `200`, `gb`.
    static func isPlanLike(_ word: Substring) -> Bool {
        BrandCatalog.planWords.contains(String(word)) || BrandCatalog.noise.contains(String(word))
            || word.contains(where: \.isNumber) || sizeWords.contains(String(word)) || word.count == 1
    }

    /// Storage sizes and plan words that `planWords` leaves out.
    static let sizeWords: Set<String> = [
        "gb", "tb", "mb", "go", "to", "families", "annual", "yearly", "monthly", "membership", "plan", "subscription",
        "vip", "members", "member", "month", "year",
    ]

    /// What the text says besides the brand: words outside the brand's name, outside the
    /// matched alias (unless they name a plan), and not descriptor noise or reference codes.
    private func plan(_ words: [Substring], alias: ArraySlice<Substring>, brand: Int, _ text: String) -> String? {
        let name = nameWords[brand]
        let aliasWords = Set(alias)
        let rest = words.filter { word in
            !name.contains(word) && (!aliasWords.contains(word) || BrandCatalog.planWords.contains(String(word)))
                && !BrandCatalog.noise.contains(String(word)) && !word.contains(where: \.isNumber)
        }
        guard !rest.isEmpty else { return nil }
        let written = BrandCatalog.originals(in: text)
        return rest.map { written[String($0)] ?? String($0) }.joined(separator: " ")
    }
}
