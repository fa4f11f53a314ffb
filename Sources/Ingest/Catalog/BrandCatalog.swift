import Foundation

/// A subscription service as the catalog knows it.
public struct Brand: Hashable, Sendable {
    public var name: String
    public var aliases: [String]
    public var category: Category
    /// The account or cancel page, where it is stable.
    public var manageURL: String?
}

/// A text matched to a brand, with what was left over (the plan: "Premium", "Family").
public struct BrandMatch: Hashable, Sendable {
    public var brand: Brand
    /// The rest of the text once the brand's words are taken out, trimmed; nil when nothing is left.
    public var plan: String?
}

/// The bundled catalog of subscription services (`Resources/brands.json`), loaded once.
public final class BrandCatalog: Sendable {
    public let brands: [Brand]
    /// Folded alias → brand index, longest aliases first for prefix matching.
    private let aliasIndex: [(alias: String, brand: Int)]

    public static let shared: BrandCatalog = {
        guard let text = Resources.text("brands.json"), let catalog = try? BrandCatalog(json: text) else {
            return BrandCatalog(brands: [])
        }
        return catalog
    }()

    public init(brands: [Brand]) {
        self.brands = brands
        var index: [(String, Int)] = []
        for (i, brand) in brands.enumerated() {
            for alias in [brand.name] + brand.aliases {
                let key = BrandCatalog.fold(alias)
                if !key.isEmpty { index.append((key, i)) }
            }
        }
        aliasIndex = index.sorted { $0.0.count != $1.0.count ? $0.0.count > $1.0.count : $0.0 < $1.0 }
    }

    /// Reads `[{"name": …, "aliases": […], "category": …, "manage": …}]`.
    public convenience init(json text: String) throws {
        guard case .array(let items) = try JSONValue.parse(text) else { throw ReadError(file: "brands.json", "expected an array") }
        let brands: [Brand] = items.compactMap { item in
            guard let name = item["name"]?.stringValue else { return nil }
            var aliases: [String] = []
            if case .array(let list)? = item["aliases"] { aliases = list.compactMap(\.stringValue) }
            let category = item["category"]?.stringValue.flatMap(Category.init(rawValue:)) ?? .other
            return Brand(name: name, aliases: aliases, category: category, manageURL: item["manage"]?.stringValue)
        }
        self.init(brands: brands)
    }

    /// Lowercase, accents off, anything but letters and digits turned into single spaces.
    static func fold(_ text: String) -> String { HeaderVocabulary.fold(text) }

    /// The brand a name or descriptor names, matching whole words: "netflix premium" → Netflix
    /// with plan "premium".
    public func match(_ text: String) -> BrandMatch? {
        let folded = BrandCatalog.fold(text)
        guard !folded.isEmpty else { return nil }
        let padded = " \(folded) "
        for (alias, index) in aliasIndex where padded.contains(" \(alias) ") {
            let brand = brands[index]
            let rest = padded.replacingOccurrences(of: " \(alias) ", with: " ").trimmingCharacters(in: .whitespaces)
            return BrandMatch(brand: brand, plan: rest.isEmpty ? nil : rest)
        }
        return nil
    }
}
