/// Cleans cells the way spreadsheet and Notion exports write them.
package enum CellCleaner {
    /// Trims spaces and turns Notion relation cells `Title (https://www.notion.so/…)` into `Title`.
    package static func clean(_ cell: String) -> String {
        let text = cell.trimmedSpacesAndNewlines()
        // Most cells hold no link: skip the searches.
        guard text.containsByte(UInt8(ascii: "(")) else { return text }
        // One pass from left to right, so a cell of many links costs its length once.
        var kept = ""
        var rest = text[...]
        while let open = rest.range(of: " (https://") {
            let after = rest[open.upperBound...]
            guard after.hasPrefix("www.notion.so/") || after.hasPrefix("notion.so/") else {
                kept += rest[..<open.upperBound]
                rest = after
                continue
            }
            guard let close = after.firstIndex(of: ")") else { break }
            kept += rest[..<open.lowerBound]
            rest = rest[rest.index(after: close)...]
        }
        kept += rest
        return kept
    }

    /// The first item of a Notion multi-select `A, B`.
    package static func firstOfMultiSelect(_ text: String) -> String {
        // Most cells hold no comma: only the spaces around them go, without splitting into characters.
        guard text.containsByte(UInt8(ascii: ",")) else { return text.isEmpty ? text : text.trimmedSpaces() }
        return text.split(separator: ",").first.map { $0.trimmedSpaces() } ?? text
    }

    /// The start of a Notion date range `November 1, 2026 → November 30, 2026`.
    package static func firstOfRange(_ text: String) -> String {
        // "→" is E2 86 92 in UTF-8: without an E2 byte there is nothing to search for.
        guard text.containsByte(0xE2), let arrow = text.range(of: "→") else { return text }
        return text[..<arrow.lowerBound].trimmedSpaces()
    }
}
