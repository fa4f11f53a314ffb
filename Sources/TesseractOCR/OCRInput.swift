/// An image to recognise: the file to read and the name for messages.
public struct OCRInput: Hashable, Sendable {
    public var path: String
    public var name: String

    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }
}
