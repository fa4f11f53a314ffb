import Foundation

/// A buffered text sink for standard output or a file given with `-o`. A file is written to a
/// temporary name beside it and moved into place on `close()`, so a failed run leaves no half file.
///
/// With `inBackground`, the pieces are handed to `write(2)` on a thread of their own, in order,
/// at most `inFlight` at a time: the kernel's copy of a big output into the page cache (a tenth
/// to a fifth of a streamed import, depending on the machine) no longer holds up the thread
/// that makes the output. The writing thread touches only the file descriptor and `failure`,
/// which the others read after `drain`; hence `@unchecked Sendable`.
final class OutputFile: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = [UInt8]()
    private let finalPath: String?
    private let tempPath: String?
    /// Where pieces are written in the background, in order; nil: written at once.
    private let writer: DispatchQueue?
    private let slots = DispatchSemaphore(value: OutputFile.inFlight)
    static let inFlight = 4

    init(path: String?, inBackground: Bool = false) throws {
        writer = inBackground ? DispatchQueue(label: "ingest.output", qos: .userInitiated) : nil
        if let path, path != "-", OutputFile.isDevice(path) {
            // `/dev/null`, a FIFO, a terminal: written in place. Moving a temporary file over
            // it would replace the device with a plain file.
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw UsageError("-o \(path): cannot write there (check that it is writable)")
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

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// UTF-8 bytes; a large piece goes straight to the file.
    func write(bytes: [UInt8]) {
        if bytes.count >= 1 << 16 {
            flush()
            hand(bytes)
        } else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
        }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        if writer == nil {
            buffer.withUnsafeBytes(writeAll)
            buffer.removeAll(keepingCapacity: true)
        } else {
            hand(buffer)
            buffer = []
        }
    }

    /// Writes `bytes` now, or queues them behind the pieces before.
    private func hand(_ bytes: [UInt8]) {
        guard let writer else { return bytes.withUnsafeBytes(writeAll) }
        slots.wait()
        writer.async { [self] in
            bytes.withUnsafeBytes(writeAll)
            slots.signal()
        }
    }

    /// Waits for the queued pieces to be written.
    private func drain() {
        writer?.sync {}
    }

    /// The first write error (`errno`); later writes are dropped and `close` reports it.
    /// Written only by the thread that writes; read after `drain`.
    private var failure: Int32?

    /// Hands `bytes` to the file descriptor as they are, with no copy into `Data`.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(handle.fileDescriptor, base + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = n < 0 ? errno : EIO
                return
            }
            done += n
        }
    }

    /// Whether `path` exists and is neither a regular file nor a folder.
    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    func close() throws {
        flush()
        drain()
        if let failure {
            abandon()
            throw OutputError(message: "cannot write \(finalPath ?? "the output"): \(String(cString: strerror(failure))) (check the free space and that the output is still open)")
        }
        guard let finalPath, let tempPath else { return }
        try handle.close()
        if FileManager.default.fileExists(atPath: finalPath) { try FileManager.default.removeItem(atPath: finalPath) }
        try FileManager.default.moveItem(atPath: tempPath, toPath: finalPath)
    }

    /// Drops the temporary file after a failure.
    func abandon() {
        drain()
        guard let tempPath else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: tempPath)
    }
}

/// The output could not be written to the end.
struct OutputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
