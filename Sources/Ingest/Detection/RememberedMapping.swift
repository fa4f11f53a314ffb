import Foundation

/// A column mapping saved for one shape of table (`--save-map FILE` writes it to the
/// `"mappings"` list of an `ingest.json`): the header it was saved for, each field's column by its
/// header, and the file it was saved from. A later table whose header has the same cells (case,
/// accents and spacing aside) and no `--map` is mapped the same way, and the import says so.
package struct RememberedMapping: Hashable, Sendable {
    /// The header row as it was written.
    package var header: [String]
    /// Field → header of its column.
    package var map: [Field: String]
    /// The file the mapping was saved from (for the note).
    package var from: String?

    package init(header: [String], map: [Field: String], from: String? = nil) {
        self.header = header
        self.map = map
        self.from = from
    }

    /// The header's cells folded as the detector compares headers (`HeaderVocabulary.fold`).
    package static func signature(_ header: [String]) -> [String] {
        header.map { HeaderVocabulary.fold($0) }
    }

    package func matches(_ header: [String]) -> Bool {
        RememberedMapping.signature(self.header) == RememberedMapping.signature(header)
    }

    /// The mapping `detected` made of a table, as it would be saved: every field given a
    /// column, by that column's header.
    package init(_ detected: ColumnMapping, from: String?) {
        var map: [Field: String] = [:]
        for (field, choice) in detected.choices where detected.header.indices.contains(choice.column) {
            map[field] = detected.header[choice.column]
        }
        self.init(header: detected.header, map: map, from: from)
    }

    /// The `"mappings"` entry.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("header", .array(header.map(JSONValue.string)))]
        members.append(("map", .object(map.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, .string($0.value)) })))
        if let from { members.append(("from", .string(from))) }
        return .object(members)
    }

    /// Reads one `"mappings"` entry; `at` names it in messages (`mappings[0]`).
    package static func parse(_ value: JSONValue, at: String, path: String) throws(ConfigError) -> RememberedMapping {
        func failure(_ message: String) -> ConfigError { ConfigError(path: path, message) }
        guard case .object(let members) = value else { throw failure("\(at): expected an object with \"header\" and \"map\"") }
        for (key, _) in members where !["header", "map", "from"].contains(key) {
            throw failure("\(at).\(key): unknown key (expected one of header, map, from)")
        }
        guard case .array(let cells)? = value["header"], !cells.isEmpty, cells.allSatisfy({ $0.stringValue != nil }) else {
            throw failure("\(at).header: expected the header row as a list of strings, e.g. [\"Service\", \"Montant\"]")
        }
        guard case .object(let pairs)? = value["map"] else {
            throw failure("\(at).map: expected an object such as {\"price\": \"Montant\"}")
        }
        var map: [Field: String] = [:]
        for (name, header) in pairs {
            guard let field = Field(userText: name) else {
                throw failure("\(at).map: field names among \(Field.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(name)\"")
            }
            guard let text = header.stringValue else { throw failure("\(at).map.\(name): expected a column header in quotes") }
            map[field] = text
        }
        return RememberedMapping(header: cells.compactMap(\.stringValue), map: map, from: value["from"]?.stringValue)
    }

    /// `config` (the text of an `ingest.json`, or nil for none) with `entries` saved in its
    /// `"mappings"`: an entry for the same header replaces the old one, the other keys stay as
    /// they were. Throws the config's problem when it is not a JSON object.
    package static func saving(_ entries: [RememberedMapping], into config: String?, path: String) throws(ConfigError) -> String {
        var members: [(String, JSONValue)] = []
        if let config, !config.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let json: JSONValue
            do { json = try JSONValue.parse(config) } catch {
                throw ConfigError(path: path, line: error.line, column: error.column, error.message)
            }
            guard case .object(let existing) = json else { throw ConfigError(path: path, "expected a JSON object with settings and \"rules\"") }
            members = existing
        }
        var list: [JSONValue] = []
        if let index = members.firstIndex(where: { $0.0 == "mappings" }) {
            guard case .array(let items) = members[index].1 else { throw ConfigError(path: path, "\"mappings\" must be a list of objects") }
            list = items
            members.remove(at: index)
        }
        for entry in entries {
            let signature = signature(entry.header)
            list.removeAll { item in
                guard let old = try? parse(item, at: "", path: path) else { return false }
                return RememberedMapping.signature(old.header) == signature
            }
            list.append(entry.json)
        }
        members.append(("mappings", .array(list)))
        return JSONValue.object(members).serialized(pretty: true) + "\n"
    }
}
