import Foundation

/// How the OCR engine is set up: languages, where their data is, and the reading rules.
public struct OCRConfiguration: Sendable {
    /// Tesseract packs joined by `+` (`eng`, `deu+eng`).
    public var languages: String
    /// `--tessdata DIR`; nil: `TESSDATA_PREFIX`, then the Debian folders.
    public var tessdataDirectory: String?
    /// Tesseract page segmentation mode; 11 (sparse text) reads the scattered labels of UIs.
    public var pageSegmentation: Int
    /// Images with more pixels are refused before decoding.
    public var maxPixels: Int
    /// Where `TESSDATA_PREFIX` is looked up (the process environment, or a test's own).
    public var environment: [String: String]

    public static let defaultPageSegmentation = 11
    public static let defaultMaxPixels = 40_000_000

    public init(languages: String = OCRLanguages.defaultSpec, tessdataDirectory: String? = nil,
                pageSegmentation: Int = defaultPageSegmentation, maxPixels: Int = defaultMaxPixels,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.languages = languages
        self.tessdataDirectory = tessdataDirectory
        self.pageSegmentation = pageSegmentation
        self.maxPixels = maxPixels
        self.environment = environment
    }
}
