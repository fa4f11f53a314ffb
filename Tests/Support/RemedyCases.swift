import Ingest

/// A message the library gives with a remedy, and the words the CLI prints for the two together:
/// the library's tests check that it gives `message` and `remedy` (naming no flag), the CLI's
/// that it prints `cli`, which is what it printed when the library named the flags itself.
package struct RemedyCase: Sendable, CustomStringConvertible {
    package var name: String
    package var message: String
    package var remedy: Issue.Remedy
    package var cli: String
    package var description: String { name }

    /// A file that is not a drafts file, and a config naming a code no check has: errors only the
    /// CLI meets, with a mark instead of a remedy; the CLI's words for them.
    package static let notADraftsFile = (
        message: "drafts.json: not an ingest/drafts@1 file (expected \"schema\": \"ingest/drafts@1\")",
        cli: "drafts.json: not an ingest/drafts@1 file (expected \"schema\": \"ingest/drafts@1\"; write one with ingest import … --drafts FILE)")
    package static let unknownCode = (
        message: "ingest.json: severity: unknown code \"price.bogus\"",
        cli: "ingest.json: severity: unknown code \"price.bogus\" (see `ingest validate --help` for the codes)")

    package static let all: [RemedyCase] = [
        RemedyCase(name: "dollar read by default", message: "\"$\" read as USD", remedy: .chooseCurrencyOrLocale,
                   cli: "\"$\" read as USD; pass --currency or --locale to choose"),
        RemedyCase(name: "sign of several currencies", message: "\"riyal\" names no single currency", remedy: .chooseCurrency,
                   cli: "\"riyal\" names no single currency; pass --currency to choose"),
        RemedyCase(name: "thousands separator guessed", message: "\"1.299\" read as 1299 (\".\" taken as a thousands separator)",
                   remedy: .chooseLocale,
                   cli: "\"1.299\" read as 1299 (\".\" taken as a thousands separator); pass --locale to choose"),
        RemedyCase(name: "day or month first", message: "\"03/04/2026\" could be day or month first; read as month first",
                   remedy: .chooseLocale,
                   cli: "\"03/04/2026\" could be day or month first; read as month first; pass --locale to choose"),
        RemedyCase(name: "yen on a screenshot", message: "\"¥\" taken as JPY", remedy: .chooseCurrency,
                   cli: "\"¥\" taken as JPY; pass --currency to choose"),
        RemedyCase(name: "no sign on a screenshot", message: "\"129.00\" has no currency sign", remedy: .chooseCurrency,
                   cli: "\"129.00\" has no currency sign; pass --currency to choose"),
        RemedyCase(name: "no billing cycle", message: "subs.csv:2: no billing cycle found", remedy: .mapColumn(.cycle),
                   cli: "subs.csv:2: no billing cycle found; add a cycle column or --map cycle=HEADER"),
        RemedyCase(name: "day or month first in a row", message: "subs.csv:2:3: \"03/04/2026\" could be day or month first; read as month first",
                   remedy: .chooseLocale,
                   cli: "subs.csv:2:3: \"03/04/2026\" could be day or month first; read as month first; pass --locale to choose"),
        RemedyCase(name: "not UTF-8", message: "line 2 is not valid UTF-8; read the file as Windows-1252", remedy: .chooseEncoding,
                   cli: "line 2 is not valid UTF-8; read the file as Windows-1252 (pass --encoding to choose another)"),
        RemedyCase(name: "NUL bytes",
                   message: "nul.csv:2: looks like binary data, not a text table (a NUL byte at byte 17, line 2); if it is a table, remove the NUL bytes",
                   remedy: .readAsUTF16,
                   cli: "nul.csv:2: looks like binary data, not a text table (a NUL byte at byte 17, line 2); if it is a table, remove the NUL bytes, or pass --encoding utf-16 if it is UTF-16 text"),
        RemedyCase(name: "cell limit", message: "long.csv:2:2: a cell longer than 64 bytes (a quote left open, or not a table?)",
                   remedy: .raiseLimit(.cellBytes, current: 64),
                   cli: "long.csv:2:2: a cell longer than 64 bytes (a quote left open, or not a table?); raise the limit with --max-cell-bytes N if the cell is real"),
        RemedyCase(name: "row limit", message: "long.csv:2:17: a row longer than 16 MiB (a quote left open, or not a table?)",
                   remedy: .raiseLimit(.rowBytes, current: 16 << 20),
                   cli: "long.csv:2:17: a row longer than 16 MiB (a quote left open, or not a table?); raise the limit with --max-cell-bytes N if the row is real"),
        RemedyCase(name: "column limit", message: "wide.csv:1:4: a row of more than 3 columns (the wrong delimiter, or not a table?)",
                   remedy: .raiseLimit(.columns, current: 3),
                   cli: "wide.csv:1:4: a row of more than 3 columns (the wrong delimiter, or not a table?); raise the limit with --max-columns N if the columns are real"),
        RemedyCase(name: "standard input limit", message: "<stdin>: more than 100 bytes on standard input",
                   remedy: .raiseLimit(.inputBytes, current: 100),
                   cli: "<stdin>: more than 100 bytes on standard input; pass a file instead, or raise the limit with --max-input-bytes N"),
        RemedyCase(name: "download limit", message: "the file is larger than the limit of 1000 bytes (5000 bytes announced)",
                   remedy: .raiseLimit(.downloadBytes, current: 1000),
                   cli: "the file is larger than the limit of 1000 bytes (5000 bytes announced); pass a larger --max-bytes if it is really that big"),
        RemedyCase(name: "ZIP member limit",
                   message: "hostile.zip: member \"Subs.csv\" inflates to more than 16777216 bytes, the limit for one member",
                   remedy: .raiseLimit(.memberBytes, current: 16 << 20),
                   cli: "hostile.zip: member \"Subs.csv\" inflates to more than 16777216 bytes, the limit for one member; pass a larger --max-member-bytes if the file is really that big"),
        RemedyCase(name: "timeout", message: "no complete answer from 127.0.0.1 within 1 s; check your connection", remedy: .longerTimeout,
                   cli: "no complete answer from 127.0.0.1 within 1 s; check your connection, or pass a longer --timeout"),
        RemedyCase(name: "folder", message: "subs: is a folder, not a file: give the files in it", remedy: .listFolder,
                   cli: "subs: is a folder, not a file: give the files in it (ingest import reads a folder's .csv, .tsv, .zip and image files when the folder is given on the command line)"),
    ]
}

/// Ingest's `Issue`, for test files that import Testing, whose `Issue` makes the name ambiguous.
package typealias LibraryIssue = Issue
