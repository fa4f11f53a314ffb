/// 64-bit FNV-1a: a hash that is the same on every machine and in every run (Swift's `Hasher`
/// is seeded anew per process), for keys that are counted, compared across passes or shown.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ bytes: some Sequence<UInt8>) {
        // A text's bytes in its own storage are read without the sequence's iterator.
        var value = self.value
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        if done != nil {
            self.value = value
            return
        }
        for byte in bytes { add(byte) }
    }

    /// The hash of a text's UTF-8.
    static func hash(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(text.utf8)
        return hash.value
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element `isAfter` holds for, in a collection where it holds for a
    /// tail of the elements (sorted by what it asks), found by halving; `endIndex` when none.
    func firstIndex(after isAfter: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
