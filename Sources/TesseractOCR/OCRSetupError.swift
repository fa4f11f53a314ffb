/// The OCR engine could not be started: no language data, or a pack that is not installed.
/// Says what is missing and what to install or pass.
public struct OCRSetupError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
