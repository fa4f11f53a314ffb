import Foundation
import Ingest

/// `ingest completions bash|zsh|fish`: a completion script made from the same option tables
/// as the commands' `--help`, so that it cannot drift from them.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script (bash, zsh or fish)."
    static let usage = "ingest completions bash|zsh|fish [-o FILE]"
    static let discussion = """
        bash:  source <(ingest completions bash)      (or save it in ~/.local/share/bash-completion/completions/ingest)
        zsh:   ingest completions zsh > "${fpath[1]}/_ingest"   (or source <(ingest completions zsh) after compinit)
        fish:  ingest completions fish > ~/.config/fish/completions/ingest.fish
        Commands, options, the values of options that take one of a few words (--accept all|confident|none),
        and file names where a file is expected.
        """
    static let options: [OptionSpec] = [CommonOptions.output("the script"), CommonOptions.quiet]

    let shell: String
    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        let shells = ["bash", "zsh", "fish"]
        guard args.positionals.count == 1 else { throw UsageError("completions needs one shell: bash, zsh or fish") }
        guard shells.contains(args.positionals[0]) else {
            throw UsageError("\"\(args.positionals[0])\" is not bash, zsh or fish\(Suggestion.hint(for: args.positionals[0], among: shells))")
        }
        shell = args.positionals[0]
        output = try CommonOptions.output(args, example: "ingest.\(shell)")
    }

    func run() throws -> Int32 {
        let script = ShellCompletion(commands: commands)
        let out = try OutputFile(path: output)
        switch shell {
        case "zsh": out.write(script.zsh())
        case "fish": out.write(script.fish())
        default: out.write(script.bash())
        }
        try out.close()
        return 0
    }
}

/// `ingest man`: the manual page (roff), made from the same texts as `--help`.
struct ManCommand: Command {
    static let name = "man"
    static let summary = "Print the manual page (roff): ingest man | man -l -"
    static let usage = "ingest man [-o FILE]"
    static let options: [OptionSpec] = [CommonOptions.output("the page"), CommonOptions.quiet]

    let output: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        guard args.positionals.isEmpty else { throw UsageError("man takes no arguments") }
        output = try CommonOptions.output(args, example: "ingest.1")
    }

    func run() throws -> Int32 {
        let out = try OutputFile(path: output)
        out.write(ManualPage(commands: commands).roff())
        try out.close()
        return 0
    }
}

/// What completion needs of an option: its names, the words its value may be, and whether
/// the value is a file.
private struct CompletedOption {
    var names: [String]
    var takesValue: Bool
    var choices: [String]
    var isFile: Bool
    var help: String

    init(_ spec: OptionSpec) {
        names = spec.names
        takesValue = spec.value != nil
        let value = spec.value ?? ""
        // "all|confident|none" lists its words; "FILE", "OUT.png", "DRAFTS.json" name a file.
        choices = !spec.choices.isEmpty ? spec.choices
            : value.contains("|") && value == value.lowercased() ? value.split(separator: "|").map(String.init) : []
        isFile = choices.isEmpty && (value.contains("FILE") || value.contains("DIR") || value.contains("."))
        // The first sentence, without the characters the shells' syntax gives a meaning to.
        let sentence = spec.help.split(separator: ".", maxSplits: 1).first.map(String.init) ?? spec.help
        help = String(sentence.filter { !"[]:'\"\\$`".contains($0) }.prefix(80))
    }
}

struct ShellCompletion {
    var commands: [CommandEntry]

    private func options(_ command: CommandEntry) -> [CompletedOption] {
        (command.options + [.flag("--help", "-h", help: "Show this help.")]).map(CompletedOption.init)
    }

    private var names: [String] { commands.map(\.name) + ["help"] }

    func bash() -> String {
        var text = """
            # bash completion for ingest: made by `ingest completions bash`
            _ingest() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} options=""
                if (( COMP_CWORD == 1 )); then
                    COMPREPLY=($(compgen -W "\(names.joined(separator: " ")) --help --version -V" -- "$cur"))
                    return
                fi
                case ${COMP_WORDS[1]} in

            """
        for command in commands {
            let specs = options(command)
            text += "        \(command.name))\n"
            text += "            options=\"\(specs.flatMap(\.names).joined(separator: " "))\"\n"
            text += "            case $prev in\n"
            for spec in specs where spec.takesValue {
                let names = spec.names.joined(separator: "|")
                if !spec.choices.isEmpty {
                    text += "                \(names)) COMPREPLY=($(compgen -W \"\(spec.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                } else if spec.isFile {
                    text += "                \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                } else {
                    text += "                \(names)) COMPREPLY=(); return ;;\n"
                }
            }
            text += "            esac ;;\n"
        }
        text += """
                    help)
                        COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"))
                        return ;;
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -o bashdefault -F _ingest ingest

            """
        return text
    }

    func zsh() -> String {
        var text = """
            #compdef ingest
            # zsh completion for ingest: made by `ingest completions zsh`
            _ingest() {
                local -a commands
                commands=(

            """
        for command in commands { text += "        '\(command.name):\(CompletedOption.plain(command.summary))'\n" }
        text += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in

            """
        for command in commands {
            text += "        \(command.name))\n            _arguments -s \\\n"
            for spec in options(command) {
                let action = !spec.choices.isEmpty ? ":value:(\(spec.choices.joined(separator: " ")))"
                    : spec.isFile ? ":file:_files" : spec.takesValue ? ":value: " : ""
                let exclusive = spec.names.count > 1 ? "(\(spec.names.joined(separator: " ")))" : ""
                let names = spec.names.count > 1 ? "'\(exclusive)'{\(spec.names.joined(separator: ","))}'" : "'\(spec.names[0])"
                text += "                \(names)[\(spec.help)]\(action)' \\\n"
            }
            text += "                '*:file:_files' ;;\n"
        }
        text += """
                    help) _describe 'command' commands ;;
                esac
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _ingest "$@"
            else
                compdef _ingest ingest
            fi

            """
        return text
    }

    func fish() -> String {
        var text = "# fish completion for ingest: made by `ingest completions fish`\ncomplete -c ingest -f\n"
        let all = names.joined(separator: " ")
        for command in commands {
            text += "complete -c ingest -n 'not __fish_seen_subcommand_from \(all)' -a \(command.name) -d '\(CompletedOption.plain(command.summary))'\n"
        }
        text += "complete -c ingest -n 'not __fish_seen_subcommand_from \(all)' -a help -d 'Show the help of a command'\n"
        text += "complete -c ingest -n '__fish_seen_subcommand_from help' -a '\(commands.map(\.name).joined(separator: " "))'\n"
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            text += "complete -c ingest \(condition) -F\n"
            for spec in options(command) {
                var line = "complete -c ingest \(condition)"
                for name in spec.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                if !spec.choices.isEmpty { line += " -x -a '\(spec.choices.joined(separator: " "))'" }
                else if spec.isFile { line += " -r -F" }
                else if spec.takesValue { line += " -x" }
                text += line + " -d '\(spec.help)'\n"
            }
        }
        return text
    }
}

private extension CompletedOption {
    static func plain(_ text: String) -> String {
        String(text.filter { !"[]:'\"\\$`".contains($0) })
    }
}

/// The manual page, in roff (the `man` macros), from the top help and each command's help.
struct ManualPage {
    var commands: [CommandEntry]

    func roff() -> String {
        var text = """
            .TH INGEST 1 \(versionDate) "ingest \(version)" "User Commands"
            .SH NAME
            ingest \\- turn subscription lists, bank statements and billing screenshots into one canonical JSON list
            .SH SYNOPSIS
            .B ingest
            .I COMMAND
            .RI [ options ]
            .br
            .B ingest help
            .RI [ COMMAND ]
            .SH DESCRIPTION
            \(Self.escaped("ingest reads Notion and Google Sheets exports, other apps' CSV exports, bank and card statements and billing screenshots, and writes the subscriptions in them as one canonical JSON list (name, price, currency, billing cycle, next renewal, category), after a review step in which nothing is saved that was not accepted."))
            .SH COMMANDS

            """
        for command in commands {
            text += ".SS \(command.name)\n\(Self.escaped(command.summary))\n.PP\n.nf\n\(Self.escaped(command.usage))\n.fi\n"
            if !command.discussion.isEmpty {
                text += ".PP\n.nf\n\(Self.escaped(command.discussion))\n.fi\n"
            }
            for spec in command.options {
                let names = spec.names.map { "\\fB\(Self.escaped($0))\\fR" }.joined(separator: ", ")
                let value = spec.value.map { " \\fI\(Self.escaped($0))\\fR" } ?? ""
                text += ".TP\n\(names)\(value)\n\(Self.escaped(spec.help))\n"
            }
        }
        text += """
            .SH EXIT STATUS
            .TP
            0
            Success (for validate: no errors, and no more warnings than \\-\\-max\\-warnings).
            .TP
            1
            An input could not be read or imported, or validate found errors.
            .TP
            2
            A usage error: an unknown command or option, a missing or malformed value, a bad config file.
            .SH ENVIRONMENT
            .TP
            TMPDIR
            Where each run makes its temporary folder (default /tmp).
            .TP
            NO_COLOR
            When set and not empty, no colour in the preview.
            .TP
            COLUMNS
            The width the preview fits when standard output is not a terminal.
            .TP
            INGEST_FETCH_TIMEOUT, INGEST_SHEETS_BASE_URL
            Defaults for \\-\\-timeout and \\-\\-sheets\\-base\\-url.
            .TP
            TESSDATA_PREFIX
            Where Tesseract's language data is (default: the Debian folder).
            .SH SEE ALSO
            The reference pages in the project's docs folder: commands.md, cli.md, limits.md, formats.md.

            """
        return text
    }

    /// Text as roff shows it literally: backslashes and dashes escaped, and no line starting
    /// with the control characters `.` or `'`.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
