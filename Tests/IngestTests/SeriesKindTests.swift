import Foundation
import Testing
@testable import Ingest

/// Numbers below `n` from a seed, the same on every run: the statements' irregular purchases.
struct SeededNumbers {
    var state: Int

    init(seed: Int) { state = seed }

    mutating func next(_ n: Int) -> Int {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
        return state % n
    }
}

/// Which recurring series an import hands on for each `--kinds`, and what it calls them.
@Suite struct SeriesKindTests {
    /// Thirteen months of a checking account: a subscription, rent, a savings transfer, and a
    /// coffee shop visited often whose small order happens to fall on the 3rd of each month.
    static let statement: String = {
        var lines = ["Date,Description,Amount,Balance"]
        var random = SeededNumbers(seed: 17)
        func next(_ n: Int) -> Int { random.next(n) }
        for month in 0..<13 {
            let y = 2025 + (month + 10) / 12, m = (month + 10) % 12 + 1
            func day(_ d: Int) -> String { String(format: "%02d/%02d/%04d", m, d, y) }
            lines.append("\(day(5)),NETFLIX.COM 866-579-7172 CA,-15.49,1000.00")
            lines.append("\(day(1)),RENT ACME PROPERTY MGMT,-1850.00,1000.00")
            lines.append("\(day(14)),ONLINE TRANSFER TO SAVINGS 1234,-200.00,1000.00")
            lines.append("\(day(3)),CORNER CAFE BROOKLYN,-4.50,1000.00")
            for _ in 0..<4 {
                lines.append("\(day(6 + next(20))),CORNER CAFE BROOKLYN,-\(6 + next(30)).\(String(format: "%02d", next(100))),1000.00")
            }
            lines.append("\(day(15)),ACME CORP PAYROLL,3120.55,1000.00")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        var kinds: Set<ImportDraft.Kind>
        /// Name prefix and kind of each draft, sorted by name.
        var drafts: [String]
        var testDescription: String { kinds.sorted().map(\.rawValue).joined(separator: ",") }
    }

    static let cases: [Case] = [
        .init(kinds: [.subscription], drafts: ["Netflix subscription"]),
        .init(kinds: [.subscription, .bill], drafts: ["Netflix subscription", "Rent bill"]),
        .init(kinds: [.transfer], drafts: ["Transfer transfer"]),
        .init(kinds: [.habit], drafts: ["Corner Cafe habit"]),
        .init(kinds: Set(ImportDraft.Kind.allCases), drafts: ["Corner Cafe habit", "Netflix subscription", "Rent bill", "Transfer transfer"]),
    ]

    @Test(arguments: cases)
    func importsTheKindsAskedFor(_ c: Case) throws {
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 20)!, currency: Currency("USD"))
        var options = ImportOptions(kind: .bank, context: context)
        options.kinds = c.kinds
        let table = try TransactionTable(data: Data(Self.statement.utf8), name: "s.csv", context: context)
        var drafts: [ImportDraft] = []
        let report = try BankImporter(options: options).run(table: table, name: "s.csv") { drafts.append($0) }
        let found = drafts.map { "\($0.name.value ?? "") \($0.kind.rawValue)" }.sorted()
        #expect(found.count == c.drafts.count, "\(found)")
        for (f, e) in zip(found, c.drafts) {
            #expect(f.hasPrefix(e.split(separator: " ").dropLast().joined(separator: " ")) && f.hasSuffix(" " + (e.split(separator: " ").last ?? "")), "\(found)")
        }
        // Every row is in a draft or a skip, whatever the kinds.
        let inDrafts = drafts.reduce(0) { $0 + $1.provenance.count }
        #expect(inDrafts + report.skips.count + report.unlistedSkips.values.reduce(0, +) == report.rows)
        // A series left out is reported as what it is.
        if !c.kinds.contains(.habit) {
            #expect(report.skips.contains { $0.reason == .notSubscription && ($0.detail ?? "").hasPrefix("habit month") })
        }
    }

    @Test func billAndTransferDraftsSayWhatTheyAre() throws {
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 20)!, currency: Currency("USD"))
        var options = ImportOptions(kind: .bank, context: context)
        options.kinds = Set(ImportDraft.Kind.allCases)
        let table = try TransactionTable(data: Data(Self.statement.utf8), name: "s.csv", context: context)
        var drafts: [ImportDraft] = []
        _ = try BankImporter(options: options).run(table: table, name: "s.csv") { drafts.append($0) }
        let rent = try #require(drafts.first { $0.kind == .bill })
        #expect(rent.category.value == .bills)
        #expect(rent.notes.value?.hasPrefix("bill (rent): ") == true)
        let transfer = try #require(drafts.first { $0.kind == .transfer })
        #expect(transfer.category.value == .finance)
        // The drafts file keeps the kind, and reads it back.
        let text = DraftsFile.text(drafts, context: context)
        #expect(text.contains("\"kind\": \"bill\""))
        let read = try DraftsFileReader(file: "drafts.json").read(text)
        #expect(read.drafts.map(\.kind) == drafts.map(\.kind))
        // A subscription's entry has no "kind", as before kinds existed.
        let netflix = try #require(drafts.first { $0.kind == .subscription })
        #expect(!DraftsFile.text([netflix], context: context).contains("\"kind\""))
    }
}

/// Two spellings of one merchant in one statement make one series.
@Suite struct MerchantSpellingTests {
    /// Descriptor of each month's charge (seven months) → the series found, as "name charges".
    static let cases: [(descriptors: [String], series: [String])] = [
        // Cut at the bank's field width beside the whole descriptor.
        (["PLANET FITNESS 0123 CHICAGO IL", "PLANET FITNESS 0123 CHIC"], ["Planet Fitness 7"]),
        // Written without its spaces.
        (["IRONWORKS GYM BERLIN", "IRONWORKSGYM BERLIN"], ["Ironworks Gym 7"]),
        // A catalog brand's name glued, which the catalog does not recognise, is that brand.
        (["PLANET FITNESS 0123 CHICAGO IL", "PLANETFITNESS 0123 CHICAGO IL"], ["Planet Fitness 7"]),
        // A shorter name that is another merchant's first word stays apart.
        (["UBER", "UBER EATS"], ["Uber 3", "Uber Eats 4"]),
    ]

    @Test func spellingsJoin() throws {
        for c in Self.cases {
            var lines = ["Date,Description,Amount"]
            for month in 1...7 {
                lines.append(String(format: "2026-%02d-17,%@,-24.99", month, c.descriptors[month % c.descriptors.count]))
            }
            let (drafts, _) = try importBank(lines.joined(separator: "\n") + "\n", today: "2026-07-20")
            let found = drafts.map { "\($0.name.value ?? "") \($0.provenance.count)" }
            #expect(found == c.series, "\(c.descriptors)")
        }
    }
}

/// A direct debit under a SEPA mandate is a contract: a gym's monthly fee stays a
/// subscription beside many card purchases at its bar, which without the mandate make it a habit.
@Suite struct MandateEvidenceTests {
    static func statement(purpose: String) -> String {
        var lines = ["Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag"]
        var random = SeededNumbers(seed: 5)
        func next(_ n: Int) -> Int { random.next(n) }
        for month in 0..<12 {
            let y = 2025 + (month + 11) / 12, m = (month + 11) % 12 + 1
            func day(_ d: Int) -> String { String(format: "%02d.%02d.%04d", d, m, y) }
            lines.append("\(day(2));FitX Deutschland GmbH;\(purpose);-24,90")
            for _ in 0..<3 {
                lines.append("\(day(5 + next(20)));FitX Deutschland GmbH;Kartenzahlung girocard;-\(3 + next(9)),\(String(format: "%02d", next(100)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let cases: [(String, ImportDraft.Kind)] = [
        ("MREF+FX-0012345 CRED+DE12ZZZ00000012345 SVWZ+Mitgliedsbeitrag", .subscription),
        ("Mitgliedsbeitrag Mandatsreferenz FX-0012345 Glaeubiger-ID DE12ZZZ00000012345", .subscription),
        ("Mitgliedsbeitrag FX-0012345", .habit),
    ]

    @Test(arguments: cases)
    func mandateMakesTheSeriesASubscription(_ c: (String, ImportDraft.Kind)) throws {
        let text = Self.statement(purpose: c.0)
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        let table = try TransactionTable(data: Data(text.utf8), name: "s.csv", context: context)
        var drafts: [ImportDraft] = []
        var options = ImportOptions(kind: .bank, context: context)
        options.kinds = Set(ImportDraft.Kind.allCases)
        _ = try BankImporter(options: options).run(table: table, name: "s.csv") { drafts.append($0) }
        #expect(drafts.map(\.kind) == [c.1], "\(drafts.map { ($0.name.value ?? "", $0.kind) })")
    }

    @Test(arguments: [("MREF+FX-1 SVWZ+Beitrag", true), ("EREF: 1 MREF: M-77", true), ("MREF M-1 CRED DE98ZZZ09999999999", true),
                      ("/TRTP/SEPA Incasso/CSID/NL12ZZZ/NAME/Netflix", true), ("Gläubiger-ID DE12", true), ("Credit card payment", false),
                      ("CREDITOR", false), ("Netflix.com", false), ("PREMREFUND", false)])
    func namesAMandate(_ text: String, _ names: Bool) {
        #expect(DescriptorFields.namesMandate(text) == names)
    }
}
