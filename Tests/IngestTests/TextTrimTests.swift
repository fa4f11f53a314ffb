import Foundation
import Testing
@testable import Ingest

/// The trimming fast path must agree with Foundation's, which it replaces on hot paths.
@Suite struct TextTrimTests {
    static let samples = ["", " ", "abc", "  abc  ", "\tabc\t", "\u{00A0}9,99 €\u{3000}", "a b", "\nline\r\n",
                          "\u{2028}x\u{2029}", "\u{85}y", "\u{200B}z", "ü ", " 😀 ", "\u{0B}v\u{0C}", "名前", "€9.99"]

    @Test(arguments: samples)
    func trimmingMatchesFoundation(_ text: String) {
        #expect(text.trimmedSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmedSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmedSpaces() == text.trimmingCharacters(in: .whitespaces))
    }
}
