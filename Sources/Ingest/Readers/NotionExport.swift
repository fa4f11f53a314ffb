import Foundation

/// The database tables inside a Notion export ZIP: `<Database> <32 hex>.csv` files, found in
/// folders and in nested `Part-N.zip` archives. When a database comes both as the exported view
/// and as `…_all.csv` (every row), only the `_all` file is read.
public struct NotionExport: Sendable {
    /// One database CSV inside the export.
    public struct Member: Sendable {
        /// The member's path, nested archives joined with `/` (`Part-1.zip/Subs 0a1b….csv`).
        public var part: String
        let archive: ZipArchive
        let entry: ZipArchive.Entry
    }

    public let name: String
    /// The database CSVs to read, in path order.
    public let members: [Member]
    /// Plain view files left out because an `_all` file holds the same database.
    public let superseded: [String]

    /// Nested archives deeper than this are not opened (a ZIP quine would never end).
    static let maximumDepth = 4

    public init(path: String, name: String) throws(ReadError) {
        try self.init(archive: ZipArchive(path: path, name: name))
    }

    public init(archive: ZipArchive) throws(ReadError) {
        name = archive.name
        var found: [Member] = []
        try Self.collect(archive, prefix: "", depth: 0, into: &found)
        let chosen = Self.preferAll(found.map(\.part))
        members = found.filter { chosen.keep.contains($0.part) }.sorted { $0.part < $1.part }
        superseded = chosen.superseded
        guard !members.isEmpty else {
            throw ReadError(file: name, "the ZIP archive holds no CSV file (expected a Notion export with \"<Database> <id>.csv\" inside; export the database as Markdown & CSV)")
        }
    }

    private static func collect(_ archive: ZipArchive, prefix: String, depth: Int,
                                into found: inout [Member]) throws(ReadError) {
        for entry in archive.entries where !entry.isDirectory {
            let file = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            if entry.path.hasPrefix("__MACOSX/") || file.hasPrefix("._") { continue }
            let lower = file.lowercased()
            if lower.hasSuffix(".csv") {
                found.append(Member(part: prefix + entry.path, archive: archive, entry: entry))
            } else if lower.hasSuffix(".zip"), depth < maximumDepth {
                let inner = try ZipArchive(data: archive.contents(of: entry), name: "\(archive.name): \(prefix + entry.path)")
                try collect(inner, prefix: prefix + entry.path + "/", depth: depth + 1, into: &found)
            }
        }
    }

    /// Of `X.csv` and `X_all.csv`, keeps `X_all.csv`.
    static func preferAll(_ parts: [String]) -> (keep: Set<String>, superseded: [String]) {
        let all = Set(parts.filter { $0.lowercased().hasSuffix("_all.csv") })
        var keep = Set<String>()
        var superseded: [String] = []
        for part in parts {
            let stem = part.dropLast(4)
            if all.contains(stem + "_all.csv") || all.contains(stem + "_all.CSV") {
                superseded.append(part)
            } else {
                keep.insert(part)
            }
        }
        return (keep, superseded.sorted())
    }

    /// The member's bytes (inflated, CRC-checked).
    public func data(of member: Member) throws(ReadError) -> Data {
        try member.archive.contents(of: member.entry)
    }
}
