import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file made in the temporary directory for bytes that must not be held in memory (a ZIP
/// member, a fetched body). It is removed by `remove()` or when the last reference goes.
package final class TemporaryFile: @unchecked Sendable {
    package let path: String
    private let lock = SpinningLock()
    private var fd: Int32
    private var removed = false
    /// Where the file is remembered for removal on a signal (`TemporaryFiles`).
    private let slot: Int?

    /// Creates an empty file, readable and writable by this user only. `what` names it in messages.
    /// The name is remembered for removal on a signal before the file exists: a signal that
    /// comes between making the file and remembering it would leave the file behind.
    package init(prefix: String, what: String) throws(ReadError) {
        let base = FileManager.default.temporaryDirectory.path
        var failure = EEXIST
        for _ in 0..<64 {
            let path = "\(base)/\(prefix)-\(Self.randomName())"
            let slot = TemporaryFiles.remember(path)
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                self.fd = fd
                self.path = path
                self.slot = slot
                return
            }
            failure = errno
            TemporaryFiles.forget(slot)
            // Only a name taken already is tried again.
            guard failure == EEXIST else { break }
        }
        throw ReadError(file: what, "cannot create a temporary file in \(base) (\(String(cString: strerror(failure)))); set TMPDIR to a writable folder with free space")
    }

    /// Twelve letters and digits: a name no other file is likely to have.
    private static func randomName() -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<12).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }, as: UTF8.self)
    }

    deinit { remove() }

    /// Appends `bytes`; a full disk is an error naming `what`.
    package func write(_ bytes: UnsafeRawBufferPointer, what: String) throws(ReadError) {
        if let failure = writeAll(fd, bytes) {
            throw ReadError(file: what, "cannot write the temporary file \(path) (\(String(cString: strerror(failure)))); free some disk space or set TMPDIR")
        }
    }

    /// Closes the file for writing; reading goes through `path`.
    package func finishWriting() {
        lock.lock()
        defer { lock.unlock() }
        if fd >= 0 { close(fd); fd = -1 }
    }

    /// Deletes the file (once; later calls do nothing).
    package func remove() {
        lock.lock()
        defer { lock.unlock() }
        if fd >= 0 { close(fd); fd = -1 }
        if !removed {
            unlink(path)
            removed = true
            TemporaryFiles.forget(slot)
        }
    }

    /// An open file with no name left in the file system: it vanishes when `fd` is closed, even
    /// if the process is killed. For nested archives, which are read back through the descriptor.
    static func anonymous(what: String) throws(ReadError) -> Int32 {
        let file = try TemporaryFile(prefix: "ingest-zip", what: what)
        let fd = dup(file.fd)
        file.remove()
        guard fd >= 0 else { throw ReadError(file: what, "cannot keep a temporary file open (\(String(cString: strerror(errno))))") }
        return fd
    }
}
