import Foundation
import Ingest

/// What every command shares about where its result goes and how much it says on standard
/// error, so that they all behave alike: `-o FILE` (`-` or none: standard output), `-q` (only
/// errors), `--format text` (the plain-text form, under one name everywhere).
extension CommonOptions {
    /// `-o FILE`; `what` names the result in the help ("the calendar").
    static func output(_ what: String) -> OptionSpec {
        .option("-o", "--output", value: "FILE", help: "Write \(what) here (default, or -: standard output).")
    }

    /// The `-o` path of a command whose only output it is, checked (not a folder); nil for
    /// standard output.
    static func output(_ args: ParsedArguments, example: String) throws(UsageError) -> String? {
        let output = args.value("-o")
        var paths = OutputPaths()
        paths.output("-o", output, example: example)
        try paths.check()
        return output
    }

    static let quiet: OptionSpec = .flag("--quiet", "-q", help: "Print only errors on standard error: no notes, warnings or counts.")

    /// `--format` with the command's formats; `text` first, as the default.
    static func format(_ names: [String]) -> OptionSpec {
        .option("--format", value: names.joined(separator: "|"), help: "Output format (default: \(names[0])).")
    }

    /// The `--format` given, checked against `names` (`aliases` maps other accepted names to
    /// one of them); the first name when none is given.
    static func format(_ args: ParsedArguments, _ names: [String], aliases: [String: String] = [:]) throws(UsageError) -> String {
        guard let given = args.value("--format") else { return names[0] }
        let name = aliases[given.lowercased()] ?? given.lowercased()
        guard names.contains(name) else {
            throw UsageError("--format \(given): expected \(names.joined(separator: ", "))")
        }
        return name
    }
}
