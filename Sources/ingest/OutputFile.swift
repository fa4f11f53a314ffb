import Foundation
import Ingest

/// A buffered text sink for standard output or a file given with `-o`. A file is written to a
/// temporary name beside it and moved into place on `close()`, so a failed run leaves no half file.
///
/// Pieces are handed to `write(2)` by the thread that made them, while they are in its cache:
/// handed to a thread of their own, the kernel's copy of a big output from the other core's
/// memory cost more than it saved. A long output to a regular file is written behind
/// (`WriteBehind`).
final class OutputFile {
    private let handle: FileHandle
    private var buffer = [UInt8]()
    private let finalPath: String?
    private let tempPath: String?
    /// For a regular file: where the output starts in it, and how it is written behind.
    private var behind: (origin: Int, policy: WriteBehind)?
    /// Bytes written so far.
    private var written = 0

    init(path: String?) throws {
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
        var info = stat()
        let fd = handle.fileDescriptor
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            let origin = lseek(fd, 0, SEEK_CUR)
            if origin >= 0 { behind = (Int(origin), WriteBehind()) }
        }
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// UTF-8 bytes; a large piece goes straight to the file.
    func write(bytes: [UInt8]) {
        if bytes.count >= 1 << 16 {
            flush()
            bytes.withUnsafeBytes(writeAll)
        } else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
        }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes(writeAll)
        buffer.removeAll(keepingCapacity: true)
    }

    /// The first write error (`errno`); later writes are dropped and `close` reports it.
    private var failure: Int32?

    /// Hands `bytes` to the file descriptor as they are, with no copy into `Data`.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        let started = behind == nil ? 0 : DispatchTime.now().uptimeNanoseconds
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
        written += done
        if behind != nil {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            behind!.policy.wrote(written, seconds: seconds, to: handle.fileDescriptor, origin: behind!.origin)
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
