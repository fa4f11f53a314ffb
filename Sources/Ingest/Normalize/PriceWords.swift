/// Words around prices: "free" in the languages we read, and trial wording worth a note.
/// Texts are scanned word by word (no substring search per keyword), which keeps prices fast.
enum PriceWords {
    static let free: Set<String> = [
        "free", "gratis", "gratuit", "gratuite", "kostenlos", "gratuito", "gratuita", "grátis", "бесплатно",
        "darmowy", "darmowe", "ücretsiz", "ilmainen", "zdarma", "umsonst",
    ]
    static let trial: Set<String> = [
        "trial", "essai", "prueba", "probe", "probeabo", "testzeitraum", "testphase", "prova", "teste", "proef",
        "proefperiode", "пробный", "пробная", "próbny", "deneme", "prøve", "prøveperiode", "provperiod",
    ]
    /// Scripts without spaces: looked for as runs of scalars anywhere in the text.
    static let cjkFree: [[Unicode.Scalar]] = ["免费", "無料", "무료", "免費"].map { Array($0.unicodeScalars) }
    static let cjkTrial: [[Unicode.Scalar]] = ["試用", "试用", "体験", "체험", "お試し"].map { Array($0.unicodeScalars) }

    enum Mention { case none, free, trial }

    /// The lengths of the ASCII words of `free` and `trial`.
    static let asciiWordLengths: ClosedRange<Int> = {
        let lengths = free.union(trial).filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map(\.utf8.count)
        return (lengths.min() ?? 1)...(lengths.max() ?? 1)
    }()

    /// The strongest mention in the text: trial wording, else a free word, else none.
    static func mention(_ raw: Substring) -> Mention {
        asciiMention(raw) ?? scalarMention(raw)
    }

    /// `mention`, scalar by scalar: for texts in any script.
    static func scalarMention(_ raw: Substring) -> Mention {
        var found = Mention.none
        var word = ""
        var scalars: [Unicode.Scalar] = []
        var cjk = false
        func flush() {
            guard !word.isEmpty else { return }
            if trial.contains(word) { found = .trial } else if found == .none, free.contains(word) { found = .free }
            word = ""
        }
        for s in raw.unicodeScalars {
            if ScalarText.isCJK(s) { cjk = true }
            scalars.append(s)
            if ScalarText.isLetter(s) && !ScalarText.isCJK(s) {
                if s.value < 0x80 {
                    word.unicodeScalars.append(s.value >= 0x41 && s.value <= 0x5A ? Unicode.Scalar(s.value + 32) ?? s : s)
                } else {
                    word += String(s).lowercased()
                }
            } else {
                flush()
            }
        }
        flush()
        if cjk, found != .trial {
            if cjkTrial.contains(where: { contains(scalars, $0) }) { return .trial }
            if found == .none, cjkFree.contains(where: { contains(scalars, $0) }) { return .free }
        }
        return found
    }

    /// `mention` of an ASCII text, read from its bytes (a price cell is read for every row);
    /// nil for any other text.
    static func asciiMention(_ raw: Substring) -> Mention? {
        var raw = raw
        return raw.withUTF8 { bytes -> Mention? in
            var found = Mention.none
            var start = 0
            /// The letters from `start` to `end`, lowercased, looked up as one word.
            func flush(_ end: Int) {
                // An ASCII word of another length is in neither table (`sek`, `usd`).
                guard asciiWordLengths.contains(end - start) else { return }
                let word = String(unsafeUninitializedCapacity: end - start) { buffer in
                    for k in start..<end { buffer[k - start] = bytes[k] | (bytes[k] >= 0x41 && bytes[k] <= 0x5A ? 0x20 : 0) }
                    return end - start
                }
                if trial.contains(word) { found = .trial } else if found == .none, free.contains(word) { found = .free }
            }
            for (k, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if !((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) {
                    flush(k)
                    start = k + 1
                }
            }
            flush(bytes.count)
            return found
        }
    }

    static func contains(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        guard pattern.count <= text.count else { return false }
        for start in 0...(text.count - pattern.count) where text[start] == pattern[0] {
            if text[start..<start + pattern.count].elementsEqual(pattern) { return true }
        }
        return false
    }

    /// A text that says the thing costs nothing (`Free`, `Gratis`, `免费`).
    static func saysFree(_ raw: Substring) -> Bool {
        mention(raw) != .none
    }

    /// A note when the text speaks of a trial or a free period before the price.
    static func trialNote(_ raw: Substring) -> String? {
        switch mention(raw) {
        case .trial: return "free trial before the first charge"
        case .free: return "free period before the first charge"
        case .none: return nil
        }
    }
}
