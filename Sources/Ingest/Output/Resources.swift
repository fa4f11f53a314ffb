import Foundation

/// Files bundled with the library (the JSON Schema, the brand catalog).
package enum Resources {
    /// The text of a bundled resource, nil when the build lacks it.
    package static func text(_ name: String) -> String? {
        // Looked for in the bundle's resource folder first: `url(forResource:)` searches the
        // bundle's localisations, a twelfth of a one-row import's instructions.
        if let folder = Bundle.module.resourceURL {
            for path in ["Resources/" + name, name] {
                if let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) { return text }
            }
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: nil) else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
