/// Words around prices: "free" in the languages we read, and trial wording worth a note.
enum PriceWords {
    static let free: [String] = [
        "free", "gratis", "gratuit", "gratuite", "kostenlos", "gratuito", "gratuita", "grátis", "免费", "無料",
        "무료", "бесплатно", "darmowy", "ücretsiz", "ilmainen", "zdarma", "umsonst", "gratuïta", "免費",
    ]
    static let trial: [String] = [
        "trial", "essai", "prueba", "probe", "testzeitraum", "testphase", "prova", "teste", "proef", "試用", "试用",
        "体験", "체험", "пробн", "próbn", "deneme",
    ]

    /// A text that says the thing costs nothing (`Free`, `Gratis`, `免费`).
    static func saysFree(_ raw: Substring) -> Bool {
        guard raw.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return false }
        let lower = raw.lowercased()
        return free.contains { lower.contains($0) }
    }

    /// "free trial" when the text speaks of a trial or a free period before the price.
    static func trialNote(_ raw: Substring) -> String? {
        guard raw.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        let lower = raw.lowercased()
        if trial.contains(where: { lower.contains($0) }) { return "free trial before the first charge" }
        if free.contains(where: { lower.contains($0) }) { return "free period before the first charge" }
        return nil
    }
}
