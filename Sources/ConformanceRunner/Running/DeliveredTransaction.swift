import PurchaseStateMachine

/// A transaction handed to the subject during an event, and whether it was verified.
struct DeliveredTransaction {
    let id: UInt64
    let verified: Bool

    init(_ delivery: Delivery) {
        id = delivery.transaction.id
        verified = delivery.verified
    }
}
