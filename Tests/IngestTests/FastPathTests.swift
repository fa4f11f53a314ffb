import Foundation
import Testing
@testable import Ingest

/// The speed-ups on the import path must give exactly what the Foundation calls they stand in for give.
@Suite struct FastPathTests {
    static let texts = [
        "", " ", "Netflix", " Netflix", "Netflix ", "\tNetflix\t", "Net flix", "\u{00A0}Netflix\u{00A0}", "Netflix\n",
        "\nNetflix", "Café", " Café ", "€9.99", "9,99 €", "9,99 €\u{2003}", "名前", " 名前 ", "a", "-", "\r\n",
        "Next  Renewal!!", "  Próxima Renovación 📅", "PRICE (USD)", "amount_minor", "Total:", "x\u{3000}",
        "\u{200B}x\u{200B}", "\u{FEFF}x", "€", "€ ", " €", "x\u{2028}", "\u{85}x", "\u{180E}x", "\u{2007}x\u{202F}", "é\u{301}",
    ]

    @Test(arguments: texts)
    func trimmingMatchesFoundation(_ text: String) {
        #expect(text.trimmedSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmedSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        let sub = text[...]
        #expect(sub.trimmedSpaces() == sub.trimmingCharacters(in: .whitespaces))
    }

    /// The folding `HeaderVocabulary.fold` did before its ASCII path.
    static func foundationFold(_ header: String) -> String {
        let lowered = header.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                     locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        var lastSpace = true
        for scalar in lowered.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) && !scalar.properties.isEmojiPresentation {
                out.unicodeScalars.append(scalar)
                lastSpace = false
            } else if !lastSpace {
                out.append(" ")
                lastSpace = true
            }
        }
        if out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    @Test(arguments: texts)
    func foldMatchesFoundation(_ text: String) {
        #expect(HeaderVocabulary.fold(text) == Self.foundationFold(text))
    }

    @Test func foldCoversEveryASCIIByte() {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(HeaderVocabulary.fold(all) == Self.foundationFold(all))
        #expect(HeaderVocabulary.fold("A b_C-9 ") == "a b c 9")
    }
}
