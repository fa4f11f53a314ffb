import Foundation

/// Maps category text written by people, in the languages we read, onto the standard set.
package enum CategoryWords {
    static let table: [(Category, [String])] = [
        (.streaming, ["streaming", "video", "videos", "tv", "movies", "movie", "film", "films", "series", "entertainment",
                      "entretenimiento", "entretenimento", "unterhaltung", "divertissement", "intrattenimento", "vermaak",
                      "underholdning", "underhallning", "fernsehen", "tele", "television", "televisie", "视频", "影视", "娱乐",
                      "视频会员", "動画", "映画", "エンタメ", "동영상", "영상", "оtt", "видео", "кино", "rozrywka", "eglence"]),
        (.music, ["music", "musica", "musik", "musique", "muziek", "musikk", "音乐", "音楽", "음악", "музыка", "muzyka", "muzik",
                  "audio", "podcast", "podcasts", "radio"]),
        (.software, ["software", "apps", "app", "productivity", "tools", "tool", "saas", "productividad", "produktivitat",
                     "logiciel", "logiciels", "produttivita", "produtividade", "programvare", "programvara", "软件", "工具",
                     "ソフトウェア", "アプリ", "소프트웨어", "앱", "программы", "oprogramowanie", "yazilim", "development", "design",
                     "ai", "developer", "dev", "work", "office"]),
        (.cloud, ["cloud", "storage", "hosting", "backup", "server", "servers", "nube", "almacenamiento", "nuvem",
                  "armazenamento", "speicher", "stockage", "archiviazione", "opslag", "lagring", "云", "云存储", "网盘", "クラウド",
                  "ストレージ", "클라우드", "облако", "chmura", "bulut", "domain", "domains"]),
        (.news, ["news", "newspaper", "newspapers", "magazine", "magazines", "press", "journalism", "noticias", "periodico",
                 "noticias", "jornal", "nachrichten", "zeitung", "zeitschrift", "presse", "actualites", "journal", "notizie",
                 "giornale", "nieuws", "krant", "nyheter", "avis", "tidning", "新闻", "资讯", "ニュース", "新聞", "뉴스", "신문",
                 "новости", "wiadomosci", "haber", "reading", "newsletter", "newsletters"]),
        (.fitness, ["fitness", "health", "gym", "sport", "sports", "wellness", "wellbeing", "meditation", "workout",
                    "training", "salud", "gimnasio", "deporte", "saude", "academia", "gesundheit", "fitnessstudio", "sante",
                    "salle", "salute", "palestra", "gezondheid", "sportschool", "helse", "trening", "halsa", "traning",
                    "健身", "健康", "运动", "フィットネス", "ジム", "健康管理", "헬스", "건강", "운동", "здоровье", "спорт",
                    "zdrowie", "saglik", "spor", "mental health", "therapy"]),
        (.gaming, ["gaming", "games", "game", "juegos", "videojuegos", "jogos", "spiele", "gaming abo", "jeux", "giochi",
                   "spellen", "spill", "spel", "游戏", "ゲーム", "게임", "игры", "gry", "oyun", "console"]),
        (.education, ["education", "learning", "courses", "course", "school", "study", "languages", "books", "audiobooks",
                      "ebooks", "educacion", "aprendizaje", "cursos", "educacao", "bildung", "lernen", "kurse", "weiterbildung",
                      "formation", "apprentissage", "istruzione", "formazione", "onderwijs", "leren", "utdanning", "utbildning",
                      "libros", "livres", "bucher", "hörbucher", "教育", "学习", "课程", "读书", "学習", "教育費", "교육", "학습",
                      "образование", "edukacja", "egitim"]),
        (.utilities, ["utilities", "utility", "phone", "mobile", "internet", "electricity", "telecom", "broadband", "vpn",
                      "security", "privacy", "email", "mail", "servicios", "suministros", "telefono", "movil", "nebenkosten",
                      "telefon", "handy", "strom", "mobilfunk", "services publics", "telephone", "energie", "utenze",
                      "telefonia", "nutsvoorzieningen", "telefoni", "水电", "通信", "话费", "宽带", "光熱費", "通信費",
                      "携帯", "공과금", "통신", "коммунальные", "связь", "media", "rachunki za media", "fatura"]),
        (.finance, ["finance", "financial", "banking", "bank", "insurance", "investing", "investment", "taxes", "tax",
                    "finanzas", "seguro", "seguros", "financas", "finanzen", "versicherung", "versicherungen", "banque",
                    "assurance", "finanza", "assicurazione", "financien", "verzekering", "forsikring", "forsakring", "金融",
                    "保险", "理财", "保険", "金融サービス", "금융", "보험", "финансы", "страховка", "finanse", "ubezpieczenie",
                    "finans", "sigorta", "crypto"]),
        (.shopping, ["shopping", "retail", "delivery", "membership", "memberships", "compras", "tienda", "einkaufen",
                     "mitgliedschaft", "achats", "acquisti", "winkelen", "handel", "购物", "会员", "電商", "買い物",
                     "ショッピング", "쇼핑", "покупки", "zakupy", "alisveris"]),
        (.food, ["food", "meal", "meals", "groceries", "grocery", "drinks", "coffee", "restaurant", "comida", "alimentacion",
                 "alimentos", "essen", "lebensmittel", "nourriture", "alimentation", "repas", "cibo", "alimentari", "eten",
                 "boodschappen", "mat", "餐饮", "外卖", "食品", "美食", "食事", "食費", "음식", "식품", "еда", "jedzenie", "yemek"]),
        (.bills, ["bills", "bill", "rent", "housing", "loan", "loans", "mortgage", "facturas", "alquiler", "hipoteca",
                  "contas", "aluguel", "miete", "kredit", "hypothek", "loyer", "credit", "factures", "affitto", "mutuo",
                  "bollette", "huur", "hypotheek", "leie", "husleie", "hyra", "房租", "房贷", "贷款", "家賃", "ローン", "월세",
                  "대출", "аренда", "кредит", "czynsz", "kira"]),
        (.other, ["other", "others", "misc", "miscellaneous", "general", "otros", "otro", "outros", "sonstiges", "andere",
                  "autre", "autres", "divers", "altro", "altri", "overig", "overige", "annet", "ovrigt", "其他", "其它", "その他",
                  "기타", "другое", "inne", "diger"]),
    ]

    static let lookup: [String: Category] = {
        var map: [String: Category] = [:]
        for (category, words) in table {
            for word in words { map[HeaderVocabulary.fold(word)] = map[HeaderVocabulary.fold(word)] ?? category }
            map[category.rawValue] = category
        }
        return map
    }()

    /// CJK words, longest first: these languages write compounds without spaces (`视频会员`).
    static let cjk: [(String, Category)] = lookup
        .filter { $0.key.unicodeScalars.contains(where: ScalarText.isCJK) }
        .sorted { $0.key.count != $1.key.count ? $0.key.count > $1.key.count : $0.key < $1.key }
        .map { ($0.key, $0.value) }

    /// One-word keys of four letters or more, longest first, for compounds (`Streamingdienste`).
    static let stems: [(String, Category)] = lookup
        .filter { $0.key.count >= 4 && !$0.key.contains(" ") }
        .sorted { $0.key.count != $1.key.count ? $0.key.count > $1.key.count : $0.key < $1.key }
        .map { ($0.key, $0.value) }

    /// The stems an ASCII word can start with, in the same order, as bytes: those whose
    /// canonical decomposition is ASCII (Foundation's `hasPrefix` compares canonically
    /// equivalent text as equal, and no other key can begin an ASCII word).
    static let asciiStems: [([UInt8], Category)] = stems.compactMap { key, category in
        let decomposed = key.decomposedStringWithCanonicalMapping
        return decomposed.utf8.allSatisfy({ $0 < 0x80 }) ? (Array(decomposed.utf8), category) : nil
    }

    /// The standard category a text names (`Música` → music), nil when none fits.
    package static func category(for text: String) -> Category? {
        if let known = categories.value(for: text) { return known }
        let found = uncachedCategory(for: text)
        categories.store(found, for: text)
        return found
    }

    /// Answers already given: a list's categories repeat down the column and from file to file.
    private static let categories = MemoCache<String, Category?>(limit: 20_000)

    /// `category(for:)`, worked out.
    static func uncachedCategory(for text: String) -> Category? {
        let folded = HeaderVocabulary.fold(text)
        if let hit = lookup[folded] { return hit }
        let words = BrandCatalog.words(folded)
        for word in words {
            if let hit = lookup[String(word)] { return hit }
        }
        // German compounds and plurals: `Cloud-Speicher` is split already; `Streamingdienste`.
        for word in words where word.count >= 6 {
            if word.utf8.allSatisfy({ $0 < 0x80 }) {
                for (key, category) in asciiStems where word.utf8.starts(with: key) { return category }
                continue
            }
            for (key, category) in stems where word.hasPrefix(key) { return category }
        }
        // Every CJK key holds a character from U+1100 up (Hangul, kana, ideographs), which no
        // text without one is equivalent to; variation selectors (an emoji's `️`) are not such.
        guard folded.unicodeScalars.contains(where: { $0.value >= 0x1100 && !(0xFE00...0xFE0F).contains($0.value) }) else {
            return nil
        }
        for (key, category) in cjk where folded.contains(key) { return category }
        return nil
    }
}
