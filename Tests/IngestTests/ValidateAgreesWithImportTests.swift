import Foundation
import Testing
@testable import Ingest

/// `ingest validate` and `ingest import` read every fixture table the same way: the same file
/// kind, and the same columns and column formats for each table (each database of a Notion
/// export) or the same reading of a bank statement.
@Suite struct ValidateAgreesWithImportTests {
    static let today = CalendarDate(iso: "2026-11-30") ?? CalendarDate(dayNumber: 0)

    /// Every `.csv`, `.tsv` and `.zip` below `Fixtures/`, as paths relative to it.
    static let files: [String] = {
        let root = FixtureFolder.root.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if ["csv", "tsv", "zip"].contains(FileExtension.of(relative)) { found.append(relative) }
        }
        return found.sorted()
    }()

    @Test func findsTheFixtures() {
        #expect(ValidateAgreesWithImportTests.files.count > 100)
        #expect(ValidateAgreesWithImportTests.files.contains { $0.hasPrefix("bank/") })
        #expect(ValidateAgreesWithImportTests.files.contains { $0.hasPrefix("notion/") })
        #expect(ValidateAgreesWithImportTests.files.contains { $0.hasSuffix(".tsv") })
    }

    @Test(arguments: files)
    func agree(_ relative: String) throws {
        let path = FixtureFolder.url(relative).path
        let validator = FileValidator(settings: ValidateSettings(), today: ValidateAgreesWithImportTests.today)
        let (result, validated) = validator.inspect(file: path, name: relative)
        let options = validator.importOptions

        // The kind: what the import reports having read the file as.
        let imported: ImportReport
        do {
            imported = try Importer(options: options).run(path: path, name: relative) { _ in }
        } catch {
            // An input import refuses is one validate reports as an error.
            #expect(result.count(.error) > 0, "import refused \(relative) (\(error)); validate found \(result.findings.map(\.code))")
            return
        }
        let kind = try #require(validated.kind)
        #expect(kind.sourceKind == imported.kind)

        switch kind {
        case .table:
            // Validate stops at a first row that holds values (header.missing); import reads on.
            if result.findings.contains(where: { $0.code == "header.missing" }) { return }
            let prepared = try TableImporter(options: options).prepare(options.openList(path: path, name: relative))
            let table = try #require(validated.tables.first)
            #expect(validated.tables.count == 1)
            #expect(table.mapping == imported.mapping)
            #expect(table.mapping == prepared.mapping)
            #expect(Self.decisions(table.formats, table.mapping) == Self.decisions(prepared.formats, prepared.mapping))
        case .notionExport:
            let export = try NotionExport(path: path, name: relative, limits: options.zip)
            #expect(validated.tables.map(\.part) == export.members.map(\.part))
            #expect(validated.tables.first?.mapping == imported.mapping)
            for (member, table) in zip(export.members, validated.tables) {
                let file = try export.spool(member)
                defer { file.remove() }
                let prepared = try TableImporter(options: options).prepare(options.openList(path: file.path, name: member.part))
                #expect(table.mapping == prepared.mapping, "\(member.part)")
                #expect(Self.decisions(table.formats, table.mapping) == Self.decisions(prepared.formats, prepared.mapping),
                        "\(member.part)")
            }
        case .workbook:
            let (sheets, _) = try WorkbookImporter(options: options).choose(path: path, name: relative)
            defer { for sheet in sheets { sheet.file.remove() } }
            #expect(validated.tables.map(\.part) == sheets.map(\.sheet.name))
            #expect(validated.tables.first?.mapping == imported.mapping)
        case .bankStatement:
            let read = try #require(validated.statement)
            let opened = try options.openStatement(path: path, name: relative)
            #expect(read.layout == opened.layout)
            #expect(read.header == opened.header)
            #expect(read.columns == opened.columns)
            #expect(read.sign == opened.sign)
            #expect(read.dateOrder == opened.dateOrder)
            #expect(read.decimalMark == opened.decimalMark)
            #expect(read.encoding == opened.encoding)
            #expect(read.currency == opened.currency)
            // A statement's debits are not negative prices.
            #expect(!result.findings.contains { $0.code.hasPrefix("price.") })
        case .screenshot:
            Testing.Issue.record("\(relative): a table fixture read as a screenshot")
        }
    }

    /// What a table's formats decide for its mapped columns: date order, decimal mark, script.
    static func decisions(_ formats: ColumnFormats, _ mapping: ColumnMapping) -> [String] {
        var out: [String] = []
        for field in [Field.nextRenewal, .startDate] {
            if let column = mapping[field] {
                let (order, guessed) = formats.dateOrder(column: column, locale: nil)
                out.append("\(field.rawValue): \(order?.rawValue ?? "-")\(guessed ? " guessed" : "")")
            }
        }
        if let column = mapping[.price] {
            let (mark, guessed) = formats.decimalMark(column: column, locale: nil)
            out.append("price: \(mark?.rawValue ?? "-")\(guessed ? " guessed" : "")")
        }
        out.append("script: \(formats.cjkScript.map { "\($0)" } ?? "-")")
        return out
    }
}
