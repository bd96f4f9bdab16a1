/// One quantity-based partial refund of a multi-quantity one-time purchase (play-billing-semantics §5, §8).
public struct PlayQuantityRefund: Hashable, Sendable {
    /// When Google recorded the refund (the Voided Purchases API's `voidedTimeMillis`).
    public var at: Instant
    /// The units refunded (`voidedQuantity`).
    public var quantity: Int
}

/// `refundType` of a `VOIDED_PURCHASE` notification (§8, §9.1).
public enum PlayRefundType: Int, Hashable, Sendable {
    /// 1: the whole purchase (or its last units) was refunded or voided.
    case full = 1
    /// 2: a quantity-based partial refund; units remain.
    case partial = 2
}
