/// The products a history runs on, indexed for the model.
///
/// Products keep their written order; subscription groups are numbered in order of first
/// appearance. Build one with `init(products:)`, which validates it.
public struct Catalog: Hashable, Sendable {
    /// The immutable tables, behind one reference so a copy of the catalog (every model
    /// snapshot a subject sees) costs one retain.
    final class Storage: Sendable {
        let products: [Product]
        let groups: [String]
        let indexByID: [String: Int]
        let groupOfProduct: [Int]
        let groupMembers: [[Int]]
        /// Per product: its type, its group level (0 when not a subscription), its consumable grant.
        let types: [ProductType]
        let levels: [Int]
        let grants: [Int]
        /// The consumables' ids with their indices, for lookups that need no hashing.
        let consumableIDs: [(id: String, index: Int)]
        /// Every product's id, in catalog order.
        let ids: [String]

        init(products: [Product], groups: [String], indexByID: [String: Int], groupOfProduct: [Int]) {
            self.products = products
            self.groups = groups
            self.indexByID = indexByID
            self.groupOfProduct = groupOfProduct
            groupMembers = groups.indices.map { g in groupOfProduct.indices.filter { groupOfProduct[$0] == g } }
            types = products.map(\.type)
            levels = products.map { $0.subscription?.level ?? 0 }
            grants = products.map { if case .consumable(let grant) = $0.kind { return grant } else { return 0 } }
            consumableIDs = products.indices.filter { products[$0].type == .consumable }.map { (products[$0].id, $0) }
            ids = products.map(\.id)
        }
    }

    let storage: Storage

    /// The products, in the order they were written.
    public var products: [Product] { storage.products }
    /// The subscription group identifiers, in order of first appearance.
    public var groups: [String] { storage.groups }
    var indexByID: [String: Int] { storage.indexByID }
    var groupOfProduct: [Int] { storage.groupOfProduct }
    var groupMembers: [[Int]] { storage.groupMembers }
    var types: [ProductType] { storage.types }
    var levels: [Int] { storage.levels }
    var grants: [Int] { storage.grants }
    var consumableIDs: [(id: String, index: Int)] { storage.consumableIDs }

    /// Creates a validated catalog: product ids unique and non-empty, grants positive, levels
    /// at least 1, periods and durations positive, Family Sharing only where Apple allows it.
    public init(products: [Product]) throws(FormatError) {
        guard products.count <= ProductSet.capacity else {
            throw FormatError(field: "catalog.products", message: "a catalog holds at most \(ProductSet.capacity) products")
        }
        var index: [String: Int] = [:]
        var groups: [String] = []
        var groupOfProduct: [Int] = []
        for (i, product) in products.enumerated() {
            let field = "catalog.products[\(i)]"
            guard !product.id.isEmpty else {
                throw FormatError(field: "\(field).id", message: "a product id must not be empty")
            }
            guard index[product.id] == nil else {
                throw FormatError(field: "\(field).id", message: "duplicate product id \"\(product.id)\"")
            }
            index[product.id] = i
            switch product.kind {
            case .consumable(let grant):
                guard grant > 0, grant <= Catalog.maximumGrant else {
                    throw FormatError(
                        field: "\(field).grant", message: "a consumable's grant must be 1 to \(Catalog.maximumGrant)")
                }
            case .nonConsumable:
                break
            case .nonRenewable(let duration):
                if let problem = duration.rangeProblem { throw FormatError(field: "\(field).duration", message: problem) }
                guard !duration.isZero, !duration.isNegative else {
                    throw FormatError(field: "\(field).duration", message: "the duration must be positive")
                }
            case .autoRenewable(let sub):
                guard !sub.group.isEmpty else {
                    throw FormatError(field: "\(field).group", message: "a subscription group id must not be empty")
                }
                guard sub.level >= 1 else {
                    throw FormatError(field: "\(field).level", message: "levels start at 1 (the highest)")
                }
                if let problem = sub.period.rangeProblem { throw FormatError(field: "\(field).period", message: problem) }
                guard !sub.period.isNegative, sub.period.approximateSeconds >= 86_400 else {
                    throw FormatError(
                        field: "\(field).period",
                        message: "the period must be at least one day (App Store periods are a week or more)")
                }
                if let offer = sub.introductoryOffer {
                    if let problem = offer.duration.rangeProblem {
                        throw FormatError(field: "\(field).introductoryOffer.duration", message: problem)
                    }
                    guard !offer.duration.isNegative, offer.duration.approximateSeconds >= 86_400, (1...Catalog.maximumOfferPeriods).contains(offer.periods)
                    else {
                        throw FormatError(
                            field: "\(field).introductoryOffer",
                            message: "an introductory offer needs a duration of at least one day and 1 to \(Catalog.maximumOfferPeriods) periods")
                    }
                    guard offer.duration.times(offer.periods).isWithinSupportedRange else {
                        throw FormatError(
                            field: "\(field).introductoryOffer.periods",
                            message: "\(offer.periods) periods of \(offer.duration.iso8601) last longer than the supported maximum of 100 years")
                    }
                }
            }
            if product.familyShareable, product.type != .nonConsumable, product.type != .autoRenewable {
                throw FormatError(
                    field: "\(field).familyShareable",
                    message: "Family Sharing applies only to non-consumables and auto-renewable subscriptions")
            }
            if let group = product.subscription?.group {
                if let g = groups.firstIndex(of: group) {
                    groupOfProduct.append(g)
                } else {
                    groups.append(group)
                    groupOfProduct.append(groups.count - 1)
                }
            } else {
                groupOfProduct.append(-1)
            }
        }
        storage = Storage(products: products, groups: groups, indexByID: index, groupOfProduct: groupOfProduct)
    }

    /// The largest grant of a consumable: with at most 10 items per purchase, balances never overflow.
    public static let maximumGrant = 1_000_000_000
    /// The most periods an introductory offer may have (App Store Connect offers at most 12).
    public static let maximumOfferPeriods = 100

    /// An equal catalog with storage of its own (for another thread).
    public func independentCopy() -> Catalog {
        Catalog(storage: Storage(products: products.map { $0 }, groups: groups.map { $0 }, indexByID: indexByID, groupOfProduct: groupOfProduct.map { $0 }))
    }

    private init(storage: Storage) { self.storage = storage }

    /// The index of the product with identifier `id`, or nil when the catalog has none.
    public func index(of id: String) -> Int? {
        // Small catalogs: comparing a few short strings is cheaper than hashing one.
        if storage.ids.count <= 16 {
            for (i, candidate) in storage.ids.enumerated() where candidate == id { return i }
            return nil
        }
        return indexByID[id]
    }

    /// Every product's identifier, in catalog order.
    public var productIDs: [String] { storage.ids }

    /// The index of the consumable with identifier `id`, or nil when it is not one.
    public func consumableIndex(of id: String) -> Int? {
        for entry in consumableIDs where entry.id == id { return entry.index }
        return nil
    }

    /// The type of the product at `index`.
    public func type(ofProduct index: Int) -> ProductType { types[index] }

    /// The group level of the product at `index` (1 is the highest; 0 when not a subscription).
    public func level(ofProduct index: Int) -> Int { levels[index] }

    /// The product with identifier `id`, or nil.
    public func product(_ id: String) -> Product? { indexByID[id].map { products[$0] } }

    /// The group index of the product at `productIndex`, or nil when it is not auto-renewable.
    public func groupIndex(ofProduct productIndex: Int) -> Int? {
        let g = groupOfProduct[productIndex]
        return g < 0 ? nil : g
    }

    /// The group index of the group named `group`, or nil.
    public func groupIndex(of group: String) -> Int? { groups.firstIndex(of: group) }

    /// The indices of the products of group `groupIndex`, in catalog order.
    public func products(inGroup groupIndex: Int) -> [Int] { groupMembers[groupIndex] }

    public static func == (lhs: Catalog, rhs: Catalog) -> Bool { lhs.storage === rhs.storage || lhs.products == rhs.products }
    public func hash(into hasher: inout Hasher) { hasher.combine(products) }
}
