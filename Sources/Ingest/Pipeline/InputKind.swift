import Foundation

/// How a file given to `ingest import` or `ingest validate` is read. Both commands take it from
/// `ImportOptions.inputKind(of:)`, so they always read one file the same way.
package enum InputKind: Equatable, Sendable {
    /// A table of subscriptions (a CSV or TSV file, a Sheets or Notion CSV), read by `TableImporter`.
    case table(SourceKind)
    /// A Notion export ZIP: each database CSV inside is a table.
    case notionExport
    /// An .xlsx or .ods workbook: each sheet that holds a list is a table.
    case workbook
    /// A bank or card statement, read by `TransactionTable` and `BankImporter`.
    case bankStatement
    case screenshot

    /// The `SourceKind` an import report names for this kind.
    package var sourceKind: SourceKind {
        switch self {
        case .table(let kind): return kind
        case .notionExport: return .notion
        case .workbook: return .sheets
        case .bankStatement: return .bank
        case .screenshot: return .screenshot
        }
    }

    /// Whether a file is a ZIP archive (by its first bytes or its extension) rather than a CSV.
    package static func isArchive(_ path: String) -> Bool {
        ZipArchive.looksLikeZip(path: path) || FileExtension.of(path) == "zip"
    }
}

extension ImportOptions {
    /// The reader for the file at `path`: `kind` (`--from`) when given, else from the first
    /// bytes and the extension (`Importer.guessKind`); a table whose header names a transaction
    /// table is a bank statement (`Importer.looksLikeBankStatement`). `mayBeStatement` false
    /// skips that test, for a table already found not to be a statement.
    package func inputKind(of path: String, mayBeStatement: Bool = true) -> InputKind {
        inputKind(of: path, name: path, mayBeStatement: mayBeStatement, keepingList: false).kind
    }

    /// `inputKind(of:)`, with the list reader the decision opened when the file is a table of
    /// subscriptions: deciding whether a CSV file is a bank statement reads its first bytes and
    /// header with the list reader (`Importer.openDeciding`), and the first pass reads on from
    /// it instead of opening the file again. Nil when no reader was opened or opening failed
    /// (opening again then says why).
    package func openingKind(of path: String, name: String) -> (kind: InputKind, list: TableSource?) {
        inputKind(of: path, name: name, mayBeStatement: true, keepingList: true)
    }

    private func inputKind(of path: String, name: String, mayBeStatement: Bool, keepingList: Bool) -> (kind: InputKind, list: TableSource?) {
        // The first bytes are read once, for both tests.
        let head = self.kind == nil || self.kind == .sheets ? InputSniffer.prefix(path: path) : []
        if self.kind == nil || self.kind == .sheets, Workbook.isWorkbook(path: path, head: head) { return (.workbook, nil) }
        var kind = self.kind ?? Importer.guessKind(path: path, head: head)
        var list: TableSource?
        if self.kind == nil, kind == .csv, mayBeStatement {
            let decided = Importer.openDeciding(path: path, name: name, options: self)
            if decided.statement { kind = .bank } else if keepingList { list = decided.list }
        }
        return (inputKind(kind, path: path), list)
    }

    private func inputKind(_ kind: SourceKind, path: String) -> InputKind {
        switch kind {
        case .bank: return .bankStatement
        case .screenshot: return .screenshot
        case .notion where InputKind.isArchive(path): return .notionExport
        case .csv, .sheets, .notion: return .table(kind)
        }
    }

    /// Opens a table file with `--encoding` and the read limits; a program, image, document or
    /// archive is refused by what it looks like (`BinarySignature`).
    package func openTable(path: String, name: String) throws(ReadError) -> CSVTable {
        try BinarySignature.refuse(path: path, name: name)
        return try CSVTable(path: path, name: name, encoding: encoding, limits: limits)
    }

    /// `openTable`, with the rows of one record joined when the table writes a record over
    /// several rows (`RecordGroups`): what every list import and check reads.
    package func openList(path: String, name: String) throws(ReadError) -> TableSource {
        try RecordGroups.wrap(openTable(path: path, name: name))
    }

    /// Opens a bank statement with `--encoding`, the context and the read limits.
    package func openStatement(path: String, name: String) throws(ReadError) -> TransactionTable {
        try BinarySignature.refuse(path: path, name: name)
        return try TransactionTable(path: path, name: name, encoding: encoding, context: context, limits: limits)
    }
}
