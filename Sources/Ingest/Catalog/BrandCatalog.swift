import Foundation

/// A list of subscription services that imports name and categorise rows by: "NETFLIX.COM"
/// becomes Netflix, streaming. `bundled` is the one the library ships; an app may pass its own
/// (`ImportOptions.catalog`), such as the bundled brands and a few of its own, or none at all.
///
/// ```swift
/// let mine = try BrandCatalog(json: #"[{"name": "Zorblax", "aliases": ["ZBX"], "category": "gaming"}]"#)
/// options.catalog = BrandCatalog(joining: [mine, .bundled])
/// ```
public final class BrandCatalog: Sendable {
    /// A subscription service as a catalog knows it.
    package struct Brand: Hashable, Sendable {
        /// The name drafts get: `Netflix`.
        package var name: String
        /// Other ways the service is written, in lists and on bank statements: `NETFLIX.COM`.
        package var aliases: [String]
        package var category: Category
        /// The account or cancel page, where it is stable.
        package var manageURL: String?
        /// The name is an ordinary word (Calm, Max, Sky): it matches only as the whole text.
        package var exactNameOnly: Bool
        /// The country whose people the service is sold to, for a service sold in one only
        /// (`JP` for U-NEXT, `CN` for iQIYI): evidence for what a bare `¥` in a list means.
        package var market: String?

        /// The catalog's stable id of the service, made from its name: `disney-plus`, `apple-icloud-plus`.
        package var id: String {
            if let known = Brand.ids.value(for: name) { return known }
            let id = Brand.id(of: name)
            Brand.ids.store(id, for: name)
            return id
        }

        /// The id a brand named `name` has.
        static func id(of name: String) -> String {
            if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiID(of: name) }
            let spelled = name.replacingOccurrences(of: "+", with: " plus ").replacingOccurrences(of: "&", with: " and ")
            let folded = BrandCatalog.fold(spelled)
            return folded.isEmpty ? "brand" : folded.replacingOccurrences(of: " ", with: "-")
        }

        /// `id(of:)` of an ASCII name, spelled out and joined byte by byte (the bundled
        /// catalog's ids are made at start).
        static func asciiID(of name: String) -> String {
            var spelled: [UInt8] = []
            spelled.reserveCapacity(name.utf8.count + 8)
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "+"): spelled += Array(" plus ".utf8)
                case UInt8(ascii: "&"): spelled += Array(" and ".utf8)
                default: spelled.append(byte)
                }
            }
            let folded = BrandCatalog.fold(String(decoding: spelled, as: UTF8.self))
            return folded.isEmpty ? "brand" : String(decoding: folded.utf8.map { $0 == 0x20 ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
        }

        /// Ids already made: every row that names a brand carries its id.
        private static let ids = MemoCache<String, String>(limit: 20_000)

        package init(name: String, aliases: [String] = [], category: Category, manageURL: String? = nil,
                    exactNameOnly: Bool = false) {
            self.name = name
            self.aliases = aliases
            self.category = category
            self.manageURL = manageURL
            self.exactNameOnly = exactNameOnly
        }
    }

    /// The brands, in the order given: where two share a name or alias, the earlier one has it.
    package let brands: [Brand]
    /// The look-up tables names are matched with.
    let index: BrandIndex
    /// `DraftMerger.key` of a draft named after each brand, and its hash, by the brand's index:
    /// what a name matched on bytes (`BrandBytes`) counts under.
    let brandKeys: [(key: String, hash: UInt64)?]
    /// `brandKeys`' hashes alone: read per row, where taking the key's string along would
    /// count a reference to it each time.
    let brandKeyHashes: [UInt64?]
    /// The keys of the brands' names: a draft matched to a brand carries the brand's name, so
    /// most keys are one of these.
    let brandNameKeys: [String: String]
    /// Each brand's category, by place in `Category.allCases` (`PlainRowBuilder`).
    let categoryOrdinals: [Int]
    /// Each brand's market where it tells a bare `¥` (`ColumnFormats.countMarket`).
    let markets: [ColumnFormats.Market?]
    /// Each brand as the service of a name that is exactly it (confidence 1), made once: plain
    /// rows take theirs from here instead of folding the brand's name into an id per row.
    let services: [Subscription.Service]

    /// The catalog the library ships (`Resources/brands.json`), loaded once.
    public static let bundled: BrandCatalog = {
        guard let text = Resources.text("brands.json"), let catalog = try? BrandCatalog(json: text) else {
            return BrandCatalog(brands: [])
        }
        return catalog
    }()

    /// Works out the look-up tables and each brand's keys here, once (for the bundled list,
    /// about as long as reading a few thousand rows): make a catalog once and pass it to every
    /// import, as `bundled` is.
    package init(brands: [Brand]) {
        let index = BrandIndex(brands: brands)
        self.brands = brands
        self.index = index
        brandKeys = brands.map { brand in DraftMerger.key(name: brand.name, index: index).map { ($0, DraftMerger.hash($0)) } }
        brandKeyHashes = brandKeys.map { $0?.hash }
        var nameKeys: [String: String] = [:]
        for (brand, key) in zip(brands, brandKeys) { nameKeys[brand.name] = key?.key }
        brandNameKeys = nameKeys
        categoryOrdinals = brands.map { PlainRowBuilder.ordinal($0.category) }
        markets = brands.map { ColumnFormats.Market($0.market) }
        services = brands.map { Subscription.Service($0, confidence: 1) }
    }

    /// The brands of `catalogs`, in order: where two share a name or alias, the earlier
    /// catalog's brand has it. `BrandCatalog(joining: [])` knows no brand.
    public convenience init(joining catalogs: [BrandCatalog]) {
        self.init(brands: catalogs.flatMap(\.brands))
    }

    /// How many brands the catalog holds.
    public var count: Int { brands.count }

    /// Reads brands written as `Resources/brands.json` writes them:
    /// `[{"name": "Netflix", "aliases": ["NETFLIX.COM"], "category": "streaming", "manage": "https://…", "exact": true}]`;
    /// a service sold in one country only names it: `"market": "JP"`.
    /// Each brand needs a `name` and a `category`; errors name the text `file`.
    public convenience init(json text: String, file: String = "brands.json") throws(ReadError) {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ReadError(file: file, line: error.line, column: error.column, error.message)
        }
        guard case .array(let items) = value else { throw ReadError(file: file, "expected an array of brands") }
        var brands: [Brand] = []
        for (n, item) in items.enumerated() {
            let entry = "brand \(n + 1)"
            guard let brandName = item["name"]?.stringValue, !brandName.isEmpty else {
                throw ReadError(file: file, "\(entry) has no \"name\"")
            }
            var aliases: [String] = []
            if case .array(let list)? = item["aliases"] { aliases = list.compactMap(\.stringValue) }
            guard let categoryText = item["category"]?.stringValue, let category = Category(rawValue: categoryText) else {
                let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
                throw ReadError(file: file, "\(entry) (\(brandName)) needs a \"category\", one of \(known)")
            }
            var exact = false
            if case .bool(let flag)? = item["exact"] { exact = flag }
            var brand = Brand(name: brandName, aliases: aliases, category: category, manageURL: item["manage"]?.stringValue,
                              exactNameOnly: exact)
            brand.market = item["market"]?.stringValue
            brands.append(brand)
        }
        self.init(brands: brands)
    }

    /// The brand a name or bank descriptor names: "netflix premium" → Netflix with plan
    /// "premium"; "PAYPAL *DISNEYPLUS" → Disney+; "NETFLIX.COM" → Netflix.
    package func match(_ text: String) -> BrandMatch? {
        index.match(text)
    }

    /// `match` for a name a person wrote in a list: nil when the brand accounts for too little
    /// of it (`BrandMatch.listThreshold`), as "Adobe Photoshop" is not Adobe Creative Cloud.
    package func listMatch(_ text: String) -> BrandMatch? {
        guard let found = index.match(text), found.confidence >= BrandMatch.listThreshold else { return nil }
        return found
    }

    /// `match` done on `String`s, word by word: the way for texts `BrandBytes` is unsure of.
    func matchText(_ text: String) -> BrandMatch? {
        index.matchText(text)
    }

    /// The index keyed by bytes, for ASCII texts.
    var bytes: BrandBytes { index.bytes }

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

    /// The words of a folded text, as `split(separator: " ")` gives them: ASCII text (what
    /// folding mostly leaves) is cut at its space bytes, without looking for graphemes.
    static func words(_ folded: String) -> [Substring] {
        let utf8 = folded.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return folded.split(separator: " ") }
        var words: [Substring] = []
        var start = utf8.startIndex, i = start
        while i != utf8.endIndex {
            if utf8[i] == 0x20 {
                if start != i { words.append(folded[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { words.append(folded[start..<utf8.endIndex]) }
        return words
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

/// The library's own code names a catalog's brand `Brand`.
package typealias Brand = BrandCatalog.Brand

/// A text matched to a brand, with what was left over (the plan: "Premium", "Family").
package struct BrandMatch: Hashable, Sendable {
    package var brand: Brand
    /// The rest of the text once the brand's words are taken out, trimmed; nil when nothing is left.
    package var plan: String?
    /// 0…1: how much of the text the brand accounts for. 1: the whole text is the name or an
    /// alias; 0.9: the rest names a plan or a size ("Family", "2 TB"); 0.7: the brand's whole
    /// name stands in a longer text; 0.4: only part of a longer name does ("Xfinity Internet"
    /// for Xfinity TV by its alias "xfinity"), which a list does not take as a match.
    package var confidence: Double = 1

    /// The least confidence a list's name needs to be given a service.
    package static let listThreshold = 0.6
}

extension BrandCatalog {
    /// `ImportDraft.enrich` with the brand the draft's name names, if any: for drafts whose
    /// reader matched no brand itself (a screenshot's).
    package func enrich(_ draft: inout ImportDraft) {
        guard draft.service == nil, let name = draft.name.value else { return }
        draft.enrich(brand: listMatch(name))
    }
}

extension ImportDraft {
    /// What the catalog adds to a draft, its name staying as written: "Spotify Family" gains
    /// the service Spotify (`brand`, from `BrandCatalog.listMatch`), and the brand's category
    /// when the draft has none; a name of no brand that says what it is ("Car insurance",
    /// "Gym membership") gives that category, with less confidence. A list's rows and a
    /// screenshot's drafts are enriched alike.
    mutating func enrich(brand: BrandMatch?) {
        if let brand {
            service = Subscription.Service(brand.brand, confidence: brand.confidence)
            if category.value == nil {
                category = DraftField(raw: nil, value: brand.brand.category, confidence: 0.9)
            }
        } else if category.value == nil, let name = name.value, let found = CategoryWords.category(for: name) {
            category = DraftField(raw: nil, value: found, confidence: 0.6)
        }
    }
}
