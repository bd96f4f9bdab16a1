import PurchaseStateMachine

/// A check's cheaper evaluation at an event after which the app reports exactly the model's
/// grants and credits (the runner's fast path, which builds no statuses, expectations or
/// comparison). The model and the app's report are lent in place: copying the model at every
/// event cost a tenth of the runner's time.
package typealias AgreeingEvaluation =
    @Sendable (_ model: borrowing StoreModel, _ observed: borrowing ObservedState, _ input: AgreeingInput) -> Discrepancy?

/// The rest of what an `AgreeingEvaluation` sees: the policy and the event's deliveries.
package struct AgreeingInput {
    /// The app policy in force.
    package let policy: AppPolicy
    /// The transactions handed to the app during this event, in order, repeats included.
    let handed: [DeliveredTransaction]

    /// Each handed transaction once (its last delivery), in delivery order.
    var deliveredOnce: [DeliveredTransaction] { handed.uniqueByLastDelivery() }

    /// The products a correct app grants now, by id in catalog order.
    package func expectedNames(_ model: borrowing StoreModel) -> [String] {
        model.expectedEntitlements(policy: policy).indices.map { model.catalog.products[$0].id }
    }
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
