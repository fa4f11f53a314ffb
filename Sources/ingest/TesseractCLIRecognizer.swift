import Foundation
import Ingest

/// Stand-in OCR engine: runs Benchmarks/ocr_words.py (Pillow + the tesseract CLI).
struct TesseractCLIRecognizer: TextRecognizer {
    func recognize(path: String, name: String) throws -> RecognizedPage {
        let env = ProcessInfo.processInfo.environment
        let script = env["INGEST_OCR_SCRIPT"] ?? "Benchmarks/ocr_words.py"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, path, "--psm", env["INGEST_OCR_PSM"] ?? "11", "--langs", env["INGEST_OCR_LANGS"] ?? "eng"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let head = lines.first?.split(separator: " "), head.count == 3, let w = Int(head[0]), let h = Int(head[1]) else {
            throw ReadError(file: name, "not an image")
        }
        var words: [RecognizedWord] = []
        for row in lines.dropFirst() {
            let f = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 6, let l = Int(f[0]), let t = Int(f[1]), let ww = Int(f[2]), let hh = Int(f[3]), let c = Double(f[4]) else { continue }
            words.append(RecognizedWord(text: String(f[5]), box: Provenance.Box(x: l, y: t, width: ww, height: hh), confidence: c / 100))
        }
        return RecognizedPage(image: name, width: w, height: h, words: words, inverted: head[2] == "1")
    }
}
