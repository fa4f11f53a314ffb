import Foundation
import Testing
@testable import Ingest

@Suite struct BrandCatalogTests {
    /// Text, then the brand it names (nil: none) and the plan left over.
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var brand: String?
        var plan: String?
        init(_ text: String, _ brand: String?, plan: String? = nil) {
            self.text = text
            self.brand = brand
            self.plan = plan
        }
        var testDescription: String { text }

        func check() {
            let match = BrandCatalog.bundled.match(text)
            #expect(match?.brand.name == brand)
            if brand != nil { #expect(match?.plan == plan) }
        }
    }

    static let main: [Case] = [
        Case("Netflix", "Netflix"), Case("netflix premium", "Netflix", plan: "premium"),
        Case("Spotify Family", "Spotify", plan: "Family"), Case("NETFLIX.COM", "Netflix"),
        Case("SPOTIFY P1A2B3C4D", "Spotify"), Case("AMZN Prime*", "Amazon Prime"), Case("APPLE.COM/BILL", "Apple Services"),
        Case("GOOGLE *YouTube", "YouTube Premium"), Case("PAYPAL *DISNEYPLUS", "Disney+"), Case("Disney Plus", "Disney+"),
        Case("YouTube Premium Family", "YouTube Premium", plan: "Family"), Case("Amazon Prime Video", "Prime Video"),
        Case("HBO Max", "Max"), Case("Max", "Max"), Case("ChatGPT Plus", "ChatGPT Plus"),
        Case("Microsoft 365 Family", "Microsoft 365", plan: "Family"), Case("爱奇艺黄金会员", "iQIYI"), Case("腾讯视频", "Tencent Video"),
        Case("Headspace", "Headspace"), Case("Calm", "Calm"), Case("NETFLIXCOM", "Netflix"),
        // Ordinary words that are also brand names match only as the whole text.
        Case("Keep calm and carry on", nil), Case("Rent", nil), Case("Gym membership", nil), Case("", nil),
    ]

    static let bugsCaught: [Case] = [
        // "Google" alone must not win over the longer "Google YouTube".
        Case("GOOGLE *YouTube TV", "YouTube TV"),
    ]

    static let knownLimits: [Case] = [
        // Descriptors cut short by the bank (`NETFLI`) are not guessed.
        Case("NETFLI 866-579", "Netflix"),
    ]

    @Test(arguments: main) func matches(_ c: Case) { c.check() }
    @Test(arguments: bugsCaught) func bugsStayFixed(_ c: Case) { c.check() }
    @Test(arguments: knownLimits) func knownLimit(_ c: Case) {
        withKnownIssue { c.check() }
    }

    /// Texts built from every name and alias in the catalog, dressed as tables and bank
    /// descriptors write them: the byte matcher must give what the word-by-word matcher gives.
    static var dressedNames: [String] {
        var texts = main.map(\.text) + bugsCaught.map(\.text) + knownLimits.map(\.text)
        for brand in BrandCatalog.bundled.brands {
            for name in [brand.name] + brand.aliases {
                texts += [name, name.uppercased(), "\(name) 123", "\(name) Premium", "PAYPAL *\(name.uppercased())",
                          "\(name.uppercased()).COM 866-579-7172 CA", "\(name) Family Plan", "Plan \(name)",
                          name.replacingOccurrences(of: " ", with: ""), "\(name)  x9 \(name)", "the \(name) shop",
                          // Words of digits, some of which keys hold (`365`, `24`, `2`), some not.
                          "\(name) 123456", "2 \(name) 77", "\(name) 365", "\(name) 24 7", "0042 \(name)",
                          // Emoji beside the words, as Notion titles carry their icons.
                          "🎬 \(name)", "📚\(name) 12", "\(name) 🎵", "🎬 \(name) Family 🎵", "☁️ \(name)"]
            }
        }
        return texts + ["", " ", "*", "123", "Rent", "Keep calm", String(repeating: "word ", count: 60) + "netflix",
                        "Microsoft 365 123", "123 Microsoft 365", "Microsoft 123 365", "365", "9666 999999", "24 7 365"]
    }

    @Test func byteMatcherAgreesWithWordMatcher() {
        let catalog = BrandCatalog.bundled
        var decided = 0
        let texts = BrandCatalogTests.dressedNames
        for text in texts {
            #expect(catalog.match(text) == catalog.matchText(text), "\(text)")
            var copy = text
            if copy.withUTF8({ catalog.bytes.match($0) }) != .unsure { decided += 1 }
        }
        // Most of these are decided on bytes; the rest (plans, other scripts) the word way.
        #expect(decided * 3 > texts.count, "\(decided) of \(texts.count) decided on bytes")
    }

    /// Answers remembered for one text (`BrandBytes.Memo`) must be the answers for every text
    /// that shares its memo key (the same words, numbers no key holds read as one): each text is
    /// asked twice, with one memo for all, in an order that mixes the numbers.
    @Test func rememberedAnswersAreTheAnswers() {
        let bytes = BrandCatalog.bundled.bytes
        var memo = BrandBytes.Memo()
        var texts = BrandCatalogTests.dressedNames
        texts += texts.map { $0 + " 4711" } + texts.map { "0815 " + $0 }
        for text in texts + texts.reversed() {
            var copy = text
            let fresh = copy.withUTF8 { bytes.match($0) }
            let remembered = copy.withUTF8 { bytes.match($0, memo: &memo) }
            #expect(fresh == remembered, "\(text)")
        }
    }

    /// Names a big table repeats: the byte matcher answers them itself.
    @Test(arguments: [("Netflix 123", "Netflix"), ("NETFLIX.COM", "Netflix"), ("The New York Times 2", "The New York Times"),
                      ("SPOTIFY P1A2B3C4D", "Spotify"), ("YouTube Premium 16", "YouTube Premium"), ("Disney+ 3", "Disney+"), ("PAYPAL *NETFLIX.COM", "Netflix"), ("Rent", nil), ("", nil), ("NETFLIXCOM", "Netflix")])
    func byteMatcherDecides(_ text: String, _ brand: String?) {
        let catalog = BrandCatalog.bundled
        var copy = text
        let answer = copy.withUTF8 { catalog.bytes.match($0) }
        let expected: BrandBytes.Answer = brand.flatMap { name in catalog.brands.firstIndex { $0.name == name } }.map { .brand($0) } ?? .none
        #expect(answer == expected)
    }

    /// A phrase is cut from the folded text when its words stand there single-spaced, else joined.
    @Test(arguments: [("new york times", 1, 3, "york times"), ("new  york times", 0, 2, "new york"),
                      ("the new york times", 0, 4, "the new york times"), ("a", 0, 1, "a")])
    func phraseOfWords(_ folded: String, _ from: Int, _ to: Int, _ expected: String) {
        let words = folded.split(separator: " ")
        #expect(BrandCatalog.phrase(words[from..<to], in: folded) == expected)
    }

    @Test func catalogIsLargeAndWellFormed() {
        let brands = BrandCatalog.bundled.brands
        #expect(brands.count >= 300)
        #expect(Set(brands.map(\.name)).count == brands.count)
        #expect(brands.allSatisfy { $0.manageURL.map { $0.hasPrefix("https://") } ?? true })
        #expect(Set(brands.map(\.category)).count >= 12)
    }

    static let categoryCases: [(String, Category?)] = [
        ("Streaming", .streaming), ("Música", .music), ("Software", .software), ("Cloud-Speicher", .cloud),
        ("Nachrichten", .news), ("Salud", .fitness), ("Jeux", .gaming), ("Bildung", .education), ("Nebenkosten", .utilities),
        ("Finanzen", .finance), ("购物", .shopping), ("外卖", .food), ("Miete", .bills), ("Sonstiges", .other),
        ("视频会员", .streaming), ("音楽", .music), ("Versicherung", .finance), ("Entertainment", .streaming),
        ("Streamingdienste", .streaming), ("zzz", nil),
    ]

    @Test(arguments: categoryCases) func categoryWords(_ text: String, _ expected: Category?) {
        #expect(CategoryWords.category(for: text) == expected)
    }
}
