import Foundation

/// A hash table from byte strings to plain values, its keys packed in one arena: looking up a
/// row's descriptor hashes and compares bytes, with no `String`, allocation or reference
/// counting per row. Fixed capacity, open addressing; the owner empties it when full.
struct ByteKeyTable<Value> {
    let capacity: Int
    private var arena: [UInt8] = []
    /// Entry `i`'s key is `arena[keyStarts[i]..<keyStarts[i + 1]]`.
    private var keyStarts: [Int] = [0]
    private var hashes: [UInt64] = []
    private var values: [Value] = []
    /// Entry number plus one per slot, 0 for an empty slot; twice the capacity or more, so
    /// probes stay short.
    private var slots: [Int32]

    init(capacity: Int) {
        self.capacity = capacity
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    var count: Int { values.count }
    var isFull: Bool { values.count >= capacity }

    /// A 64-bit hash of `key`, eight bytes at a time (not seeded: it only places keys in slots).
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        var i = 0
        while i + 8 <= key.count {
            h = (h ^ key.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < key.count {
            tail |= UInt64(key[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }

    /// The value stored under `key`, whose hash is `hash`.
    func value(for key: UnsafeRawBufferPointer, hash: UInt64) -> Value? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot]) - 1
            if entry < 0 { return nil }
            if hashes[entry] == hash, keyEquals(entry, key) { return values[entry] }
            slot = (slot + 1) & mask
        }
    }

    private func keyEquals(_ entry: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let start = keyStarts[entry], end = keyStarts[entry + 1]
        guard end - start == key.count else { return false }
        guard let base = key.baseAddress else { return true }
        return arena.withUnsafeBytes { arena in
            guard let stored = arena.baseAddress else { return false }
            return Self.sameBytes(stored + start, base, key.count)
        }
    }

    /// Whether `count` bytes at `a` and `b` are the same: keys of 4 to 16 bytes (most cell
    /// texts) as two words that may overlap, without a call; others with `memcmp`.
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 && count <= 16 {
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 && count < 8 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        return memcmp(a, b, count) == 0
    }

    /// Stores `value` under `key`, which the table must not hold yet; the table must not be full.
    mutating func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, value: Value) {
        precondition(!isFull, "ByteKeyTable is full")
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(values.count + 1)
        arena.append(contentsOf: key)
        keyStarts.append(arena.count)
        hashes.append(hash)
        values.append(value)
    }

    /// The value stored under `key`, or the one `make` gives, stored first; a full table
    /// forgets everything and starts over. For remembering a pure function of bytes.
    mutating func value(for key: UnsafeRawBufferPointer, orMake make: () -> Value) -> Value {
        let hash = Self.hash(key)
        if let known = value(for: key, hash: hash) { return known }
        let made = make()
        if isFull { removeAll() }
        insert(key, hash: hash, value: made)
        return made
    }

    /// Forgets every entry, keeping the storage.
    mutating func removeAll() {
        arena.removeAll(keepingCapacity: true)
        keyStarts.removeAll(keepingCapacity: true)
        keyStarts.append(0)
        hashes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = 0 }
    }
}

extension ByteKeyTable: Sendable where Value: Sendable {}
