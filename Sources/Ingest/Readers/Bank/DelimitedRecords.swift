import Foundation

/// One record of a delimited file: its cells as byte slices (quotes removed) and its line.
struct ByteRecord {
    var cells: [ArraySlice<UInt8>]
    /// 1-based physical line where the record starts.
    var line: Int

    var isBlank: Bool { cells.allSatisfy { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } } }
}

/// Streams records out of a delimited file in fixed-size chunks, so memory does not grow with
/// the file: quotes, doubled quotes, CRLF and line breaks inside quotes are handled.
///
/// Bridge for bank statements (`;` and tab delimiters, non-UTF-8 bytes) until the shared CSV
/// reader streams and sniffs dialects.
final class DelimitedRecords {
    let delimiter: UInt8
    private var buffer: [UInt8]
    private var position = 0
    private var line = 1
    private let handle: FileHandle?
    private var atEnd: Bool
    static let chunkSize = 1 << 22

    /// Reads from a file handle, starting with the bytes already read from it.
    init(handle: FileHandle?, head: [UInt8], atEnd: Bool, delimiter: UInt8) {
        self.handle = handle
        self.buffer = head
        self.atEnd = atEnd || handle == nil
        self.delimiter = delimiter
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Reads bytes held in memory.
    convenience init(bytes: [UInt8], delimiter: UInt8) {
        self.init(handle: nil, head: bytes, atEnd: true, delimiter: delimiter)
    }

    private func refill() -> Bool {
        guard !atEnd, let handle else { return false }
        let chunk = (try? handle.read(upToCount: DelimitedRecords.chunkSize)) ?? nil
        guard let chunk, !chunk.isEmpty else { atEnd = true; return false }
        buffer.removeSubrange(0..<position)
        position = 0
        buffer.append(contentsOf: chunk)
        return true
    }

    /// The next record, nil at the end of the file.
    func next() -> ByteRecord? {
        while true {
            if position >= buffer.count, !refill() { return nil }
            if let record = scan() { return record }
            if !refill() { return scan(final: true) }
        }
    }

    /// Scans one record from `position`; nil when the buffer ends before the record does
    /// (unless `final`). Slices point into `buffer`, valid until the next refill copies them.
    private func scan(final: Bool = false) -> ByteRecord? {
        var cells: [ArraySlice<UInt8>] = []
        var i = position
        var cellStart = i
        var inQuotes = false
        var quoted = false
        var doubled = false
        var newlines = 0
        let n = buffer.count
        func finishCell(_ end: Int) {
            if quoted {
                var lo = cellStart
                while lo < end, buffer[lo] != 0x22 { lo += 1 }
                var hi = end
                while hi > lo + 1, buffer[hi - 1] != 0x22 { hi -= 1 }
                var slice = hi > lo + 1 ? buffer[(lo + 1)..<(hi - 1)] : buffer[lo..<lo]
                if doubled {
                    var copy: [UInt8] = []
                    var k = slice.startIndex
                    while k < slice.endIndex {
                        copy.append(slice[k])
                        if slice[k] == 0x22, k + 1 < slice.endIndex, slice[k + 1] == 0x22 { k += 1 }
                        k += 1
                    }
                    slice = copy[...]
                }
                cells.append(slice)
            } else {
                cells.append(buffer[cellStart..<end])
            }
            quoted = false
            doubled = false
        }
        while i < n {
            let c = buffer[i]
            if inQuotes {
                if c == 0x22 {
                    if i + 1 < n, buffer[i + 1] == 0x22 { doubled = true; i += 2; continue }
                    if i + 1 >= n && !final { return nil }
                    inQuotes = false
                } else if c == 0x0A { newlines += 1 }
                i += 1
                continue
            }
            if c == 0x22 {
                inQuotes = true
                quoted = true
            } else if c == delimiter {
                finishCell(i)
                cellStart = i + 1
            } else if c == 0x0A || c == 0x0D {
                let end = i
                if c == 0x0D {
                    if i + 1 >= n && !final { return nil }
                    if i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                }
                finishCell(end)
                let record = ByteRecord(cells: cells, line: line)
                line += 1 + newlines
                position = i + 1
                return record
            }
            i += 1
        }
        guard final, i > position || !cells.isEmpty else { return nil }
        finishCell(n)
        let record = ByteRecord(cells: cells, line: line)
        line += 1 + newlines
        position = n
        return record
    }

    /// The delimiter that splits the first lines into the same number of cells most often:
    /// preamble lines and summary lines disagree, the table agrees.
    static func sniffDelimiter(_ head: [UInt8]) -> UInt8 {
        let candidates: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]
        var best: (UInt8, Int) = (0x2C, -1)
        for candidate in candidates {
            let reader = DelimitedRecords(bytes: Array(head.prefix(1 << 16)), delimiter: candidate)
            var counts: [Int: Int] = [:]
            var seen = 0
            while seen < 40, let record = reader.next() {
                seen += 1
                if record.cells.count > 1 { counts[record.cells.count, default: 0] += 1 }
            }
            let score = counts.max { a, b in a.value * 100 + a.key < b.value * 100 + b.key }.map { $0.value * 100 + min($0.key, 99) } ?? 0
            if score > best.1 { best = (candidate, score) }
        }
        return best.0
    }
}
