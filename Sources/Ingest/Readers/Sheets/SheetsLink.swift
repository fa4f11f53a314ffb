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

    package static let defaultBase = "https://docs.google.com"

    package init(document: Document, tab: Tab? = nil) {
        self.document = document
        self.tab = tab
    }

    init(components url: URLComponents, text: String) throws(SheetsLinkError) {
        var parts = url.path.split(separator: "/").map(String.init)
        guard parts.first == "spreadsheets" else {
            throw SheetsLinkError(text, "a Google Docs link but not a spreadsheet (expected …/spreadsheets/d/…)")
        }
        parts.removeFirst()
        // Signed-in users with several accounts get `/spreadsheets/u/1/d/…`.
        if parts.count >= 2, parts[0] == "u", Int(parts[1]) != nil { parts.removeFirst(2) }
        guard parts.first == "d" else {
            throw SheetsLinkError(text, "no spreadsheet in the link (expected …/spreadsheets/d/ID/…)")
        }
        parts.removeFirst()
        let query = Dictionary((url.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") },
                               uniquingKeysWith: { first, _ in first })
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
        // The fragment is what the browser updates when the user switches tabs, so it wins.
        let fragmentGid = url.fragment.flatMap { fragment in
            fragment.split(separator: "&").first { $0.hasPrefix("gid=") }.map { String($0.dropFirst(4)) }
        }
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
        switch (document, tab) {
        case (.published(let id), .gid(let gid)):
            return "\(root)/spreadsheets/d/e/\(id)/pub?output=csv&gid=\(gid)&single=true"
        case (.published(let id), _):
            return "\(root)/spreadsheets/d/e/\(id)/pub?output=csv"
        case (.id(let id), .gid(let gid)):
            return "\(root)/spreadsheets/d/\(id)/export?format=csv&gid=\(gid)"
        case (.id(let id), .name(let name)):
            let encoded = name.addingPercentEncoding(withAllowedCharacters: SheetsLink.queryValueAllowed) ?? name
            return "\(root)/spreadsheets/d/\(id)/gviz/tq?tqx=out:csv&sheet=\(encoded)"
        case (.id(let id), nil):
            return "\(root)/spreadsheets/d/\(id)/export?format=csv"
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
