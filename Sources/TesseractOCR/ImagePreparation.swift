import CTesseract
import Ingest

/// An image made ready for Tesseract: 8-bit grey, dark text on a white ground whatever the
/// colours of the screen, scaled up when its text is small, with the resolution Tesseract
/// should assume.
struct PreparedImage {
    let pix: PixImage
    /// The original image's size; boxes are given back in these pixels.
    let originalWidth: Int
    let originalHeight: Int
    /// How much the image was enlarged (1, 2 or 3).
    let scale: Int
    let inverted: Bool
    /// Pixels per inch passed to Tesseract, so it does not guess from the image size.
    let resolution: Int
    /// The median height of letter-sized blobs in the original, in pixels (0 when none).
    let textHeight: Int
}

/// The decisions made while preparing an image, separated from Leptonica so they can be
/// tested with plain numbers.
struct PreparationRules: Sendable {
    /// Mean grey (0 black … 255 white) below which the image is taken for dark mode.
    var darkMeanBelow: Double = 110
    /// The text height (median blob height, original pixels) Tesseract reads best at; smaller
    /// text is enlarged by a whole factor towards it. 16 read as many words of the real
    /// screenshots as 20 and 24, and leaves 3x phone screenshots (blobs of 17-31 px) unscaled.
    var targetTextHeight = 16
    var maxScale = 3
    /// Enlarging stops before the prepared image would pass this many pixels.
    var maxScaledPixels = 40_000_000
    /// Contrast stretch of the difference from the local background (2 and 3.5 read fewer words).
    var contrastGain: Float = 2.5
    /// The local background is the median of this many pixels square, taken on a quarter-size
    /// copy: 60 pixels of the original, wider than letter strokes, narrower than cards.
    var backgroundWindow: Int32 = 15

    /// Dark mode: the mean of a 256-bin grey histogram is low.
    func isDark(histogram: [Int]) -> Bool {
        var total = 0, weighted = 0
        for (value, count) in histogram.enumerated() {
            total += count
            weighted += value * count
        }
        guard total > 0 else { return false }
        return Double(weighted) / Double(total) < darkMeanBelow
    }

    /// 1 when the text is tall enough or unknown (0), else the smallest factor reaching the target.
    func scale(textHeight: Int, width: Int, height: Int) -> Int {
        guard textHeight > 0, textHeight < targetTextHeight else { return 1 }
        var factor = min(maxScale, (targetTextHeight + textHeight - 1) / textHeight)
        while factor > 1, width * height * factor * factor > maxScaledPixels { factor -= 1 }
        return factor
    }

    /// Ten-point text is about 0.6 em tall in blobs, 10/72 inch an em: text height × 12 ppi.
    func resolution(scaledTextHeight: Int) -> Int {
        guard scaledTextHeight > 0 else { return 300 }
        return min(600, max(70, scaledTextHeight * 12))
    }

    /// The median height of blobs shaped like letters (not lines, icons or whole cards).
    static func medianLetterHeight(_ boxes: [(width: Int, height: Int)]) -> Int {
        let heights = boxes.filter { $0.height >= 4 && $0.height <= 200 && $0.width <= 2 * $0.height && $0.width >= 1 }
            .map(\.height).sorted()
        guard !heights.isEmpty else { return 0 }
        return heights[heights.count / 2]
    }
}

extension PreparationRules {
    /// Grey, inverted when dark, flattened to dark strokes on white, enlarged when the text is small.
    func prepare(_ original: PixImage, name: String) throws(ReadError) -> PreparedImage {
        let failure = ReadError(file: name, "the image could not be converted for OCR (unusual colour format): re-save it as PNG")
        let opaque = PixImage(pixRemoveAlpha(original.pointer)) ?? original
        guard var gray = PixImage(pixConvertTo8(opaque.pointer, 0)) else { throw failure }
        let dark = isDark(histogram: Self.histogram(gray))
        if dark {
            guard let inverted = PixImage(pixInvert(nil, gray.pointer)) else { throw failure }
            gray = inverted
        }
        gray = try flatten(gray, failure: failure)
        let textHeight = Self.medianLetterHeight(Self.blobSizes(gray))
        let factor = scale(textHeight: textHeight, width: gray.width, height: gray.height)
        if factor > 1 {
            guard let scaled = PixImage(pixScaleGrayLI(gray.pointer, Float(factor), Float(factor))) else { throw failure }
            gray = scaled
        }
        return PreparedImage(pix: gray, originalWidth: original.width, originalHeight: original.height,
                             scale: factor, inverted: dark, resolution: resolution(scaledTextHeight: textHeight * factor),
                             textHeight: textHeight)
    }

    /// Every pixel becomes 255 minus its (stretched) distance from the local background: text
    /// is dark on white whether it was dark on light, light on dark, or white on a coloured card
    /// inside a light screen. Tesseract's own thresholds see one polarity only, so white text on
    /// yellow and red cards was lost, and so was grey-card text in dark mode.
    func flatten(_ gray: PixImage, failure: ReadError) throws(ReadError) -> PixImage {
        let window = min(backgroundWindow, Int32(gray.width / 4), Int32(gray.height / 4))
        guard window >= 3 else { return gray }  // too small to hold a line of text and its background
        guard let small = PixImage(pixScaleAreaMap(gray.pointer, 0.25, 0.25)),
              let smallBackground = PixImage(pixRankFilterGray(small.pointer, window, window, 0.5)),
              let background = PixImage(pixScaleToSize(smallBackground.pointer, Int32(gray.width), Int32(gray.height))),
              let difference = PixImage(pixAbsDifference(gray.pointer, background.pointer)),
              pixMultConstantGray(difference.pointer, contrastGain) == 0,
              let flat = PixImage(pixInvert(nil, difference.pointer)) else { throw failure }
        return flat
    }

    static func histogram(_ gray: PixImage) -> [Int] {
        var numa: UnsafeMutablePointer<Numa>? = pixGetGrayHistogram(gray.pointer, 2)
        defer { numaDestroy(&numa) }
        guard let numa else { return [] }
        var bins = [Int](repeating: 0, count: 256)
        for i in 0..<min(256, Int(numaGetCount(numa))) {
            var value: Int32 = 0
            if numaGetIValue(numa, Int32(i), &value) == 0 { bins[i] = Int(value) }
        }
        return bins
    }

    /// Widths and heights of the dark blobs of a dark-on-light grey image.
    static func blobSizes(_ gray: PixImage) -> [(width: Int, height: Int)] {
        guard let binary = PixImage(pixConvertTo1(gray.pointer, 150)) else { return [] }
        var boxa: UnsafeMutablePointer<Boxa>? = pixConnCompBB(binary.pointer, 8)
        defer { boxaDestroy(&boxa) }
        guard let boxa else { return [] }
        let count = Int(boxaGetCount(boxa))
        var sizes: [(width: Int, height: Int)] = []
        sizes.reserveCapacity(count)
        for i in 0..<count {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            if boxaGetBoxGeometry(boxa, Int32(i), &x, &y, &w, &h) == 0 { sizes.append((Int(w), Int(h))) }
        }
        return sizes
    }
}
