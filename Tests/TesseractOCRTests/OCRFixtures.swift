import Foundation

/// Finds `Fixtures/ocr/` from this file's location, and makes throwaway files for bad-input cases.
enum OCRFixtures {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Fixtures/ocr")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "Fixtures/ocr")
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The words drawn into the text images, with Pillow's ink boxes (`text.expected`).
    static func expectedWords() throws -> [(text: String, x: Int, y: Int, width: Int, height: Int)] {
        let text = try String(contentsOfFile: path("text.expected"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 5, let x = Int(f[1]), let y = Int(f[2]), let w = Int(f[3]), let h = Int(f[4]) else { return nil }
            return (f[0], x, y, w, h)
        }
    }

    /// A fresh folder for files a test writes; removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The 8-byte signature, an IHDR chunk claiming `width`×`height` and an IEND chunk: a header
    /// that can be read, with no pixel data behind it.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunk = Data("IHDR".utf8)
        for value in [width, height] { chunk.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
        chunk.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, no filter, no interlace
        data.append(contentsOf: withUnsafeBytes(of: UInt32(13).bigEndian, Array.init))
        data.append(chunk)
        data.append(contentsOf: withUnsafeBytes(of: crc32(chunk).bigEndian, Array.init))
        let end = Data("IEND".utf8)
        data.append(contentsOf: [0, 0, 0, 0])
        data.append(end)
        data.append(contentsOf: withUnsafeBytes(of: crc32(end).bigEndian, Array.init))
        return data
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
