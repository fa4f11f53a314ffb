/// Numbers from a seed, the same on every platform (SplitMix64): for tests that generate their
/// inputs, so that a seed names one input for good.
public struct SeededRandom {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (0 when n is not above 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
