import Testing
import IngestTestSupport
@testable import Ingest
@testable import ingest

/// The CLI puts the library's remedies into its flags' words: each case reads exactly as the
/// CLI printed it when the library named the flags itself.
@Suite struct RemedyWordingTests {
    @Test(arguments: RemedyCase.all)
    func remedyReadsAsTheFlag(_ c: RemedyCase) {
        #expect(RemedyWording.text(c.message, c.remedy) == c.cli)
    }

    @Test func issueAndErrorsAreSpelledOut() {
        let issue = LibraryIssue(.cycleMissing, .warning, "subs.csv:2: no billing cycle found", remedy: .mapColumn(.cycle))
        let spelled = RemedyWording.spelledOut(issue)
        #expect(spelled.message == "subs.csv:2: no billing cycle found; add a cycle column or --map cycle=HEADER")
        #expect(spelled.remedy == nil)
        #expect(RemedyWording.spelledOut(spelled) == spelled)

        let read = ReadError(file: "long.csv", line: 2, column: 2, "a cell longer than 64 bytes (a quote left open, or not a table?)",
                             remedy: .raiseLimit(.cellBytes, current: 64))
        #expect(RemedyWording.describe(read)
                == "long.csv:2:2: a cell longer than 64 bytes (a quote left open, or not a table?); raise the limit with --max-cell-bytes N if the cell is real")
        let mapping = MappingError(field: .cycle, header: "Billing", message: "cycle=Billing: no column is called \"Billing\" (columns: \"Service\")")
        #expect(RemedyWording.describe(mapping) == "--map cycle=Billing: no column is called \"Billing\" (columns: \"Service\")")
        #expect(RemedyWording.policy(.confident) == "--accept confident")

        // A mapping error in a validate report, as found in a Notion export's member.
        var finding = Finding(code: "map.unknown-column", severity: .error, message: "Subs.csv: \(mapping.message)")
        finding.mapping = mapping.mapping
        let report = RemedyWording.spelledOut(ValidationReport(files: [FileResult(path: "export.zip", findings: [finding])]))
        #expect(report.files.first?.findings.first?.message
                == "Subs.csv: --map cycle=Billing: no column is called \"Billing\" (columns: \"Service\")")

        let drafts = DraftsFileError(messages: [RemedyCase.notADraftsFile.message], notADraftsFile: true)
        #expect(RemedyWording.messages(drafts) == [RemedyCase.notADraftsFile.cli])
        let config = ConfigError(path: "ingest.json", "severity: unknown code \"price.bogus\"", unknownCode: "price.bogus")
        #expect(RemedyWording.describe(config) == RemedyCase.unknownCode.cli)
    }
}
