import Foundation
import Ingest

/// `ingest sheets-url URL`: the CSV export URL `ingest import` fetches for a pasted link.
struct SheetsURLCommand: Command {
    static let name = "sheets-url"
    static let summary = "Print the CSV export URL that import fetches for a Google Sheets link."
    static let usage = "ingest sheets-url URL [--sheets-base-url URL] [-o FILE]"
    static let discussion = """
        URL is any link the browser shows for a sheet (…/edit#gid=N, /view, /htmlview, /copy,
        published …/d/e/2PACX-…/pubhtml or /pub?output=csv, /export?format=csv, /gviz/tq?sheet=NAME,
        Workspace …/a/DOMAIN/spreadsheets/…, and links from before 2014: …/spreadsheet/ccc?key=ID and
        /spreadsheet/pub?key=ID). The tab the link points at and a resourcekey are kept. A plain http(s) link to a .csv file is printed as it is.
        Anything else is an error (exit 1).
        """
    static let options: [OptionSpec] = [CommonOptions.sheetsBase, CommonOptions.output("the URL"), CommonOptions.quiet]

    let link: String
    let fetch: FetchOptions
    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.count == 1 else { throw UsageError("sheets-url needs exactly one URL") }
        link = args.positionals[0]
        fetch = try CommonOptions.fetch(args)
        output = try CommonOptions.output(args, example: "export-url.txt")
    }

    func run() throws -> Int32 {
        do {
            let remote = try RemoteLink.parse(link)
            let out = try OutputFile(path: output)
            out.write(remote.fetchURL(base: fetch.sheetsBaseURL) + "\n")
            try out.close()
            return 0
        } catch {
            Stderr.print("ingest: \(RemedyWording.describe(error))")
            return 1
        }
    }
}
