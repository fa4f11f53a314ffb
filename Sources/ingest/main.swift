import Foundation
import Ingest

let version = "0.1.0"
/// The day this version was made, for the man page.
let versionDate = "2026-12-01"

/// A subcommand as the dispatcher sees it.
struct CommandEntry: Sendable {
    let name: String
    let summary: String
    let usage: String
    let help: String
    let discussion: String
    let options: [OptionSpec]
    let execute: @Sendable ([String]) throws -> Int32

    init<C: Command>(_ type: C.Type) {
        name = C.name
        summary = C.summary
        usage = C.usage
        help = C.help
        discussion = C.discussion
        options = C.options
        execute = { try C.execute($0) }
    }
}

let commands: [CommandEntry] = [
    CommandEntry(ImportCommand.self), CommandEntry(ColumnsCommand.self),
    CommandEntry(NormalizeCommand.self), CommandEntry(SchemaCommand.self),
    CommandEntry(PreviewCommand.self), CommandEntry(AcceptCommand.self), CommandEntry(OcrCommand.self),
    CommandEntry(SheetsURLCommand.self),
    CommandEntry(ValidateCommand.self), CommandEntry(CalendarCommand.self),
    CommandEntry(DueCommand.self), CommandEntry(ExportCommand.self),
    CommandEntry(CompletionsCommand.self), CommandEntry(ManCommand.self),
]

/// Commands that work but are not listed in the help (benchmark helpers).
let hiddenCommands: [CommandEntry] = [CommandEntry(BenchNormalizeCommand.self), CommandEntry(BenchLocalesCommand.self)]

func topHelp() -> String {
    var text = """
        ingest \(version): turn Notion, Google Sheets, bank CSV exports and billing screenshots into one
        canonical JSON list of subscriptions.

        USAGE: ingest COMMAND [options]
               ingest help [COMMAND]
               ingest -V | --version

        COMMANDS:

        """
    for command in commands {
        let pad = String(repeating: " ", count: max(1, 12 - command.name.count))
        text += "  \(command.name)\(pad)\(command.summary)\n"
    }
    text += "\nRun `ingest help COMMAND` or `ingest COMMAND --help` for a command's options. Exit codes: 0 success, 1 input not importable, 2 usage error (a misspelt command or option gets a suggestion).\n"
    return text
}

func main() -> Int32 {
    TemporaryFiles.useOwnFolder()
    TemporaryFiles.removeOnSignals()
    var args = Array(CommandLine.arguments.dropFirst())
    guard let first = args.first else {
        Stderr.print(topHelp())
        return 2
    }
    if first == "--version" || first == "-V" { print("ingest \(version)"); return 0 }
    if first == "--help" || first == "-h" { print(topHelp(), terminator: ""); return 0 }
    if first == "help" { return CommandLookup.help(args.dropFirst().first) }
    guard let command = CommandLookup.find(first) else {
        Stderr.print(CommandLookup.unknown(first))
        return 2
    }
    args.removeFirst()
    if args.contains("--help") || args.contains("-h") {
        print(command.help, terminator: "")
        return 0
    }
    return run(command, args)
}

func run(_ command: CommandEntry, _ args: [String]) -> Int32 {
    do {
        return try command.execute(args)
    } catch let error as UsageError {
        Stderr.print("ingest \(command.name): \(error.message)\nUSAGE: \(command.usage)")
        return 2
    } catch {
        Stderr.print("ingest \(command.name): \(RemedyWording.describe(error))")
        return 1
    }
}

let status = main()
TemporaryFiles.removeOwnFolder()
exit(status)
