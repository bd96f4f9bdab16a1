import PurchaseStateMachine

extension PlayVoidedPurchase {
    /// The entry as the line protocol sends it (`docs/SubjectProtocol.md`): the Voided Purchases
    /// API's `purchaseToken`, `orderId` (absent when the purchase had none), `purchaseTimeMillis`
    /// and `voidedTimeMillis` (decimal strings, as the API writes int64), `voidedSource`,
    /// `voidedReason` and (a quantity-based refund) `voidedQuantity`, then the model's
    /// `subscription` (whether `type = 1` was needed to list it) and `cause`.
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("purchaseToken", .string(token))]
        if let orderID { m.append(("orderId", .string(orderID))) }
        m += [
            ("purchaseTimeMillis", .string(String(purchaseTime.secondsSinceEpoch * 1000))),
            ("voidedTimeMillis", .string(String(voidedTime.secondsSinceEpoch * 1000))),
            ("voidedSource", .int(Int64(voidedSource))), ("voidedReason", .int(Int64(voidedReason))),
        ]
        if let voidedQuantity { m.append(("voidedQuantity", .int(Int64(voidedQuantity)))) }
        m += [("subscription", .bool(isSubscription)), ("cause", .string(cause.rawValue))]
        return .object(m)
    }
}
