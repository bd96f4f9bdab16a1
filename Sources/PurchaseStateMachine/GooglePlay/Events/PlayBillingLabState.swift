/// Where Play Billing Lab moves a license tester's subscription (play-billing-semantics §11).
public enum PlayBillingLabState: String, Hashable, Sendable, CaseIterable {
    /// Straight into the grace period (`SUBSCRIPTION_IN_GRACE_PERIOD`).
    case grace
    /// Straight into account hold (`SUBSCRIPTION_ON_HOLD`).
    case hold
}
