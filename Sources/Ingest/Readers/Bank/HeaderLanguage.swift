import Foundation

/// The currency a statement without one is in, from the evidence of its header and values:
/// the language of its header words, its decimal mark and its date order, matched against
/// CLDR's locales (through Foundation). German words with a decimal comma are the euro
/// (every German-speaking country writing a comma pays in euros); Norwegian words are the krone.
package enum HeaderLanguage {
    /// Header words that belong to one language, folded like `HeaderVocabulary.fold`. Words
    /// several languages share (Datum, Dato, Saldo, Status) are left out.
    static let words: [String: String] = {
        let lists: [String: [String]] = [
            "de": ["buchungstag", "buchungsdatum", "wertstellung", "verwendungszweck", "betrag", "auftraggeber", "empfanger",
                   "zahlungsempfanger", "beguenstigter", "begunstigter", "zahlungspflichtiger", "umsatz", "umsatzart",
                   "buchungstext", "kontostand", "wahrung", "waehrung", "gutschrift", "belastung", "soll", "haben",
                   "glaubiger id", "mandatsreferenz", "auftragskonto", "kontonummer", "vorgang", "beschreibung", "buchung",
                   "avisierungstext", "lastschrift", "bewegungstyp"],
            "nl": ["omschrijving", "bedrag", "naam", "mededelingen", "mededeling", "af bij", "mutatiesoort", "rekening",
                   "tegenrekening", "boekdatum", "munt", "rentedatum", "saldo na mutatie", "transactiedatum"],
            "fr": ["libelle", "montant", "date operation", "date de l operation", "date de valeur", "solde", "devise",
                   "beneficiaire", "tiers", "dateop", "dateval"],
            "es": ["fecha", "concepto", "importe", "cargo", "abono", "moneda", "divisa", "descripcion", "fecha valor",
                   "fecha operacion", "fecha contable"],
            "it": ["data contabile", "data valuta", "causale", "importo", "uscite", "entrate", "descrizione", "data operazione"],
            "sv": ["bokforingsdag", "bokforingsdatum", "transaktionsdag", "transaktionsdatum", "belopp", "meddelande",
                   "mottagare", "valutadag", "bokfdag", "transdag", "insattning", "uttag", "rubrik", "specifikation", "beskrivning"],
            "da": ["bogforingsdato", "belob", "beloeb", "tekst", "modtager", "udbetaling", "indbetaling", "valuteringsdato", "bogfort"],
            "nb": ["forklaring", "rentedato", "ut fra konto", "inn pa konto", "uttak fra konto", "innskudd pa konto", "mottaker",
                   "belop", "bokforingsdato", "rentedag", "arkivreferanse", "utfort dato"],
            "fi": ["kirjauspaiva", "arvopaiva", "tapahtumapaiva", "maara", "saaja maksaja", "viesti", "viite", "selitys",
                   "tilinumero", "maara euroa"],
            "pl": ["data operacji", "data ksiegowania", "opis operacji", "opis", "rachunek", "kwota", "saldo po operacji", "kategoria"],
            "en": ["date", "description", "amount", "balance", "payee", "memo", "transaction date", "posting date", "reference",
                   "debit", "credit", "paid in", "paid out", "money in", "money out", "details", "transaction", "running balance"],
        ]
        var table: [String: String] = [:]
        for (language, list) in lists { for word in list { table[word] = language } }
        return table
    }()

    /// The language most of the header's cells are in, nil when none or two languages tie.
    /// English counts only when no other language is seen (French and German exports say "Date"
    /// and "Credit" too); a header in Chinese characters is Chinese.
    package static func language(of header: [String]) -> String? {
        var counts: [String: Int] = [:]
        for cell in header {
            if cell.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }),
               !cell.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) {
                counts["zh", default: 0] += 1
                continue
            }
            let folded = HeaderVocabulary.fold(cell)
            if let language = words[folded] {
                counts[language, default: 0] += 1
                continue
            }
            let padded = " " + folded + " "
            var seen = Set<String>()
            for (word, language) in words where !seen.contains(language) && padded.contains(" " + word + " ") {
                seen.insert(language)
            }
            if seen.count == 1, let language = seen.first { counts[language, default: 0] += 1 }
        }
        if counts.count > 1 { counts["en"] = nil }
        let ranked = counts.sorted { $0.value > $1.value }
        guard let top = ranked.first, ranked.count < 2 || ranked[1].value < top.value else { return nil }
        return top.key
    }

    /// One locale's conventions, as CLDR gives them.
    struct Convention: Sendable {
        var region: String
        var decimalMark: DecimalMark?
        var dateOrder: DateOrder?
        var currency: Currency?
    }

    /// The regional locales of each language, read from Foundation once a language is asked for.
    private static let conventions = MemoCache<String, [Convention]>()

    static func conventions(of language: String) -> [Convention] {
        if let known = conventions.value(for: language) { return known }
        var list: [Convention] = []
        for id in Locale.availableIdentifiers {
            let locale = Locale(identifier: id)
            guard locale.language.languageCode?.identifier == language, locale.variant == nil,
                  let region = locale.region?.identifier, region.count == 2 else { continue }
            let numbers = NumberFormatter()
            numbers.locale = locale
            let mark: DecimalMark? = switch numbers.decimalSeparator { case ".": .point; case ",": .comma; default: nil }
            let order = LocaleData.order(ofPattern: DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale))
            list.append(Convention(region: region, decimalMark: mark, dateOrder: order,
                                   currency: locale.currency.flatMap { Currency($0.identifier) }))
        }
        list.sort { $0.region < $1.region }
        conventions.store(list, for: language)
        return list
    }

    /// The currency of a statement whose header is in `language` and whose amounts and dates
    /// are written with `mark` and `order` (nil where the values did not tell): the one currency
    /// of every locale of the language that writes them so, else that of the language's main
    /// region (CLDR's likely region: Germany for German, the United States for English) when
    /// it writes them so. Nil when neither decides (English dates day first: Britain, Ireland,
    /// Australia, India …).
    package static func currency(language: String, mark: DecimalMark?, order: DateOrder?) -> Currency? {
        let fitting = conventions(of: language).filter { c in
            (mark == nil || c.decimalMark == mark) && (order == nil || order == .yearMonthDay || c.dateOrder == order) && c.currency != nil
        }
        guard let first = fitting.first?.currency else { return nil }
        if fitting.allSatisfy({ $0.currency == first }) { return first }
        let likely = Locale(identifier: Locale.Language(identifier: language).maximalIdentifier).region?.identifier
        return fitting.first(where: { $0.region == likely })?.currency
    }

    /// The order every regional locale of `language` writes numeric dates in, nil when they
    /// differ (English: the United States month first, Britain day first).
    package static func dateOrder(language: String) -> DateOrder? {
        let orders = Set(conventions(of: language).compactMap(\.dateOrder))
        return orders.count == 1 ? orders.first : nil
    }
}
