import Foundation
import Ingest

/// `ingest schema`: the JSON Schema of the canonical output.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of the canonical output (ingest/subscriptions@1)."
    static let usage = "ingest schema [-o FILE]"
    static let options: [OptionSpec] = [CommonOptions.output("the schema"), CommonOptions.quiet]

    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.isEmpty else { throw UsageError("schema takes no arguments") }
        output = try CommonOptions.output(args, example: "subscriptions.schema.json")
    }

    func run() throws -> Int32 {
        guard let text = Resources.text("subscriptions.schema.json") else {
            Stderr.print("ingest: the schema resource is missing from this build")
            return 1
        }
        let out = try OutputFile(path: output)
        out.write(text)
        try out.close()
        return 0
    }
}
