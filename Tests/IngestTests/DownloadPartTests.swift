import Foundation
import Testing
@testable import Ingest

/// `DownloadPart` finds the file FoundationNetworking writes a download into: a `<UUID>.tmp`
/// opened since the fetch began, with its size; never one opened before, nor another name.
@Suite struct DownloadPartTests {
    @Test(arguments: [
        ("/tmp/ingest-run-x/3F2504E0-4F89-11D3-9A0C-0305E82C3301.tmp", true), ("3F2504E0-4F89-11D3-9A0C-0305E82C3301.tmp", true),
        ("/tmp/3F2504E0-4F89-11D3-9A0C-0305E82C3301.csv", false), ("/tmp/not-a-uuid.tmp", false), ("/tmp/.tmp", false), ("", false),
    ])
    func partNames(_ c: (String, Bool)) {
        #expect(DownloadPart.isPartName(c.0) == c.1, "\(c.0)")
    }

    @Test func findsOnlyAPartOpenedSince() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func open(_ name: String, bytes: Int) throws -> FileHandle {
            let url = folder.appendingPathComponent(name)
            FileManager.default.createFile(atPath: url.path, contents: Data(count: bytes))
            return try FileHandle(forWritingTo: url)
        }
        let before = try open("\(UUID().uuidString).tmp", bytes: 9_000)
        defer { try? before.close() }
        let snapshot = OpenDescriptors.snapshot()
        #expect(DownloadPart.find(openedSince: snapshot) == nil)
        let other = try open("notes.tmp", bytes: 5_000)
        defer { try? other.close() }
        #expect(DownloadPart.find(openedSince: snapshot) == nil)
        let name = "\(UUID().uuidString).tmp"
        let part = try open(name, bytes: 1_234)
        defer { try? part.close() }
        let found = DownloadPart.find(openedSince: snapshot)
        #expect(found?.path.hasSuffix("/" + name) == true && found?.size == 1_234, "\(String(describing: found))")
        part.seekToEndOfFile()
        part.write(Data(count: 766))
        #expect(DownloadPart.find(openedSince: snapshot)?.size == 2_000)
    }
}
