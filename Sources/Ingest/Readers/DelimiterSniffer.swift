/// Chooses a file's delimiter from its first lines: the candidate that splits the most records
/// into the same number (two or more) of fields wins; ties go to the one giving more fields
/// (a semicolon file with decimal commas), then to the order `,` `;` tab `|`.
enum DelimiterSniffer {
    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
    /// Records looked at per candidate.
    static let sampleRecords = 60

    /// `complete` says `sample` is the whole input (its last line counts even without a line end).
    static func delimiter(in sample: [UInt8], complete: Bool) -> UInt8 {
        var best = (delimiter: candidates[0], agreeing: 0, width: 0)
        for candidate in candidates {
            let (agreeing, width) = consistency(of: candidate, in: sample, complete: complete)
            if agreeing > best.agreeing || (agreeing == best.agreeing && width > best.width) {
                best = (candidate, agreeing, width)
            }
        }
        return best.delimiter
    }

    /// How many non-blank records share the most common field count of two or more, and that count.
    static func consistency(of delimiter: UInt8, in sample: [UInt8], complete: Bool) -> (agreeing: Int, width: Int) {
        var tokenizer = CSVTokenizer(delimiter: delimiter)
        var counts: [Int: Int] = [:]
        var seen = 0
        sample.withUnsafeBufferPointer { buffer in
            var position = 0
            while seen < sampleRecords {
                guard tokenizer.next(buffer, position: &position) || (complete && tokenizer.finish()) else { break }
                let record = tokenizer.record
                if record.isBlank { continue }
                seen += 1
                if record.count >= 2 { counts[record.count, default: 0] += 1 }
            }
        }
        guard let top = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }) else {
            return (0, 1)
        }
        return (top.value, top.key)
    }
}
