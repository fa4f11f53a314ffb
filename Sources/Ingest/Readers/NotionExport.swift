import Foundation

/// The database tables inside a Notion export ZIP: `<Database> <32 hex>.csv` files, found in
/// folders and in nested `Part-N.zip` archives. When a database comes both as the exported view
/// and as `…_all.csv` (every row), only the `_all` file is read.
package struct NotionExport: Sendable {
    /// One database CSV inside the export.
    package struct Member: Sendable {
        /// The member's path, nested archives joined with `/` (`Part-1.zip/Subs 0a1b….csv`).
        package var part: String
        let archive: ZipArchive
        let entry: ZipArchive.Entry
    }

    package let name: String
    /// The database CSVs to read, in path order.
    package let members: [Member]
    /// Plain view files left out because an `_all` file holds the same database.
    package let superseded: [String]
    /// What each member may inflate to.
    package let limits: ZipLimits

    /// Archives nested deeper than this are refused (a ZIP that contains itself would never end).
    package static let maximumDepth = 4

    package init(path: String, name: String, limits: ZipLimits = ZipLimits()) throws(ReadError) {
        try self.init(archive: ZipArchive(path: path, name: name), limits: limits)
    }

    package init(archive: ZipArchive, limits: ZipLimits = ZipLimits()) throws(ReadError) {
        name = archive.name
        self.limits = limits
        var found: [Member] = []
        try Self.collect(archive, root: archive.name, prefix: "", depth: 0, limits: limits, into: &found)
        let chosen = Self.preferAll(found.map(\.part))
        members = found.filter { chosen.keep.contains($0.part) }.sorted { $0.part < $1.part }
        superseded = chosen.superseded
        guard !members.isEmpty else {
            throw ReadError(file: name, "the ZIP archive holds no CSV file (expected a Notion export with \"<Database> <id>.csv\" inside; export the database as Markdown & CSV)")
        }
    }

    /// Nested archives are inflated to temporary files, never into memory; each is named in
    /// messages by the outermost archive's name and its path below it (`export.zip: Part-1.zip`).
    private static func collect(_ archive: ZipArchive, root: String, prefix: String, depth: Int, limits: ZipLimits,
                                into found: inout [Member]) throws(ReadError) {
        for entry in archive.entries where !entry.isDirectory {
            let file = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            if entry.path.hasPrefix("__MACOSX/") || file.hasPrefix("._") { continue }
            let lower = file.lowercased()
            if lower.hasSuffix(".csv") {
                found.append(Member(part: prefix + entry.path, archive: archive, entry: entry))
            } else if lower.hasSuffix(".zip") {
                guard depth < maximumDepth else {
                    throw ReadError(file: archive.name, "nested ZIPs deeper than \(maximumDepth) levels: \(prefix + entry.path) "
                        + "(an archive that contains itself, or a damaged export); unzip it and import the CSV files inside")
                }
                let inner = try ZipArchive(member: entry, of: archive, name: "\(root): \(prefix + entry.path)", limits: limits)
                try collect(inner, root: root, prefix: prefix + entry.path + "/", depth: depth + 1, limits: limits, into: &found)
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

    /// The member's bytes in memory (inflated, CRC-checked, within `limits`).
    package func data(of member: Member) throws(ReadError) -> Data {
        try member.archive.contents(of: member.entry, limits: limits)
    }

    /// The member inflated once into a temporary file, which the table reader then reads as
    /// often as it needs; the caller removes it.
    package func spool(_ member: Member) throws(ReadError) -> TemporaryFile {
        try member.archive.spool(member.entry, limits: limits)
    }
}
