import Foundation

/// A buffered text sink for standard output or a file given with `-o`. A file is written to a
/// temporary name beside it and moved into place on `close()`, so a failed run leaves no half file.
final class OutputFile {
    private let handle: FileHandle
    private var buffer = [UInt8]()
    private let finalPath: String?
    private let tempPath: String?

    init(path: String?) throws {
        if let path, path != "-", OutputFile.isSpecial(path) {
            // /dev/null, a FIFO or a terminal: nothing to replace, write straight into it.
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw UsageError("-o \(path): cannot write there")
            }
            self.handle = handle
            self.finalPath = nil
            self.tempPath = nil
        } else if let path, path != "-" {
            let temp = path + ".ingest-tmp"
            guard FileManager.default.createFile(atPath: temp, contents: nil),
                  let handle = FileHandle(forWritingAtPath: temp) else {
                throw UsageError("-o \(path): cannot write there (check the folder exists and is writable)")
            }
            self.handle = handle
            self.finalPath = path
            self.tempPath = temp
        } else {
            self.handle = FileHandle.standardOutput
            self.finalPath = nil
            self.tempPath = nil
        }
        buffer.reserveCapacity(1 << 16)
    }

    /// An existing path that is not a regular file (a device, FIFO or socket).
    static func isSpecial(_ path: String) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { return false }
        return type != .typeRegular && type != .typeDirectory
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        guard let finalPath, let tempPath else { return }
        try handle.close()
        if FileManager.default.fileExists(atPath: finalPath) { try FileManager.default.removeItem(atPath: finalPath) }
        try FileManager.default.moveItem(atPath: tempPath, toPath: finalPath)
    }

    /// Drops the temporary file after a failure.
    func abandon() {
        guard let tempPath else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: tempPath)
    }
}
