import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// `ingest validate` reads a table file's bytes a chunk at a time (`FileBytes`): whatever the
/// chunks, it finds what reading the whole file at once finds.
@Suite struct FileBytesTests {
    /// What the whole bytes say: blank or not, and the first ill-formed UTF-8 sequence's line,
    /// offset and line start, by the standard library's UTF-8 parser.
    static func reference(_ bytes: [UInt8]) -> (blank: Bool, invalid: FileBytes.Invalid?) {
        let blank = bytes.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
                continue
            case .emptyInput:
                return (blank, nil)
            case .error:
                let before = bytes[..<offset]
                let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                return (blank, FileBytes.Invalid(line: before.filter { $0 == 0x0A }.count + 1, offset: offset,
                                                 lineStart: lineStart, byte: bytes[offset]))
            }
        }
    }

    static let texts: [[UInt8]] = {
        var texts: [[UInt8]] = [
            [], Array("   \n\t\r\n".utf8), Array("Name,Price\nNetflix,9.99\n".utf8), Array("Café,€ 9,99\n名前,¥100\n🎬,x".utf8),
            Array("Name\nCaf".utf8) + [0xE9] + Array(",1\n".utf8),          // Latin-1 é
            Array("a\nb\n".utf8) + [0xED, 0xA0, 0x80],                      // a surrogate
            Array("x".utf8) + [0xC0, 0xAF] + Array("\n".utf8),              // an overlong slash
            Array("ok\n".utf8) + [0xF4, 0x90, 0x80, 0x80],                  // past U+10FFFF
            Array("cut at the end ".utf8) + [0xE2, 0x82],                   // a sequence the file ends in
            Array("\n\n\n".utf8) + [0xFF], [0x80], [0xE2, 0x82, 0xAC, 0x0A, 0xE2, 0x28, 0xA1],
        ]
        // Seeded mixes of ASCII, line ends, good and bad sequences.
        let pieces: [[UInt8]] = [Array("a".utf8), Array(",".utf8), Array("\n".utf8), Array(" ".utf8), Array("é".utf8),
                                 Array("€".utf8), Array("🎬".utf8), [0xE9], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x9F]]
        var random = SeededRandom(state: 26)
        for _ in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<Int(random.next() % 40) {
                // Bad pieces are rare, so most texts have a good stretch before the first.
                let k = Int(random.next() % 100)
                text += k < 90 ? pieces[k % 7] : pieces[7 + k % 4]
            }
            texts.append(text)
        }
        return texts
    }()

    @Test func chunksFindWhatTheWholeFileShows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-filebytes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var invalid = 0
        for (n, text) in Self.texts.enumerated() {
            let url = folder.appendingPathComponent("\(n).csv")
            try Data(text).write(to: url)
            let expected = Self.reference(text)
            if expected.invalid != nil { invalid += 1 }
            for (head, chunk) in [(1, 1), (2, 3), (3, 2), (5, 7), (16, 4), (65_536, 1 << 20)] {
                let bytes = try #require(FileBytes(path: url.path, headBytes: head, chunkBytes: chunk) { _ in true })
                #expect(bytes.blank == expected.blank, "text \(n), head \(head), chunk \(chunk)")
                #expect(bytes.invalid == expected.invalid, "text \(n), head \(head), chunk \(chunk)")
                #expect(bytes.head == Array(text.prefix(head)))
                #expect(bytes.complete == (text.count <= head))
            }
            // Not held to UTF-8: nothing is reported, and blank is still told.
            let unchecked = try #require(FileBytes(path: url.path, headBytes: 2, chunkBytes: 3) { _ in false })
            #expect(unchecked.invalid == nil && unchecked.blank == expected.blank, "text \(n)")
        }
        #expect(invalid > 100)
        #expect(FileBytes(path: folder.appendingPathComponent("missing.csv").path) { _ in true } == nil)
    }

    /// The character and field of the bad byte count from the start of its line, quotes
    /// keeping their delimiters, on a line longer than a chunk.
    @Test(arguments: [
        ("Name,Price\nNetflix,9.99\n\"a,b\",Caf\u{E9}", 3, 2, 10),
        ("x;y\n\u{20AC};\"q;r\";\u{E9}", 2, 3, 9),
        (String(repeating: "ab,", count: 400_000) + "\u{E9}", 1, 400_001, 1_200_001),
    ])
    func positionInItsLine(_ text: String, line: Int, field: Int, character: Int) throws {
        // The é stands for a Latin-1 byte: written as 0xE9 alone.
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars { if scalar == "\u{E9}" { bytes.append(0xE9) } else { bytes += Array(String(scalar).utf8) } }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-position-\(getpid())-\(bytes.count).csv")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let found = try #require(FileBytes(path: url.path) { _ in true }?.invalid)
        #expect(found.line == line)
        let delimiter = text.contains(";") ? UInt8(ascii: ";") : UInt8(ascii: ",")
        let position = FileBytes.position(of: found, in: url.path, delimiter: delimiter)
        #expect(position.field == field)
        #expect(position.character == character)
    }
}
