import Foundation

/// Results of a pure function already computed, shared by the threads that check files in
/// parallel. Headers and category words repeat from file to file, and folding or scoring them
/// costs far more than a lookup.
final class MemoCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = SpinningLock()
    private var values: [Key: Value] = [:]
    /// Enough for thousands of distinct keys; past it the cache starts over.
    private let limit: Int

    init(limit: Int = 50_000) {
        self.limit = limit
    }

    func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }
}
