import Foundation

/// Which Tesseract language packs read a locale's screenshots, and how `--ocr-lang` is written.
public enum OCRLanguages {
    /// The default when neither `--locale` nor `--ocr-lang` says otherwise.
    public static let defaultSpec = "eng"

    /// ISO 639-1 language → Tesseract packs. Scripts whose UIs mix in Latin brand names get `eng`
    /// as a second pack, because their own models read Latin letters poorly.
    static let byLanguage: [String: String] = [
        "en": "eng", "de": "deu", "es": "spa", "fr": "fra", "it": "ita", "pt": "por", "nl": "nld",
        "nb": "nor", "nn": "nor", "no": "nor", "sv": "swe", "da": "dan", "fi": "fin", "is": "isl",
        "pl": "pol", "cs": "ces", "sk": "slk", "sl": "slv", "hr": "hrv", "hu": "hun", "ro": "ron",
        "tr": "tur", "ca": "cat", "et": "est", "lv": "lav", "lt": "lit",
        "ru": "rus", "uk": "ukr", "bg": "bul", "el": "ell", "he": "heb+eng", "ar": "ara+eng",
        "zh": "chi_sim+eng", "ja": "jpn+eng", "ko": "kor+eng", "th": "tha+eng", "vi": "vie",
        "hi": "hin+eng", "id": "ind", "ms": "msa",
    ]

    /// Chinese regions and scripts written in traditional characters.
    static let traditionalChinese: Set<String> = ["tw", "hk", "mo", "hant"]

    /// The packs for a locale such as `de_DE`, `zh-Hant-TW` or `ja`; `eng` when the locale is nil
    /// or its language has no mapping here.
    public static func forLocale(_ locale: String?) -> String {
        guard let locale else { return defaultSpec }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }).map { $0.lowercased() }
        guard let language = parts.first else { return defaultSpec }
        if language == "zh", parts.dropFirst().contains(where: traditionalChinese.contains) {
            return "chi_tra+eng"
        }
        return byLanguage[language] ?? defaultSpec
    }

    /// Splits a Tesseract language spec (`eng+deu`) into pack names; nil when a part is not a
    /// pack name (letters, digits and `_` only, as in `chi_sim`).
    public static func parse(_ spec: String) -> [String]? {
        let parts = spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty else { return nil }
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                return nil
            }
        }
        return parts
    }

    /// The Debian package that installs a pack: `tesseract-ocr-deu`, `tesseract-ocr-chi-sim`.
    public static func debianPackage(for pack: String) -> String {
        "tesseract-ocr-" + pack.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
