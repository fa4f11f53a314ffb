import Foundation
import Ingest

/// A folder given as an input stands for the files in it that import reads (tables, ZIP
/// exports, images), searched below it and sorted by path; a folder with none is a usage error.
enum InputFolders {
    static func expand(_ inputs: [String]) throws(UsageError) -> [String] {
        var expanded: [String] = []
        for input in inputs {
            var info = stat()
            guard input != "-", !RemoteLink.isRemote(input), stat(input, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                expanded.append(input)
                continue
            }
            let files = InputExpander.importable(under: input)
            guard !files.isEmpty else {
                let kinds = InputExpander.importableExtensions.sorted().map { "." + $0 }.joined(separator: ", ")
                throw UsageError("\(input) is a folder with no file to import (looked for \(kinds))")
            }
            let shown = files.prefix(5).joined(separator: ", ") + (files.count > 5 ? ", … (\(files.count - 5) more)" : "")
            Stderr.note("ingest: \(input) is a folder: reading its \(files.count) file\(files.count == 1 ? "" : "s"): \(shown)")
            expanded += files
        }
        return expanded
    }
}
