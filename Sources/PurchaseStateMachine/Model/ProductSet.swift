/// A set of catalog products, by index; cheap to copy and compare (catalogs hold at most 256 products).
public struct ProductSet: Hashable, Sendable {
    var w0: UInt64 = 0
    var w1: UInt64 = 0
    var w2: UInt64 = 0
    var w3: UInt64 = 0

    /// The largest number of products a catalog may hold.
    public static let capacity = 256

    /// The empty set.
    public init() {}

    /// The set holding `indices`.
    public init<S: Sequence>(_ indices: S) where S.Element == Int {
        for i in indices { insert(i) }
    }

    /// Adds product `index`.
    public mutating func insert(_ index: Int) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: w0 |= bit
        case 1: w1 |= bit
        case 2: w2 |= bit
        default: w3 |= bit
        }
    }

    /// Removes product `index`.
    public mutating func remove(_ index: Int) {
        let mask = ~(UInt64(1) << UInt64(index & 63))
        switch index >> 6 {
        case 0: w0 &= mask
        case 1: w1 &= mask
        case 2: w2 &= mask
        default: w3 &= mask
        }
    }

    /// Whether product `index` is in the set.
    public func contains(_ index: Int) -> Bool {
        let word: UInt64
        switch index >> 6 {
        case 0: word = w0
        case 1: word = w1
        case 2: word = w2
        default: word = w3
        }
        return word & (UInt64(1) << UInt64(index & 63)) != 0
    }

    /// Whether the set is empty.
    public var isEmpty: Bool { w0 | w1 | w2 | w3 == 0 }

    /// The indices in ascending order.
    public var indices: [Int] {
        var out: [Int] = []
        forEach { out.append($0) }
        return out
    }

    /// Calls `body` with each index in ascending order.
    @inline(__always)
    public func forEach(_ body: (Int) -> Void) {
        @inline(__always) func each(_ word: UInt64, _ base: Int) {
            var bits = word
            while bits != 0 {
                body(base + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        each(w0, 0)
        each(w1, 64)
        each(w2, 128)
        each(w3, 192)
    }

    /// How many products the set holds.
    public var count: Int { w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount + w3.nonzeroBitCount }

    /// The products in both sets.
    public func intersection(_ other: ProductSet) -> ProductSet {
        var s = ProductSet()
        s.w0 = w0 & other.w0
        s.w1 = w1 & other.w1
        s.w2 = w2 & other.w2
        s.w3 = w3 & other.w3
        return s
    }

    /// The products of `self` that are not in `other`.
    public func subtracting(_ other: ProductSet) -> ProductSet {
        var s = ProductSet()
        s.w0 = w0 & ~other.w0
        s.w1 = w1 & ~other.w1
        s.w2 = w2 & ~other.w2
        s.w3 = w3 & ~other.w3
        return s
    }
}
