import CTesseract

/// Owns one Leptonica image: destroyed exactly once, when the last Swift reference goes away.
/// Every Leptonica call that makes a new image wraps its result here at once.
final class PixImage {
    let pointer: UnsafeMutablePointer<Pix>

    /// Takes ownership of `pointer`; nil when Leptonica returned no image.
    init?(_ pointer: UnsafeMutablePointer<Pix>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var handle: UnsafeMutablePointer<Pix>? = pointer
        pixDestroy(&handle)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }
}

/// Leptonica prints its own error lines to standard error; the engine reports every failure
/// itself, with the file name, so those lines are switched off once per process.
enum LeptonicaMessages {
    static let silenced: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()
}
