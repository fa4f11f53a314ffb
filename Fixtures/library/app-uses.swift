// What an app's import screen reaches for beyond the README's example, type-checked by
// LibraryExampleTests as code outside the package: only the public API is in reach.
import Foundation
import Ingest

func appUses(_ path: String, bytes: Data) async throws {
    guard let today = CalendarDate(iso: "2026-11-30"), let eur = Currency("EUR"), let usd = Currency("USD") else { return }
    var options = ImportOptions(context: NormalizeContext(today: today, locale: "de_DE", currency: eur, dateOrder: .dayMonthYear))
    options.kind = .csv
    // The app's own services first, so that they win over a bundled brand of the same name or alias.
    let mine = try BrandCatalog(json: #"[{"name": "Zorblax", "aliases": ["ZBX"], "category": "gaming", "manage": "https://zorblax.example/account"}]"#)
    options.catalog = BrandCatalog(joining: [mine, .bundled])
    if let json = try? String(contentsOfFile: "brands.json", encoding: .utf8) {
        do { options.catalog = try BrandCatalog(json: json, file: "brands.json") } catch { _ = (error.file, error.message) }
    }
    _ = (options.catalog.count, BrandCatalog(joining: []))
    options.maxCellBytes = 4 << 20
    options.maxColumns = 500
    options.fetchTimeout = 60
    options.maxDownloadBytes = 10_000_000
    var drafts: [ImportDraft] = []
    for try await draft in Ingest.drafts(from: .bytes(bytes, name: "export.csv"), options: options) { drafts.append(draft) }
    let report = try Ingest.drafts(from: .file(path: path), options: options, isCancelled: { false }) { drafts.append($0) }
    _ = (report.rows, report.drafts, report.skips.map(\.reason), report.warnings.map(\.code), report.columns[.price], report.header)
    for draft in drafts {
        _ = (draft.name.value, draft.price.value?.amount, draft.price.value?.currency?.code, draft.cycle.value,
             draft.nextRenewal.value, draft.allIssues.map { ($0.code, $0.severity, $0.message) }, draft.provenance.first?.row)
    }
    var review = Review(drafts: Ingest.merge(drafts, catalog: options.catalog), context: options.context)
    if let first = review.drafts.indices.first {
        review.accept(first)
        try? review.edit(first, .price, to: "12,99 €")
        _ = try? review.editAll(.currency, to: "EUR")
        _ = Field.allCases.filter(\.isEditable)
        review.reject(first)
    }
    _ = review.acceptConfident()
    let subscriptions = review.subscriptions
    _ = subscriptions.filter { $0.isCharging && $0.price?.currency == usd }.count
    _ = Ingest.canonicalJSON(subscriptions)
    _ = try JSONEncoder().encode(subscriptions)
    do {
        try Ingest.drafts(from: .file(path: path), options: options) { _ in }
    } catch let error as ReadError {
        _ = (error.message, error.remedy.map(control))
    }
}

/// The control an import screen offers for a remedy.
func control(_ remedy: Issue.Remedy) -> String {
    switch remedy {
    case .chooseCurrency, .chooseCurrencyOrLocale: return "Currency…"
    case .chooseLocale: return "Region…"
    case .chooseEncoding, .readAsUTF16: return "Text encoding…"
    case .mapColumn(let field): return "Choose the \(field.rawValue) column…"
    case .raiseLimit(let limit, let current): return "Allow more than \(current) (\(limit.rawValue))"
    case .longerTimeout: return "Wait longer"
    case .listFolder: return "Choose files…"
    }
}
