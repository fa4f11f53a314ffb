import Foundation

/// The temporary files this process has made and not yet moved or removed (outputs being
/// written, ZIP members and fetched links being read). When the process is stopped by a signal
/// (Ctrl-C, `kill`, a closed terminal), they are removed before it ends, so a stopped run
/// leaves nothing behind. The command-line tool sets the handler (`removeOnSignals`).
package enum TemporaryFiles {
    private static let capacity = 64
    /// Paths as C strings, read by the signal handler: only `unlink` and loads happen there.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = NSLock()

    /// Sets the handler for the signals that stop a run, at the start of `main` so that every
    /// thread inherits it. A signal the caller ignores (`nohup`) stays ignored; one it blocked
    /// is let through, so that the files are removed.
    package static func removeOnSignals() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // SIG_IGN is the handler address 1.
            if let previous = signal(sig, removeAndStop), unsafeBitCast(previous, to: Int.self) == 1 {
                signal(sig, SIG_IGN)
            }
            sigaddset(&unblock, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
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

    /// The signal handler: removes every remembered file, then lets the signal end the process
    /// as it would have.
    private static let removeAndStop: @convention(c) (Int32) -> Void = { sig in
        for slot in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.slots[slot] { unlink(path) }
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
