/// A fast, portable pseudo-random generator (Blackman and Vigna's xoshiro256**).
///
/// The state is seeded from four SplitMix64 outputs, as its authors recommend. All arithmetic is
/// explicit wrapping arithmetic on `UInt64`, and bounded draws use Lemire's unbiased method, so
/// a given seed yields the same values on every platform, forever.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates a generator whose state is four consecutive SplitMix64 outputs from `seed`.
    public init(seed: UInt64) {
        var mixer = SplitMix64(state: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    /// Creates a generator seeded from a run or case seed.
    public init(seed: Seed) {
        self.init(seed: seed.rawValue)
    }

    /// Advances the generator and returns its next 64 pseudo-random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// Returns a uniformly distributed value in `0...max`, without modulo bias.
    ///
    /// Uses Lemire's multiply-and-reject method; the result depends only on the generator's
    /// state, never on the platform.
    @inlinable
    public mutating func next(upTo max: UInt64) -> UInt64 {
        if max == .max { return next() }
        let range = max &+ 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return product.high
    }

    /// Returns a uniformly distributed `Double` in `0..<1` built from the top 53 bits of a draw.
    @inlinable
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}

@inlinable @inline(__always)
func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 &- amount))
}
