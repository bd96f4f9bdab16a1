/// The 64-bit starting point of a run or of one test case, printed as 16 hex digits.
///
/// A seed fully determines generation: the same seed gives the same values on every platform.
/// Per-case seeds come from a run seed with ``derived(_:)``.
public struct Seed: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The seed's bits.
    public let rawValue: UInt64

    /// Wraps the given bits as a seed.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Parses 1 to 16 hexadecimal digits (either case, no prefix); returns `nil` for anything else.
    public init?(hex: String) {
        let utf8 = hex.utf8
        guard (1...16).contains(utf8.count) else { return nil }
        var value: UInt64 = 0
        for byte in utf8 {
            guard let digit = hexDigitValue(byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        self.rawValue = value
    }

    /// The seed as exactly 16 lowercase hexadecimal digits.
    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Returns an independent seed for stream number `index` (for example, test case `index`).
    ///
    /// The result is `splitmix64(seed ^ splitmix64(index))`: deterministic, and distinct indices
    /// give unrelated streams.
    public func derived(_ index: UInt64) -> Seed {
        Seed(SplitMix64.hash(rawValue ^ SplitMix64.hash(index)))
    }

    /// Orders seeds by their bits.
    public static func < (lhs: Seed, rhs: Seed) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decodes a seed from its hex string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let seed = Seed(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected 1 to 16 hex digits, found '\(text)'")
        }
        self = seed
    }

    /// Encodes the seed as its 16-digit hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
