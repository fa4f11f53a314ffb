import CTesseract
import Ingest

/// Draws recognised word boxes on a copy of the original image, for bug reports.
public enum DebugImage {
    /// Reads `path` again, draws each word's box in red and returns the picture as PNG bytes
    /// (the caller writes them where it was asked to).
    public static func drawBoxes(of page: RecognizedPage, imagePath path: String,
                                 maxPixels: Int = OCRConfiguration.defaultMaxPixels) throws(ReadError) -> [UInt8] {
        let original = try ImageLoader(maxPixels: maxPixels).load(path: path, name: page.image)
        let opaque = PixImage(pixRemoveAlpha(original.pointer)) ?? original
        guard let canvas = PixImage(pixConvertTo32(opaque.pointer)) else {
            throw ReadError(file: page.image, "could not make a colour copy for --debug-image")
        }
        let thickness: Int32 = max(1, Int32(min(canvas.width, canvas.height) / 600))
        for word in page.words {
            var box: UnsafeMutablePointer<Box>? = boxCreate(Int32(word.box.x), Int32(word.box.y),
                                                          Int32(max(1, word.box.width)), Int32(max(1, word.box.height)))
            defer { boxDestroy(&box) }
            guard let box else { continue }
            let low = word.confidence < 0.6
            _ = pixRenderBoxArb(canvas.pointer, box, thickness, 230, low ? 140 : 0, 0)
        }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, canvas.pointer, Int32(IFF_PNG)) == 0, let data else {
            throw ReadError(file: page.image, "could not encode the --debug-image PNG")
        }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
