import Foundation

/// Where Tesseract's language packs (`*.traineddata`) are, and which of them are installed.
public struct Tessdata: Sendable, Equatable {
    /// The folder holding `eng.traineddata` and the others.
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Where Debian puts the packs (Tesseract 5, then 4).
    public static let debianDirectories = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
    ]

    /// The folder from `--tessdata`, else `TESSDATA_PREFIX` (the folder itself or its parent, as
    /// Tesseract accepts both), else the Debian locations; the first that exists wins.
    public static func locate(explicit: String?, environment: [String: String]) throws(OCRSetupError) -> Tessdata {
        let fm = FileManager.default
        func isDirectory(_ path: String) -> Bool {
            var dir: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
        }
        if let explicit {
            guard isDirectory(explicit) else {
                throw OCRSetupError("--tessdata \(explicit): no such folder (expected the folder holding eng.traineddata)")
            }
            return Tessdata(directory: explicit)
        }
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            let nested = (prefix as NSString).appendingPathComponent("tessdata")
            let holdsPacks = (try? fm.contentsOfDirectory(atPath: prefix))?.contains(where: { $0.hasSuffix(".traineddata") }) == true
            if !holdsPacks, isDirectory(nested) { return Tessdata(directory: nested) }
            guard isDirectory(prefix) else {
                throw OCRSetupError("TESSDATA_PREFIX=\(prefix): no such folder (unset it or point it at the folder holding eng.traineddata)")
            }
            return Tessdata(directory: prefix)
        }
        if let found = debianDirectories.first(where: isDirectory) {
            return Tessdata(directory: found)
        }
        throw OCRSetupError("""
            no Tesseract language data found (looked in \(debianDirectories.joined(separator: ", "))): \
            install tesseract-ocr-eng (apt-get install tesseract-ocr-eng), or pass --tessdata DIR or set TESSDATA_PREFIX
            """)
    }

    /// Whether `pack.traineddata` is here.
    public func has(_ pack: String) -> Bool {
        FileManager.default.isReadableFile(atPath: (directory as NSString).appendingPathComponent(pack + ".traineddata"))
    }

    /// Throws for the first pack that is not installed, naming the Debian package to install.
    public func check(_ packs: [String]) throws(OCRSetupError) {
        let missing = packs.filter { !has($0) }
        guard !missing.isEmpty else { return }
        let names = missing.map { "\($0).traineddata" }.joined(separator: ", ")
        let packages = missing.map(OCRLanguages.debianPackage(for:)).joined(separator: " ")
        throw OCRSetupError("""
            OCR language \(missing.joined(separator: "+")) is not installed (no \(names) in \(directory)): \
            install it with `apt-get install \(packages)`, or choose another with --ocr-lang (installed: \(installed().joined(separator: ", ")))
            """)
    }

    /// The packs in the folder, sorted (`osd` left out: it detects orientation, it reads no text).
    public func installed() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".traineddata") }
            .map { String($0.dropLast(".traineddata".count)) }
            .filter { $0 != "osd" }
            .sorted()
    }
}
