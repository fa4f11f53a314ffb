import Foundation

/// The column chosen for one field and why.
package struct ColumnChoice: Hashable, Sendable {
    /// 0-based column index.
    package var column: Int
    package var header: String
    /// 0…1.
    package var score: Double
    package var reason: String

    /// The reason of a column the caller mapped (`ImportOptions.overrides`).
    package static let mapped = "mapped"
}

/// Which column feeds which field, and the columns nothing took.
package struct ColumnMapping: Hashable, Sendable {
    package var choices: [Field: ColumnChoice]
    package var unused: [Int]
    package var header: [String]

    package subscript(field: Field) -> Int? { choices[field]?.column }
}

/// A column mapping override that names no column of the file: the field, the header it
/// named, and the message (`cycle=Billing: no column is called "Billing" (columns: …)`).
package struct MappingError: Error, Sendable, CustomStringConvertible {
    package var field: Field
    package var header: String
    package var message: String
    package var description: String { message }

    /// The mapping as the message starts with it: `cycle=Billing`.
    package var mapping: String { "\(field.rawValue)=\(header)" }
}

/// Maps table columns onto fields from their headers (any of a dozen languages, typos, emoji)
/// and from what their values look like.
package struct ColumnDetector: Sendable {
    package var context: NormalizeContext
    /// Below this a column is not taken for a field.
    package var threshold = 0.35

    package init(context: NormalizeContext) {
        self.context = context
    }

    /// `samples` are data rows (up to a few hundred are enough); `overrides` are the caller's
    /// (`ImportOptions.overrides`).
    package func detect(header: [String], samples: [[String]],
                       overrides: [Field: String] = [:]) throws(MappingError) -> ColumnMapping {
        let evidence = (0..<header.count).map { column in
            ColumnEvidence(values: samples.compactMap { column < $0.count ? $0[column] : nil }, context: context)
        }
        var choices: [Field: ColumnChoice] = [:]
        var taken = Set<Int>()
        for (field, wanted) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let column = ColumnDetector.column(named: wanted, in: header) else {
                let list = header.map { "\"\($0)\"" }.joined(separator: ", ")
                throw MappingError(field: field, header: wanted,
                                   message: "\(field.rawValue)=\(wanted): no column is called \"\(wanted)\" (columns: \(list))")
            }
            choices[field] = ColumnChoice(column: column, header: header[column], score: 1, reason: ColumnChoice.mapped)
            taken.insert(column)
        }
        // Each header in words once, not once per field.
        let words = header.map(HeaderMatcher.Words.of(header:))
        // A header that is exactly a field's word wins the field, unless its values contradict
        // it: values only break ties and find the columns no header names.
        for field in Field.allCases where choices[field] == nil {
            guard let column = ColumnDetector.plainHeader(for: field, words: words, evidence: evidence, rows: samples.count,
                                                          taken: taken) else { continue }
            let (score, reason) = self.score(field: field, header: header[column], evidence: evidence[column])
            choices[field] = ColumnChoice(column: column, header: header[column], score: max(score, threshold), reason: reason)
            taken.insert(column)
        }
        var candidates: [(field: Field, choice: ColumnChoice)] = []
        for field in Field.allCases where choices[field] == nil {
            for column in header.indices where !taken.contains(column) {
                // Reasons are put into words only for the pairs that win, below.
                let (score, _) = self.score(field: field, header: header[column], evidence: evidence[column], explain: false,
                                            words: words[column])
                if score >= threshold {
                    candidates.append((field, ColumnChoice(column: column, header: header[column], score: score, reason: "")))
                }
            }
        }
        // Best pairs first; ties go to the earlier field, then the earlier column, so the result
        // does not depend on dictionary order.
        candidates.sort {
            if $0.choice.score != $1.choice.score { return $0.choice.score > $1.choice.score }
            if $0.field != $1.field { return $0.field < $1.field }
            return $0.choice.column < $1.choice.column
        }
        for var candidate in candidates where choices[candidate.field] == nil && !taken.contains(candidate.choice.column) {
            let column = candidate.choice.column
            candidate.choice.reason = score(field: candidate.field, header: header[column], evidence: evidence[column]).1
            choices[candidate.field] = candidate.choice
            taken.insert(candidate.choice.column)
        }
        // A derived price ("Monthly cost") is taken only when no real price column exists.
        if choices[.price] == nil, let column = header.indices.first(where: {
            !taken.contains($0) && HeaderMatcher.isDecoy(field: .price, words: words[$0])
                && evidence[$0].support(for: .price).rate >= 0.8
        }) {
            choices[.price] = ColumnChoice(column: column, header: header[column], score: 0.3,
                                           reason: "header \"\(header[column])\" looks derived, but no other column holds prices")
            taken.insert(column)
        }
        // A table always has a name: fall back to the first mostly-text column (Notion's title).
        if choices[.name] == nil,
           let column = header.indices.first(where: { !taken.contains($0) && evidence[$0].textRate >= 0.6 }) {
            choices[.name] = ColumnChoice(column: column, header: header[column], score: 0.3,
                                          reason: "first column holding text")
            taken.insert(column)
        }
        let unused = header.indices.filter { !taken.contains($0) }
        return ColumnMapping(choices: choices, unused: unused, header: header)
    }

    /// The one free column whose header is the plainest exact phrase of `field` (`HeaderMatcher.exactRank`)
    /// and whose values agree with it; nil when none is, or two are equally plain.
    static func plainHeader(for field: Field, words: [HeaderMatcher.Words], evidence: [ColumnEvidence], rows: Int,
                            taken: Set<Int>) -> Int? {
        var best: (column: Int, rank: Int)?
        var tied = false
        for column in words.indices where !taken.contains(column) {
            guard let rank = HeaderMatcher.exactRank(field: field, words: words[column]),
                  agrees(evidence[column], with: field, rows: rows) else { continue }
            if let current = best, current.rank <= rank {
                if current.rank == rank { tied = true }
                continue
            }
            best = (column, rank)
            tied = false
        }
        return tied ? nil : best?.column
    }

    /// Whether a column's values leave its header's word standing: filled in at least half the
    /// rows, and, for fields whose values have a shape, mostly of that shape (a name column
    /// mostly text).
    static func agrees(_ evidence: ColumnEvidence, with field: Field, rows: Int) -> Bool {
        guard rows == 0 || evidence.nonEmpty * 2 >= rows else { return false }
        switch field {
        case .name: return evidence.textRate >= 0.5
        case .category, .notes: return true
        // Whether a yes/no column means active or trial is up to its header alone.
        case .active, .trialEnds: return true
        default: return evidence.support(for: field).rate >= 0.5
        }
    }

    static func column(named wanted: String, in header: [String]) -> Int? {
        if let exact = header.firstIndex(of: wanted) { return exact }
        let folded = HeaderVocabulary.fold(wanted)
        if let loose = header.firstIndex(where: { HeaderVocabulary.fold($0) == folded }) { return loose }
        if let index = Int(wanted), index >= 1, index <= header.count { return index - 1 }
        return nil
    }

    /// Header evidence and content evidence for one field and column, with the reason in words.
    /// `explain: false` leaves the reason empty (detection scores every field against every column
    /// and words only the winners).
    func score(field: Field, header: String, evidence: ColumnEvidence, explain: Bool = true,
               words: HeaderMatcher.Words? = nil) -> (Double, String) {
        let words = words ?? HeaderMatcher.Words.of(header: header)
        let (headerScore, headerReason) = HeaderMatcher.score(field: field, header: header, words: words)
        let content = evidence.support(for: field)
        var reasons: [String] = []
        if explain && !headerReason.isEmpty { reasons.append(headerReason) }
        let percent = Int((content.rate * 100).rounded())
        var score: Double
        if HeaderMatcher.isDecoy(field: field, words: words) {
            // A "Monthly cost" or "Created" column never wins its field on its values alone.
            score = headerScore
        } else if headerScore > 0 {
            // A header that names the field counts most; values that contradict it pull it down,
            // below the threshold for fields whose values have a shape (prices, dates) unless the
            // header is exactly the field's name: then the bad values are reported, not ignored.
            let floor = content.typed && headerScore < 1 ? 0.3 : 0.55
            score = headerScore * (floor + (1 - floor) * content.rate)
            if explain && evidence.nonEmpty > 0 {
                reasons.append("\(percent)% of values \(content.what)")
            }
        } else {
            // No header word: values alone can carry the field, but never as far as a header.
            score = content.rate >= 0.8 ? 0.5 * content.rate * content.weight : 0
            if explain && score > 0 {
                reasons.append("header unknown; \(percent)% of values \(content.what)")
            }
        }
        return (min(score, 1), reasons.joined(separator: "; "))
    }
}
