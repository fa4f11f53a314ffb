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
        // One `fstat` of the opened file tells a folder (which opens, but cannot be read) and
        // the size for progress.
        guard let file = fopen(path, "rb") else {
            throw ReadError(file: display, "cannot read the file (check that it exists and is readable)")
        }
        var info = stat()
        let known = fstat(fileno(file), &info) == 0
        if known, info.st_mode & S_IFMT == S_IFDIR {
            fclose(file)
            throw ReadError(file: display, "is a folder (expected a CSV file)")
        }
        // Chunks are read whole into memory of their own: no stdio buffer between.
        setvbuf(file, nil, _IONBF, 0)
        input = .file(file)
        ReadProgress.start(display, total: known && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0)
    }

    init(data: Data) {
        input = .data(data, offset: 0)
    }

    deinit {
        if case .file(let file) = input { fclose(file) }
    }

    /// Passes over the next `count` bytes (ones a probe has read through another reader);
    /// false when that fails.
    func skip(_ count: Int) -> Bool {
        switch input {
        case .file(let file):
            ReadProgress.advance(by: count)
            return fseek(file, count, SEEK_CUR) == 0
        case .data(let data, let offset):
            input = .data(data, offset: offset + count)
            return true
        }
    }

    /// The next chunk, or nil at the end.
    func read() -> [UInt8]? {
        let chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { buffer, count in
            count = read(into: UnsafeMutableRawBufferPointer(buffer))
        }
        return chunk.isEmpty ? nil : chunk
    }

    /// Reads the next bytes into `buffer`, as many as fit: how many, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch input {
        case .file(let file):
            let count = fread(buffer.baseAddress, 1, buffer.count, file)
            ReadProgress.advance(by: count)
            return count
        case .data(let data, let offset):
            guard offset < data.count else { return 0 }
            let end = min(offset + buffer.count, data.count)
            input = .data(data, offset: end)
            let start = data.startIndex
            return data.copyBytes(to: buffer, from: (start + offset)..<(start + end))
        }
    }
}
