import PurchaseStateMachine

/// What a lane shows at one moment.
public enum PeriodKind: String, Hashable, Sendable, CaseIterable {
    /// An auto-renewable subscription in its paid (or free-trial) period.
    case subscribed
    /// A non-consumable owned, or a non-renewing subscription running.
    case owned
    /// Billing failed; the App Store keeps service during its grace period.
    case grace
    /// Billing failed and grace is over; the App Store retries, no service.
    case billingRetry
    /// The subscription (or non-renewing period) ended.
    case expired
    /// The App Store refunded or withdrew the transaction.
    case revoked
    /// An Ask to Buy request waits for a parent.
    case pending
    /// A family member shares the product.
    case shared
    /// (Google Play) A purchase waits for its payment (or a pre-order for its release).
    case awaitingPayment
    /// (Google Play) A consumable was consumed: nothing is owned any more.
    case consumed
    /// (Google Play) Account hold: payment failed after grace, no access.
    case onHold
    /// (Google Play) The subscription is paused, no access.
    case paused
    /// (Google Play) Canceled: access continues until the paid time ends.
    case canceled
    /// (Google Play) A plan change replaced the purchase with a new token.
    case replaced

    /// The words shown for the period.
    public var label: String {
        switch self {
        case .subscribed: return "subscribed"
        case .owned: return "owned"
        case .grace: return "grace period"
        case .billingRetry: return "billing retry"
        case .expired: return "expired"
        case .revoked: return "revoked"
        case .pending: return "pending (Ask to Buy)"
        case .shared: return "shared by family"
        case .awaitingPayment: return "pending payment"
        case .consumed: return "consumed"
        case .onHold: return "account hold"
        case .paused: return "paused"
        case .canceled: return "canceled (access until expiry)"
        case .replaced: return "replaced"
        }
    }
}
