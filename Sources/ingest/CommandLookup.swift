/// The command a word on the command line names: exact, else an error with the nearest name
/// (`imprt` → "did you mean `import`?"). Used for `ingest CMD` and `ingest help CMD`.
enum CommandLookup {
    /// What may stand first on the command line besides a command.
    static let globalFlags = ["--version", "-V", "--help", "-h"]

    /// The listed or hidden command called `name`.
    static func find(_ name: String) -> CommandEntry? {
        (commands + hiddenCommands).first { $0.name == name }
    }

    /// The message for a first word that is no command: the nearest command (or global flag,
    /// for a word starting with `-`), else the list of commands.
    static func unknown(_ name: String) -> String {
        let known = name.hasPrefix("-") ? globalFlags : commands.map(\.name) + ["help"]
        if let near = Suggestion.closest(to: name, among: known) {
            return "ingest: unknown \(name.hasPrefix("-") ? "option" : "command") \"\(name)\": did you mean `\(near)`? (see ingest --help)"
        }
        return "ingest: unknown command \"\(name)\" (commands: \(commands.map(\.name).joined(separator: ", ")))"
    }

    /// `ingest help [COMMAND]`: the command's help, or the global help without one (or for a
    /// global flag, `ingest help --version`).
    static func help(_ name: String?) -> Int32 {
        guard let name, !globalFlags.contains(name) else {
            print(topHelp(), terminator: "")
            return 0
        }
        guard let command = find(name) else {
            Stderr.print(unknown(name))
            return 2
        }
        print(command.help, terminator: "")
        return 0
    }
}
