import CTesseract
import Foundation
import Ingest

/// Reads an image file through Leptonica, checking what can be checked before decoding: that
/// the file exists, is not empty, is an image, and is not larger than the pixel cap.
struct ImageLoader {
    /// Images with more pixels than this are refused before their pixels are decoded.
    var maxPixels: Int

    static let formatNames: [Int32: String] = {
        let pairs: [(Int, String)] = [
            (IFF_PNG, "PNG"), (IFF_JFIF_JPEG, "JPEG"), (IFF_WEBP, "WebP"), (IFF_TIFF, "TIFF"),
            (IFF_TIFF_PACKBITS, "TIFF"), (IFF_TIFF_RLE, "TIFF"), (IFF_TIFF_G3, "TIFF"), (IFF_TIFF_G4, "TIFF"),
            (IFF_TIFF_LZW, "TIFF"), (IFF_TIFF_ZIP, "TIFF"), (IFF_TIFF_JPEG, "TIFF"),
            (IFF_BMP, "BMP"), (IFF_GIF, "GIF"), (IFF_PNM, "PNM"), (IFF_JP2, "JPEG 2000"),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { (Int32($0.0), $0.1) })
    }()

    static let expected = "expected a PNG, JPEG, WebP or TIFF screenshot"

    /// The decoded image, as stored in the file (any depth, maybe with alpha).
    func load(path: String, name: String) throws(ReadError) -> PixImage {
        _ = LeptonicaMessages.silenced
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(file: name, "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(file: name, "is a folder, \(Self.expected)") }
        let size = ((try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { throw ReadError(file: name, "the file is empty (0 bytes), \(Self.expected)") }

        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        guard pixReadHeader(path, &format, &width, &height, &bps, &spp, &colormap) == 0,
              let formatName = Self.formatNames[format] else {
            throw ReadError(file: name, "not an image (\(Self.expected)); if it is one, re-save it as PNG")
        }
        guard width > 0, height > 0 else {
            throw ReadError(file: name, "the \(formatName) header gives a size of \(width)×\(height) pixels: the file is damaged; take the screenshot again")
        }
        let pixels = Int(width) * Int(height)
        guard pixels <= maxPixels else {
            let mp = Self.megapixels(pixels), cap = Self.megapixels(maxPixels)
            throw ReadError(file: name, "the image is \(width)×\(height) pixels (\(mp) megapixels), more than the \(cap)-megapixel limit: crop it to the list of subscriptions or scale it down")
        }
        let cut = ReadError(file: name, "the \(formatName) data is damaged or cut short (\(width)×\(height) header, pixels unreadable): take the screenshot again or re-save it")
        // A cut PNG or JPEG is caught here, before libpng or libjpeg print their own complaints.
        guard !Self.lacksEndMarker(path: path, format: format) else { throw cut }
        guard let pix = PixImage(pixRead(path)), pix.width == Int(width), pix.height == Int(height) else {
            throw cut
        }
        return pix
    }

    /// PNG files end with an IEND chunk and JPEG files with an end-of-image marker (some
    /// writers add padding after it, so the JPEG marker is looked for in the last 64 bytes).
    static func lacksEndMarker(path: String, format: Int32) -> Bool {
        let png = format == Int32(IFF_PNG), jpeg = format == Int32(IFF_JFIF_JPEG)
        guard png || jpeg, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 12 else { return true }
        let tailLength = png ? 12 : min(64, end)
        guard (try? handle.seek(toOffset: end - tailLength)) != nil, let tail = try? handle.read(upToCount: Int(tailLength)) else {
            return false
        }
        if png { return !tail.elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) }
        return !zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
    }

    /// `40`, `12.5` or `0.02`: one decimal, more for caps below a tenth of a megapixel.
    static func megapixels(_ pixels: Int) -> String {
        var text = String(format: pixels >= 100_000 ? "%.1f" : "%.3f", Double(pixels) / 1_000_000)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
