import Foundation

/// Imports one input (a path as the user gave it) into drafts, choosing the reader from
/// `--from`, else from the extension and content.
public struct Importer: Sendable {
    public var options: ImportOptions

    public init(options: ImportOptions) {
        self.options = options
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "bmp", "gif"]

    /// The reader for a path when `--from` is not given.
    public static func guessKind(path: String) -> SourceKind {
        let ext = (path as NSString).pathExtension.lowercased()
        if imageExtensions.contains(ext) { return .screenshot }
        if ext == "zip" { return .notion }
        return .csv
    }

    /// Reads `path` (a file; the caller spools stdin to a file first) and hands each draft on.
    public func run(path: String, name: String? = nil, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let display = name ?? path
        let kind = options.kind ?? Importer.guessKind(path: path)
        switch kind {
        case .notion where ZipArchive.looksLikeZip(path: path) || (path as NSString).pathExtension.lowercased() == "zip":
            return try ExportImporter(options: options).run(path: path, name: display, emit: emit)
        case .csv, .sheets, .notion, .bank:
            return try TableImporter(options: options).run(name: display, kind: kind, open: {
                try CSVTable(path: path, name: display, encoding: options.encoding)
            }, emit: emit)
        case .screenshot:
            throw ReadError(file: display, "screenshots are not supported yet")
        }
    }
}
