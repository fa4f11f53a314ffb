import Foundation
import Testing
@testable import Ingest

struct HeaderCase: Sendable, CustomTestStringConvertible {
    let header: String
    let field: Field
    var testDescription: String { "\(header) → \(field.rawValue)" }
    init(_ header: String, _ field: Field) {
        self.header = header
        self.field = field
    }
}

/// A whole table: its header, a few rows, and the column each field must get (nil: none).
struct TableCase: Sendable, CustomTestStringConvertible {
    let label: String
    let header: [String]
    let rows: [[String]]
    let expected: [Field: String?]
    var testDescription: String { label }
}

@Suite struct ColumnDetectorTests {
    static let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30) ?? CalendarDate(dayNumber: 0))

    /// Headers as people write them: case, accents, punctuation, emoji, plurals, typos, languages.
    static let headers: [HeaderCase] = [
        .init("Service", .name), .init("SERVICE NAME", .name), .init("📺 Subscription", .name),
        .init("Nombre del servicio", .name), .init("Dienst", .name), .init("Abonnement", .name),
        .init("名称", .name), .init("サービス名", .name), .init("Naam", .name), .init("Tjänst", .name),
        .init("Prices", .price), .init("Precio (€)", .price), .init("Betrag", .price), .init("Preço", .price),
        .init("Prijs", .price), .init("Pris", .price), .init("价格", .price), .init("料金", .price),
        .init("Montant", .price), .init("Importo", .price), .init("Cost ($)", .price),
        .init("Billing Cycle", .cycle), .init("Frecuencia", .cycle), .init("Abrechnungszeitraum", .cycle),
        .init("Fréquence", .cycle), .init("周期", .cycle), .init("Frequency", .cycle), .init("Frequncy", .cycle),
        .init("Next Renewal", .nextRenewal), .init("Próxima renovación", .nextRenewal),
        .init("Nächste Zahlung", .nextRenewal), .init("Prochain paiement", .nextRenewal),
        .init("Prossimo rinnovo", .nextRenewal), .init("Volgende betaling", .nextRenewal),
        .init("次回更新", .nextRenewal), .init("Next renewal date 📅", .nextRenewal), .init("Due", .nextRenewal),
        .init("Start Date", .startDate), .init("Fecha de inicio", .startDate), .init("Startdatum", .startDate),
        .init("Currency", .currency), .init("Moneda", .currency), .init("Währung", .currency), .init("币种", .currency),
        .init("Category", .category), .init("Kategorie", .category), .init("Catgory", .category), .init("カテゴリ", .category),
        .init("Notes", .notes), .init("Notizen", .notes), .init("备注", .notes),
        .init("Status", .status), .init("Estado", .status), .init("状态", .status), .init("Statut", .status),
    ]

    @Test(arguments: headers)
    func headerNamesItsField(_ c: HeaderCase) {
        let (score, _) = HeaderMatcher.score(field: c.field, header: c.header)
        #expect(score >= 0.75, "score \(score)")
        for other in Field.allCases where other != c.field {
            let (otherScore, _) = HeaderMatcher.score(field: other, header: c.header)
            #expect(otherScore < score, "\(other.rawValue) scores \(otherScore) ≥ \(score)")
        }
    }

    static let tables: [TableCase] = [
        TableCase(label: "odd headers mapped from their values",
                  header: ["What", "How much", "Every", "Due"],
                  rows: [["Netflix", "$15.49", "month", "2026-12-05"], ["Gym", "$30.00", "month", "2026-12-01"],
                         ["Spotify", "$9.99", "month", "2026-12-12"]],
                  expected: [.name: "What", .price: "How much", .nextRenewal: "Due"]),
        TableCase(label: "a derived monthly cost is not the price when a price exists",
                  header: ["Name", "Monthly cost", "Price", "Cycle"],
                  rows: [["Adobe", "$20.00", "$239.88", "yearly"], ["Netflix", "$15.49", "$15.49", "monthly"]],
                  expected: [.name: "Name", .price: "Price", .cycle: "Cycle"]),
        TableCase(label: "a derived monthly cost is the price when nothing else is",
                  header: ["Name", "Monthly cost"],
                  rows: [["Adobe", "$20.00"], ["Netflix", "$15.49"]],
                  expected: [.name: "Name", .price: "Monthly cost"]),
        TableCase(label: "created and updated times are not the renewal date",
                  header: ["Name", "Amount", "Created at", "Updated at", "Next payment"],
                  rows: [["Netflix", "15.49", "2024-01-03 10:00:00", "2026-10-03 10:00:00", "2026-12-05"]],
                  expected: [.name: "Name", .price: "Amount", .nextRenewal: "Next payment", .startDate: nil]),
        TableCase(label: "created time alone is never the renewal date",
                  header: ["Name", "Amount", "Created"],
                  rows: [["Netflix", "15.49", "2024-01-03"]],
                  expected: [.nextRenewal: nil]),
        TableCase(label: "cycle split over an every count and a unit",
                  header: ["Title", "Amount", "Every", "Unit", "Active"],
                  rows: [["Netflix", "15.49", "1", "month", "true"], ["Gym", "30", "2", "weeks", "false"]],
                  expected: [.name: "Title", .price: "Amount", .cycleInterval: "Every", .cycleUnit: "Unit", .active: "Active"]),
        TableCase(label: "a checkbox of unknown meaning is not the active flag",
                  header: ["Name", "Price", "Auto-renew", "Shared"],
                  rows: [["Netflix", "$15.49", "Yes", "No"], ["Gym", "$30.00", "No", "Yes"]],
                  expected: [.active: nil]),
        TableCase(label: "German export",
                  header: ["Anbieter", "Betrag", "Währung", "Zahlungsintervall", "Nächste Abbuchung", "Kategorie"],
                  rows: [["Netflix", "15,49", "EUR", "monatlich", "05.12.2026", "Unterhaltung"]],
                  expected: [.name: "Anbieter", .price: "Betrag", .currency: "Währung", .cycle: "Zahlungsintervall",
                             .nextRenewal: "Nächste Abbuchung", .category: "Kategorie"]),
        TableCase(label: "Notion title column without a known header",
                  header: ["Subscriptions", "Price", "Renews"],
                  rows: [["Netflix", "$15.49", "December 5, 2026"]],
                  expected: [.name: "Subscriptions", .price: "Price", .nextRenewal: "Renews"]),
    ]

    @Test(arguments: tables)
    func mapsTable(_ c: TableCase) throws {
        let mapping = try ColumnDetector(context: Self.context).detect(header: c.header, samples: c.rows)
        for (field, header) in c.expected {
            let got = mapping.choices[field].map { c.header[$0.column] }
            #expect(got == header, "\(field.rawValue): got \(got ?? "nothing"), reason \(mapping.choices[field]?.reason ?? "-")")
        }
    }

    @Test func overrideWins() throws {
        let mapping = try ColumnDetector(context: Self.context).detect(
            header: ["Service", "Price", "List price"], samples: [["A", "1.00", "2.00"]], overrides: [.price: "list price"])
        #expect(mapping[.price] == 2)
        #expect(mapping.choices[.price]?.reason == ColumnChoice.mapped)
    }

    @Test func overrideNamingNoColumnFails() {
        #expect(throws: MappingError.self) {
            try ColumnDetector(context: Self.context).detect(header: ["Service"], samples: [], overrides: [.price: "Cost"])
        }
    }

    @Test func unusedColumnsAreListed() throws {
        let mapping = try ColumnDetector(context: Self.context).detect(
            header: ["Service", "Price", "Row ID"], samples: [["Netflix", "$1.00", "a81f"]])
        #expect(mapping.unused == [2])
    }

    /// A reader that reads none of a column's first distinct values is not tried on the rest;
    /// one that reads any keeps counting every value.
    @Test func readersGiveUpOnlyOnColumnsTheyNeverRead() {
        let n = ColumnEvidence.giveUpAfter
        let names = (0..<40).map { "Service \($0)" } + (1...20).map { "2026-12-\(String(format: "%02d", $0))" }
        let evidence = ColumnEvidence(values: names, context: Self.context)
        #expect(evidence.dates == 0, "dates after \(n) distinct non-dates are not read")
        #expect(evidence.nonEmpty == 60)
        let mixed = ["2026-12-01"] + (0..<40).map { "Service \($0)" } + (1...20).map { "2027-01-\(String(format: "%02d", $0))" }
        #expect(ColumnEvidence(values: mixed, context: Self.context).dates == 21)
    }

    /// A value longer than any price, date or cycle is a note: the readers are not tried on it
    /// (a cell of megabytes cost each of them its length), and it counts as text.
    @Test func longValuesAreTextOnly() {
        let padding = String(repeating: " and more", count: 40)
        let values = ["monthly" + padding, "2026-12-01" + padding, "9.99" + padding, "monthly", "2026-12-01"]
        let evidence = ColumnEvidence(values: values, context: Self.context)
        #expect(evidence.cycles == 1)
        #expect(evidence.dates == 1)
        #expect(evidence.prices == 0)
        #expect(evidence.texts == 4, "the three long values, and the short cycle")
    }

    static let folds: [(String, String)] = [
        ("  Próxima Renovación 📅", "proxima renovacion"), ("Price ($)", "price"), ("NEXT_RENEWAL", "next renewal"),
        ("Währung", "wahrung"), ("名称", "名称"),
    ]

    @Test(arguments: folds)
    func folding(_ c: (String, String)) {
        #expect(HeaderVocabulary.fold(c.0) == c.1)
    }

    /// Every vocabulary phrase, for fields and for bank columns, with its decoys, and a few made
    /// up ones that mix scripts the way only typos could match.
    static let allPhrases: [String] = {
        var all = HeaderVocabulary.phrases.values.flatMap { $0 } + HeaderVocabulary.decoys.values.flatMap { $0 }
        all += TransactionVocabulary.phrases.values.flatMap { $0 } + TransactionVocabulary.decoys.values.flatMap { $0 }
        return all + ["abcd金", "ab金金e", "金额 eur", "amount 金额", "prix é"]
    }()

    /// Headers to hold them against: each phrase as it is, and in turn with a typo (a letter
    /// dropped, changed or swapped with the next), in a longer header, or in capitals and
    /// plural; and headers in other scripts or mixing them.
    static let matchHeaders: [String] = {
        var headers = ["abcde", "abcd", "ab金金e", "金额EUR", "Amount 金额", "prix e", "Währung", "Tjänst", "Nächste Zahlung 📅",
                       "次回更新日", "サービス名", "€86.44", "2027-05-03", "billed to the work card", "Dropbox 0", ""]
        for (n, phrase) in allPhrases.enumerated() {
            let letters = Array(phrase), i = letters.count / 2
            headers.append(phrase)
            switch letters.count >= 4 ? n % 6 : n % 3 {
            case 0: headers.append(phrase.uppercased() + "S")
            case 1: headers.append("next " + phrase)
            case 2: headers.append(phrase + " (EUR)")
            case 3: headers.append(String(letters[..<i] + letters[(i + 1)...]))
            case 4: headers.append(String(letters[..<i] + ["x"] + letters[(i + 1)...]))
            default: headers.append(String(letters[..<(i - 1)] + [letters[i], letters[i - 1]] + letters[(i + 1)...]))
            }
        }
        return headers
    }()

    /// Words compared as bytes (ASCII on both sides) or skipped (a phrase that cannot match
    /// ASCII) score as they do compared as Characters.
    @Test func bytesMatchAsCharactersDo() {
        let phrases = Self.allPhrases.map { HeaderMatcher.Words(header: $0) }
        var mismatches: [String] = []
        for header in Self.matchHeaders {
            let words = HeaderMatcher.Words(header: header)
            for (phrase, raw) in zip(phrases, Self.allPhrases) {
                let fast = HeaderMatcher.match(phrase, in: words)
                let slow = HeaderMatcher.match(phrase.words, in: words.words, inside: HeaderMatcher.holdsCJK)
                let contains = HeaderMatcher.contains(phrase, in: words)
                let containsSlow = !phrase.words.isEmpty && phrase.words.count <= words.words.count
                    && (0...(words.words.count - phrase.words.count)).contains { words.words[$0..<$0 + phrase.words.count].elementsEqual(phrase.words) }
                if fast.0 != slow.0 || fast.1 != slow.1 || contains != containsSlow {
                    mismatches.append("\(raw) in \(header): \(fast) against \(slow), contains \(contains)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // The made-up phrases reach each way at least once.
        #expect(HeaderMatcher.match(HeaderMatcher.Words(header: "abcd金"), in: HeaderMatcher.Words(header: "abcde")).0 == 0.8)
        #expect(HeaderMatcher.Words(header: "ab金金e").mayMatchASCII == false)
        #expect(Self.matchHeaders.count > 1000)
    }
}
