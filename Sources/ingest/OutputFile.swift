import Foundation
import Ingest

/// A buffered text sink for standard output or a file given with `-o`. A file is written to a
/// temporary file beside it and moved into place on `close()`, so a failed or stopped run
/// leaves neither a half file nor the temporary one.
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
    /// Where the temporary file is remembered for removal on a signal.
    private var tempSlot: Int?

    /// Opens the output: standard output for nil or `-`, a device or FIFO in place, and a
    /// file through a new temporary file beside it. Callers check the path first
    /// (`OutputPaths`): a folder is refused there.
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
            // A link is followed, so that the file it points to is replaced and the link kept.
            let target = OutputFile.followingLinks(path)
            let temp = try OutputFile.createTemporary(beside: target, display: path)
            self.handle = FileHandle(fileDescriptor: temp.descriptor, closeOnDealloc: true)
            self.finalPath = target
            self.tempPath = temp.path
            self.tempSlot = temp.slot
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

    /// The path a link at `path` leads to (through every link), or `path` itself.
    static func followingLinks(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Makes a new, empty temporary file in the folder of `path`, named after it, that no other
    /// run can be using (`O_EXCL`): a file left by a run that was killed is never reused or
    /// removed. When `path` exists, the new file gets its permissions.
    static func createTemporary(beside path: String, display: String) throws -> (path: String, descriptor: Int32, slot: Int?) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var mode: mode_t = 0o666
        var existing = stat()
        let replacing = stat(path, &existing) == 0
        if replacing { mode = existing.st_mode & 0o7777 }
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temp = folder + "/." + url.lastPathComponent + "." + random + ".ingest-tmp"
            // Remembered before it exists, so that a signal in between still removes it.
            let slot = TemporaryFiles.remember(temp)
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 {
                if replacing { fchmod(fd, mode) }
                return (temp, fd, slot)
            }
            let error = errno
            TemporaryFiles.forget(slot)
            errno = error
            if errno == EEXIST { continue }
            let reason = String(cString: strerror(errno))
            throw UsageError("\(display): cannot write there (\(reason); check the folder exists and is writable)")
        }
        throw UsageError("\(display): cannot make a temporary file beside it")
    }

    func close() throws {
        flush()
        if let failure {
            abandon()
            settled = true
            throw OutputError(message: "cannot write \(finalPath ?? "the output"): \(String(cString: strerror(failure))) (check the free space and that the output is still open)")
        }
        guard let finalPath, let tempPath else { return }
        try handle.close()
        // rename(2) replaces a file in one step and never a folder.
        guard rename(tempPath, finalPath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            TemporaryFiles.forget(tempSlot)
            settled = true
            throw OutputError(message: "cannot write \(finalPath): \(reason)")
        }
        TemporaryFiles.forget(tempSlot)
        settled = true
    }

    /// Whether the temporary file was moved into place or removed.
    private var settled = false

    /// Drops the temporary file after a failure.
    func abandon() {
        guard let tempPath, !settled else { return }
        settled = true
        try? handle.close()
        unlink(tempPath)
        TemporaryFiles.forget(tempSlot)
    }

    /// An output given up by an error thrown past it is removed too.
    deinit { abandon() }
}

/// The output could not be written to the end.
struct OutputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
