import Foundation

/// A link a user pasted for a remote table: a Google Sheets document (any form the browser shows)
/// with the tab it points at, or a plain link to a `.csv` file. Parsing only; no I/O.
package enum RemoteLink: Hashable, Sendable {
    case sheets(SheetsLink)
    /// A link to a CSV file anywhere else, fetched as it is.
    case csv(String)

    /// True for text that `ingest import` should fetch instead of opening as a file.
    package static func isRemote(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("docs.google.com/")
    }

    /// Reads a pasted link; a link that is neither a Google Sheets link nor a `.csv`/`.tsv` file is an error.
    package static func parse(_ text: String) throws(SheetsLinkError) -> RemoteLink {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var candidate = trimmed
        if !candidate.contains("://"), candidate.lowercased().hasPrefix("docs.google.com/") {
            candidate = "https://" + candidate
        }
        guard let url = URLComponents(string: candidate), let scheme = url.scheme?.lowercased(),
              let host = url.host?.lowercased(), !host.isEmpty else {
            throw SheetsLinkError(trimmed, "not a link (expected https://docs.google.com/spreadsheets/d/…)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw SheetsLinkError(trimmed, "a \(scheme): link; only http and https links can be fetched")
        }
        if host == "docs.google.com" || host == "spreadsheets.google.com" {
            return .sheets(try SheetsLink(components: url, text: trimmed))
        }
        let ext = FileExtension.of(url.path)
        if ext == "csv" || ext == "tsv" { return .csv(trimmed) }
        throw SheetsLinkError(trimmed,
            "not a Google Sheets link (expected https://docs.google.com/spreadsheets/d/…) nor a link to a .csv file")
    }

    /// The URL to fetch; `base` replaces `https://docs.google.com` for Sheets links (tests, mirrors).
    package func fetchURL(base: String? = nil) -> String {
        switch self {
        case .sheets(let link): return link.exportURL(base: base)
        case .csv(let text): return text
        }
    }

    /// The tab the link points at (a gid or a sheet name), nil for the first tab or a plain CSV.
    package var part: String? {
        guard case .sheets(let link) = self else { return nil }
        return link.tab?.text
    }
}

/// A Google Sheets document and the tab a link points at.
package struct SheetsLink: Hashable, Sendable {
    package enum Document: Hashable, Sendable {
        /// `/spreadsheets/d/ID/…`: needs "Anyone with the link" sharing.
        case id(String)
        /// `/spreadsheets/d/e/2PACX-…/pub…`: a document published to the web.
        case published(String)
        /// `/spreadsheet/pub?key=…`: a document published to the web before 2014.
        case legacyPublished(String)
    }

    package enum Tab: Hashable, Sendable {
        /// The numeric tab id (`gid=123`).
        case gid(String)
        /// A tab name (`sheet=Subscriptions` in `gviz/tq` links).
        case name(String)

        package var text: String {
            switch self {
            case .gid(let gid): return gid
            case .name(let name): return name
            }
        }
    }

    package var document: Document
    package var tab: Tab?
    /// `resourcekey=…`: files shared by link before Google's 2021 change need it beside the id.
    package var resourceKey: String?

    package static let defaultBase = "https://docs.google.com"

    package init(document: Document, tab: Tab? = nil, resourceKey: String? = nil) {
        self.document = document
        self.tab = tab
        self.resourceKey = resourceKey
    }

    init(components url: URLComponents, text: String) throws(SheetsLinkError) {
        var parts = url.path.split(separator: "/").map(String.init)
        let query = Dictionary((url.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") },
                               uniquingKeysWith: { first, _ in first })
        // Google Workspace links name the domain first: `/a/example.com/spreadsheets/d/…`.
        if parts.count >= 2, parts[0] == "a" { parts.removeFirst(2) }
        // Signed-in users with several accounts get `/u/1/` before or after `spreadsheets`.
        if parts.count >= 2, parts[0] == "u", Int(parts[1]) != nil { parts.removeFirst(2) }
        // Links from before 2014: `spreadsheet/ccc?key=ID` (and `spreadsheets.google.com/ccc?key=ID`)
        // open the document, `spreadsheet/pub?key=ID` its published copy.
        let legacyHost = url.host?.lowercased() == "spreadsheets.google.com"
        if parts.first == "spreadsheet" || legacyHost {
            let page = (legacyHost ? parts.first : parts.dropFirst().first) ?? ""
            guard let key = query["key"], !key.isEmpty else {
                throw SheetsLinkError(text, "an old-style Sheets link without its key (expected …/spreadsheet/ccc?key=ID)")
            }
            guard SheetsLink.isID(key) else {
                throw SheetsLinkError(text, "\"\(key)\" is not a spreadsheet key (expected letters, digits, - and _)")
            }
            document = page == "pub" ? .legacyPublished(key) : .id(key)
            (tab, resourceKey) = try SheetsLink.tabAndKey(url, query: query, document: document, text: text)
            return
        }
        guard parts.first == "spreadsheets" else {
            throw SheetsLinkError(text, "a Google Docs link but not a spreadsheet (expected …/spreadsheets/d/…)")
        }
        parts.removeFirst()
        if parts.count >= 2, parts[0] == "u", Int(parts[1]) != nil { parts.removeFirst(2) }
        guard parts.first == "d" else {
            throw SheetsLinkError(text, "no spreadsheet in the link (expected …/spreadsheets/d/ID/…)")
        }
        parts.removeFirst()
        if parts.first == "e" {
            guard parts.count >= 2, SheetsLink.isID(parts[1]) else {
                throw SheetsLinkError(text, "a published link without its document id (expected …/d/e/2PACX-…/pubhtml)")
            }
            document = .published(parts[1])
        } else {
            guard let id = parts.first, SheetsLink.isID(id) else {
                let found = parts.first.map { "\"\($0)\" is not a spreadsheet id" } ?? "the spreadsheet id is missing"
                throw SheetsLinkError(text, "\(found) (expected …/spreadsheets/d/ID/edit with an ID of letters, digits, - and _)")
            }
            document = .id(id)
        }
        (tab, resourceKey) = try SheetsLink.tabAndKey(url, query: query, document: document, text: text)
    }

    /// The rest of a link once `document` is known: the tab, and the resource key of a file
    /// shared by link before 2021 (which the export needs as much as the id).
    private static func tabAndKey(_ url: URLComponents, query: [String: String], document: Document,
                                  text: String) throws(SheetsLinkError) -> (Tab?, String?) {
        let tab: Tab?
        // The fragment is what the browser updates when the user switches tabs, so it wins.
        let fragment = url.fragment?.split(separator: "&") ?? []
        let fragmentGid = fragment.first { $0.hasPrefix("gid=") }.map { String($0.dropFirst(4)) }
        if let gid = fragmentGid ?? query["gid"], !gid.isEmpty {
            guard gid.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw SheetsLinkError(text, "gid=\(gid) is not a tab id (expected a number, e.g. #gid=0)")
            }
            tab = .gid(gid)
        } else if case .id = document, let sheet = query["sheet"], !sheet.isEmpty {
            tab = .name(sheet)
        } else {
            tab = nil
        }
        guard let key = query["resourcekey"], !key.isEmpty else { return (tab, nil) }
        guard key.unicodeScalars.allSatisfy({ ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "-" || $0 == "_" }) else {
            throw SheetsLinkError(text, "resourcekey=\(key) is not a resource key (expected letters, digits, - and _, e.g. 0-AbC123)")
        }
        return (tab, key)
    }

    /// Spreadsheet ids are long runs of letters, digits, `-` and `_`.
    static func isID(_ text: String) -> Bool {
        text.count >= 20 && text.unicodeScalars.allSatisfy {
            ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "-" || $0 == "_"
        }
    }

    /// Characters left as they are in a query value (RFC 3986 unreserved).
    private static let queryValueAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The CSV export URL for the linked tab.
    package func exportURL(base: String? = nil) -> String {
        var root = base ?? SheetsLink.defaultBase
        while root.hasSuffix("/") { root.removeLast() }
        let key = resourceKey.map { "&resourcekey=\($0)" } ?? ""
        switch (document, tab) {
        case (.legacyPublished(let id), .gid(let gid)):
            return "\(root)/spreadsheet/pub?key=\(id)&output=csv&gid=\(gid)&single=true\(key)"
        case (.legacyPublished(let id), _):
            return "\(root)/spreadsheet/pub?key=\(id)&output=csv\(key)"
        case (.published(let id), .gid(let gid)):
            return "\(root)/spreadsheets/d/e/\(id)/pub?output=csv&gid=\(gid)&single=true"
        case (.published(let id), _):
            return "\(root)/spreadsheets/d/e/\(id)/pub?output=csv"
        case (.id(let id), .gid(let gid)):
            return "\(root)/spreadsheets/d/\(id)/export?format=csv&gid=\(gid)\(key)"
        case (.id(let id), .name(let name)):
            let encoded = name.addingPercentEncoding(withAllowedCharacters: SheetsLink.queryValueAllowed) ?? name
            return "\(root)/spreadsheets/d/\(id)/gviz/tq?tqx=out:csv&sheet=\(encoded)\(key)"
        case (.id(let id), nil):
            return "\(root)/spreadsheets/d/\(id)/export?format=csv\(key)"
        }
    }
}

/// A pasted link that cannot be fetched as a table, with what was expected.
package struct SheetsLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    package var link: String
    package var message: String

    package init(_ link: String, _ message: String) {
        self.link = link
        self.message = message
    }

    package var description: String { "\(link): \(message)" }
}
