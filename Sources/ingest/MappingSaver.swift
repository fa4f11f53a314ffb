import Foundation
import Ingest

/// `import --save-map FILE`: saves the column mapping of each table among the inputs (with
/// `--map`'s choices) to the `"mappings"` of an `ingest.json`, keyed by the table's header.
struct MappingSaver {
    var options: ImportOptions

    /// Says false (after printing why) when nothing could be saved.
    func save(_ inputs: [String], to path: String, quiet: Bool) throws -> Bool {
        var entries: [RememberedMapping] = []
        for input in inputs where input != "-" && !RemoteLink.isRemote(input) {
            do {
                let name = (input as NSString).lastPathComponent
                entries += try Importer(options: options).tableMappings(path: input).map { RememberedMapping($0, from: name) }
            } catch {
                Stderr.print("ingest: --save-map: \(VisibleText.escaped("\(error)"))")
                return false
            }
        }
        guard !entries.isEmpty else {
            Stderr.print("ingest: --save-map \(path): no table among the inputs to save a mapping for (links, standard input, bank statements and images have none)")
            return false
        }
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        let text: String
        do { text = try RememberedMapping.saving(entries, into: existing, path: path) } catch {
            Stderr.print("ingest: --save-map: \(RemedyWording.describe(error))")
            return false
        }
        let out = try OutputFile(path: path)
        out.write(text)
        try out.close()
        if !quiet {
            for entry in entries {
                let pairs = entry.map.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
                Stderr.note("ingest: saved to \(path) for the header of \(entry.from ?? "the input"): \(VisibleText.escaped(pairs.joined(separator: ", ")))")
            }
        }
        return true
    }
}
