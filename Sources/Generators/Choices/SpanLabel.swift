/// A cheap, stable identifier for a kind of span, such as "one array element".
///
/// Labels are 64-bit FNV-1a hashes of a name, so they cost nothing to compare or store and are
/// the same in every process. Spans with equal labels are what the shrinker sorts and merges.
public struct SpanLabel: Hashable, Sendable, CustomStringConvertible {
    /// The hash that identifies the label.
    public let rawValue: UInt64

    /// Wraps an already computed identifier.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Derives the identifier from a human-readable name.
    public init(_ name: String) {
        self.rawValue = fnv1a64(name)
    }

    /// The identifier as 16 hex digits.
    public var description: String { Seed(rawValue).description }

    /// Returns a label derived from this one and `name`, for a nested or specialised span.
    public func appending(_ name: String) -> SpanLabel {
        SpanLabel(rawValue: SplitMix64.hash(rawValue ^ fnv1a64(name)))
    }

    /// The span around a whole collection.
    public static let collection = SpanLabel("collection")
    /// The span around one collection element, including its keep-going coin.
    public static let element = SpanLabel("element")
    /// The span around one attempt of a `filter`; failed attempts are discarded.
    public static let filterAttempt = SpanLabel("filter")
    /// The span around the alternative picked by `oneOf` or `frequency`.
    public static let alternative = SpanLabel("alternative")
    /// The span around one level of a recursive generator.
    public static let recursion = SpanLabel("recursion")
    /// The span around the swarm flags drawn for a case.
    public static let swarm = SpanLabel("swarm")
}

/// The 64-bit FNV-1a hash of a string's UTF-8 bytes.
public func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}
