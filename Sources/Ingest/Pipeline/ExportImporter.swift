import Foundation

/// Imports every database CSV of a Notion export ZIP, two passes each, into one report. Each
/// member is inflated once, into a temporary file that both passes read.
struct ExportImporter {
    var options: ImportOptions

    func run(path: String, name: String, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let export = try NotionExport(path: path, name: name, limits: options.zip)
        var report = ImportReport(source: name, kind: .notion)
        var read: [String] = []
        for member in export.members {
            let file = try export.spool(member)
            defer { file.remove() }
            let part = try TableImporter(options: options).run(name: name, kind: .notion, part: member.part, open: {
                try CSVTable(path: file.path, name: "\(name): \(member.part)", encoding: options.encoding, limits: options.limits)
            }, emit: emit)
            report.rows += part.rows
            report.drafts += part.drafts
            report.skips += part.skips
            report.warnings += part.warnings.map { Issue($0.code, $0.severity, "\(member.part): \($0.message)") }
            if report.mapping == nil { report.mapping = part.mapping }
            read.append("\(member.part) (\(part.rows) row\(part.rows == 1 ? "" : "s"))")
        }
        var note = "read \(read.joined(separator: ", "))"
        if !export.superseded.isEmpty {
            note += "; left out \(export.superseded.joined(separator: ", ")) (the _all file holds every row of that database)"
        }
        report.warnings.insert(Issue("zip.members", .info, note), at: 0)
        return report
    }
}
