/// "Did you mean …?" for a misspelt command, flag or word: the known name nearest by
/// Damerau–Levenshtein distance (adjacent swaps count once), offered only when it is close
/// enough to be a slip of the keys rather than another word.
enum Suggestion {
    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`, each
    /// substring edited at most once (the optimal string alignment distance).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The name in `names` nearest to `word`, ignoring case and leading dashes, when it is
    /// at most 2 edits away and at most a third of its length (at least 1): `imprt` → `import`,
    /// `--acept` → `--accept`, but nothing for `x`. A name under 3 letters (`-o`) is offered
    /// only for a difference of case. Ties go to the earlier name.
    static func closest(to word: String, among names: [String]) -> String? {
        func bare(_ s: String) -> String { String(s.drop { $0 == "-" }).lowercased() }
        let typed = bare(word)
        guard !typed.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for name in names {
            let known = bare(name)
            let d = distance(typed, known)
            let allowed = known.count < 3 ? 0 : min(2, max(1, known.count / 3))
            guard d <= allowed, d < best?.distance ?? Int.max else { continue }
            best = (name, d)
        }
        return best?.name
    }

    /// ": did you mean `NAME`?" for the nearest of `names`, else "" (for the end of a message).
    static func hint(for word: String, among names: [String]) -> String {
        closest(to: word, among: names).map { ": did you mean `\($0)`?" } ?? ""
    }
}

extension UsageError {
    /// An option no spec names, with the nearest one this command takes (`--help` included).
    static func unknownOption(_ name: String, specs: [OptionSpec]) -> UsageError {
        let names = specs.flatMap(\.names) + ["--help"]
        let hint = Suggestion.hint(for: name, among: names)
        return UsageError("unknown option \(name)\(hint.isEmpty ? " (see --help)" : hint)")
    }
}
