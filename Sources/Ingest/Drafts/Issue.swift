/// Something worth telling the user about one value, row or file. Codes are stable strings
/// (`price.unparseable`, `date.ambiguous`, `row.ragged`) that scripts and CI can filter on.
public struct Issue: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        case info, warning, error

        var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var code: String
    public var severity: Severity
    public var message: String

    public init(_ code: String, _ severity: Severity, _ message: String) {
        self.code = code
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code): \(message)" }
}
