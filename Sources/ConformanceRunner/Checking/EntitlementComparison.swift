import PurchaseStateMachine

/// The app's reported grants against the model's, computed once per event for every check.
public struct EntitlementComparison: Sendable {
    /// The catalog products the app reported as entitled.
    public let observed: ProductSet
    /// Reported product ids the catalog does not have, in the order reported.
    public let unknown: [String]
    /// Products the app grants that a correct app does not.
    public let extra: ProductSet
    /// Products a correct app grants that the app does not.
    public let missing: ProductSet

    /// Whether the app's grants differ from the model's in any way.
    public var mismatch: Bool { !extra.isEmpty || !missing.isEmpty || !unknown.isEmpty }

    /// Compares the `observed` entitled ids with the `expected` product set.
    init(observed ids: [String], expected: ProductSet, catalog: Catalog) {
        var set = ProductSet()
        var unknown: [String] = []
        for id in ids {
            if let p = catalog.index(of: id) { set.insert(p) } else { unknown.append(id) }
        }
        observed = set
        self.unknown = unknown
        extra = set.subtracting(expected)
        missing = expected.subtracting(set)
    }
}

extension CheckInput {
    /// The catalog ids of `set`, in catalog order.
    public func names(_ set: ProductSet) -> [String] { set.indices.map { model.catalog.products[$0].id } }

    /// The products the app grants beyond the model whose status is `status`, by id.
    public func extra(withStatus status: EntitlementStatus) -> [String] {
        comparison.extra.indices.filter { statuses[$0] == status }.map { model.catalog.products[$0].id }
    }

    /// A discrepancy over the entitled products (expected against reported) named `check`.
    public func entitlementDiscrepancy(_ check: CheckID, note: String) -> Discrepancy {
        Discrepancy(
            check: check, subject: "Entitled products", expected: names(expected.entitled),
            actual: observed.entitledSorted, note: note)
    }

    /// A discrepancy named `check` when the app grants, beyond the model, products in one of
    /// `statuses`; its note names them and goes on with `reason`. Nil when it grants none.
    func discrepancy(_ check: CheckID, grantingExtra statuses: [EntitlementStatus], reason: String) -> Discrepancy? {
        let bad = statuses.flatMap { extra(withStatus: $0) }
        guard !bad.isEmpty else { return nil }
        return entitlementDiscrepancy(check, note: "\(list(bad)) \(reason)")
    }
}

/// Names joined by commas, or "nothing".
func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : names.joined(separator: ", ") }
