/// Updates an existing canonical list with newly accepted subscriptions (`--merge-into`).
///
/// A new subscription matches an existing one with the same service (catalog brand, else folded
/// name, as `DraftMerger`) and the same billing cycle. A match is updated in place: a changed
/// price moves the old one into `priceHistory` (dated with the merge day, the day it was seen
/// replaced) and is reported; a new renewal date, category or notes replace the old; the new
/// source joins `alsoFrom`. The name and `source` stay as they were. Unmatched subscriptions are
/// added at the end; existing ones missing from the new input are kept unchanged. Merging the
/// same input twice changes nothing the second time.
package struct CanonicalMerger: Sendable {
    /// A price that changed, for the report on standard error.
    package struct PriceChange: Hashable, Sendable, CustomStringConvertible {
        package var name: String
        package var old: Price
        package var new: Price
        package var description: String {
            "\(name): price changed from \(CanonicalMerger.text(old)) to \(CanonicalMerger.text(new))"
        }
    }

    /// What a merge did.
    package struct Result: Sendable {
        package var subscriptions: [Subscription]
        package var added = 0
        package var updated = 0
        package var changes: [PriceChange] = []
    }

    package var today: CalendarDate
    let catalog: BrandCatalog

    package init(today: CalendarDate, catalog: BrandCatalog) {
        self.today = today
        self.catalog = catalog
    }

    static func text(_ price: Price) -> String { price.amountText + (price.currency.map { " \($0.code)" } ?? "") }

    /// The service and cycle a subscription is matched by.
    package func key(_ sub: Subscription) -> String {
        let service = (sub.service?.name ?? catalog.listMatch(sub.name)?.brand.name).map { "brand:" + $0 } ?? "name:" + BrandCatalog.fold(sub.name)
        return service + "|" + (sub.cycle?.canonical.description ?? "-")
    }

    package func merge(existing: [Subscription], new: [Subscription]) -> Result {
        var result = Result(subscriptions: existing)
        var index: [String: Int] = [:]
        for (i, sub) in existing.enumerated() where index[key(sub)] == nil { index[key(sub)] = i }
        for sub in new {
            let k = key(sub)
            guard let i = index[k] else {
                index[k] = result.subscriptions.count
                result.subscriptions.append(sub)
                result.added += 1
                continue
            }
            let before = result.subscriptions[i]
            var merged = before
            if let price = sub.price, price != before.price {
                if let old = before.price {
                    merged.priceHistory.append(PricePoint(date: today, price: old))
                    result.changes.append(PriceChange(name: before.name, old: old, new: price))
                }
                merged.price = price
            }
            merged.nextRenewal = sub.nextRenewal ?? before.nextRenewal
            merged.trialEnds = sub.trialEnds ?? before.trialEnds
            merged.category = sub.category ?? before.category
            merged.notes = sub.notes ?? before.notes
            for point in sub.priceHistory where !merged.priceHistory.contains(point) { merged.priceHistory.append(point) }
            for source in [sub.source] + sub.alsoFrom where !Self.contains(merged, source) { merged.alsoFrom.append(source) }
            if merged != before { result.updated += 1 }
            result.subscriptions[i] = merged
        }
        return result
    }

    /// Compares sources as written (a read-back source has no line when it has a row).
    static func contains(_ sub: Subscription, _ source: Provenance) -> Bool {
        let written = CanonicalJSON.value(source)
        return ([sub.source] + sub.alsoFrom).contains { CanonicalJSON.value($0) == written }
    }
}
