import Foundation

/// The temporary files this process has made and not yet moved or removed (outputs being
/// written, ZIP members and fetched links being read), and the run's own temporary folder. When
/// the process is stopped by a signal (Ctrl-C, `kill`, a closed terminal), they are removed
/// before it ends, so a stopped run leaves nothing behind. The command-line tool sets this up at
/// the start of `main` (`useOwnFolder`, `removeOnSignals`) and calls `removeOwnFolder` at its end.
package enum TemporaryFiles {
    private static let capacity = 64
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = SpinningLock()
    /// The run's own folder, once `useOwnFolder` has made it.
    nonisolated(unsafe) private static var ownFolder: String?

    /// Makes a folder of this run's own in the temporary folder (TMPDIR, else /tmp) and names it
    /// in TMPDIR, so that every temporary file made from here on is inside it: ours, and the part
    /// of a download that FoundationNetworking writes as `<UUID>.tmp` (which a run stopped in the
    /// middle of a download would leave). `removeOwnFolder` and a stopping signal remove the folder with all it
    /// holds. Call it before any other thread starts: changing the environment is not safe while
    /// another thread reads it. When the folder cannot be made, TMPDIR is left as it was and the
    /// first temporary file will say what is wrong.
    package static func useOwnFolder() {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base.hasSuffix("/") ? String(base.dropLast()) : base)/ingest-run-XXXXXX".utf8CString)
        // mkdtemp fills in the X's in place and returns the same buffer, read while it lives.
        guard let folder = template.withUnsafeMutableBufferPointer({ buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }) else { return }
        setenv("TMPDIR", folder, 1)
        lock.lock()
        ownFolder = folder
        lock.unlock()
    }

    /// Removes the run's own folder and everything in it (once; later calls do nothing).
    package static func removeOwnFolder() {
        lock.lock()
        let folder = ownFolder
        ownFolder = nil
        lock.unlock()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Hands the signals that stop a run (SIGINT, SIGTERM, SIGHUP) to a thread of their own,
    /// which removes the remembered files and the run's folder, then lets the signal end the
    /// process as it would have. Call it at the start of `main`, before any other thread starts,
    /// so that every thread inherits the blocked signals and only that thread takes them. A signal
    /// the caller ignores (`nohup`) stays ignored.
    package static func removeOnSignals() {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // SIG_IGN is the handler address 1; setting it is the only way to read the current one.
            let previous = signal(sig, SIG_IGN)
            if let previous, unsafeBitCast(previous, to: Int.self) == 1 { continue }
            signal(sig, previous)
            sigaddset(&stopping, sig)
        }
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
        let waiting = stopping
        Thread.detachNewThread {
            var set = waiting
            var sig: Int32 = 0
            while sigwait(&set, &sig) != 0 {}
            removeRemembered()
            removeOwnFolder()
            signal(sig, SIG_DFL)
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, sig)
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(sig)
        }
    }

    /// Remembers `path` until `forget(_:)`; returns its slot (nil when all are taken, in which
    /// case the file is still removed on every ordinary exit path, only not on a signal).
    package static func remember(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == nil {
            slots[slot] = strdup(path)
            return slot
        }
        return nil
    }

    package static func forget(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        let path = slots[slot]
        slots[slot] = nil
        free(path)
    }

    /// Removes every remembered file (outputs are written beside their target, outside the run's folder).
    private static func removeRemembered() {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }
}
