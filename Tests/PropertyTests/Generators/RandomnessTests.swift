import Generators
import Testing

@Suite("Seeds and the portable generator")
struct GeneratorsRandomnessTests {
    @Test("SplitMix64 matches the reference outputs for seed 0")
    func splitMixReferenceVectors() {
        var generator = SplitMix64(state: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("xoshiro256** seeded through SplitMix64 gives the reference outputs")
    func xoshiroReferenceVectors() {
        var zero = Xoshiro256StarStar(seed: 0)
        #expect(
            [zero.next(), zero.next(), zero.next(), zero.next()] == [
                0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C,
            ])
        var other = Xoshiro256StarStar(seed: Seed(0x5EED))
        #expect(other.next() == 0xEF33_F170_5524_4B74)
    }

    @Test("Bounded draws use Lemire's method and give the reference values")
    func boundedDrawReferenceValues() {
        var generator = Xoshiro256StarStar(seed: 42)
        let draws = (0..<8).map { _ in generator.next(upTo: 99) }
        #expect(draws == [8, 37, 68, 92, 99, 76, 71, 85])
    }

    @Test("Bounded draws stay within their bound, including the full 64-bit range")
    func boundedDrawsStayInRange() {
        var generator = Xoshiro256StarStar(seed: 7)
        for bound: UInt64 in [0, 1, 2, 9, 1000, UInt64(Int32.max), .max - 1, .max] {
            for _ in 0..<200 {
                #expect(generator.next(upTo: bound) <= bound)
            }
        }
    }

    @Test(
        "A seed prints as 16 lowercase hex digits and parses back",
        arguments: [0, 1, 0x5EED, 0xDEAD_BEEF_0000_0001, UInt64.max])
    func seedHexRoundTrip(raw: UInt64) throws {
        let seed = Seed(raw)
        #expect(seed.description.count == 16)
        #expect(seed.description == seed.description.lowercased())
        #expect(try #require(Seed(hex: seed.description)) == seed)
    }

    @Test("Seed parsing accepts 1 to 16 hex digits in either case and nothing else")
    func seedParsing() {
        #expect(Seed(hex: "5eed") == Seed(0x5EED))
        #expect(Seed(hex: "5EED") == Seed(0x5EED))
        #expect(Seed(hex: "f") == Seed(15))
        #expect(Seed(hex: "") == nil)
        #expect(Seed(hex: "0x5eed") == nil)
        #expect(Seed(hex: "12345678901234567") == nil)
        #expect(Seed(hex: "5eeg") == nil)
        #expect(Seed(hex: " 5eed") == nil)
    }

    @Test("Derived seeds are deterministic and distinct for distinct indices")
    func derivedSeeds() {
        let seed = Seed(0x5EED)
        #expect(seed.derived(3) == Seed(0x5FD3_FF46_A744_EF84))
        let derived = (0..<1000).map { seed.derived(UInt64($0)) }
        #expect(Set(derived).count == 1000)
        #expect(Seed(0x5EEE).derived(0) != seed.derived(0))
    }

    @Test("The published challenge seeds follow splitmix64(fnv1a64(name) &+ k)")
    func challengeSeedFormula() {
        #expect(fnv1a64("reverse") == 0xC95B_3C1F_3263_AB65)
        #expect(SplitMix64.hash(fnv1a64("reverse")) == 0xF683_7D8D_F4D4_7C39)
    }
}
