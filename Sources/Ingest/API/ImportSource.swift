import Foundation

/// What an app imports: a file, bytes it holds in memory (a shared or pasted file), or a link
/// to a Google Sheet or a CSV file.
public enum ImportSource: Sendable, Hashable {
    /// A file on disk; `name`, when given, is what messages and provenance call it.
    case file(path: String, name: String? = nil)
    /// Bytes in memory, written to a temporary file for the reader and removed after. `name`
    /// (`subs.csv`, `statement.csv`, `screen.png`) names it in messages and provenance.
    case bytes(Data, name: String)
    /// A Google Sheets link or a link to a `.csv`/`.tsv` file, fetched once.
    case link(String)

    /// The name messages and provenance use.
    public var name: String {
        switch self {
        case .file(let path, let name): return name ?? path
        case .bytes(_, let name): return name
        case .link(let link): return link
        }
    }

    /// The path `Importer` reads, and the temporary file to remove afterwards, if one was made.
    func open() throws(ReadError) -> (path: String, spooled: TemporaryFile?) {
        switch self {
        case .file(let path, _): return (path, nil)
        case .link(let link): return (link, nil)
        case .bytes(let data, let name):
            let file = try TemporaryFile(prefix: "ingest-bytes", what: name)
            let failure: ReadError? = data.withUnsafeBytes { bytes in
                do throws(ReadError) { try file.write(bytes, what: name) } catch { return error }
                return nil
            }
            if let failure {
                file.remove()
                throw failure
            }
            file.finishWriting()
            return (file.path, file)
        }
    }
}

/// How far an import has got, handed to the caller's progress closure after each draft and
/// once at the end.
public struct ImportProgress: Sendable, Hashable {
    /// Source rows read so far: the row of the latest draft while reading, every row at the end.
    public var rowsRead = 0
    /// Bytes of the input read: its size once reading is done, 0 before.
    public var bytesRead = 0
    /// The size of the input in bytes, when known before reading (not for a link).
    public var bytesTotal: Int?
    /// Screenshots recognised so far.
    public var imagesDone = 0
    /// Drafts handed on so far.
    public var drafts = 0
    /// True for the last report, sent when the input has been read in full.
    public var finished = false

    public init() {}
}
