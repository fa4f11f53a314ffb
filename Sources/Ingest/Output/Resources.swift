import Foundation

/// Files bundled with the library (the JSON Schema, the brand catalog).
package enum Resources {
    /// The text of a bundled resource, nil when the build lacks it.
    package static func text(_ name: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: nil) else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
