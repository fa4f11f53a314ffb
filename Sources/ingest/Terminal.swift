import Foundation
import Ingest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the CLI knows about its terminal: whether standard input and output are one, how wide
/// it is, and whether colour is wanted.
enum Terminal {
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The width of the terminal on standard output (TIOCGWINSZ), else `COLUMNS`, else nil.
    static func width() -> Int? {
        if outputIsTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return nil
    }

    /// ANSI colour only on a terminal, and never when `NO_COLOR` is set to anything.
    static var wantsColor: Bool {
        outputIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}

/// Answers for the interactive review, read from standard input.
struct StandardInputLines: LineSource {
    mutating func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
