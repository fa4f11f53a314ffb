import Foundation

/// The library's lock: a mutex that spins a while before it sleeps (glibc's adaptive mutex).
/// The threads that check files or make batches in parallel take shared locks (memo caches,
/// the spools' memory budget, read progress) for a lookup's time; a thread put to sleep and
/// woken for each of those (as `NSLock` does here, through the kernel) costs more than the
/// lookup.
final class SpinningLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if os(Linux)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes the lock if it is free; false when another thread holds it.
    func `try`() -> Bool { pthread_mutex_trylock(mutex) == 0 }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
