import Testing
@testable import TesseractOCR

@Suite struct OCRLanguagesTests {
    static let locales: [(String?, String)] = [
        (nil, "eng"), ("en_US", "eng"), ("de_DE", "deu"), ("de-AT", "deu"), ("es_ES", "spa"), ("fr_CA", "fra"),
        ("it_IT", "ita"), ("pt_BR", "por"), ("nl_NL", "nld"), ("nb_NO", "nor"), ("sv_SE", "swe"), ("da_DK", "dan"),
        ("zh_CN", "chi_sim+eng"), ("zh-Hans", "chi_sim+eng"), ("zh_TW", "chi_tra+eng"), ("zh-Hant-HK", "chi_tra+eng"),
        ("ja_JP", "jpn+eng"), ("ru_RU", "rus"), ("DE_de", "deu"), ("de_DE.UTF-8", "deu"),
        ("xx_YY", "eng"), ("", "eng"),
    ]

    @Test(arguments: locales)
    func locale(_ locale: String?, _ expected: String) {
        #expect(OCRLanguages.forLocale(locale) == expected)
    }

    static let specs: [(String, [String]?)] = [
        ("eng", ["eng"]), ("eng+deu", ["eng", "deu"]), ("chi_sim+eng", ["chi_sim", "eng"]),
        ("", nil), ("eng+", nil), ("+eng", nil), ("eng deu", nil), ("../eng", nil), ("eng,deu", nil),
    ]

    @Test(arguments: specs)
    func parse(_ spec: String, _ expected: [String]?) {
        #expect(OCRLanguages.parse(spec) == expected)
    }

    @Test(arguments: [("deu", "tesseract-ocr-deu"), ("chi_sim", "tesseract-ocr-chi-sim"), ("jpn_vert", "tesseract-ocr-jpn-vert")])
    func debianPackage(_ pack: String, _ expected: String) {
        #expect(OCRLanguages.debianPackage(for: pack) == expected)
    }
}
