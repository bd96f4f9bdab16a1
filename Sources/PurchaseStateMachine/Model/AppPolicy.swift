/// What the app under test promises where Apple leaves the choice to the app.
///
/// The expectations (`StoreModel.expectedState(policy:)`) and the runner's checks read it.
/// A history file can carry one in its `policy` field.
public struct AppPolicy: Hashable, Sendable {
    /// §4 [OBS] B14: whether the app finishes transactions that fail verification.
    public var unverifiedTransactions: UnverifiedTransactionPolicy
    /// §9: whether the app takes back the credit of a refunded consumable.
    public var refundedConsumables: RefundedConsumablePolicy
    /// §7.2 [DOC]: whether a subscription in its billing grace period entitles (Apple: it does).
    public var billingGraceEntitles: Bool
    /// Whether the app decides from Apple's servers (receipt validation, the App Store Server
    /// API) rather than StoreKit's on-device verification: a real transaction whose on-device
    /// verification failed then still entitles, since the server vouches for it.
    public var trustsServerValidation: Bool

    /// Creates a policy; the defaults are Apple's documented behaviour and no promise either way
    /// about unverified transactions.
    public init(
        unverifiedTransactions: UnverifiedTransactionPolicy = .either,
        refundedConsumables: RefundedConsumablePolicy = .keepCredit, billingGraceEntitles: Bool = true,
        trustsServerValidation: Bool = false
    ) {
        self.unverifiedTransactions = unverifiedTransactions
        self.refundedConsumables = refundedConsumables
        self.billingGraceEntitles = billingGraceEntitles
        self.trustsServerValidation = trustsServerValidation
    }
}

/// What the app does with a transaction that failed verification.
public enum UnverifiedTransactionPolicy: String, Hashable, Sendable, CaseIterable {
    /// It finishes them (so they are not redelivered).
    case finish
    /// It leaves them unfinished (Apple's sample code).
    case leaveUnfinished
    /// It promises neither; the check does not look.
    case either
}

/// What the app does with the credit of a refunded consumable.
public enum RefundedConsumablePolicy: String, Hashable, Sendable, CaseIterable {
    /// The credit stays (the app does not claw back).
    case keepCredit
    /// The credit is removed when the refund arrives.
    case clawBack
}
