import Testing
@testable import Ingest

@Suite struct MerchantKeyTests {
    static let catalog = BrandCatalog(brands: [
        Brand(name: "Netflix", aliases: ["netflix.com", "netflix com", "netflix"], category: .streaming),
        Brand(name: "Spotify", aliases: ["spotify ab", "spotify"], category: .music),
        Brand(name: "Disney+", aliases: ["disneyplus", "disney plus"], category: .streaming),
        Brand(name: "Amazon Prime", aliases: ["amzn prime", "amazon prime"], category: .shopping),
    ])
    static let keys = MerchantKey(catalog: catalog)

    /// Descriptor → merchant name.
    static let descriptors: [(String, String)] = [
        ("NETFLIX.COM 866-579-7172 CA", "Netflix"),
        ("Netflix.com Los Gatos", "Netflix"),
        ("SPOTIFY P2B3C4D5E6", "Spotify"),
        ("Visa/Dankort Spotify P1234ABCDE", "Spotify"),
        ("AMZN Prime*2K4L19LB3", "Amazon Prime"),
        ("PAYPAL *DISNEYPLUS 4029357733", "Disney+"),
        ("PURCHASE AUTHORIZED ON 11/02 PLANET FITNESS 0123 CHICAGO IL S385123456789012 CARD 1234", "Planet Fitness Chicago"),
        ("SQ *BLUE BOTTLE COFFEE NY", "Blue Bottle Coffee"),
        ("PRLV SEPA NETFLIX INTERNATIONAL B.V.", "Netflix"),
        ("HELLOFRESH K3BD0Y NY", "Hellofresh"),
        ("CB SPOTIFY 12/03", "Spotify"),
    ]

    @Test(arguments: descriptors)
    func descriptorsCleanToOneMerchant(_ c: (String, String)) {
        #expect(Self.keys.merchant(payee: "", text: c.0, reference: "").name == c.1)
    }

    @Test func middlemanMerchantComesFromTheReference() {
        let m = Self.keys.merchant(payee: "PayPal Europe S.a.r.l. et Cie S.C.A",
                                   text: "", reference: "1038471234567 PP.4412.PP . Spotify AB, Ihr Einkauf bei Spotify AB")
        #expect(m.name == "Spotify")
        #expect(m.isKnownService)
    }

    @Test func legalNameOfADirectDebitIsCleaned() {
        #expect(Self.keys.merchant(payee: "Netflix International B.V.", text: "", reference: "123 Monatsabo").key == "brand:Netflix")
    }

    @Test func sameMerchantSameKeyWhateverTheNoise() {
        let a = Self.keys.merchant(payee: "", text: "PLANET FITNESS 0123 CHICAGO IL", reference: "")
        let b = Self.keys.merchant(payee: "", text: "POS PLANET FITNESS #0123 CHICAGO IL 11/02", reference: "")
        #expect(a.key == b.key)
        #expect(!a.isKnownService)
    }

    static let knownLimits: [(String, String)] = [
        // A camel-cased brand glued to its product is not split.
        ("GOOGLE *YouTubePremium g.co/helppay#", "YouTube Premium"),
    ]

    @Test(arguments: knownLimits)
    func knownLimit(_ c: (String, String)) {
        withKnownIssue {
            #expect(Self.keys.merchant(payee: "", text: c.0, reference: "").name == c.1)
        }
    }
}
