/// One word the OCR engine read, with where it stands in the image and how sure the engine is.
public struct RecognizedWord: Hashable, Sendable {
    public var text: String
    /// In the original image's pixels (before any scaling the engine did).
    public var box: Provenance.Box
    /// 0…1.
    public var confidence: Double

    public init(text: String, box: Provenance.Box, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// Everything the OCR engine read from one image: its words with boxes, nothing interpreted yet.
public struct RecognizedPage: Hashable, Sendable {
    /// The image's name as the user gave it.
    public var image: String
    public var width: Int
    public var height: Int
    public var words: [RecognizedWord]
    /// True when the engine inverted a dark-mode image before reading it.
    public var inverted: Bool

    public init(image: String, width: Int, height: Int, words: [RecognizedWord], inverted: Bool = false) {
        self.image = image
        self.width = width
        self.height = height
        self.words = words
        self.inverted = inverted
    }
}

/// Reads the words of an image. The library knows only this protocol; the Tesseract engine
/// behind it lives in its own target, so `Ingest` stays Swift and Foundation only.
public protocol TextRecognizer: Sendable {
    /// `path` is the file to read, `name` the name to use in messages and provenance.
    func recognize(path: String, name: String) throws -> RecognizedPage
    /// Starts recognising images that `recognize` will be asked for, so that they can be read
    /// in parallel ahead of the import. Does nothing unless the engine can work ahead.
    func prefetch(_ images: [(path: String, name: String)])
    /// Waits for work started ahead and frees what the engine holds; called once an import is
    /// over. The recognizer stays usable.
    func close()
}

extension TextRecognizer {
    public func prefetch(_ images: [(path: String, name: String)]) {}
    public func close() {}
}
