import PurchaseStateMachine

/// What a check sees after an event at which the app reported exactly the model's grants and
/// credits: the runner's fast path, which builds no statuses, expectations or comparison.
public struct AgreeingInput {
    /// The model after the event (and after the subject's `finish()` calls).
    public let model: StoreModel
    /// The app policy in force.
    public let policy: AppPolicy
    /// What the subject reported after this event.
    public let observed: ObservedState
    /// The transactions handed to the app during this event, in order, repeats included.
    let handed: [DeliveredTransaction]

    /// Whether any transaction was handed to the app during this event.
    public var deliveredAny: Bool { !handed.isEmpty }

    /// The products a correct app grants now, by id in catalog order.
    public var expectedNames: [String] {
        model.expectedEntitlements(policy: policy).indices.map { model.catalog.products[$0].id }
    }

    /// Each handed transaction once (its last delivery), in delivery order.
    var deliveredOnce: [DeliveredTransaction] { handed.uniqueByLastDelivery() }
}

extension Array where Element == DeliveredTransaction {
    /// Each transaction once (its last delivery), in delivery order.
    func uniqueByLastDelivery() -> [DeliveredTransaction] {
        guard count > 1 else { return self }
        var out: [DeliveredTransaction] = []
        for (i, d) in enumerated() where !self[(i + 1)...].contains(where: { $0.id == d.id }) {
            out.append(d)
        }
        return out
    }
}
