import Foundation

/// Hands out a file's or a buffer's bytes in chunks, so a large input is never held whole.
final class ChunkReader {
    static let chunkSize = 1 << 16

    private enum Input {
        case file(UnsafeMutablePointer<FILE>)
        case data(Data, offset: Int)
    }

    private var input: Input

    init(path: String, display: String) throws(ReadError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReadError(file: display, "is a folder (expected a CSV file)")
        }
        guard let file = fopen(path, "rb") else {
            throw ReadError(file: display, "cannot read the file (check that it exists and is readable)")
        }
        input = .file(file)
    }

    init(data: Data) {
        input = .data(data, offset: 0)
    }

    deinit {
        if case .file(let file) = input { fclose(file) }
    }

    /// The next chunk, or nil at the end.
    func read() -> [UInt8]? {
        switch input {
        case .file(let file):
            var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, Self.chunkSize, file) }
            guard n > 0 else { return nil }
            if n < chunk.count { chunk.removeSubrange(n...) }
            return chunk
        case .data(let data, let offset):
            guard offset < data.count else { return nil }
            let end = min(offset + Self.chunkSize, data.count)
            input = .data(data, offset: end)
            let start = data.startIndex
            return [UInt8](data[(start + offset)..<(start + end)])
        }
    }
}
