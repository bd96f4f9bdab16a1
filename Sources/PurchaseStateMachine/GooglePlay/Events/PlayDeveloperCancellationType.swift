/// The `cancellationType` of a developer's `subscriptionsv2.cancel` (play-billing-semantics §6.5, §10.1).
public enum PlayDeveloperCancellationType: String, Hashable, Sendable, CaseIterable {
    /// `DEVELOPER_REQUESTED_STOP_PAYMENTS`, the default: the customer cannot restore or resubscribe in the Play Store.
    case developerRequestedStopPayments
    /// `USER_REQUESTED_STOP_RENEWALS`: behaves like the customer's own cancel, which they can restore.
    case userRequestedStopRenewals

    /// Whether the customer can restore the canceled subscription in the Play Store (§6.5).
    public var restorable: Bool { self == .userRequestedStopRenewals }
}
