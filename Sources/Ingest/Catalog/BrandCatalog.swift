import Foundation

/// A subscription service as the catalog knows it.
package struct Brand: Hashable, Sendable {
    package var name: String
    package var aliases: [String]
    package var category: Category
    /// The account or cancel page, where it is stable.
    package var manageURL: String?
    /// The name is an ordinary word (Calm, Max, Sky): it matches only as the whole text.
    package var exactNameOnly: Bool

    package init(name: String, aliases: [String], category: Category, manageURL: String? = nil, exactNameOnly: Bool = false) {
        self.name = name
        self.aliases = aliases
        self.category = category
        self.manageURL = manageURL
        self.exactNameOnly = exactNameOnly
    }
}

/// A text matched to a brand, with what was left over (the plan: "Premium", "Family").
package struct BrandMatch: Hashable, Sendable {
    package var brand: Brand
    /// The rest of the text once the brand's words are taken out, trimmed; nil when nothing is left.
    package var plan: String?
}

/// The bundled catalog of subscription services (`Resources/brands.json`), loaded once.
/// Matching uses hash indexes over folded word sequences, so a call costs a few dictionary
/// look-ups per word of the text, whatever the catalog's size.
package final class BrandCatalog: Sendable {
    package let brands: [Brand]
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

    package static let shared: BrandCatalog = {
        guard let text = Resources.text("brands.json"), let catalog = try? BrandCatalog(json: text) else {
            return BrandCatalog(brands: [])
        }
        return catalog
    }()

    package init(brands: [Brand]) {
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

    /// Reads `[{"name": …, "aliases": […], "category": …, "manage": …, "exact": true}]`.
    package convenience init(json text: String) throws {
        guard case .array(let items) = try JSONValue.parse(text) else { throw ReadError(file: "brands.json", "expected an array") }
        let brands: [Brand] = items.compactMap { item in
            guard let name = item["name"]?.stringValue else { return nil }
            var aliases: [String] = []
            if case .array(let list)? = item["aliases"] { aliases = list.compactMap(\.stringValue) }
            let category = item["category"]?.stringValue.flatMap(Category.init(rawValue:)) ?? .other
            var exact = false
            if case .bool(let flag)? = item["exact"] { exact = flag }
            return Brand(name: name, aliases: aliases, category: category, manageURL: item["manage"]?.stringValue,
                         exactNameOnly: exact)
        }
        self.init(brands: brands)
    }

    /// Lowercase, accents off, anything but letters and digits turned into single spaces.
    /// ASCII text (most bank descriptors) is folded byte by byte, other text by Foundation.
    static func fold(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return HeaderVocabulary.fold(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for b in text.utf8 {
            let lower = b >= 0x41 && b <= 0x5A ? b + 32 : b
            if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                if space, !bytes.isEmpty { bytes.append(0x20) }
                space = false
                bytes.append(lower)
            } else {
                space = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Words of bank descriptors and payment processors that are never part of a plan.
    static let noise: Set<String> = [
        "com", "www", "net", "bill", "billing", "paypal", "pp", "sq", "sp", "tst", "payment", "purchase", "pos",
        "visa", "card", "debit", "recurring", "subscription", "subscr", "abo", "abonnement", "inc", "llc", "ltd",
        "gmbh", "ab", "sa", "co", "help", "uk", "us", "usa", "de", "nl", "ie", "lu", "eu", "amzn", "mktp", "digital",
    ]

    /// The brand a name or bank descriptor names: "netflix premium" → Netflix with plan
    /// "premium"; "PAYPAL *DISNEYPLUS" → Disney+; "NETFLIX.COM" → Netflix.
    package func match(_ text: String) -> BrandMatch? {
        var text = text
        switch text.withUTF8({ bytes.match($0) }) {
        case .none: return nil
        case .brand(let i): return BrandMatch(brand: brands[i], plan: nil)
        case .unsure: return matchText(text)
        }
    }

    /// `match` done on `String`s, word by word: the way for texts `BrandBytes` is unsure of.
    func matchText(_ text: String) -> BrandMatch? {
        let folded = BrandCatalog.fold(text)
        guard !folded.isEmpty else { return nil }
        let words = folded.split(separator: " ")
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
        return BrandMatch(brand: brands[hit.brand], plan: plan(words, alias: words[hit.start..<hit.start + hit.count], brand: hit.brand, text))
    }

    /// The words joined by single spaces: a slice of `folded` when the words stand there
    /// that way (folding leaves single spaces), so no array of pieces is built.
    static func phrase(_ words: ArraySlice<Substring>, in folded: String) -> String {
        guard let first = words.first, let last = words.last else { return "" }
        let span = folded[first.startIndex..<last.endIndex]
        let length = words.reduce(words.count - 1) { $0 + $1.utf8.count }
        return span.utf8.count == length ? String(span) : words.joined(separator: " ")
    }

    /// Words that name a plan rather than a service, kept even when an alias spells them.
    static let planWords: Set<String> = [
        "premium", "family", "duo", "student", "individual", "basic", "standard", "plus", "pro", "ultimate", "team",
        "teams", "business", "personal", "gold", "platinum", "deluxe", "lite", "mini", "essential", "essentials",
        "extra", "premier", "hifi", "unlimited", "enterprise", "starter", "home", "single", "couple", "kids", "advanced",
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

    /// The text's pieces as it wrote them (`Premium`), by their fold (`premium`), the first
    /// piece of each fold: made once per text, so a long text costs one pass, not one per word.
    static func originals(in text: String) -> [String: String] {
        var written: [String: String] = [:]
        for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "*" || $0 == "/" || $0 == "," }) {
            let key = fold(String(piece))
            if written[key] == nil { written[key] = String(piece) }
        }
        return written
    }
}
