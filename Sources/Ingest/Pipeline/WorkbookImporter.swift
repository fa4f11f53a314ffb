import Foundation

/// Imports the sheets of an .xlsx or .ods workbook, each like a CSV file of its own, into one
/// report: the sheet `--sheet` names, else every visible sheet whose columns hold a name and a
/// price (the sheets left out are listed in a note, with why).
struct WorkbookImporter {
    var options: ImportOptions

    /// A sheet's CSV file opened for the table reader, rows numbered as in the sheet.
    func open(_ sheet: Workbook.ReadSheet, name: String) throws(ReadError) -> TableSource {
        let table = try CSVTable(path: sheet.file.path, name: "\(name): \(sheet.sheet.name)", encoding: .utf8, limits: options.limits)
        return try RecordGroups.wrap(SheetTable(table: table, lines: sheet.lines))
    }

    /// The sheets to import, written out, and those left out with why.
    func choose(path: String, name: String) throws -> (sheets: [Workbook.ReadSheet], leftOut: [String]) {
        let book = try Workbook(path: path, name: name, zip: options.zip, read: options.limits)
        defer { book.removeUnread() }
        if let wanted = options.sheet {
            let sheet = try book.sheet(named: wanted)
            let read = try book.read([sheet])
            guard let first = read.first, first.rows > 0 else {
                throw ReadError(file: "\(name): \(sheet.name)", "the sheet is empty (expected a header row and data rows)")
            }
            return (read, book.sheets.filter { $0 != sheet }.map { "\"\($0.name)\" (not chosen)" })
        }
        var leftOut: [String] = []
        var candidates: [Workbook.ReadSheet] = []
        for sheet in book.sheets where sheet.hidden { leftOut.append("\"\(sheet.name)\" (hidden)") }
        let read = try book.read(book.sheets.filter { !$0.hidden })
        var chosen: [Workbook.ReadSheet] = []
        for sheet in read {
            guard sheet.rows > 0 else { leftOut.append("\"\(sheet.sheet.name)\" (empty)"); continue }
            candidates.append(sheet)
            do {
                let (mapping, _) = try TableImporter(options: options).mapping(for: open(sheet, name: name))
                var missing: [String] = []
                if mapping[.name] == nil { missing.append("name") }
                if mapping[.price] == nil { missing.append("price") }
                if missing.isEmpty { chosen.append(sheet) } else {
                    leftOut.append("\"\(sheet.sheet.name)\" (no \(missing.joined(separator: " or ")) column)")
                }
            } catch let error as ReadError {
                leftOut.append("\"\(sheet.sheet.name)\" (\(error.message))")
            }
        }
        // One sheet with something in it is read as a CSV file would be, list-like or not.
        if chosen.isEmpty, candidates.count == 1 {
            return (candidates, leftOut.filter { !$0.hasPrefix("\"\(candidates[0].sheet.name)\" (no") })
        }
        guard !chosen.isEmpty else {
            throw ReadError(file: name, "no sheet looks like a list of subscriptions (a name and a price column): "
                + leftOut.joined(separator: ", ") + "; choose one with --sheet NAME")
        }
        for sheet in candidates where !chosen.contains(where: { $0.sheet.number == sheet.sheet.number }) { sheet.file.remove() }
        return (chosen, leftOut)
    }

    /// The first pass over every chosen sheet (`TableImporter.runNames`); the sheets stay
    /// written out for `run`.
    func prepare(path: String, name: String, count: (UInt64?) throws -> Void) throws -> PreparedExport {
        let (sheets, leftOut) = try choose(path: path, name: name)
        var members: [PreparedExport.Member] = []
        for sheet in sheets {
            do {
                let table = try TableImporter(options: options).runNames(name: name, open: { try open(sheet, name: name) }, count: count)
                members.append(PreparedExport.Member(part: sheet.sheet.name, file: sheet.file, table: table, lines: sheet.lines))
            } catch {
                for sheet in sheets { sheet.file.remove() }
                throw error
            }
        }
        return PreparedExport(members: members, superseded: [], leftOut: leftOut)
    }

    func run(path: String, name: String, prepared: PreparedExport? = nil, emit: (ImportDraft) throws -> Void) throws -> ImportReport {
        let members: [PreparedExport.Member], leftOut: [String]
        if let prepared {
            (members, leftOut) = (prepared.members, prepared.leftOut)
        } else {
            let (sheets, left) = try choose(path: path, name: name)
            members = sheets.map { PreparedExport.Member(part: $0.sheet.name, file: $0.file, table: nil, lines: $0.lines) }
            leftOut = left
        }
        defer { for member in members { member.file?.remove() } }
        var report = ImportReport(source: name, kind: .sheets)
        var read: [String] = []
        for member in members {
            guard let file = member.file else { continue }
            let sheet = Workbook.ReadSheet(sheet: Workbook.Sheet(name: member.part, number: 0, hidden: false), file: file,
                                           lines: member.lines, rows: 0)
            let part = try TableImporter(options: options).run(name: name, kind: .sheets, part: member.part, prepared: member.table, open: {
                try open(sheet, name: name)
            }, emit: emit)
            report.rows += part.rows
            report.drafts += part.drafts
            report.skips += part.skips
            report.unlistedSkips.merge(part.unlistedSkips, uniquingKeysWith: +)
            report.warnings += part.warnings.map { $0.located(member.part) }
            if report.mapping == nil { report.mapping = part.mapping }
            read.append("\"\(member.part)\" (\(part.rows) row\(part.rows == 1 ? "" : "s"))")
        }
        var note = "read sheet\(read.count == 1 ? "" : "s") \(read.joined(separator: ", "))"
        if !leftOut.isEmpty { note += "; left out \(leftOut.joined(separator: ", "))" }
        report.warnings.insert(Issue("workbook.sheets", .info, note), at: 0)
        return report
    }
}
