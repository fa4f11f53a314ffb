import Foundation

/// What a file's first bytes say it is when it is not text: a program, an image, a document,
/// an archive. The table readers refuse such a file by name instead of reading its bytes as
/// rows (an executable named `.csv` used to import as an empty list).
package enum BinarySignature: String, CaseIterable, Sendable {
    case elf, machO, windowsExecutable
    case png, jpeg, gif, webp, tiff, bmp
    case pdf, officeDocument, sqlite
    case zip, gzip, bzip2, xz, zstd, sevenZip, rar

    /// Bytes `sniff` needs to tell every signature apart.
    package static let prefixLength = 16

    /// The signature `prefix` (a file's first bytes) starts with, nil for anything else, text
    /// included (a UTF-16 byte order mark is text). `"\u{7F}ELF…"` → `.elf`.
    package static func sniff(_ prefix: some Collection<UInt8>) -> BinarySignature? {
        let bytes = Array(prefix.prefix(prefixLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        func starts(_ magic: String, at offset: Int = 0) -> Bool { starts(Array(magic.utf8), at: offset) }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return .elf }
        if starts([0xFE, 0xED, 0xFA, 0xCE]) || starts([0xFE, 0xED, 0xFA, 0xCF])
            || starts([0xCE, 0xFA, 0xED, 0xFE]) || starts([0xCF, 0xFA, 0xED, 0xFE]) { return .machO }
        // "MZ" alone could start a line of text; a DOS header has zero bytes soon after.
        if starts("MZ"), bytes.dropFirst(2).contains(0) { return .windowsExecutable }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if starts("RIFF"), starts("WEBP", at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts("BM"), bytes.count >= 10, bytes[6...9].allSatisfy({ $0 == 0 }) { return .bmp }
        if starts("%PDF-") { return .pdf }
        if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .officeDocument }
        if starts("SQLite format 3\0") { return .sqlite }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x50, 0x4B, 0x07, 0x08]) { return .zip }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts("BZh"), starts("1AY&SY", at: 4) { return .bzip2 }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return .sevenZip }
        if starts("Rar!\u{1A}\u{07}") { return .rar }
        return nil
    }

    /// What the file is, as a message names it: "an ELF executable", "a PNG image".
    package var name: String {
        switch self {
        case .elf: return "an ELF executable"
        case .machO: return "a Mach-O executable"
        case .windowsExecutable: return "a Windows executable"
        case .png: return "a PNG image"
        case .jpeg: return "a JPEG image"
        case .gif: return "a GIF image"
        case .webp: return "a WebP image"
        case .tiff: return "a TIFF image"
        case .bmp: return "a BMP image"
        case .pdf: return "a PDF document"
        case .officeDocument: return "an Office document (.xls, .doc)"
        case .sqlite: return "an SQLite database"
        case .zip: return "a ZIP archive"
        case .gzip: return "gzip data"
        case .bzip2: return "bzip2 data"
        case .xz: return "xz data"
        case .zstd: return "zstd data"
        case .sevenZip: return "a 7-Zip archive"
        case .rar: return "a RAR archive"
        }
    }

    /// What to do instead of giving this file as a table.
    package var advice: String {
        switch self {
        case .elf, .machO, .windowsExecutable:
            return "check the path, and give the CSV file the app or bank exported"
        case .png, .jpeg, .gif, .webp, .tiff, .bmp:
            return "give the CSV export, or import the image as a screenshot (without forcing the CSV reader)"
        case .pdf:
            return "PDF is not read; download the statement or sheet as CSV instead"
        case .officeDocument:
            return "save the sheet as .xlsx, .ods or CSV (UTF-8) and give that file"
        case .sqlite:
            return "export the table as CSV and give that file"
        case .zip:
            return "a Notion export ZIP or an .xlsx/.ods workbook is imported as it is (without forcing the CSV reader); unzip another archive and give the CSV inside"
        case .gzip, .bzip2, .xz, .zstd, .sevenZip, .rar:
            return "unpack it and give the CSV inside"
        }
    }

    /// The error for a file that was expected to be a table and is this.
    package func error(file name: String) -> ReadError {
        ReadError(file: name, "looks like \(self.name) (by its first bytes), not a text table: \(advice)")
    }

    /// Throws `error(file:)` when the file at `path` starts with a signature. Only a regular
    /// file is looked at (reading a pipe's first bytes would take them from the reader); one
    /// that cannot be opened is left to the reader to report.
    package static func refuse(path: String, name: String) throws(ReadError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let prefix = [UInt8]((try? handle.read(upToCount: prefixLength)) ?? Data())
        if let signature = sniff(prefix) { throw signature.error(file: name) }
    }
}
