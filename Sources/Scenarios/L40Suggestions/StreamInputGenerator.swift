/// Random inputs for the buffering properties, the same for the same seed: SplitMix64, which needs no state but a
/// counter and is good enough to pick sizes and values.
public struct StreamInputGenerator: RandomNumberGenerator, Sendable {
    /// The counter the next number comes from.
    private var state: UInt64

    /// A generator that will give the same numbers for the same `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 to 30 values between -1000 and 1000, as a producer might yield them.
    public mutating func values() -> [Int] {
        (0..<Int.random(in: 0...30, using: &self)).map { _ in Int.random(in: -1000...1000, using: &self) }
    }

    /// A capacity from 1 to 5.
    public mutating func capacity() -> Int {
        Int.random(in: 1...5, using: &self)
    }
}
