/// Units credited per consumable product, as an app reports them (`["coins": 300]`).
///
/// Written like a dictionary, kept as a short list: apps meter a handful of products, and a
/// list compares and copies far faster than a hashed dictionary on every query.
public struct Balances: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var entries: [(product: String, units: Int)]

    /// No balances.
    public init() { entries = [] }

    /// One product's balance (cheaper than a dictionary literal on a hot path).
    public init(product: String, units: Int) { entries = [(product, units)] }

    /// Balances from a dictionary.
    public init(_ dictionary: [String: Int]) {
        entries = dictionary.keys.sorted().map { ($0, dictionary[$0] ?? 0) }
    }

    public init(dictionaryLiteral elements: (String, Int)...) {
        entries = []
        for (product, units) in elements { self[product] = units }
    }

    /// The units of `product`, or nil when the app does not meter it.
    public subscript(product: String) -> Int? {
        get { entries.first { $0.product == product }?.units }
        set {
            if let i = entries.firstIndex(where: { $0.product == product }) {
                if let newValue { entries[i].units = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((product, newValue))
            }
        }
    }

    /// The metered products, in the order they were added.
    public var keys: [String] { entries.map(\.product) }

    /// Whether no product is metered.
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[(product: String, units: Int)]> { entries.makeIterator() }

    public static func == (lhs: Balances, rhs: Balances) -> Bool {
        lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { rhs[$0.product] == $0.units }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries.sorted(by: { $0.product < $1.product }) {
            hasher.combine(entry.product)
            hasher.combine(entry.units)
        }
    }

    public var description: String {
        "[" + entries.sorted { $0.product < $1.product }.map { "\($0.product): \($0.units)" }.joined(separator: ", ") + "]"
    }
}
