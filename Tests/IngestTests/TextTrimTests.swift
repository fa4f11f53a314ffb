import Foundation
import Testing
@testable import Ingest

/// The native trimming and search must agree with Foundation's, which they replace on hot paths.
@Suite struct TextTrimTests {
    static let samples = ["", " ", "abc", "  abc  ", "\tabc\t", "\u{00A0}9,99 €\u{3000}", "a b", "\nline\r\n",
                          "\u{2028}x\u{2029}", "\u{85}y", "\u{200B}z", "ü ", " 😀 ", "\u{0B}v\u{0C}"]

    @Test(arguments: samples)
    func trimmingMatchesFoundation(_ text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    /// Every scalar of the Basic Multilingual Plane is classified as Foundation classifies it.
    @Test func sameCharactersAsFoundation() {
        var differ: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TextTrim.isSpace(scalar) != CharacterSet.whitespaces.contains(scalar)
                || TextTrim.isSpaceOrNewline(scalar) != CharacterSet.whitespacesAndNewlines.contains(scalar) {
                differ.append(String(value, radix: 16))
            }
        }
        #expect(differ.isEmpty, "\(differ)")
    }

    @Test(arguments: [("EUR 9", "EUR", true), ("9 EU", "EUR", false), ("every 2 weeks", "weekly", false),
                      ("biweekly", "weekly", true), ("", "x", false), ("abc", "", true), ("€9", "€", true)])
    func substring(_ text: String, _ needle: String, _ found: Bool) {
        #expect(text.hasSubstring(needle) == found)
    }
}
