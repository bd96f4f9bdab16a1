/// App Store Server Notifications V2 types ([LIB] `NotificationTypeV2`), those the model sends.
public enum NotificationType: String, Hashable, Sendable, CaseIterable {
    case SUBSCRIBED, DID_RENEW, DID_FAIL_TO_RENEW, GRACE_PERIOD_EXPIRED, EXPIRED
    case DID_CHANGE_RENEWAL_PREF, DID_CHANGE_RENEWAL_STATUS, OFFER_REDEEMED, REFUND
    case REFUND_DECLINED, REFUND_REVERSED, REVOKE, ONE_TIME_CHARGE
}

/// App Store Server Notifications V2 subtypes ([LIB] `Subtype`), those the model sends.
public enum NotificationSubtype: String, Hashable, Sendable, CaseIterable {
    case INITIAL_BUY, RESUBSCRIBE, DOWNGRADE, UPGRADE, AUTO_RENEW_ENABLED, AUTO_RENEW_DISABLED
    case VOLUNTARY, BILLING_RETRY, GRACE_PERIOD, BILLING_RECOVERY
}

/// One decoded App Store Server Notification V2 body.
public struct ServerNotification: Hashable, Sendable {
    /// The notification type, such as `DID_RENEW`.
    public var type: NotificationType
    /// The subtype, such as `BILLING_RECOVERY`, when there is one.
    public var subtype: NotificationSubtype?
    /// A unique identifier per notification; a resent notification keeps it.
    public var notificationUUID: String
    /// When the App Store signed the notification (the status is current as of it).
    public var signedDate: Instant
    /// The decoded `signedTransactionInfo`.
    public var transaction: Transaction?
    /// The decoded `signedRenewalInfo` (auto-renewables).
    public var renewalInfo: RenewalInfo?
    /// The subscription status as of `signedDate` (auto-renewables).
    public var status: RenewalState?

    /// `TYPE` or `TYPE/SUBTYPE`, as reports spell it.
    public var label: String { subtype.map { "\(type.rawValue)/\($0.rawValue)" } ?? type.rawValue }
}

extension RenewalState {
    /// The server's numeric `status` (1 active … 5 revoked).
    public var serverStatus: Int {
        switch self {
        case .subscribed: return 1
        case .expired: return 2
        case .inBillingRetryPeriod: return 3
        case .inGracePeriod: return 4
        case .revoked: return 5
        }
    }
}
