/// The results of one `ingest validate` run, sorted by path, and the exit code they call for.
package struct ValidationReport: Hashable, Sendable {
    package var files: [FileResult]

    package init(files: [FileResult]) {
        self.files = files
    }

    package var errors: Int { files.reduce(0) { $0 + $1.count(.error) } }
    package var warnings: Int { files.reduce(0) { $0 + $1.count(.warning) } }
    package var infos: Int { files.reduce(0) { $0 + $1.count(.info) } }
    package var filesWithErrors: Int { files.filter { $0.count(.error) > 0 }.count }

    /// 1 when any finding is an error or the warnings pass `maxWarnings`, else 0.
    package func exitCode(maxWarnings: Int?) -> Int32 {
        if errors > 0 { return 1 }
        if let maxWarnings, warnings > maxWarnings { return 1 }
        return 0
    }

    /// `3 files checked: 2 errors, 1 warning (1 file with errors)`.
    package var summaryLine: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var text = "\(plural(files.count, "file")) checked: \(plural(errors, "error")), \(plural(warnings, "warning"))"
        if infos > 0 { text += ", \(plural(infos, "note"))" }
        if filesWithErrors > 0 { text += " (\(plural(filesWithErrors, "file")) with errors)" }
        return text
    }
}
