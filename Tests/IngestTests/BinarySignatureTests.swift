import Foundation
import Testing
@testable import Ingest

struct SignatureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let signature: BinarySignature?
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ signature: BinarySignature?) {
        self.name = name
        self.bytes = bytes
        self.signature = signature
    }

    init(_ name: String, text: String, _ signature: BinarySignature?) {
        self.init(name, Array(text.utf8), signature)
    }
}

@Suite struct BinarySignatureTests {
    static let binaries: [SignatureCase] = [
        .init("ELF executable", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00], .elf),
        .init("Mach-O 64-bit", [0xCF, 0xFA, 0xED, 0xFE, 0x07, 0x00, 0x00, 0x01], .machO),
        .init("Windows executable", [0x4D, 0x5A, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00], .windowsExecutable),
        .init("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D], .png),
        .init("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46], .jpeg),
        .init("GIF", text: "GIF89a\u{01}\u{00}", .gif),
        .init("WebP", Array("RIFF".utf8) + [0x24, 0x00, 0x00, 0x00] + Array("WEBPVP8 ".utf8), .webp),
        .init("TIFF little-endian", [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00], .tiff),
        .init("BMP", [0x42, 0x4D, 0x3E, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3E, 0x00], .bmp),
        .init("PDF", text: "%PDF-1.7\n%âãÏÓ\n", .pdf),
        .init("old Excel workbook", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0x00], .officeDocument),
        .init("SQLite", Array("SQLite format 3".utf8) + [0x00, 0x10, 0x00], .sqlite),
        .init("ZIP", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], .zip),
        .init("empty ZIP", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18), .zip),
        .init("gzip", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00], .gzip),
        .init("bzip2", text: "BZh91AY&SY\u{01}", .bzip2),
        .init("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], .xz),
        .init("zstd", [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58], .zstd),
        .init("7-Zip", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04], .sevenZip),
        .init("RAR", Array("Rar!".utf8) + [0x1A, 0x07, 0x01, 0x00], .rar),
    ]

    /// Text, including text that starts like a signature, is never taken for a binary.
    static let texts: [SignatureCase] = [
        .init("CSV", text: "Name,Price\nNetflix,9.99\n", nil),
        .init("empty", [], nil),
        .init("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array("Name,Price".utf8), nil),
        .init("UTF-16 LE BOM", [0xFF, 0xFE, 0x4E, 0x00, 0x61, 0x00], nil),
        .init("UTF-16 BE BOM", [0xFE, 0xFF, 0x00, 0x4E, 0x00, 0x61], nil),
        .init("header starting MZ", text: "MZ Ref,Amount\n1,2\n", nil),
        .init("header starting BM", text: "BMW Connected,9.99,monthly\n", nil),
        .init("header starting BZh", text: "BZh service,price\n", nil),
        .init("header starting PK", text: "PK,Name,Price\n", nil),
        .init("header starting GIF", text: "GIFs app,1.99\n", nil),
        .init("PNG cut short", [0x89, 0x50, 0x4E, 0x47], nil),
    ]

    @Test(arguments: binaries + texts)
    func sniffs(_ c: SignatureCase) {
        #expect(BinarySignature.sniff(c.bytes) == c.signature)
    }

    @Test func everySignatureHasACase() {
        let covered = Set(Self.binaries.compactMap(\.signature))
        #expect(covered == Set(BinarySignature.allCases))
    }

    @Test func errorNamesTheFileAndWhatItLooksLike() {
        let error = BinarySignature.elf.error(file: "subs.csv")
        #expect(error.file == "subs.csv")
        #expect(error.description.hasPrefix("subs.csv: looks like an ELF executable (by its first bytes), not a text table: "))
    }

    @Test func openTableRefusesABinaryNamedCSV() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signature-\(UUID().uuidString).csv")
        try Data([0x25, 0x50, 0x44, 0x46, 0x2D, 0x31, 0x2E, 0x34, 0x0A]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let options = ImportOptions(context: NormalizeContext(today: CalendarDate(dayNumber: 0)))
        #expect(throws: ReadError.self) { try options.openTable(path: url.path, name: "statement.csv") }
        do {
            _ = try options.openTable(path: url.path, name: "statement.csv")
        } catch {
            #expect(error.message.contains("a PDF document"))
            #expect(error.file == "statement.csv")
        }
    }
}
