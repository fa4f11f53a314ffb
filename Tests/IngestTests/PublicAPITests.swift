import Foundation
import Testing

/// The library's public surface is the list under "Public types" in docs/library.md: at most
/// 40 types, nested ones counted, and every `public` type declared in Sources/Ingest is on it.
@Suite struct PublicAPITests {
    static let root = FixtureFolder.root.deletingLastPathComponent()

    /// The type names the list starts its bullets with, in order.
    static func listed() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        var names: [String] = []
        var inList = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { inList = line == "## Public types"; continue }
            guard inList, line.hasPrefix("- `") else { continue }
            let rest = line.dropFirst(3)
            if let end = rest.firstIndex(of: "`") { names.append(String(rest[..<end])) }
        }
        return names
    }

    /// The names of the `public` types (struct, class, enum, protocol, actor, typealias)
    /// declared in `source`, nested ones with their outer types' names (`Issue.Code`);
    /// extensions are not declarations of a type, but a type declared in one is nested in the
    /// type extended.
    static func publicTypes(in source: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias", "extension"]
        let modifiers: Set<Substring> = ["public", "package", "private", "fileprivate", "internal", "final",
                                         "indirect", "nonisolated"]
        var names: [String] = []
        var outer: [(indent: Int, name: Substring)] = []
        for line in source.split(separator: "\n") {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            var words = line.split(separator: " ")[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            let isPublic = words.first == "public"
            while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
            guard let kind = words.first, kinds.contains(kind), words.count > 1 else { continue }
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            while let last = outer.last, last.indent >= indent { outer.removeLast() }
            if isPublic && kind != "extension" {
                names.append((outer.map(\.name) + [name]).joined(separator: "."))
            }
            if kind != "typealias" { outer.append((indent, name)) }
        }
        return names
    }

    /// Every public type in Sources/Ingest, with the file that declares it.
    static func declared() throws -> [(name: String, file: String)] {
        let sources = root.appendingPathComponent("Sources/Ingest")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var found: [(String, String)] = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            found += publicTypes(in: text).map { ($0, file) }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test func listHoldsAtMostFortyTypesOnce() throws {
        let names = try Self.listed()
        #expect(!names.isEmpty)
        #expect(names.count <= 40)
        #expect(Set(names).count == names.count)
    }

    @Test func scannerFindsPublicTypesNestedOrNot() {
        let source = """
            public struct A {
                public struct Nested {
                    public enum Deeper {}
                }
                package enum Hidden {
                    public struct Inside {}
                }
                public var x: Int
            }
            @frozen public enum B {}
            public final class C {}
            public protocol D: Sendable {}
            public typealias E = Int
            public extension A {}
            extension C {
                public struct InExtension {}
            }
            package struct F {}
            struct G {}
            """
        #expect(Self.publicTypes(in: source) == ["A", "A.Nested", "A.Nested.Deeper", "A.Hidden.Inside", "B", "C", "D", "E",
                                                 "C.InExtension"])
    }

    @Test func everyListedTypeIsDeclaredPublic() throws {
        let declared = Set(try Self.declared().map(\.name))
        #expect(try Self.listed().filter { !declared.contains($0) } == [])
    }

    @Test func everyPublicTypeIsListed() throws {
        let listed = Set(try Self.listed())
        let unlisted = try Self.declared().filter { !listed.contains($0.name) }.map { "\($0.name) (\($0.file))" }
        #expect(!(try Self.declared()).isEmpty)
        #expect(unlisted.isEmpty, "public but not listed in docs/library.md: \(unlisted.joined(separator: ", "))")
    }
}
