import Testing
@testable import Ingest

/// Line building, columns, blocks, names and chrome on hand-made word lists (no OCR).
@Suite struct ScreenshotLayoutTests {
    /// An App Store-like list: status bar, title, rows of name / plan / renewal with the price
    /// at the right.
    static func appStoreList() -> PageSketch {
        var s = PageSketch()
        s.text("9:41", x: 24, y: 14, h: 12)
        s.text("5G 87%", x: 300, y: 14, h: 12)
        s.text("Subscriptions", x: 20, y: 60, h: 26)
        let rows = [("Apple Music", "Individual (Monthly)", "Renews December 5", "$10.99/month"),
                    ("Disney+", "Premium (Monthly)", "Renews December 14", "$13.99/month"),
                    ("Headspace", "Annual", "Renews March 2", "$69.99/year")]
        for (i, row) in rows.enumerated() {
            let y = 140 + i * 90
            s.text(row.0, x: 90, y: y, h: 17)
            s.text(row.1, x: 90, y: y + 24, h: 12)
            s.text(row.2, x: 90, y: y + 42, h: 12)
            s.text(row.3, x: 260, y: y + 20, h: 14)
        }
        return s
    }

    @Test func buildsLinesAndCells() {
        let lines = LineBuilder().lines(Self.appStoreList().words)
        #expect(lines.first?.cells.map(\.text) == ["9:41", "5G 87%"])
        let row = lines.first { $0.text.contains("Individual") }
        #expect(row?.cells.map(\.text) == ["Individual (Monthly)", "$10.99/month"])
    }

    @Test func oneDraftPerRowWithAllFields() throws {
        let result = try readSketch(Self.appStoreList())
        #expect(result.drafts.map { $0.name.value } == ["Apple Music", "Disney+", "Headspace"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["10.99", "13.99", "69.99"])
        #expect(result.drafts.map { $0.cycle.value } == [.monthly, .monthly, .yearly])
        #expect(result.drafts.map { $0.nextRenewal.value?.description } == ["2026-12-05", "2026-12-14", "2027-03-02"])
    }

    struct TrialCase: Sendable, CustomTestStringConvertible {
        var lines: [String]
        var trialEnds: String?
        var renewal: String?
        var warned = false
        var testDescription: String { lines.joined(separator: " / ") }
    }

    /// A "Trial ends …" line gives the trial's end, never the renewal; with no renewal shown the
    /// first charge is that day. One ending within three days of today (2026-11-30) is warned of.
    static let trialCases: [TrialCase] = [
        TrialCase(lines: ["Free trial, then $9.99/month", "Trial ends December 20"], trialEnds: "2026-12-20", renewal: "2026-12-20"),
        TrialCase(lines: ["Trial ends December 2", "Renews January 2"], trialEnds: "2026-12-02", renewal: "2027-01-02", warned: true),
        TrialCase(lines: ["Probezeitraum endet am 15. Dezember"], trialEnds: "2026-12-15", renewal: "2026-12-15"),
        TrialCase(lines: ["Free trial until", "December 9"], trialEnds: "2026-12-09", renewal: "2026-12-09"),
        TrialCase(lines: ["Renews December 5"], trialEnds: nil, renewal: "2026-12-05"),
    ]

    @Test(arguments: trialCases)
    func trialEnds(_ c: TrialCase) throws {
        var s = PageSketch()
        s.text("Streamly", x: 20, y: 100, h: 17)
        s.text("$9.99/month", x: 260, y: 104, h: 14)
        for (i, line) in c.lines.enumerated() { s.text(line, x: 20, y: 124 + i * 18, h: 12) }
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.trialEnds.value?.description == c.trialEnds)
        #expect(draft.nextRenewal.value?.description == c.renewal)
        #expect(draft.trialEnds.issues.contains { $0.code == "trial.ending-soon" } == c.warned)
    }

    /// A list with its prices hidden: each row that names its renewal (under a renewal label)
    /// or its cycle is a draft whose price is missing, with `price.missing`, when two or more such
    /// rows repeat down the page and no money shows anywhere; names beside dates with no such
    /// label stay out.
    struct UnpricedCase: Sendable, CustomTestStringConvertible {
        var rows: [(String, String, String)]
        var priceElsewhere = false
        var names: [String]
        var testDescription: String { rows.map(\.0).joined(separator: ", ") + (priceElsewhere ? " + a priced row" : "") }
    }

    static let unpricedCases: [UnpricedCase] = [
        UnpricedCase(rows: [("1Password", "Standard", "Renews 7 December 2026"), ("Hulu", "Familie", "Nächste Abbuchung am 27. Dezember 2026"),
                            ("Paramount+", "Standard", "Renews on 2 January 2027")],
                     names: ["1Password", "Hulu", "Paramount+"]),
        UnpricedCase(rows: [("Zoom Pro", "Monthly", "Member since 2024"), ("Setapp", "Yearly plan", "Since March")],
                     names: ["Zoom Pro", "Setapp"]),
        UnpricedCase(rows: [("1Password", "Standard", "Renews 7 December 2026")], names: []),
        UnpricedCase(rows: [("Anna", "Photo", "Delivered 7 December 2026"), ("Ben", "Voice message", "Read 8 December 2026")], names: []),
        // Money that OCR garbled (a sign without digits, an amount it could not read as a
        // price): the page has prices, so its blocks are not read as unpriced.
        UnpricedCase(rows: [("Kinopoisk", "₽ monthly", "Renews 7 December 2026"), ("Okko", "₽ yearly", "Renews 9 December 2026")], names: []),
        UnpricedCase(rows: [("Kinopoisk", "Monthly 1299.00x", "Renews 7 December 2026"), ("Okko", "Yearly", "Renews 9 December 2026")], names: []),
        UnpricedCase(rows: [("Hulu", "Standard", "Renews 7 December 2026"), ("Max", "Standard", "Renews 9 December 2026")],
                     priceElsewhere: true, names: ["Spotify"]),
    ]

    @Test(arguments: unpricedCases)
    func unpricedListRows(_ c: UnpricedCase) throws {
        var s = PageSketch()
        s.text("Abonnements", x: 20, y: 60, h: 26)
        for (i, row) in c.rows.enumerated() {
            let y = 140 + i * 90
            s.text(row.0, x: 24, y: y, h: 17)
            s.text(row.1, x: 24, y: y + 24, h: 12)
            s.text(row.2, x: 24, y: y + 42, h: 12)
        }
        if c.priceElsewhere {
            s.text("Spotify", x: 24, y: 600, h: 17)
            s.text("$10.99/month", x: 260, y: 604, h: 14)
        }
        let drafts = try readSketch(s, locale: "en_GB").drafts
        #expect(drafts.map { $0.name.value ?? "" } == c.names)
        for draft in drafts where draft.price.value == nil {
            #expect(draft.price.issues.map(\.code) == ["price.missing"], "\(draft.name.value ?? "")")
            #expect(draft.nextRenewal.value != nil || draft.cycle.value != nil)
        }
    }

    /// Cards whose currency signs OCR lost (`₹1,440.00` read as `1,440.00` or `~680.00`):
    /// (amount cells, locale, currency, prices read).
    static let lostSignCases: [(String, [String], String?, String?, [String])] = [
        ("rupee lost, Indian locale", ["1,440.00", "~680.00"], "en_IN", "INR", ["1440", "680"]),
        ("won lost, Korean locale", ["9,529.00", "25,441.00"], "ko_KR", "KRW", ["9529", "25441"]),
        ("German locale, comma decimals", ["16,99", "18,99"], "de_DE", "EUR", ["16.99", "18.99"]),
        ("no locale: the currency cannot be told", ["1,440.00", "680.00"], nil, nil, []),
        ("language without a region", ["1,440.00", "680.00"], "en", nil, []),
        ("no cents: a count, not an amount", ["1,440", "680"], "en_IN", nil, []),
        ("amount inside text, not alone", ["Total 1,440.00", "Total 680.00"], "en_IN", nil, []),
    ]

    @Test(arguments: lostSignCases)
    func amountsWhoseSignWasLost(_ label: String, _ amounts: [String], _ locale: String?, _ currency: String?,
                                 _ prices: [String]) throws {
        var s = PageSketch()
        s.text("Subscriptions", x: 20, y: 20, h: 26)
        for (i, (name, amount)) in zip(["Figma Professional", "Babbel"], amounts).enumerated() {
            let y = 100 + i * 140
            s.text(name, x: 40, y: y, h: 17)
            s.text(amount, x: 40, y: y + 30, h: 22)
            s.text("Monthly", x: 40, y: y + 65, h: 12)
            s.text("Next payment: Dec 20, 2026", x: 40, y: y + 85, h: 12)
        }
        let drafts = try readSketch(s, locale: locale).drafts
        #expect(drafts.compactMap { $0.price.value?.amount.description } == prices, "\(label)")
        // Amounts without cents are no money shown: the list is read as one without prices.
        for draft in drafts where draft.price.value != nil {
            #expect(draft.price.value?.currency?.code == currency, "\(label)")
            #expect(draft.price.issues.map(\.code).contains("currency.guessed"), "\(label)")
        }
    }

    /// A sign that was read keeps its own currency: the signless reading is not tried.
    @Test func readSignsAreNotGuessedOver() throws {
        var s = PageSketch()
        for (i, (name, amount)) in [("Figma", "$12.00"), ("Babbel", "680.00")].enumerated() {
            s.text(name, x: 40, y: 100 + i * 140, h: 17)
            s.text(amount, x: 40, y: 130 + i * 140, h: 22)
            s.text("Monthly", x: 40, y: 165 + i * 140, h: 12)
        }
        let drafts = try readSketch(s, locale: "en_IN").drafts
        #expect(drafts.map { $0.price.value?.currency?.code } == ["USD"])
    }

    @Test func chromeAndTitlesAreReportedNotDrafted() throws {
        let result = try readSketch(Self.appStoreList())
        #expect(result.skips.map(\.reason) == [.chrome, .notSubscription])
        #expect(result.skips.map(\.detail) == ["9:41  5G 87%", "Subscriptions"])
    }

    @Test func provenanceAndConfidenceComeFromTheWords() throws {
        var s = PageSketch()
        s.text("Netflx", x: 20, y: 100, h: 17, confidence: 0.55)
        s.text("$15.49/month", x: 250, y: 100, h: 14)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.name.confidence == 0.55)
        #expect(draft.name.issues.map(\.code) == ["ocr.low-confidence"])
        #expect(draft.price.issues.allSatisfy { $0.code != "ocr.low-confidence" })
        #expect(draft.provenance.first?.file == "shot.png")
        #expect(draft.provenance.first?.line == 1)
        #expect(draft.provenance.first?.box?.x == 20)
        #expect(AcceptPolicy.confident.decide(draft) == .pending)
    }

    /// Three cards side by side, each with name, amount, cycle and date stacked.
    static func cardGrid() -> PageSketch {
        var s = PageSketch()
        s.width = 1100
        s.height = 500
        let cards = [("Netflix", "$15.49", "Monthly", "Next: Dec 5, 2026"), ("Spotify", "$11.99", "Monthly", "Next: Dec 9, 2026"),
                     ("Figma", "$144.00", "Yearly", "Next: Jan 20, 2027")]
        for (i, card) in cards.enumerated() {
            let x = 50 + i * 350
            s.text(card.0, x: x, y: 100, h: 18)
            s.text(card.1, x: x, y: 140, h: 24)
            s.text(card.2, x: x, y: 176, h: 12)
            s.text(card.3, x: x, y: 194, h: 12)
        }
        return s
    }

    @Test func cardGridSplitsIntoColumnsFirst() throws {
        let result = try readSketch(Self.cardGrid())
        #expect(result.drafts.map { $0.name.value } == ["Netflix", "Spotify", "Figma"])
        #expect(result.drafts.map { $0.cycle.value } == [.monthly, .monthly, .yearly])
        #expect(result.drafts.map { $0.nextRenewal.value?.description } == ["2026-12-05", "2026-12-09", "2027-01-20"])
    }

    @Test func listWithRightPricesStaysOneRegion() {
        let reader = CellReader(prices: PriceFinder(context: NormalizeContext(today: screenshotToday)),
                                dates: DateFinder(context: NormalizeContext(today: screenshotToday), monthFirst: true))
        let lines = LineBuilder().lines(Self.appStoreList().words).map(reader.read)
        #expect(ColumnSplitter().regions(lines, width: 390).count == 1)
    }

    @Test func denseRowsAreCutAtEachProminentName() throws {
        var s = PageSketch()
        for (i, row) in [("Netflix", "$15.49"), ("Spotify", "$9.99"), ("Hulu", "$7.99")].enumerated() {
            s.text(row.0, x: 20, y: 100 + i * 40, h: 17)
            s.text(row.1, x: 300, y: 100 + i * 40, h: 15)
            s.text("Monthly", x: 20, y: 120 + i * 40, h: 11)
        }
        #expect(try readSketch(s).drafts.map { $0.name.value } == ["Netflix", "Spotify", "Hulu"])
    }

    @Test func nameIsTheProminentTextNotButtonsStatusesOrDates() throws {
        var s = PageSketch()
        s.text("Active", x: 20, y: 80, h: 11)
        s.text("YouTube Premium", x: 20, y: 100, h: 20)
        s.text("$13.99/month", x: 20, y: 130, h: 13)
        s.text("Renews Dec 5, 2026", x: 20, y: 150, h: 13)
        s.text("Cancel", x: 20, y: 175, h: 13)
        s.text("Manage", x: 120, y: 175, h: 13)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.name.value == "YouTube Premium")
    }

    @Test func labelOverValueGivesTheRenewal() throws {
        var s = PageSketch()
        s.width = 1100
        s.text("Premium Ultra HD", x: 100, y: 100, h: 22)
        s.text("$22.99/month", x: 100, y: 132, h: 16)
        s.text("Next billing date", x: 100, y: 190, h: 13)
        s.text("December 5, 2026", x: 100, y: 210, h: 16)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.nextRenewal.value?.description == "2026-12-05")
        #expect(draft.name.value == "Premium Ultra HD")
    }

    @Test func billedPriceWinsOverTheDerivedAmount() throws {
        var s = PageSketch()
        s.text("1Password", x: 20, y: 100, h: 18)
        s.text("$2.99", x: 20, y: 130, h: 26)
        s.text("$35.88/year", x: 20, y: 162, h: 12)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.price.value?.amount.description == "35.88")
        #expect(draft.cycle.value == .yearly)
    }

    @Test func headlineRestatingTheEquivalentIsNotTheBilledPrice() throws {
        var s = PageSketch()
        s.text("Dropbox Plus", x: 20, y: 100, h: 14)
        s.text("$9.99/mo", x: 240, y: 100, h: 13)
        s.text("Cloud Storage", x: 20, y: 122, h: 11)
        s.text("$119.88/yr ($9.99/mo)", x: 200, y: 122, h: 14)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.price.value?.amount.description == "119.88")
        #expect(draft.cycle.value == .yearly)
    }

    @Test func totalsTaxBalancesAndHistoryAreIgnored() throws {
        var s = PageSketch()
        s.width = 800
        s.text("Balance", x: 40, y: 40, h: 14)
        s.text("£1,873.02", x: 40, y: 60, h: 30)
        s.text("Disney+ Premium", x: 40, y: 160, h: 16)
        s.text("$13.99", x: 600, y: 160, h: 16)
        s.text("Renews Dec 5, 2026", x: 40, y: 182, h: 12)
        s.text("Subtotal", x: 40, y: 260, h: 14)
        s.text("$13.99", x: 600, y: 260, h: 14)
        s.text("Tax", x: 40, y: 290, h: 14)
        s.text("$1.12", x: 600, y: 290, h: 14)
        s.text("Total", x: 40, y: 320, h: 14)
        s.text("$15.11", x: 600, y: 320, h: 14)
        s.text("Payment history", x: 40, y: 400, h: 20)
        s.text("Netflix.com", x: 40, y: 440, h: 14)
        s.text("$15.49", x: 600, y: 440, h: 14)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Disney+ Premium"])
        // Subtotal, tax, total, and the balance amount under its "Balance" label.
        #expect(result.skips.filter { $0.reason == .totals }.count == 4)
        #expect(result.skips.filter { $0.reason == .history }.count == 2)
    }

    /// A monthly subscription's row on an 800-pixel page: the name, its price at the right, the cycle under.
    static func monthlyRow(_ s: inout PageSketch, _ name: String, _ price: String, y: Int) {
        s.text(name, x: 40, y: y, h: 16)
        s.text(price, x: 600, y: y, h: 16)
        s.text("Monthly", x: 40, y: y + 22, h: 12)
    }

    /// A payment history heading in each language the reader knows ends the list: the priced
    /// lines under it are past charges, not subscriptions.
    @Test(arguments: ["Payment history", "Zahlungsverlauf", "Historial de pagos", "Historique des paiements",
                      "Cronologia pagamenti", "Storico dei pagamenti", "Histórico de pagamentos", "Transações recentes",
                      "Betalingsgeschiedenis", "Recente transacties", "付款记录"])
    func historyHeadingsEndTheList(_ heading: String) throws {
        var s = PageSketch()
        s.width = 800
        Self.monthlyRow(&s, "Disney+", "€13.99", y: 160)
        s.text(heading, x: 40, y: 400, h: 20)
        s.text("Supermarket", x: 40, y: 440, h: 14)
        s.text("€23.18", x: 600, y: 440, h: 14)
        s.text("Fuel station", x: 40, y: 480, h: 14)
        s.text("€24.18", x: 600, y: 480, h: 14)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Disney+"], "\(heading)")
        #expect(result.skips.filter { $0.reason == .history }.count == 3, "\(heading)")
    }

    /// A banner's offer shows an amount but is no subscription, in each language the reader knows.
    @Test(arguments: ["Save 30% with yearly €49.99", "Upgrade to Family €14.99", "Jetzt sparen: Jahresabo 49,99 €",
                      "Ahorra un 20 % 49,99 €", "Offre spéciale 49,99 €", "Risparmia il 20% 49,99 €",
                      "Economize 20% R$ 49,99", "Bespaar 20% € 49,99", "开通年卡立省30元"])
    func offersAreNoSubscriptions(_ banner: String) throws {
        var s = PageSketch()
        s.width = 800
        s.text(banner, x: 40, y: 80, h: 18)
        Self.monthlyRow(&s, "Disney+", "€13.99", y: 200)
        Self.monthlyRow(&s, "Netflix", "€15.49", y: 300)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Disney+", "Netflix"], "\(banner)")
    }

    /// Entries are cut at names of the type size names share (`BlockGrouper.split`): one name
    /// box OCR drew too tall (taking in a card's edge) does not make every other name look small,
    /// wherever it stands. (The names have capitals and no descenders, so that boxes of one
    /// height are one type size.)
    @Test(arguments: [0, 2, 4])
    func oneTallNameBoxSplitsNoLess(_ tall: Int) throws {
        var s = PageSketch()
        s.width = 800
        // Entries close together under a heading far above: one block, cut at its names.
        s.text("Direct debits", x: 40, y: 60, h: 16)
        let names = ["Claude Pro", "Notion", "Readwise", "Dashlane", "MasterClass"]
        for (i, name) in names.enumerated() {
            let y = 300 + i * 50
            s.text(name, x: 40, y: i == tall ? y - 8 : y, h: i == tall ? 34 : 18)
            s.text("-€\(10 + i).49", x: 600, y: y + 4, h: 18)
            s.text("Monthly · Next payment: Dec \(5 + i), 2026", x: 40, y: y + 22, h: 12)
        }
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == names, "tall name \(tall)")
    }

    @Test(arguments: [([90, 47, 47, 45, 73], 47), ([40], 40), ([30, 18], 30), ([20, 19, 12, 12], 20), ([], nil)] as [([Int], Int?)])
    func entryNamesAreSizedByWhatRepeats(_ c: ([Int], Int?)) {
        #expect(BlockGrouper.entryNameHeight(c.0) == c.1, "\(c.0)")
    }

    @Test func expiredEntriesAreInactive() throws {
        var s = PageSketch()
        s.text("HBO Max", x: 20, y: 100, h: 17)
        s.text("$9.99/month", x: 260, y: 100, h: 14)
        s.text("Expired October 1, 2026", x: 20, y: 122, h: 12)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.status == .inactive)
    }

    @Test func tableRowsFollowTheHeader() throws {
        var s = PageSketch()
        s.width = 1100
        let columns = [40, 240, 440, 640, 840]
        for (x, title) in zip(columns, ["Name", "Price", "Billing", "Next renewal", "Category"]) {
            s.text(title, x: x, y: 60, h: 14)
        }
        let rows = [["Netflix", "$15.49", "Monthly", "Dec 5, 2026", "Streaming"],
                    ["Notion", "$96.00", "Yearly", "Feb 14, 2027", "Productivity"]]
        for (r, row) in rows.enumerated() {
            for (x, cell) in zip(columns, row) { s.text(cell, x: x, y: 96 + r * 34, h: 14) }
        }
        s.text("Total", x: 40, y: 180, h: 14)
        s.text("$111.49", x: 240, y: 180, h: 14)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Netflix", "Notion"])
        #expect(result.drafts.map { $0.cycle.value } == [.monthly, .yearly])
        #expect(result.drafts.map { $0.nextRenewal.value?.description } == ["2026-12-05", "2027-02-14"])
        #expect(result.skips.map(\.reason) == [.totals])
    }

    /// A dashboard: per-category sums ("Streaming (2)  $25.98/mo") on the left, the upcoming
    /// renewals on the same lines to the right.
    @Test func groupSumsBesideAListAreNotSubscriptions() throws {
        var s = PageSketch()
        s.width = 1000
        s.height = 600
        let groups = [("Streaming (2)", "$25.98/mo"), ("Music (1)", "$16.99/mo"), ("Kids & Family (1)", "$12.99/mo"),
                      ("Cloud Storage (2)", "$12.98/mo")]
        for (i, group) in groups.enumerated() {
            s.text(group.0, x: 40, y: 100 + i * 28, h: 12)
            s.text(group.1, x: 260, y: 100 + i * 28, h: 12)
        }
        s.text("Netflix", x: 560, y: 104, h: 12)
        s.text("Renews Feb 22 - $15.99", x: 560, y: 122, h: 12)
        s.text("Spotify", x: 560, y: 160, h: 12)
        s.text("Renews Feb 25 - $9.99", x: 560, y: 178, h: 12)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Netflix", "Spotify"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["15.99", "9.99"])
    }

    /// A row's subtitle can read like a table header ("AI | Tools | Yearly | Trial | /month":
    /// name, cycle, price): under a priced row it heads no table, and each row stays its own
    /// subscription.
    @Test func subtitleUnderAPricedRowIsNoTableHeader() throws {
        var s = PageSketch()
        s.width = 1170
        s.height = 2532
        let rows = [("Amazon Prime", "C$18.67", ["Productivity", "Yearly"]), ("ChatGpt", "C$19.50", ["AI", "Tools", "Yearly", "Trial"]),
                    ("Cursor", "C$20.33", ["Productivity", "Yearly"]), ("Netflix", "C$9.36", ["Entertainment"])]
        for (i, row) in rows.enumerated() {
            let y = 970 + i * 197
            s.text(row.0, x: 158, y: y, h: 44)
            s.text(row.1, x: 831, y: y, h: 44)
            for (k, part) in row.2.enumerated() { s.text(part, x: 158 + k * 200, y: y + 65, h: 34) }
            s.text("/month", x: 943, y: y + 65, h: 34)
        }
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Amazon Prime", "ChatGpt", "Cursor", "Netflix"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["18.67", "19.5", "20.33", "9.36"])
    }

    /// Recorded OCR of a Chinese auto-renew row: "音乐" comes with a box that spans "豪华" beside
    /// it, "月" with one over the end of ".Y15/", and a speck reads before the `Y` of `¥`.
    @Test func chineseWordsWithWideBoxesStayOnTheirLine() throws {
        var s = PageSketch()
        s.width = 1170
        s.height = 2532
        let words: [(String, Int, Int, Int, Int)] = [
            ("QQ", 255, 360, 75, 46), ("音乐", 336, 353, 315, 49), ("豪华", 479, 349, 92, 73), ("绿", 570, 349, 46, 73),
            ("钻", 616, 349, 37, 73),
            ("车", 264, 435, 137, 36), ("包月", 344, 435, 57, 36), (".Y15/", 440, 437, 112, 34), ("取消", 971, 420, 72, 36),
            ("续", 309, 431, 35, 56), ("月", 529, 431, 25, 56),
            ("下", 254, 494, 48, 33), ("次", 302, 491, 39, 36), ("扣", 347, 495, 18, 31), ("费", 383, 491, 22, 36),
            ("2026", 420, 491, 140, 36), ("年", 526, 487, 36, 52), ("12", 571, 493, 52, 34), ("月", 604, 487, 27, 52),
            ("8", 632, 496, 18, 28), ("日", 659, 494, 26, 33),
        ]
        s.words = words.map { RecognizedWord(text: $0.0, box: Provenance.Box(x: $0.1, y: $0.2, width: $0.3, height: $0.4), confidence: 0.9) }
        let draft = try #require(try readSketch(s, locale: "zh_CN").drafts.first)
        #expect(draft.name.value?.replacingOccurrences(of: " ", with: "") == "QQ音乐豪华绿钻")
        #expect(draft.price.value?.amount.description == "15")
        #expect(draft.price.value?.currency?.code == "CNY")
        #expect(draft.cycle.value == .monthly)
        #expect(draft.nextRenewal.value?.description == "2026-12-08")
    }

    /// A tall word read with no confidence (artwork or a launcher label read as letters) is no
    /// name while the block has a well read one.
    @Test func garbledTallWordIsNotTheName() throws {
        var s = PageSketch()
        s.width = 1000
        s.text("Accident Insurance", x: 20, y: 100, h: 14)
        s.text("$399.00", x: 20, y: 122, h: 16)
        s.text("Nov 20, 2026", x: 20, y: 146, h: 14)
        s.text("daneu2o26", x: 500, y: 130, h: 40, confidence: 0.0)
        let draft = try #require(try readSketch(s).drafts.first)
        #expect(draft.name.value == "Accident Insurance")
    }

    /// A summary tile's label is the nearest text above its amount in the same column, even
    /// when a sidebar item stands on a line in between.
    @Test func tileLabelAboveASidebarLineMakesATotal() throws {
        var s = PageSketch()
        s.width = 1400
        s.height = 900
        s.text("Subscriptions", x: 52, y: 121, h: 14)
        s.text("Monthly Spend", x: 301, y: 121, h: 14)
        s.text("Calendar", x: 52, y: 164, h: 11)
        s.text("Household", x: 52, y: 204, h: 11)
        s.text("$410.57", x: 301, y: 182, h: 28)
        s.text("Netflix", x: 301, y: 400, h: 14)
        s.text("$22.99/mo", x: 600, y: 400, h: 14)
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Netflix"])
    }

    /// A list column with enough lines learns its own gaps: the other column's lines fall into
    /// the list's gaps, and with the wide gaps of the tiles above, the page's gaps would keep the
    /// list in one block.
    @Test func longRegionLearnsItsOwnGaps() {
        var s = PageSketch()
        s.width = 1200
        s.height = 2000
        for y in [100, 300, 500] { s.text("Summary", x: 800, y: y, h: 14) }
        for (i, row) in [("Deezer", 20), ("Prime Video", 14), ("Fibre Internet", 14), ("Cloud Backup", 14)].enumerated() {
            let y = 700 + i * 80
            s.text(row.0, x: 40, y: y, h: row.1)
            s.text("€9.99 / month", x: 40, y: y + 24, h: 12)
            s.text("Next: Dec 5, 2026", x: 40, y: y + 40, h: 12)
            s.text("Note \(i)", x: 800, y: y + 58, h: 12)
        }
        let context = NormalizeContext(today: screenshotToday)
        let reader = CellReader(prices: PriceFinder(context: context), dates: DateFinder(context: context, monthFirst: true))
        let page = LineBuilder().lines(s.words).map(reader.read)
        let left = page.compactMap { line -> ScreenLine? in
            let keep = line.cells.filter { $0.box.midX < 600 }
            return keep.isEmpty ? nil : line.keeping(keep)
        }
        #expect(BlockGrouper().blocks(left, page: page).count == 4)
    }

    /// A web dashboard: spend and savings tiles, a breakdown by category, then the list, whose
    /// rows carry a subtitle in the name's type size ("Software · Active · Monthly").
    @Test func breakdownTilesAndSubtitlesOfADashboard() throws {
        var s = PageSketch()
        s.width = 1600
        s.height = 1400
        s.text("Monthly Spend", x: 345, y: 105, h: 15)
        s.text("Monthly Savings", x: 1323, y: 105, h: 15)
        s.text("$360.74", x: 346, y: 124, h: 29)
        s.text("$0.00", x: 1324, y: 124, h: 29)
        s.text("Spending by Category", x: 345, y: 262, h: 19)
        for (i, row) in [("Business", "$300.00"), ("Education", "$3.08"), ("Software", "$32.66")].enumerated() {
            s.text(row.0, x: 369, y: 311 + i * 36, h: 13)
            s.text(row.1, x: 1518, y: 311 + i * 36, h: 13)
        }
        s.text("All Subscriptions", x: 344, y: 560, h: 19)
        for (i, row) in [("Notion", "$25.99", "Software", "Monthly"), ("Medium", "$37.00", "Education", "Annual"),
                         ("Hulu", "$10.00", "Entertainment", "Monthly")].enumerated() {
            let y = 634 + i * 89
            s.text(row.0, x: 373, y: y, h: 14)
            s.text(row.1, x: 1528, y: y, h: 14)
            s.text(row.2, x: 373, y: y + 21, h: 14)
            s.text("Active", x: 500, y: y + 21, h: 14)
            s.text(row.3, x: 1523, y: y + 21, h: 14)
        }
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Notion", "Medium", "Hulu"])
        #expect(result.drafts.map { $0.cycle.value } == [.monthly, .yearly, .monthly])
    }

    /// A headline total in large type above the first tile sets no type size for the tiles:
    /// each tile's display amount is smaller than the headline, and still leads its own entry.
    @Test func headlineTotalDoesNotJoinTheTilesBelow() {
        var s = PageSketch()
        s.width = 1080
        s.text("833,00 € / J", x: 55, y: 54, h: 46)
        for (i, tile) in [("Strom", "360,00 €/J", "30,00 €/1M"), ("Kino", "48,00 €/J", "4,00 €/1M")].enumerated() {
            let y = 150 + i * 120
            s.text(tile.0, x: 70, y: y, h: 33)
            s.text(tile.1, x: 818, y: y, h: 33)
            s.text(tile.2, x: 854, y: y + 50, h: 26)
        }
        let context = NormalizeContext(today: screenshotToday, locale: "de_DE")
        let reader = CellReader(prices: PriceFinder(context: context), dates: DateFinder(context: context, monthFirst: false))
        let lines = LineBuilder().lines(s.words).map(reader.read)
        let parts = BlockGrouper().split(lines)
        #expect(parts.map { $0.count } == [3, 2])
    }

    /// An app icon as tall as two lines beside the name: the name's line keeps the name's band,
    /// so the amount and its "€/mes" on the next line stay together.
    @Test func tallIconBesideANameDoesNotWidenItsLine() throws {
        var s = PageSketch()
        for (i, row) in [("Spotify", "10,99 €/mes", "Próximo pago: 24/12/2026"), ("Babbel", "12,99 €/mes", "Próximo pago: 01/12/2026")].enumerated() {
            let y = 211 + i * 86
            s.text("O", x: 19, y: y, h: 45)
            s.text(row.0, x: 80, y: y + 5, h: 17)
            s.text(row.1, x: 81, y: y + 27, h: 12)
            s.text(row.2, x: 81, y: y + 44, h: 11)
        }
        let result = try readSketch(s, locale: "es_ES")
        #expect(result.drafts.map { $0.name.value } == ["Spotify", "Babbel"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["10.99", "12.99"])
    }

    /// A receipt or detail page of labelled fields: the labels ("Plan", "Prezzo", "Prossimo
    /// pagamento") are never the name; the value under each label is read.
    @Test func labelledFieldsOfAReceipt() throws {
        var s = PageSketch(width: 760, height: 400)
        for (i, text) in ["Plan", "Blinkist", "Prezzo", "146,72 € (Annuale)", "Prossimo pagamento", "28 settembre 2027"].enumerated() {
            s.text(text, x: 60, y: 100 + i / 2 * 64 + i % 2 * 22, h: i % 2 == 0 ? 13 : 17)
        }
        let draft = try #require(try readSketch(s, locale: "it_IT").drafts.first)
        #expect(draft.name.value == "Blinkist")
        #expect(draft.price.value?.amount.description == "146.72")
        #expect(draft.cycle.value == .yearly)
        #expect(draft.nextRenewal.value?.description == "2027-09-28")
    }

    /// "Yearly · Next payment:" with the row's amount at its right, the date wrapped onto the
    /// next line: the label's cell, not the amount's, joins the date.
    @Test func wrappedRenewalBesideTheAmount() throws {
        var s = PageSketch()
        s.text("Figma Professional", x: 49, y: 100, h: 20)
        s.text("Yearly - Next payment:", x: 48, y: 128, h: 15)
        s.text("-£179.50", x: 300, y: 126, h: 18)
        s.text("September 8, 2027", x: 50, y: 150, h: 15)
        let draft = try #require(try readSketch(s, locale: "en_GB").drafts.first)
        #expect(draft.nextRenewal.value?.description == "2027-09-08")
    }

    /// Tiles that print a countdown, the price, then the name and the date: each price goes
    /// with the name under it.
    @Test func pricesAboveNamesGoWithTheNameBelow() throws {
        var s = PageSketch()
        s.width = 540
        s.height = 1200
        s.text("Upcoming Payments", x: 20, y: 100, h: 28)
        for (i, tile) in [("in 2 days", "$24.99", "Hulu", "Feb 28, 2025"), ("in 12 days", "$34.99", "Mobile Phone", "Mar 10, 2025"),
                          ("in 309 days", "$399.00", "Insurance", "Jan 1, 2026")].enumerated() {
            let y = 140 + i * 200
            s.text(tile.0, x: 30, y: y, h: 20)
            s.text(tile.1, x: 30, y: y + 32, h: 36)
            s.text(tile.2, x: 30, y: y + 80, h: 28)
            s.text(tile.3, x: 30, y: y + 120, h: 20)
            s.text("SS", x: 30, y: y + 152, h: 36, confidence: 0.0)
        }
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Hulu", "Mobile Phone", "Insurance"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["24.99", "34.99", "399"])
    }

    /// A card cut in two by its gaps: the nameless part whose amount is in smaller type than
    /// the card's large per-month figure is the billed price, and joins the card.
    @Test func smallerBilledPriceJoinsTheCardAbove() {
        var s = PageSketch()
        s.width = 600
        s.text("Nextcloud", x: 20, y: 400, h: 29)
        s.text("€8.25", x: 20, y: 527, h: 40)
        s.text("€99.00/year", x: 20, y: 590, h: 25)
        s.text("Next payment: Feb 28, 2027", x: 20, y: 626, h: 25)
        let context = NormalizeContext(today: screenshotToday)
        let reader = CellReader(prices: PriceFinder(context: context), dates: DateFinder(context: context, monthFirst: true))
        let lines = LineBuilder().lines(s.words).map(reader.read)
        let blocks = BlockGrouper().join([Array(lines[0...1]), Array(lines[2...3])], height: 28)
        #expect(blocks.count == 1)
        let draft = BlockReader(image: "shot.png", dates: reader.dates).draft(blocks[0])
        #expect(draft?.price.value?.amount.description == "99")
        #expect(draft?.cycle.value == .yearly)
    }

    /// An app icon read as letters in front of a name does not set the name's type size, so
    /// the other rows' names stay as prominent as this one.
    @Test func iconWordsDoNotSetTheNameSize() throws {
        let words = [RecognizedWord(text: "A)", box: Provenance.Box(x: 58, y: 1146, width: 134, height: 134), confidence: 0.4),
                     RecognizedWord(text: "Hotstar", box: Provenance.Box(x: 244, y: 1163, width: 165, height: 36), confidence: 0.96)]
        let context = NormalizeContext(today: screenshotToday)
        let reader = CellReader(prices: PriceFinder(context: context), dates: DateFinder(context: context, monthFirst: true))
        let cell = reader.read(OCRCell(words: words, line: 0))
        #expect(cell.nameText == "Hotstar")
        #expect(cell.height == OCRCell.fontSize(words[1]))
    }

    // Failure cases.

    @Test func noTextIsAReadError() {
        #expect(throws: ReadError.self) { try readSketch(PageSketch()) }
        var s = PageSketch()
        s.text("|", x: 10, y: 10)
        s.text("—", x: 40, y: 10)
        do {
            _ = try readSketch(s)
            Issue.record("expected no text found")
        } catch let error as ReadError {
            #expect(error.message.hasPrefix("no text found"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func textWithoutPriceGivesNoDraftAndSaysWhy() throws {
        var s = PageSketch()
        s.text("Settings", x: 20, y: 60, h: 24)
        s.text("Notifications", x: 20, y: 120, h: 16)
        let result = try readSketch(s)
        #expect(result.drafts.isEmpty)
        #expect(result.warnings.map(\.code) == ["screenshot.no-subscription"])
        #expect(result.warnings.first?.message.contains("none with a price") == true)
        #expect(result.skips.count == 2)
    }

    @Test func onlyTotalsGiveNoDraft() throws {
        var s = PageSketch()
        s.text("Monthly spend", x: 20, y: 60, h: 14)
        s.text("$76.45", x: 20, y: 80, h: 26)
        s.text("Total", x: 20, y: 140, h: 14)
        s.text("$917.40", x: 200, y: 140, h: 14)
        let result = try readSketch(s)
        #expect(result.drafts.isEmpty)
        #expect(result.warnings.first?.message.contains("totals") == true)
    }

    /// Rules found while measuring; each row is a bug that was fixed.
    static let bugsCaught: [(String, [(String, Int, Int, Int)], String?)] = [
        // The logo letter glued to the name ("N Netflix") is dropped.
        ("logo letter", [("N Netflix", 20, 100, 17), ("$15.49/mo", 260, 100, 14)], "Netflix"),
        // A receipt's title is no name; a plan label before the value on its line is dropped.
        ("receipt title", [("Receipt", 20, 60, 34), ("Tarif Twitch Turbo", 20, 120, 14), ("Preis CHF 5.61 (Monatlich)", 20, 150, 14)],
         "Twitch Turbo"),
        // "Monthly · Next payment:" is a label line, never the name.
        ("label line", [("Now TV", 20, 100, 17), ("Monthly · Next payment: Dec 3, 2026", 20, 124, 12),
                        ("£9.99", 300, 124, 14)], "Now TV"),
        // A heading of sums ("Average per subscription") over an amount is not a subscription.
        ("sum heading", [("Average per subscription", 20, 100, 12), ("$12.74", 20, 118, 22)], nil),
        // Two tiles side by side: "Remaining this month" and "Yearly Cost" over their amounts.
        ("cost tiles", [("Active plans", 20, 100, 12), ("Remaining this month", 120, 100, 12), ("Yearly Cost", 280, 100, 12),
                        ("8", 20, 118, 14), ("19.492HUF", 120, 118, 14), ("1.796.017HUF", 280, 118, 14)], nil),
    ]

    @Test(arguments: bugsCaught) func bugsCaughtStayFixed(_ name: String, _ texts: [(String, Int, Int, Int)], _ expected: String?) throws {
        var s = PageSketch()
        for (text, x, y, h) in texts { s.text(text, x: x, y: y, h: h) }
        #expect(try readSketch(s).drafts.first?.name.value == expected)
    }

    /// Months and cycle units come from the library's tables, so Italian, Portuguese and Dutch
    /// rows read like the others.
    static let otherLanguages: [(String, String, String, Cycle, String)] = [
        ("it_IT", "7,28 €/mese", "Si rinnova il 15 dicembre 2026", .monthly, "2026-12-15"),
        ("it_IT", "87,99 € all'anno", "Prossimo pagamento: 9 febbraio 2027", .yearly, "2027-02-09"),
        ("nl_NL", "€ 9,99 per maand", "Volgende betaling: 3 januari 2027", .monthly, "2027-01-03"),
        ("pt_BR", "R$ 29,90/mês", "Renova em 5 de dezembro de 2026", .monthly, "2026-12-05"),
    ]

    @Test(arguments: otherLanguages) func readsOtherLanguages(_ locale: String, _ price: String, _ renews: String, _ cycle: Cycle, _ iso: String) throws {
        var s = PageSketch()
        s.text("Dropbox Plus", x: 20, y: 100, h: 17)
        s.text(renews, x: 20, y: 124, h: 12)
        s.text(price, x: 250, y: 100, h: 14)
        let draft = try #require(try readSketch(s, locale: locale).drafts.first)
        #expect(draft.cycle.value == cycle)
        #expect(draft.nextRenewal.value?.description == iso)
    }

    @Test func cjkPriceKeepsItsSignOnATallerBox() throws {
        // OCR gives "元" a taller box than the "25" before it: still one line, one price.
        var s = PageSketch()
        s.text("优酷 VIP会员", x: 20, y: 100, h: 20)
        s.text("连续包月 25", x: 20, y: 130, h: 12)
        s.words.append(RecognizedWord(text: "元", box: Provenance.Box(x: 70, y: 126, width: 14, height: 22), confidence: 0.9))
        let draft = try #require(try readSketch(s, locale: "zh_CN").drafts.first)
        #expect(draft.price.value?.amount.description == "25")
        #expect(draft.price.value?.currency?.code == "CNY")
        #expect(draft.cycle.value == .monthly)
    }

    struct DocumentCase: Sendable, CustomTestStringConvertible {
        var about: String
        var locale: String?
        /// Text, x, y, height: the words of one piece of a line.
        var texts: [(String, Int, Int, Int)]
        var name: String?
        var price: String?
        var currency: String?
        var cycle: Cycle?
        var renewal: String?
        var testDescription: String { about }
    }

    /// Pages showing one subscription as labelled values (receipts, e-mails, detail pages) give
    /// one draft whose fields come from the labels, in several languages; a list that repeats its
    /// labels, or shows two amounts, is read row by row instead.
    static let documents: [DocumentCase] = [
        DocumentCase(about: "receipt, values under their labels", locale: "en_CA", texts: [
            ("From: billing@example.com", 40, 30, 12), ("Receipt", 40, 70, 34), ("Order ID MK9Z4XQ2LP", 40, 130, 12),
            ("Plan", 40, 170, 12), ("YouTube Premium", 40, 188, 14), ("Price", 40, 225, 12), ("C$2.47 (Weekly)", 40, 243, 14),
            ("Next payment", 40, 280, 12), ("02/12/2026", 40, 298, 14), ("Total: C$2.47", 40, 340, 14),
        ], name: "YouTube Premium", price: "2.47", currency: "CAD", cycle: .weekly, renewal: "2026-12-02"),
        DocumentCase(about: "receipt whose title OCR misread, values beside their labels", locale: "en_AU", texts: [
            ("From: billing@example.com", 40, 30, 12), ("Recenet", 40, 70, 34), ("Plan", 40, 170, 12), ("YouTube Premium", 200, 170, 12),
            ("Price", 40, 200, 12), ("AU$115.60/yr", 200, 200, 12), ("Next billing date", 40, 230, 12), ("23/11/2027", 200, 230, 12),
        ], name: "YouTube Premium", price: "115.6", currency: "AUD", cycle: .yearly, renewal: "2027-11-23"),
        DocumentCase(about: "detail page, name over its plan, rows far apart", locale: "de_CH", texts: [
            ("Abonnements", 20, 60, 26), ("iCloud+", 60, 140, 17), ("Einzelperson", 60, 162, 12),
            ("Preis CHF 19.79 monatlich", 20, 240, 14), ("Nächste Zahlung: 15. Dezember 2026", 20, 320, 14), ("Kündigen", 20, 400, 14),
        ], name: "iCloud+", price: "19.79", currency: "CHF", cycle: .monthly, renewal: "2026-12-15"),
        DocumentCase(about: "detail page under a banner sentence", locale: "en_GB", texts: [
            ("Get 3 months free with Premium. Try it now", 20, 20, 16), ("Subscriptions", 20, 60, 26),
            ("Grammarly", 60, 120, 16), ("Individual", 60, 140, 11), ("Price £7.99/month", 20, 200, 13), ("Renews Dec 17, 2026", 20, 250, 13),
        ], name: "Grammarly", price: "7.99", currency: "GBP", cycle: .monthly, renewal: "2026-12-17"),
        DocumentCase(about: "detail page, price in Portuguese after the amount", locale: "pt_BR", texts: [
            ("Assinaturas", 20, 60, 26), ("Spotify", 60, 120, 16), ("Família", 60, 140, 11),
            ("Preço", 20, 200, 13), ("29,90 R$", 260, 200, 13), ("Próxima cobrança", 20, 250, 13), ("5 de dezembro de 2026", 220, 250, 13),
        ], name: "Spotify", price: "29.9", currency: "BRL", cycle: nil, renewal: "2026-12-05"),
        DocumentCase(about: "no price shown: the draft's price is missing", locale: "de_CH", texts: [
            ("Receipt", 40, 40, 30), ("Tarif Zoom Pro", 40, 120, 14), ("Nächste Abbuchung 20. Dezember 2026", 40, 160, 14),
        ], name: "Zoom Pro", price: nil, currency: nil, cycle: nil, renewal: "2026-12-20"),
    ]

    @Test(arguments: documents) func readsKeyValuePages(_ c: DocumentCase) throws {
        var s = PageSketch()
        s.width = 700
        for (text, x, y, h) in c.texts { s.text(text, x: x, y: y, h: h) }
        let drafts = try readSketch(s, locale: c.locale).drafts
        #expect(drafts.count == 1)
        let draft = try #require(drafts.first)
        #expect(draft.name.value == c.name)
        #expect(draft.price.value?.amount.description == c.price)
        #expect(draft.price.value?.currency?.code == c.currency)
        #expect(draft.cycle.value == c.cycle)
        #expect(draft.nextRenewal.value?.description == c.renewal)
    }

    /// A list repeats its labels and shows several amounts: each row stays a draft of its own.
    @Test func listWithLabelsIsNotOneDocument() throws {
        var s = PageSketch()
        for (i, row) in [("Netflix", "$15.49", "Dec 5, 2026"), ("Spotify", "$11.99", "Dec 9, 2026")].enumerated() {
            let y = 100 + i * 120
            s.text(row.0, x: 20, y: y, h: 17)
            s.text("Price \(row.1)/month", x: 20, y: y + 24, h: 12)
            s.text("Renews \(row.2)", x: 20, y: y + 42, h: 12)
        }
        let result = try readSketch(s)
        #expect(result.drafts.map { $0.name.value } == ["Netflix", "Spotify"])
        #expect(result.drafts.map { $0.price.value?.amount.description } == ["15.49", "11.99"])
    }
}
