import Foundation
import Ingest

/// `ingest columns FILE`: which column feeds which field, with scores and reasons.
struct ColumnsCommand: Command {
    static let name = "columns"
    static let summary = "Show which column of a table feeds which field, and why."
    static let usage = "ingest columns FILE [--map FIELD=HEADER] [--from KIND] [--locale ID] [--format text|json] [-o FILE]"
    static let discussion = "FILE is a table (CSV, TSV, a Notion export ZIP), or - for standard input."
    static let options: [OptionSpec] = CommonOptions.reading + [
        CommonOptions.format(["text", "json"]), CommonOptions.output("the report"), CommonOptions.quiet,
    ]

    let input: String
    let options: ImportOptions
    let json: Bool
    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("columns needs exactly one FILE") }
        input = args.positionals[0]
        var options = try CommonOptions.importOptions(args)
        options.remembered = try CommonOptions.remembered(for: [input])
        self.options = options
        json = try CommonOptions.format(args, ["text", "json"]) == "json"
        output = args.value("-o")
        var paths = OutputPaths()
        paths.output("-o", output, example: json ? "columns.json" : "columns.txt")
        paths.input(input)
        try paths.check()
    }

    func run() throws -> Int32 {
        let file = try InputFile.resolve(input, limits: options.limits)
        defer { file.remove() }
        let table: TableSource
        let mapping: ColumnMapping
        do {
            table = try options.openList(path: file.path, name: file.name)
            mapping = try TableImporter(options: options).mapping(for: table).0
        } catch let error as ReadError {
            Stderr.print("ingest: \(RemedyWording.describe(error))")
            return 1
        } catch let error as MappingError {
            Stderr.print("ingest: \(file.name): \(RemedyWording.describe(error))")
            return 1
        }
        let out = try OutputFile(path: output)
        out.write(json ? ColumnReport.json(mapping, mapped: RemedyWording.mappedReason).serialized(pretty: true) + "\n"
                  : ColumnReport.text(mapping, mapped: RemedyWording.mappedReason))
        try out.close()
        return 0
    }
}
