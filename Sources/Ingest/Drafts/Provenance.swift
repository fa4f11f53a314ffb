/// Where a draft came from: a file (or URL) and the row, line and columns inside it, or the
/// image region an OCR line was read from.
public struct Provenance: Hashable, Sendable {
    /// A rectangle in image pixels.
    public struct Box: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The file name as the user gave it (or the URL for fetched sheets).
    public var file: String
    /// 1-based data row (the header is not counted), when the source is a table.
    public var row: Int?
    /// 1-based physical line in the file, where the row starts.
    public var line: Int?
    /// The sheet tab (`gid` or name) or the member inside a ZIP archive.
    public var part: String?
    /// For screenshots: the region the draft was read from.
    public var box: Box?

    public init(file: String, row: Int? = nil, line: Int? = nil, part: String? = nil, box: Box? = nil) {
        self.file = file
        self.row = row
        self.line = line
        self.part = part
        self.box = box
    }

    /// `subs.csv:12` or `subs.csv:12:3` for messages.
    public func location(column: Int? = nil) -> String {
        var text = file
        if let line { text += ":\(line)" } else if let row { text += ":\(row)" }
        if let column { text += ":\(column)" }
        return text
    }
}
