import Foundation
import Testing
@testable import Ingest

/// A screenshot's drafts get what the catalog knows of the names shown, as a list's rows do:
/// the service, and its category when the page gave none; a name of no brand that says what it
/// is gets that category; the name stays as the page shows it.
@Suite struct ScreenshotEnrichmentTests {
    /// Hands the import a page made by hand, whatever the file.
    struct Sketched: TextRecognizer {
        let page: RecognizedPage
        func recognize(path: String, name: String) throws -> RecognizedPage { page }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var service: String?
        var category: Category?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Apple Music", service: "apple-music", category: .music),
        Case(name: "Tidal Premium", service: "tidal", category: .music),
        Case(name: "Disney+", service: "disney-plus", category: .streaming),
        Case(name: "Car insurance", service: nil, category: .finance),
        Case(name: "Zorblat Club", service: nil, category: nil),
    ]

    @Test func draftsGainTheCatalogsService() throws {
        var sketch = PageSketch()
        sketch.text("Subscriptions", x: 20, y: 60, h: 26)
        for (i, c) in Self.cases.enumerated() {
            let y = 140 + i * 90
            sketch.text(c.name, x: 90, y: y, h: 17)
            sketch.text("Renews December 5", x: 90, y: y + 24, h: 12)
            sketch.text("€\(10 + i).99/month", x: 260, y: y + 10, h: 14)
        }
        var options = ImportOptions(context: NormalizeContext(today: screenshotToday))
        options.recognizer = Sketched(page: sketch.page("shot.png"))
        let image = FixtureFolder.url("cli/screenshot-app-store/app-store.png").path
        let drafts = try Ingest.allDrafts(from: .file(path: image, name: "shot.png"), options: options)
        #expect(drafts.map(\.name.value) == Self.cases.map(\.name), "the names as shown")
        for (draft, c) in zip(drafts, Self.cases) {
            #expect(draft.service?.id == c.service, "\(c.name)")
            #expect(draft.category.value == c.category, "\(c.name)")
        }
    }
}
