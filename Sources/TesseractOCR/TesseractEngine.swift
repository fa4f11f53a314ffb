import CTesseract
import Ingest

/// One Tesseract instance with its languages loaded: created once, reused for many images,
/// used by one thread at a time. Owns the `TessBaseAPI` handle and frees it in `deinit`.
final class TesseractEngine {
    private let handle: OpaquePointer
    let languages: String

    /// Loads `languages` (checked to be installed beforehand) from `tessdata`.
    init(tessdata: Tessdata, languages: String, pageSegmentation: Int) throws(OCRSetupError) {
        guard let handle = TessBaseAPICreate() else { throw OCRSetupError("Tesseract could not be started (out of memory?)") }
        guard TessBaseAPIInit3(handle, tessdata.directory, languages) == 0 else {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw OCRSetupError("Tesseract could not load \(languages) from \(tessdata.directory): the language files may be damaged; reinstall \(languages.split(separator: "+").map { OCRLanguages.debianPackage(for: String($0)) }.joined(separator: " "))")
        }
        self.handle = handle
        self.languages = languages
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegmentation)))
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The words of `image`, their boxes mapped back to the original image's pixels.
    func words(in image: PreparedImage, name: String) throws(ReadError) -> [RecognizedWord] {
        try read(image, region: nil, name: name)
    }

    /// The words of one line of `image` inside `region` (original pixels), read as a single
    /// line of text.
    func lineWords(in image: PreparedImage, region: Provenance.Box, name: String) throws(ReadError) -> [RecognizedWord] {
        try read(image, region: region, name: name)
    }

    private func read(_ image: PreparedImage, region: Provenance.Box?, name: String) throws(ReadError) -> [RecognizedWord] {
        OpenMPThreads.limitCurrentThread()
        TessBaseAPISetImage2(handle, image.pix.pointer)
        TessBaseAPISetSourceResolution(handle, Int32(image.resolution))
        let pageSegmentation = TessBaseAPIGetPageSegMode(handle)
        if let region {
            let s = image.scale
            TessBaseAPISetRectangle(handle, Int32(region.x * s), Int32(region.y * s), Int32(region.width * s), Int32(region.height * s))
            TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
        }
        defer {
            TessBaseAPIClear(handle)
            TessBaseAPISetPageSegMode(handle, pageSegmentation)
        }
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw ReadError(file: name, "Tesseract could not recognise the image: re-save it as PNG and try again")
        }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var words: [RecognizedWord] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw)
            TessDeleteText(raw)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard !text.allSatisfy(\.isWhitespace),
                  TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            let box = Self.originalBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom),
                                       scale: image.scale, width: image.originalWidth, height: image.originalHeight)
            let confidence = Double(max(0, min(100, TessResultIteratorConfidence(iterator, RIL_WORD)))) / 100
            words.append(RecognizedWord(text: text, box: box, confidence: (confidence * 1000).rounded() / 1000))
        } while TessPageIteratorNext(page, RIL_WORD) != 0
        return words
    }

    /// Undoes the enlargement: the smallest original-pixel box covering the scaled one.
    static func originalBox(left: Int, top: Int, right: Int, bottom: Int, scale s: Int, width: Int, height: Int) -> Provenance.Box {
        let x = min(max(0, left / s), width)
        let y = min(max(0, top / s), height)
        let x2 = min(width, max(x, (right + s - 1) / s))
        let y2 = min(height, max(y, (bottom + s - 1) / s))
        return Provenance.Box(x: x, y: y, width: x2 - x, height: y2 - y)
    }
}
