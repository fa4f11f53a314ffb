import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// The short cuts that make `ingest validate` fast on many small files give the answers of the
/// longer ways they skip, on every file of `Fixtures/` and on made-up texts.
@Suite struct ValidateFastPathTests {
    /// Every file under `Fixtures/` (tables, statements, images, archives: detection sees them all).
    static let fixtureFiles: [String] = {
        let root = FixtureFolder.root
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url.path) }
        }
        return files.sorted()
    }()

    @Test func fixturesAreFound() {
        #expect(Self.fixtureFiles.count > 300)
        #expect(Self.fixtureFiles.contains { $0.hasSuffix(".csv") })
    }

    /// Bank detection that stops at a header naming no date, amount and description decides
    /// every file as the full statement reader does.
    @Test func bankProbeAgreesWithFullReader() {
        var statements = 0
        for file in Self.fixtureFiles {
            let quick = Importer.looksLikeBankStatement(path: file)
            let full = Importer.looksLikeBankStatement(path: file, probing: false)
            #expect(quick == full, "\(file)")
            if full { statements += 1 }
        }
        // The fixtures hold statements as well as lists, so both answers are checked.
        #expect(statements > 20)
    }

    /// Deciding with the list reader's probe and header (`Importer.openDeciding`) gives every
    /// file the statement reader's answer, and opens the list reader on most lists.
    @Test func sharedProbeAgreesWithStatementReader() {
        let options = ImportOptions(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        var shared = 0
        for file in Self.fixtureFiles where Importer.guessKind(path: file) == .csv {
            let decided = Importer.openDeciding(path: file, name: file, options: options)
            #expect(decided.statement == Importer.looksLikeBankStatement(path: file), "\(file)")
            #expect(!(decided.statement && decided.list != nil), "\(file)")
            if decided.list != nil { shared += 1 }
        }
        #expect(shared > 100)
    }

    /// The delimiter probe passes over candidates the sample does not hold; on every fixture
    /// file it chooses what trying every candidate chooses.
    @Test func delimiterProbeSkipsAbsentCandidates() throws {
        var files = 0
        for file in Self.fixtureFiles {
            let sample = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)).prefix(InputProbe.sampleBytes))
            for complete in [true, false] {
                var best = (delimiter: InputProbe.delimiters[0], agreeing: 0, width: 0)
                let decimalCommas = InputProbe.commasAreDecimalMarks(sample)
                for candidate in InputProbe.delimiters where !(decimalCommas && candidate == UInt8(ascii: ",")) {
                    let (agreeing, width) = InputProbe.consistency(of: candidate, in: sample, complete: complete)
                    if agreeing > best.agreeing || (agreeing == best.agreeing && width > best.width) { best = (candidate, agreeing, width) }
                }
                #expect(InputProbe.delimiter(in: sample, complete: complete) == best.delimiter, "\(file)")
            }
            files += 1
        }
        #expect(files > 300)
    }

    /// `commasAreDecimalMarks` as first written, byte by byte: the reference for the one that
    /// searches for the other delimiters first.
    static func referenceDecimalCommas(_ sample: [UInt8]) -> Bool {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var commas = 0, decimal = 0, quoted = false, others = false
        var i = 0
        while i < sample.count {
            let b = sample[i]
            if b == quote {
                quoted.toggle()
            } else if !quoted, b == comma {
                commas += 1
                var digits = 0
                while i + 1 + digits < sample.count, digits < 3, isDigit(sample[i + 1 + digits]) { digits += 1 }
                if i > 0, isDigit(sample[i - 1]), digits == 1 || digits == 2 { decimal += 1 }
            } else if !quoted, InputProbe.delimiters.contains(b) {
                others = true
            }
            i += 1
        }
        return others && commas >= 8 && decimal * 10 >= commas * 9
    }

    /// The decimal-comma test agrees with the reference on every fixture and on seeded samples
    /// of digits, commas, quotes and the other delimiters.
    @Test func decimalCommasAgreeWithReference() throws {
        var samples: [[UInt8]] = try Self.fixtureFiles.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)).prefix(InputProbe.sampleBytes)) }
        var random = SeededRandom(state: 11)
        let alphabet = Array("0123456789,,,,;\t|\"\na ".utf8)
        for _ in 0..<3_000 {
            samples.append((0..<random.below(120)).map { _ in random.pick(alphabet) })
        }
        // Rows of amounts with decimal commas, now and then quoted or with three digits after.
        for _ in 0..<500 {
            let separator = random.pick([";", "\t", "|", ","])
            var text = ""
            for _ in 0..<(4 + random.below(12)) {
                let amount = "\(random.below(100)),\(String(repeating: "5", count: random.pick([1, 2, 2, 2, 3])))"
                text += "a\(separator)\(random.chance(10) ? "\"\(amount)\"" : amount)\n"
            }
            samples.append(Array(text.utf8))
        }
        var yes = 0
        for sample in samples {
            let expected = Self.referenceDecimalCommas(sample)
            #expect(InputProbe.commasAreDecimalMarks(sample) == expected, "\(String(decoding: sample, as: UTF8.self))")
            if expected { yes += 1 }
        }
        #expect(yes > 10)
    }

    static let sniffTexts = [
        "", "   ", "\u{FEFF}", "Name,Price\nNetflix,9.99\n", "OFXHEADER:100\nDATA:OFXSGML\n", "  <OFX>\n<SIGNONMSGSRSV1>",
        "ofxheader:100", "<?xml version=\"1.0\"?>\n<OFX>", "Date,Memo\n1,<?OFX x\n", "Name,Note\nA,<?OFX \n",
        "<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt>",
        "!Type:Bank\nD01/02/2026\n", "!type:Bank", "!Account\nNChecking", "!Option:AutoSwitch", "!Clear:AutoSwitch",
        "{1:F01BANKDEFFXXXX0000000000}{4:\n:20:REF\n:60F:C261101EUR1,00\n-}", ":20:REF\n:61:2611011101D1,00NTRF\n",
        ":940:\n:60M:x", "-\n:20:ref\n:34F:EUR0,", "\n\t :20:REF\n:61:x", "-- a note\n:20:", "Ofx,Price\nA,1",
        "{\"name\": \"Netflix\"}", ":20: a note without a statement line", "\u{3000}<OFX>", "\u{FEFF}!Type:Bank",
        "Name;Betrag\nNetflix;<b>9,99</b>\n", "ÖFX,Preis\n", "ǅ,x", "ŉ,x",
    ]

    /// The first test of `StatementFormat.sniff` (no format can start with the text's first
    /// character and no `<` in it) changes no answer.
    @Test func sniffShortCutChangesNothing() throws {
        for text in Self.sniffTexts {
            #expect(StatementFormat.sniff(Array(text.utf8)) == StatementFormat.sniff(Array(text.utf8), quick: false), "\(text)")
        }
        var sniffed = 0
        for file in Self.fixtureFiles {
            let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)).prefix(8192))
            let quick = StatementFormat.sniff(head)
            #expect(quick == StatementFormat.sniff(head, quick: false), "\(file)")
            if quick != nil { sniffed += 1 }
        }
        #expect(sniffed >= 4)
    }

    static let names = [
        "", " ", "Netflix", " Netflix", "Netflix ", "Net  flix", "Net flix", "Net\tflix", "Net\nflix", "Net\r\nflix",
        "YouTube Premium 12", "Disney+", "\u{00A0}Netflix", "Net\u{00A0}flix", "Café Crème", "名前", "a", "a b c", "a  b",
        "\u{0B}x", "x\u{0C}", "\u{85}x", "x\u{2028}y", "x\u{3000}y", "🎬 Netflix", " ", "  ", "x ", " x", "\t",
        "Netflix 🎬", "☁️ Dropbox", "🏋️ Gym Pass", "a \u{301}b", " \u{301}x", "x \u{301}", "🎬  Netflix", "🎬\u{A0}Netflix",
        "Café 🎬 Crème", "\u{600} x", "x \u{600}", "👍🏽 ok", "👨‍👩‍👧 Family", "x \u{200D}y", "x \u{FE0F}", "🇩🇪 Telekom",
        "名前 サービス", "x\u{1C}y", "x\u{1F} y", "é ", " é", "🎬\n", "\u{2003}🎬", "🎬 \u{1F3FD}",
    ]

    /// `writtenName` keeps a plain ASCII name as it is only where splitting and joining it
    /// would give it back.
    @Test(arguments: names)
    func writtenNameAsSplitAndJoined(_ text: String) {
        #expect(DraftBuilder.writtenName(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    /// A multi-select's first item, with its short cut for texts without a comma, is what
    /// splitting the text at its commas gives.
    @Test(arguments: names + ["a, b", ",a", "a,", ",", " , x", "Netflix, Spotify", ",\u{301}x", "a,\u{301}b", "名前, x"])
    func firstOfMultiSelectAsSplit(_ text: String) {
        #expect(CellCleaner.firstOfMultiSelect(text) == (text.split(separator: ",").first.map { $0.trimmedSpaces() } ?? text))
    }

    /// Every two-byte ASCII pair and three-byte sample of spaces, controls and letters.
    @Test func writtenNameOnAllShortASCII() {
        let alphabet: [UInt8] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, 0x20, 0x41, 0x61, 0x7F, 0x2D]
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = String(decoding: [a, b, c], as: UTF8.self)
                    #expect(DraftBuilder.writtenName(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
                }
            }
        }
    }

    /// The byte count of letters and digits agrees with the scalar loop on every ASCII byte,
    /// on seeded ASCII texts, and gives way (nil) when a scalar within the limit is not ASCII.
    @Test func asciiLettersAndDigitsAgreeWithScalars() {
        func scalarCount(_ text: String, _ limit: Int) -> (Int, Int) {
            var letters = 0, digits = 0
            for s in text.unicodeScalars.prefix(limit) {
                if ScalarText.isLetter(s) { letters += 1 } else if ScalarText.isDigit(s) { digits += 1 }
            }
            return (letters, digits)
        }
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        var random = SeededRandom(state: 7)
        for _ in 0..<2_000 {
            texts.append(String(decoding: (0..<random.below(13)).map { _ in UInt8(random.below(128)) }, as: UTF8.self))
        }
        for text in texts {
            for limit in [1, 3, 4096] {
                let counted = ScalarText.asciiLettersAndDigits(text, limit: limit)
                #expect(counted.map { [$0.letters, $0.digits] } == [scalarCount(text, limit).0, scalarCount(text, limit).1], "\(Array(text.utf8))")
            }
        }
        #expect(ScalarText.asciiLettersAndDigits("Café 12", limit: 4096) == nil)
        #expect(ScalarText.asciiLettersAndDigits("Cafe 12 é", limit: 7).map { [$0.letters, $0.digits] } == [4, 2])
        #expect(ScalarText.asciiLettersAndDigits("１２", limit: 4096) == nil)
    }

    /// `PriceParser.reads` (no cycle or trial wording) says yes exactly where `parse` reads a
    /// price: on every cell of every fixture CSV, in several locales, and on seeded texts of
    /// names, amounts, currency signs and cycle words.
    @Test func priceReadsAgreesWithParse() throws {
        var values = Set<String>()
        for file in Self.fixtureFiles where file.hasSuffix(".csv") {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(whereSeparator: \.isNewline).prefix(200) {
                for cell in line.split(separator: ",", omittingEmptySubsequences: true) { values.insert(cell.trimmedSpaces()) }
                for cell in line.split(separator: ";", omittingEmptySubsequences: true) { values.insert(cell.trimmedSpaces()) }
            }
        }
        var random = SeededRandom(state: 23)
        let parts = ["Hotel Tailor", "Netflix", "9.99", "1,234.56", "€", "$", "USD", "kr", "¥", "per month", "/mo", "monthly",
                     "free trial", "then", "every 3 months", "12", "2027", "-", "(5.00)", "x", "Probeabo", "gratis", "1e5", "½"]
        for _ in 0..<3_000 {
            values.insert((0..<(1 + random.below(4))).map { _ in random.pick(parts) }.joined(separator: random.pick([" ", ""])))
        }
        #expect(values.count > 2_000)
        let today = CalendarDate(year: 2026, month: 11, day: 30)!
        var readsSome = 0
        for context in [NormalizeContext(today: today), NormalizeContext(today: today, locale: "de_DE"), NormalizeContext(today: today, locale: "ja_JP")] {
            let parser = PriceParser(context: context)
            for value in values {
                let parsed = (try? parser.parse(value[...])) != nil
                #expect(parser.reads(value[...]) == parsed, "\(value) \(context)")
                if parsed { readsSome += 1 }
            }
        }
        #expect(readsSome > 1_000)
    }

    /// Header words are remembered per header: asked twice, the words made afresh.
    @Test(arguments: ["Service", "Next renewal", "nextRenewalDate", "Preis (€)", "Nächste Abbuchung", "名前", "", "  Price  ", "Billing Cycle"])
    func headerWordsAreRemembered(_ header: String) {
        for _ in 0..<2 {
            let remembered = HeaderMatcher.Words.of(header: header), fresh = HeaderMatcher.Words(header: header)
            #expect(remembered.words == fresh.words && remembered.ascii == fresh.ascii && remembered.mayMatchASCII == fresh.mayMatchASCII)
        }
    }

    /// The evidence looks its trimmed values up in the word tables once lower-cased; the same
    /// answers as the lookups that trim and lower-case for themselves.
    @Test func evidenceWordLookupsAgreeWithTheWordTables() {
        let context = NormalizeContext(today: CalendarDate(year: 2026, month: 11, day: 30)!)
        let parsers = (PriceParser(context: context), DateParser(context: context), CycleParser())
        let words = Array(StatusWords.active) + Array(StatusWords.inactive) + Array(StatusWords.booleans.keys) + Array(CycleUnitWords.units.keys)
        let values = words + words.map { $0.uppercased() } + words.map { $0.capitalized }
            + ["İ", "Straße", "ÉTÉ", "JA", "Nein", "\u{00A0}yes", "Off\u{200B}", "MONAT", "Weeks", "x", "X", "✓", "1", "0",
               "12", "Slack 3", "SEK 8.42", "1 month", "01", "2027-01-05", "usd", "Usd", "US", "USDT", "\u{FB05}n", "eur", "ｅｕｒ", "JPY"]
        for raw in values {
            let value = raw.trimmedSpaces()
            guard !value.isEmpty else { continue }
            let kinds = ColumnEvidence.Kinds(value, parsers, readers: (true, true, true))
            #expect(kinds.status == (StatusWords.status(of: value) != nil), "\(raw)")
            #expect(kinds.boolean == (StatusWords.boolean(value) != nil), "\(raw)")
            #expect(kinds.unit == (CycleUnitWords.unit(value) != nil), "\(raw)")
            #expect(kinds.currency == (Currency(value) != nil), "\(raw)")
        }
    }

    /// Value kinds remembered across tables (`ColumnEvidence.known`) are those read afresh
    /// with the table's own context: the same values are read under several locales in turn.
    @Test func evidenceRemembersWhatItReads() {
        let today = CalendarDate(year: 2026, month: 11, day: 30)!
        let contexts = [NormalizeContext(today: today), NormalizeContext(today: today, locale: "de_DE"),
                        NormalizeContext(today: today, locale: "fr_FR"), NormalizeContext(today: today, dateOrder: .dayMonthYear),
                        NormalizeContext(today: today, locale: "ja_JP"), NormalizeContext(today: today)]
        let values = ["9.99", "€9,99", "2027-01-05", "05.01.2027", "13/01/2027", "01/13/2027", "monthly", "monatlich", "Netflix 12",
                      "yes", "ja", "EUR", "Active", "3", "weeks", "1.234,56", "1,234.56", "2027年1月5日", "¥1,200", "mensuel"]
        for context in contexts {
            let parsers = (PriceParser(context: context), DateParser(context: context), CycleParser())
            for value in values {
                let evidence = ColumnEvidence(values: [value], context: context)
                let kinds = ColumnEvidence.Kinds(value, parsers, readers: (true, true, true))
                #expect(evidence.dates == kinds.date.count && evidence.prices == kinds.price.count && evidence.cycles == kinds.cycle.count
                        && evidence.currencies == kinds.currency.count && evidence.booleans == kinds.boolean.count, "\(value) \(context)")
            }
        }
    }
}

/// Short cuts on the Notion shape (emoji in titles, names with no category column) give what
/// the longer ways give.
@Suite struct NotionFastPathTests {
    /// Every scalar `HeaderVocabulary.isLoneEmoji` takes.
    static let loneEmoji: [Unicode.Scalar] = (0x80...0x10FFFF).compactMap(Unicode.Scalar.init).filter(HeaderVocabulary.isLoneEmoji)

    /// Every scalar `HeaderVocabulary.isSelectableEmoji` takes.
    static let selectableEmoji: [Unicode.Scalar] = (0x80...0x10FFFF).compactMap(Unicode.Scalar.init).filter(HeaderVocabulary.isSelectableEmoji)

    /// Text-default symbols with the emoji selector after them (`☁️ Dropbox`, `🏋️ Gym`).
    @Test func selectedEmojiFoldAsFoundationFolds() {
        #expect(Self.selectableEmoji.count > 100)
        for emoji in Self.selectableEmoji {
            let e = "\(emoji)\u{FE0F}"
            for text in ["\(e) Netflix", "\(e)Netflix", "Net\(e)flix 12", "Disney+ \(e)", "\(e)", "\(e)\(e) A-B", " \(e) 1Password "] {
                #expect(HeaderVocabulary.emojiAsSpaces(text) != nil, "\(text)")
                #expect(HeaderVocabulary.fold(text) == HeaderVocabulary.uncachedFold(text), "\(text)")
            }
        }
    }

    @Test func emojiFoldAsFoundationFolds() {
        #expect(Self.loneEmoji.count > 1000)
        for emoji in Self.loneEmoji {
            let e = String(emoji)
            for text in ["\(e) Netflix", "\(e)Netflix", "Net\(e)flix 12", "Disney+ \(e)", "\(e)", "\(e)\(e) A-B", " \(e) 1Password "] {
                #expect(HeaderVocabulary.fold(text) == HeaderVocabulary.uncachedFold(text), "\(text)")
            }
        }
    }

    /// Texts the short cut must leave to Foundation (skin tones, joiners, flags, keycaps,
    /// accents, text-style symbols without the emoji selector), or may take (a text-style
    /// symbol with the selector): both fold alike.
    @Test(arguments: ["☁️ Dropbox", "🏋️ Gym", "👍🏽 ok", "👨‍👩‍👧 Family", "🇩🇪 Telekom", "1️⃣ One", "Café 🎬", "☁ Cloud", "🎬\u{301} x", "ｆｕｌｌ 🎬"])
    func otherTextsFoldAsBefore(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let taken = scalars.indices.allSatisfy { i in
            let s = scalars[i]
            return s.isASCII || HeaderVocabulary.isLoneEmoji(s)
                || (HeaderVocabulary.isSelectableEmoji(s) && i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F)
                || (s.value == 0xFE0F && i > 0 && HeaderVocabulary.isSelectableEmoji(scalars[i - 1]))
        }
        #expect(HeaderVocabulary.emojiAsSpaces(text) == nil || taken)
        #expect(HeaderVocabulary.fold(text) == HeaderVocabulary.uncachedFold(text))
    }

    /// A name the byte matcher leaves to the word matcher is answered from memory the second
    /// time, with what the word matcher says.
    @Test func rememberedBrandMatches() {
        let index = BrandCatalog.bundled.index
        let dressed = BrandCatalog.bundled.brands.prefix(300).flatMap { brand in
            ["🎬 \(brand.name)", "\(brand.name) ☁️", "Café \(brand.name) Family", "\(brand.name)"]
        } + ["🎬 Netflix Premium", "☁️ Dropbox Plus", "Ñetflix", "名前", "🎵 Spotify Duo"]
        for round in 0..<2 {
            for text in dressed {
                var bytes = text
                let unsure = bytes.withUTF8 { index.bytes.match($0) } == .unsure
                if unsure { #expect(index.match(text) == index.matchText(text), "\(round) \(text)") }
                #expect(index.match(text) == index.match(text))
            }
        }
    }

    /// `BrandCatalog.words` cuts ASCII text at its spaces: the words `split` gives, for every
    /// catalog name and alias folded and as written, and for texts with runs of spaces.
    @Test func wordsAsSplitGives() {
        var texts = ["", " ", "  a  b ", "netflix", "a b c", " lead", "trail ", "x\r\ny z", "☁️ dropbox", "café  plus"]
        for brand in BrandCatalog.bundled.brands {
            for name in [brand.name] + brand.aliases { texts += [name, BrandCatalog.fold(name), " \(name)  \(name) "] }
        }
        // Scalars beside a space that join it into one grapheme (marks, joiners, selectors,
        // skin tones, prepended marks) and emoji that do not.
        let beside: [String] = Self.loneEmoji.map { String($0) } + ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{0600}", "\u{0903}",
                                                                   "\u{110BD}", "\u{11F02}", "é", "名", "ü", "\u{0E33}", "\u{1100}\u{1161}"]
        for s in beside { texts += ["\(s) word", "word \(s)", "a \(s) b", "\(s)\(s) x  y", " \(s) "] }
        #expect(texts.count > 5000)
        for text in texts { #expect(BrandCatalog.words(text) == text.split(separator: " "), "\(text.unicodeScalars.map { String($0.value, radix: 16) })") }
    }

    /// An ASCII name's id, spelled byte by byte, is the one Foundation's replacing makes.
    @Test func asciiBrandIdsAsFoundationSpells() {
        func spelled(_ name: String) -> String {
            let folded = BrandCatalog.fold(name.replacingOccurrences(of: "+", with: " plus ").replacingOccurrences(of: "&", with: " and "))
            return folded.isEmpty ? "brand" : folded.replacingOccurrences(of: " ", with: "-")
        }
        let names = BrandCatalog.bundled.brands.map(\.name).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
            + ["", "+", "&&", "A+B", "AT&T", "  Disney+  ", "C++ & Co.", "x-y_z", "Plus+", "1Password", "---"]
        #expect(names.count > 300)
        for name in names { #expect(BrandCatalog.Brand.asciiID(of: name) == spelled(name), "\(name)") }
    }

    /// A brand's id, remembered by its name, is the one made from the name.
    @Test func brandIdsAsMade() {
        for brand in BrandCatalog.bundled.brands {
            #expect(brand.id == BrandCatalog.Brand.id(of: brand.name))
            #expect(brand.id == BrandCatalog.Brand.id(of: brand.name))
        }
        var renamed = BrandCatalog.bundled.brands[0]
        renamed.name = "Disney+ & Friends"
        #expect(renamed.id == "disney-plus-and-friends")
    }

    /// Every key that can begin an ASCII word is among the byte stems, in the same order.
    @Test func asciiStemsKeepOrder() {
        let ascii = CategoryWords.stems.filter { $0.0.utf8.allSatisfy { $0 < 0x80 } }
        #expect(ascii.map { Array($0.0.utf8) } == CategoryWords.asciiStems.map(\.0))
        #expect(ascii.map(\.1) == CategoryWords.asciiStems.map(\.1))
        for (key, category) in CategoryWords.lookup where key.count >= 4 {
            let word = key.filter { $0 != " " } + "dienste"
            let folded = HeaderVocabulary.fold(word)
            let full = CategoryWords.stems.first { folded.hasPrefix($0.0) }?.1
            let bytes = folded.utf8.allSatisfy({ $0 < 0x80 }) ? CategoryWords.asciiStems.first { folded.utf8.starts(with: $0.0) }?.1 : full
            #expect(bytes == full, "\(word) \(category)")
        }
    }

    /// A category read from a name or cell: ASCII texts find no CJK key, other texts look as before.
    @Test(arguments: ["🎬 Netflix", "Streaming", "视频会员", "爱奇艺视频会员 🎬", "Cloud-Speicher", "Streamingdienste", "🎵 Spotify",
                      "ＶＩＤＥＯ", "ゲーム 🎮", "음악", "Misc.", "", "🎬", "Hörbücher", "テレビ 映画",
                      "Musikstreaming", "softwarelizenz", "Cloudspeicher", "fitnessstudio24", "gamingabo", "🎬 Netflixstreaming",
                      "Versicherungen", "Zeitschriften", "☁️ Dropbox", "🏋️ Gym", "☁️ 视频", "Ａ\u{FE0F}", "x\u{FE0F}游戏", "newsletterabo", "Hörbücherei", "Ｓｔｒｅａｍｉｎｇdienste", "ソフトウェア開発"])
    func categoryAsBefore(_ text: String) {
        let folded = HeaderVocabulary.fold(text)
        let full = CategoryWords.lookup[folded] ?? folded.split(separator: " ").lazy.compactMap { CategoryWords.lookup[String($0)] }.first
            ?? folded.split(separator: " ").lazy.filter { $0.count >= 6 }.compactMap { word in
                CategoryWords.stems.first { word.hasPrefix($0.0) }?.1
            }.first
            ?? CategoryWords.cjk.first { folded.contains($0.0) }?.1
        #expect(CategoryWords.category(for: text) == full)
        // Asked again, the remembered answer.
        #expect(CategoryWords.category(for: text) == full && CategoryWords.uncachedCategory(for: text) == full)
    }
}

private extension Bool {
    var count: Int { self ? 1 : 0 }
}
