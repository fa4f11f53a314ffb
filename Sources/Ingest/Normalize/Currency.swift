/// An ISO 4217 currency: its code and the number of minor digits amounts are written with.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal mark in amounts of this currency (JPY 0, USD 2, KWD 3); kept
    /// with the code, since every amount written or added asks for it.
    public let minorDigits: Int
    /// The code's three letters packed into the low bytes of a number, first letter highest
    /// (what `byPackedCode` reads); 0 for a code of another length. Kept with the code, for
    /// the summary and the readers that compare currencies per row.
    let packedCode: UInt32

    /// Accepts a three-letter code in any case; nil for anything that is not a known ISO 4217 code.
    public init?(_ code: some StringProtocol) {
        let upper = code.uppercased()
        guard let digits = Currency.minorDigitsTable[upper] else { return nil }
        self.code = upper
        minorDigits = digits
        packedCode = Currency.pack(upper)
    }

    public var description: String { code }

    public static func < (a: Currency, b: Currency) -> Bool { a.code < b.code }

    public static let usd = Currency(unchecked: "USD")
    public static let eur = Currency(unchecked: "EUR")
    public static let gbp = Currency(unchecked: "GBP")

    init(unchecked code: String) {
        self.code = code
        minorDigits = Currency.minorDigitsTable[code] ?? 2
        packedCode = Currency.pack(code)
    }

    public static func == (a: Currency, b: Currency) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    private static func pack(_ code: String) -> UInt32 {
        code.utf8.count == 3 ? code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : 0
    }

    /// The known currency whose three capital letters are packed into the low bytes of
    /// `packed` (first letter highest), for readers that meet codes as bytes: looked up by
    /// place in a table of every three-letter combination, with no hashing.
    static func byPackedCode(_ packed: UInt32) -> Currency? {
        let a = Int(packed >> 16 & 0xFF) - 0x41, b = Int(packed >> 8 & 0xFF) - 0x41, c = Int(packed & 0xFF) - 0x41
        guard packed >> 24 == 0, (0..<26).contains(a), (0..<26).contains(b), (0..<26).contains(c) else { return nil }
        let place = Int(packedPlaces[a * 676 + b * 26 + c])
        return place < 0 ? nil : packedCurrencies[place]
    }

    private static let packedCurrencies: [Currency] = minorDigitsTable.keys
        .filter { $0.utf8.count == 3 && $0.utf8.allSatisfy { (0x41...0x5A).contains($0) } }
        .sorted().map { Currency(unchecked: $0) }
    private static let packedPlaces: [Int16] = {
        var places = [Int16](repeating: -1, count: 26 * 26 * 26)
        for (i, currency) in packedCurrencies.enumerated() {
            let bytes = Array(currency.code.utf8).map { Int($0) - 0x41 }
            places[bytes[0] * 676 + bytes[1] * 26 + bytes[2]] = Int16(i)
        }
        return places
    }()

    /// Active ISO 4217 codes with their minor units, plus a few historic codes still seen in exports.
    static let minorDigitsTable: [String: Int] = {
        var table: [String: Int] = [:]
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD \
            CAD CDF CHF CNY COP CRC CUP CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ \
            GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR KYD KZT LAK LBP LKR LRD LSL MAD MDL \
            MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN \
            QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP \
            TRY TTD TWD TZS UAH USD UZS VES WST XCD YER ZAR ZMW ZWL DEM FRF ITL ESP NLG ATS BEF FIM IEP CUC
            """
        for code in two.split(separator: " ") { table[String(code)] = 2 }
        for code in ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX",
                     "VND", "VUV", "XAF", "XOF", "XPF", "PTE"] { table[code] = 0 }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { table[code] = 3 }
        return table
    }()
}
