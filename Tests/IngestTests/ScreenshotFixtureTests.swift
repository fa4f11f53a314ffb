import Foundation
import Testing
@testable import Ingest

/// The rendered fixtures of `Fixtures/screenshots`, read from the OCR output recorded in
/// `ocr/` (so no OCR runs here) and compared with each image's golden JSON.
@Suite struct ScreenshotFixtureTests {
    struct Golden: Decodable {
        struct Sub: Decodable {
            struct Money: Decodable { var amount: String; var currency: String? }
            struct Period: Decodable { var unit: String; var interval: Int }
            var name: String
            var price: Money?
            var cycle: Period?
            var nextRenewal: String?
        }
        var locale: String
        var subscriptions: [Sub]
    }

    /// What differs between the golden subscriptions and the drafts, in words; empty when all match.
    static func differences(_ stem: String) throws -> [String] {
        let golden = try JSONDecoder().decode(Golden.self, from: FixtureFolder.data("screenshots/\(stem).json"))
        let page = try RecordedOCR.page(stem)
        let context = NormalizeContext(today: screenshotToday, locale: golden.locale)
        let drafts = try ScreenshotReader(context: context).read(page).drafts.filter { $0.status != .inactive }
        var left = drafts
        var out: [String] = []
        for sub in golden.subscriptions {
            let fold = { (s: String) in HeaderVocabulary.fold(s).replacingOccurrences(of: " ", with: "") }
            guard let i = left.firstIndex(where: { fold($0.name.value ?? "") == fold(sub.name) }) else {
                out.append("missing \(sub.name)")
                continue
            }
            let draft = left.remove(at: i)
            let amount = draft.price.value.map { DecimalText.format($0.amount, minorDigits: $0.currency?.minorDigits) }
            if amount != sub.price?.amount || draft.price.value?.currency?.code != sub.price?.currency {
                out.append("\(sub.name): price \(amount ?? "-") \(draft.price.value?.currency?.code ?? "-")")
            }
            if draft.cycle.value.map({ "\($0.unit.rawValue)/\($0.interval)" }) != sub.cycle.map({ "\($0.unit)/\($0.interval)" }) {
                out.append("\(sub.name): cycle \(draft.cycle.value?.description ?? "-")")
            }
            if draft.nextRenewal.value?.description != sub.nextRenewal {
                out.append("\(sub.name): renewal \(draft.nextRenewal.value?.description ?? "-")")
            }
        }
        out += left.map { "extra \($0.name.value ?? "-")" }
        return out
    }

    /// Every subscription found with every field right, and nothing else.
    static let exact = [
        "appstore_dark_es_eur_crop",
        "appstore_light_de_eur",
        "appstore_light_en_usd",
        "bank_dark_en_gbp",
        "bank_light_de_eur",
        "bank_light_es_eur",
        "bank_light_fr_eur_jpeg",
        "cards_dark_en_eur",
        "googleplay_dark_en_usd",
        "googleplay_light_de_eur_jpeg",
        "googleplay_light_en_inr",
        "googleplay_light_es_eur",
        "paypal_dark_en_eur",
        "paypal_light_en_usd",
        "paypal_light_de_chf",
        "receipt_light_de_eur_jpeg",
        "receipt_light_en_gbp_2items",
        "receipt_light_en_usd",
        "receipt_light_fr_eur",
        "streaming_dark_de_eur_jpeg",
        "streaming_dark_en_usd",
        "streaming_light_en_gbp",
        "streaming_light_es_eur",
        "table_dark_de_eur",
        "table_light_en_jpy",
        "table_light_en_usd",
        "zh_autorenew_light_cny",
        "zh_autorenew_light_cny_yuan",
    ]

    @Test(arguments: exact) func readsEveryField(stem: String) throws {
        let differences = try Self.differences(stem)
        #expect(differences.isEmpty, "\(stem): \(differences.joined(separator: "; "))")
    }

    /// Images where some field is still wrong, mostly from what OCR reads: icon letters glued to
    /// names, `€`/`£` and `,` misread, `₹` not read, Chinese lines broken into pieces, labels
    /// wrapped away from their dates. The benchmark measures how much is right in them.
    static let knownLimits = [
        "appstore_dark_en_gbp",
        "appstore_light_fr_eur_jpeg",
        "cards_light_en_chf_crop",
        "cards_light_en_usd",
        "table_light_fr_eur_jpeg",
        "zh_autorenew_dark_cny",
    ]

    @Test(arguments: knownLimits) func knownLimitsStillDiffer(stem: String) throws {
        let differences = try Self.differences(stem)
        withKnownIssue { #expect(differences.isEmpty, "\(stem): \(differences.joined(separator: "; "))") }
    }

    /// Pages of the tuning split of the generator (`generator/generate.py --seeds N`), OCR
    /// recorded in `generated/ocr/`: receipts and detail pages, each one subscription shown as
    /// labelled values (a label beside or over its value, a misread title, a banner above, an
    /// Italian or German page).
    static let generated = [
        "gen000006_appstore_detail",
        "gen000035_receipt",
        "gen000048_receipt",
        "gen000055_appstore_detail",
        "gen000072_appstore_detail",
        "gen000076_receipt",
    ]

    /// One draft with price, cycle and renewal right; a receipt's plan word after the name
    /// ("NordVPN Famiglia") is allowed, as the benchmark's name pairing allows it.
    @Test(arguments: generated) func readsGeneratedKeyValuePages(stem: String) throws {
        let folder = "screenshots/generated"
        let golden = try JSONDecoder().decode(Golden.self, from: FixtureFolder.data("\(folder)/\(stem).json"))
        let page = try RecordedOCR.page(stem, folder: folder)
        let drafts = try ScreenshotReader(context: NormalizeContext(today: screenshotToday, locale: golden.locale)).read(page).drafts
        let sub = try #require(golden.subscriptions.first)
        #expect(drafts.count == 1)
        let draft = try #require(drafts.first)
        #expect(draft.name.value?.hasPrefix(sub.name) == true, "\(stem): \(draft.name.value ?? "-")")
        let amount = draft.price.value.map { DecimalText.format($0.amount, minorDigits: $0.currency?.minorDigits) }
        #expect(amount == sub.price?.amount)
        #expect(draft.price.value?.currency?.code == sub.price?.currency)
        #expect(draft.cycle.value.map { "\($0.unit.rawValue)/\($0.interval)" } == sub.cycle.map { "\($0.unit)/\($0.interval)" })
        #expect(draft.nextRenewal.value?.description == sub.nextRenewal)
    }
}
