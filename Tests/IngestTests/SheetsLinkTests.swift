import Testing
@testable import Ingest

/// Every form of link a browser shows for a sheet, and the export URL each becomes.
@Suite struct SheetsLinkTests {
    static let id = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms"
    static let pub = "2PACX-1vQ3lrQ5bwqG9Xy7pZ_Hk-abcdEFGHijklmnOPQRstuv"
    static let doc = "https://docs.google.com/spreadsheets/d/\(id)"
    static let export = "https://docs.google.com/spreadsheets/d/\(id)/export?format=csv"
    static let published = "https://docs.google.com/spreadsheets/d/e/\(pub)"

    struct Case: Sendable, CustomTestStringConvertible {
        var link: String
        var url: String
        var part: String?
        var testDescription: String { link }
    }

    static let forms: [Case] = [
        Case(link: "\(doc)/edit#gid=0", url: "\(export)&gid=0", part: "0"),
        Case(link: "\(doc)/edit#gid=1386834576", url: "\(export)&gid=1386834576", part: "1386834576"),
        Case(link: "\(doc)/edit?usp=sharing", url: export, part: nil),
        Case(link: "\(doc)/edit?usp=drive_link", url: export, part: nil),
        Case(link: "\(doc)/edit?gid=42#gid=42", url: "\(export)&gid=42", part: "42"),
        Case(link: "\(doc)/edit?gid=1#gid=42", url: "\(export)&gid=42", part: "42"),
        Case(link: "\(doc)/edit#gid=42&range=A1:C9", url: "\(export)&gid=42", part: "42"),
        Case(link: "\(doc)/edit", url: export, part: nil),
        Case(link: "\(doc)", url: export, part: nil),
        Case(link: "\(doc)/", url: export, part: nil),
        Case(link: "\(doc)/view", url: export, part: nil),
        Case(link: "\(doc)/view#gid=5", url: "\(export)&gid=5", part: "5"),
        Case(link: "\(doc)/htmlview", url: export, part: nil),
        Case(link: "\(doc)/htmlview#gid=9", url: "\(export)&gid=9", part: "9"),
        Case(link: "\(doc)/copy", url: export, part: nil),
        Case(link: "\(doc)/export?format=csv&gid=77", url: "\(export)&gid=77", part: "77"),
        Case(link: "\(doc)/export?format=xlsx", url: export, part: nil),
        Case(link: "\(doc)/gviz/tq?tqx=out:csv&sheet=Subscriptions",
             url: "\(doc)/gviz/tq?tqx=out:csv&sheet=Subscriptions", part: "Subscriptions"),
        Case(link: "\(doc)/gviz/tq?tqx=out:csv&sheet=My%20Subs%20%26%20more",
             url: "\(doc)/gviz/tq?tqx=out:csv&sheet=My%20Subs%20%26%20more", part: "My Subs & more"),
        Case(link: "\(doc)/gviz/tq?tqx=out:csv&gid=3", url: "\(export)&gid=3", part: "3"),
        Case(link: "\(published)/pubhtml", url: "\(published)/pub?output=csv", part: nil),
        Case(link: "\(published)/pubhtml?gid=123&single=true", url: "\(published)/pub?output=csv&gid=123&single=true", part: "123"),
        Case(link: "\(published)/pubhtml/sheet?headers=false&gid=8", url: "\(published)/pub?output=csv&gid=8&single=true", part: "8"),
        Case(link: "\(published)/pub?output=csv", url: "\(published)/pub?output=csv", part: nil),
        Case(link: "\(published)/pub?gid=0&single=true&output=csv", url: "\(published)/pub?output=csv&gid=0&single=true", part: "0"),
        Case(link: "https://docs.google.com/spreadsheets/u/1/d/\(id)/edit#gid=4", url: "\(export)&gid=4", part: "4"),
        Case(link: "http://docs.google.com/spreadsheets/d/\(id)/edit", url: export, part: nil),
        Case(link: "docs.google.com/spreadsheets/d/\(id)/edit#gid=2", url: "\(export)&gid=2", part: "2"),
        Case(link: "  \(doc)/edit#gid=0\n", url: "\(export)&gid=0", part: "0"),
        Case(link: "HTTPS://DOCS.GOOGLE.COM/spreadsheets/d/\(id)/edit", url: export, part: nil),
        // Workspace domains and account numbers in the path.
        Case(link: "https://docs.google.com/a/example.com/spreadsheets/d/\(id)/edit#gid=6", url: "\(export)&gid=6", part: "6"),
        Case(link: "https://docs.google.com/u/0/spreadsheets/d/\(id)/edit", url: export, part: nil),
        Case(link: "https://docs.google.com/spreadsheets/u/0/d/\(id)/htmlview?gid=3", url: "\(export)&gid=3", part: "3"),
        // Files shared by link before 2021 need their resource key beside the id.
        Case(link: "\(doc)/edit?resourcekey=0-AbC_12-xyz#gid=0", url: "\(export)&gid=0&resourcekey=0-AbC_12-xyz", part: "0"),
        Case(link: "\(doc)/edit?usp=sharing&resourcekey=0-k1", url: "\(export)&resourcekey=0-k1", part: nil),
        Case(link: "\(doc)/gviz/tq?tqx=out:csv&sheet=Subs&resourcekey=0-k1",
             url: "\(doc)/gviz/tq?tqx=out:csv&sheet=Subs&resourcekey=0-k1", part: "Subs"),
        // Published links stay published: a sheet published but not shared is not readable through /export.
        Case(link: "\(published)/pub?output=csv#gid=9", url: "\(published)/pub?output=csv&gid=9&single=true", part: "9"),
        Case(link: "\(published)/pub?output=xlsx", url: "\(published)/pub?output=csv", part: nil),
        // Links from before 2014.
        Case(link: "https://docs.google.com/spreadsheet/ccc?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz#gid=0",
             url: "https://docs.google.com/spreadsheets/d/0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz/export?format=csv&gid=0", part: "0"),
        Case(link: "https://docs.google.com/spreadsheet/ccc?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&usp=sharing",
             url: "https://docs.google.com/spreadsheets/d/0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz/export?format=csv", part: nil),
        Case(link: "https://spreadsheets.google.com/ccc?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&hl=en#gid=2",
             url: "https://docs.google.com/spreadsheets/d/0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz/export?format=csv&gid=2", part: "2"),
        Case(link: "https://docs.google.com/spreadsheet/pub?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&output=html",
             url: "https://docs.google.com/spreadsheet/pub?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&output=csv", part: nil),
        Case(link: "https://spreadsheets.google.com/pub?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&single=true&gid=1&output=csv",
             url: "https://docs.google.com/spreadsheet/pub?key=0AqTb3vC9d8eFdGhIjKlMnOpQrStUvWxYz&output=csv&gid=1&single=true", part: "1"),
        Case(link: "https://example.com/exports/subs.csv", url: "https://example.com/exports/subs.csv", part: nil),
        Case(link: "https://example.com/exports/subs.CSV?token=abc", url: "https://example.com/exports/subs.CSV?token=abc", part: nil),
        Case(link: "http://127.0.0.1:8080/subs.tsv", url: "http://127.0.0.1:8080/subs.tsv", part: nil),
    ]

    @Test(arguments: forms)
    func exportURL(_ c: Case) throws {
        let link = try RemoteLink.parse(c.link)
        #expect(link.fetchURL() == c.url)
        #expect(link.part == c.part)
    }

    @Test func baseOverrideReplacesGoogleOnly() throws {
        let sheet = try RemoteLink.parse("\(SheetsLinkTests.doc)/edit#gid=7")
        #expect(sheet.fetchURL(base: "http://127.0.0.1:5000/") == "http://127.0.0.1:5000/spreadsheets/d/\(SheetsLinkTests.id)/export?format=csv&gid=7")
        let plain = try RemoteLink.parse("https://example.com/a.csv")
        #expect(plain.fetchURL(base: "http://127.0.0.1:5000") == "https://example.com/a.csv")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var link: String
        var message: String
        var testDescription: String { link }
    }

    static let malformed: [Bad] = [
        Bad(link: "https://example.com/page", message: "not a Google Sheets link"),
        Bad(link: "https://drive.google.com/file/d/\(id)/view", message: "not a Google Sheets link"),
        Bad(link: "https://docs.google.com/document/d/\(id)/edit", message: "not a spreadsheet"),
        Bad(link: "https://docs.google.com/spreadsheets/", message: "no spreadsheet in the link"),
        Bad(link: "https://docs.google.com/spreadsheets/d/", message: "the spreadsheet id is missing"),
        Bad(link: "https://docs.google.com/spreadsheets/d/abc/edit", message: "\"abc\" is not a spreadsheet id"),
        Bad(link: "https://docs.google.com/spreadsheets/d/\(id)!/edit", message: "is not a spreadsheet id"),
        Bad(link: "https://docs.google.com/spreadsheets/d/e/pubhtml", message: "published link without its document id"),
        Bad(link: "https://docs.google.com/spreadsheets/d/\(id)/edit#gid=abc", message: "gid=abc is not a tab id"),
        Bad(link: "ftp://docs.google.com/spreadsheets/d/\(id)/edit", message: "only http and https"),
        Bad(link: "https://docs.google.com/spreadsheet/ccc?usp=sharing", message: "an old-style Sheets link without its key"),
        Bad(link: "https://docs.google.com/spreadsheet/ccc?key=abc", message: "\"abc\" is not a spreadsheet key"),
        Bad(link: "\(doc)/edit?resourcekey=0-a%20b", message: "is not a resource key"),
        Bad(link: "not a link at all", message: "not a link"),
        Bad(link: "", message: "not a link"),
    ]

    @Test(arguments: malformed)
    func rejects(_ c: Bad) {
        #expect {
            _ = try RemoteLink.parse(c.link)
        } throws: { error in
            "\(error)".contains(c.message)
        }
    }

    @Test(arguments: ["https://a.b/x.csv", "HTTP://x", "http://docs.google.com", "docs.google.com/spreadsheets/d/x"])
    func remoteInputs(_ text: String) { #expect(RemoteLink.isRemote(text)) }

    @Test(arguments: ["subs.csv", "-", "./http/x.csv", "docs.google.com.csv"])
    func localInputs(_ text: String) { #expect(!RemoteLink.isRemote(text)) }
}
