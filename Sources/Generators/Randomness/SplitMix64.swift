/// A tiny, portable 64-bit generator used to seed other generators and to mix seeds.
///
/// This is Steele, Lea and Flood's SplitMix64 exactly as in the reference C code, so its
/// outputs are the same on every platform and in every release.
public struct SplitMix64: Sendable, Hashable {
    /// The additive constant of the Weyl sequence (the golden ratio in 64-bit fixed point).
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The current position of the Weyl sequence.
    public var state: UInt64

    /// Creates a generator whose first output is `SplitMix64.hash(state)`.
    public init(state: UInt64) {
        self.state = state
    }

    /// Advances the generator and returns its next 64 pseudo-random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.finalize(state)
    }

    /// Returns the first output of a generator seeded with `value`: a fast, well-mixed hash.
    ///
    /// This is the function the shrinking-challenge brief calls `splitmix64(x)`.
    @inlinable
    public static func hash(_ value: UInt64) -> UInt64 {
        finalize(value &+ increment)
    }

    /// Applies the SplitMix64 output finaliser (a bijective 64-bit mixer).
    @inlinable
    public static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
