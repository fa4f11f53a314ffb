import Foundation

/// Maps category text written by people, in the languages we read, onto the standard set.
public enum CategoryWords {
    static let table: [(Category, [String])] = [
        (.streaming, ["streaming", "video", "tv", "movies", "film", "entertainment", "entretenimiento", "unterhaltung", "divertissement", "intrattenimento", "entretenimento", "视频", "影视", "娱乐", "動画", "エンタメ"]),
        (.music, ["music", "musica", "música", "musik", "musique", "muziek", "音乐", "音楽", "audio", "podcast"]),
        (.software, ["software", "apps", "app", "productivity", "tools", "saas", "productividad", "produktivitat", "produktivität", "logiciel", "软件", "工具", "ソフトウェア", "development", "design", "ai"]),
        (.cloud, ["cloud", "storage", "hosting", "backup", "nube", "almacenamiento", "speicher", "stockage", "云", "云存储", "クラウド", "vpn", "security"]),
        (.news, ["news", "newspaper", "magazine", "press", "noticias", "nachrichten", "zeitung", "presse", "actualites", "notizie", "nieuws", "新闻", "ニュース", "reading", "books"]),
        (.fitness, ["fitness", "health", "gym", "sport", "sports", "wellness", "salud", "gesundheit", "sante", "santé", "salute", "gezondheid", "健身", "健康", "フィットネス"]),
        (.gaming, ["gaming", "games", "game", "juegos", "spiele", "jeux", "giochi", "游戏", "ゲーム"]),
        (.education, ["education", "learning", "courses", "educacion", "educación", "bildung", "lernen", "education", "formation", "istruzione", "onderwijs", "教育", "学习", "学習"]),
        (.utilities, ["utilities", "utility", "phone", "mobile", "internet", "electricity", "telecom", "servicios", "nebenkosten", "telefon", "services publics", "水电", "通信", "光熱費"]),
        (.finance, ["finance", "banking", "insurance", "finanzas", "finanzen", "versicherung", "assurance", "金融", "保险", "保険", "investing"]),
        (.shopping, ["shopping", "retail", "delivery", "compras", "einkaufen", "achats", "购物", "買い物", "membership"]),
        (.food, ["food", "meal", "meals", "groceries", "comida", "essen", "lebensmittel", "nourriture", "cibo", "eten", "餐饮", "外卖", "食品", "食事"]),
        (.bills, ["bills", "rent", "housing", "loan", "mortgage", "facturas", "miete", "loyer", "房租", "家賃"]),
        (.other, ["other", "misc", "miscellaneous", "otros", "sonstiges", "autre", "autres", "altro", "overig", "其他", "その他"]),
    ]

    static let lookup: [String: Category] = {
        var map: [String: Category] = [:]
        for (category, words) in table {
            for word in words { map[HeaderVocabulary.fold(word)] = map[HeaderVocabulary.fold(word)] ?? category }
            map[category.rawValue] = category
        }
        return map
    }()

    /// The standard category a text names (`Música` → music), nil when none fits.
    public static func category(for text: String) -> Category? {
        let folded = HeaderVocabulary.fold(text)
        if let hit = lookup[folded] { return hit }
        for word in folded.split(separator: " ") {
            if let hit = lookup[String(word)] { return hit }
        }
        return nil
    }
}
