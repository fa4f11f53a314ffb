import Foundation

/// Imports every database CSV of a Notion export ZIP, two passes each, into one report. Each
/// member is inflated once, into a temporary file that both passes read.
struct ExportImporter {
    var options: ImportOptions

    /// The first pass over every member (`TableImporter.runNames`), handing on each row's
    /// duplicate key hash; the members stay inflated for `run`, which reads the archive no more.
    func prepare(path: String, name: String, count: (UInt64?) throws -> Void) throws -> PreparedExport {
        let export = try NotionExport(path: path, name: name, limits: options.zip)
        var members: [PreparedExport.Member] = []
        for member in export.members {
            let file = try export.spool(member)
            do {
                let table = try TableImporter(options: options).runNames(name: name, open: {
                    try options.openList(path: file.path, name: "\(name): \(member.part)")
                }, count: count)
                members.append(PreparedExport.Member(part: member.part, file: file, table: table))
            } catch {
                file.remove()
                for done in members { done.file?.remove() }
                throw error
            }
        }
        return PreparedExport(members: members, superseded: export.superseded)
    }

    /// `prepared`: what `prepare` made of the same archive.
    func run(path: String, name: String, prepared: PreparedExport? = nil, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let members: [PreparedExport.Member], superseded: [String]
        var export: NotionExport?
        if let prepared {
            (members, superseded) = (prepared.members, prepared.superseded)
        } else {
            let opened = try NotionExport(path: path, name: name, limits: options.zip)
            export = opened
            (members, superseded) = (opened.members.map { PreparedExport.Member(part: $0.part, file: nil, table: nil) }, opened.superseded)
        }
        defer { for member in members { member.file?.remove() } }
        var report = ImportReport(source: name, kind: .notion)
        var read: [String] = []
        for (i, member) in members.enumerated() {
            let file: TemporaryFile
            if let kept = member.file { file = kept } else if let export { file = try export.spool(export.members[i]) } else { continue }
            defer { file.remove() }
            let part = try TableImporter(options: options).run(name: name, kind: .notion, part: member.part, prepared: member.table, open: {
                try options.openList(path: file.path, name: "\(name): \(member.part)")
            }, emit: emit)
            report.rows += part.rows
            report.drafts += part.drafts
            report.skips += part.skips
            report.warnings += part.warnings.map { $0.located(member.part) }
            if report.mapping == nil { report.mapping = part.mapping }
            read.append("\(member.part) (\(part.rows) row\(part.rows == 1 ? "" : "s"))")
        }
        var note = "read \(read.joined(separator: ", "))"
        if !superseded.isEmpty {
            note += "; left out \(superseded.joined(separator: ", ")) (the _all file holds every row of that database)"
        }
        report.warnings.insert(Issue("zip.members", .info, note), at: 0)
        return report
    }
}

/// A Notion export after the first pass: each member inflated into a temporary file, with its
/// columns and formats decided (`TableImporter.runNames`).
package struct PreparedExport: Sendable {
    struct Member: Sendable {
        var part: String
        /// nil: not inflated yet (`ExportImporter.run` without a first pass).
        var file: TemporaryFile?
        var table: PreparedTable?
        /// A workbook sheet's row numbers by line of its CSV file.
        var lines = SheetLines()
    }

    var members: [Member]
    var superseded: [String]
    /// Workbooks: the sheets left out, with why.
    var leftOut: [String] = []
}
