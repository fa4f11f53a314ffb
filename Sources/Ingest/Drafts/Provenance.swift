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
    /// Row and line plus one, 0 for none: a bank series lists every row it came from, so a
    /// provenance is kept small (32 bytes, not 104). Numbers past `UInt32` go to `rare`.
    private var rowBits: UInt32 = 0
    private var lineBits: UInt32 = 0
    /// What few provenances have (a sheet tab or ZIP member, an image region, a huge row
    /// number), behind one reference. Never changed once made: setters make a new one.
    private var rare: Rare?

    private final class Rare: Sendable {
        let part: String?
        let box: Box?
        let row: Int?
        let line: Int?

        init(part: String?, box: Box?, row: Int?, line: Int?) {
            self.part = part
            self.box = box
            self.row = row
            self.line = line
        }
    }

    /// 1-based data row (the header is not counted), when the source is a table.
    public var row: Int? {
        get { rowBits != 0 ? Int(rowBits - 1) : rare?.row }
        set {
            let (bits, big) = Provenance.pack(newValue)
            rowBits = bits
            setRare(part: part, box: box, row: big, line: rare?.line)
        }
    }

    /// 1-based physical line in the file, where the row starts.
    public var line: Int? {
        get { lineBits != 0 ? Int(lineBits - 1) : rare?.line }
        set {
            let (bits, big) = Provenance.pack(newValue)
            lineBits = bits
            setRare(part: part, box: box, row: rare?.row, line: big)
        }
    }

    /// The sheet tab (`gid` or name) or the member inside a ZIP archive.
    public var part: String? {
        get { rare?.part }
        set { setRare(part: newValue, box: box, row: rare?.row, line: rare?.line) }
    }

    /// For screenshots: the region the draft was read from.
    public var box: Box? {
        get { rare?.box }
        set { setRare(part: part, box: newValue, row: rare?.row, line: rare?.line) }
    }

    public init(file: String, row: Int? = nil, line: Int? = nil, part: String? = nil, box: Box? = nil) {
        self.file = file
        let (rowBits, bigRow) = Provenance.pack(row)
        let (lineBits, bigLine) = Provenance.pack(line)
        self.rowBits = rowBits
        self.lineBits = lineBits
        setRare(part: part, box: box, row: bigRow, line: bigLine)
    }

    /// A number as bits (value plus one), or, when it does not fit, 0 and the number itself.
    private static func pack(_ value: Int?) -> (UInt32, Int?) {
        guard let value else { return (0, nil) }
        guard value >= 0, value < Int(UInt32.max) else { return (0, value) }
        return (UInt32(value + 1), nil)
    }

    private mutating func setRare(part: String?, box: Box?, row: Int?, line: Int?) {
        if part == nil, box == nil, row == nil, line == nil {
            rare = nil
        } else {
            rare = Rare(part: part, box: box, row: row, line: line)
        }
    }

    public static func == (a: Provenance, b: Provenance) -> Bool {
        a.file == b.file && a.row == b.row && a.line == b.line && a.part == b.part && a.box == b.box
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(row)
        hasher.combine(line)
        hasher.combine(part)
        hasher.combine(box)
    }

    /// `subs.csv:12` or `subs.csv:12:3` for messages.
    public func location(column: Int? = nil) -> String {
        var text = file
        if let line { text += ":\(line)" } else if let row { text += ":\(row)" }
        if let column { text += ":\(column)" }
        return text
    }
}
