import Foundation
import Synchronization

/// How far the input being read has got, for a progress line: every file read in chunks
/// (`ChunkReader`) and every download reports here. Cheap to keep: one atomic add per 64 KiB.
/// When several inputs are read at once, it describes the one that started last.
package enum ReadProgress {
    package struct Snapshot: Sendable, Equatable {
        /// What is being read, as messages name it.
        package var name: String
        package var done: Int
        /// The size when known (a file's, a download's announced length), else 0.
        package var total: Int
    }

    private static let done = Atomic<Int>(0)
    private static let lock = SpinningLock()
    nonisolated(unsafe) private static var current: (name: String, total: Int)?

    /// A new read of `name` (`total` bytes, 0 when not known) starts from its first byte.
    package static func start(_ name: String, total: Int) {
        lock.lock()
        current = (name, total)
        done.store(0, ordering: .relaxed)
        lock.unlock()
    }

    package static func advance(by count: Int) {
        done.add(count, ordering: .relaxed)
    }

    /// A download reports the bytes it has so far, and the length announced (0: none).
    package static func set(_ count: Int, total: Int) {
        lock.lock()
        if current != nil { current?.total = max(0, total) }
        done.store(count, ordering: .relaxed)
        lock.unlock()
    }

    package static func snapshot() -> Snapshot? {
        lock.lock()
        defer { lock.unlock() }
        guard let current else { return nil }
        return Snapshot(name: current.name, done: done.load(ordering: .relaxed), total: current.total)
    }
}
