/// One thing that happens in a history: the customer, the App Store, a parent or the clock acts.
///
/// Events are the durable record: they name products and transactions concretely, so a
/// history replays without the generator that made it. Each kind has a precondition; an
/// event whose precondition fails is rejected by the model, never silently applied.
public enum Event: Hashable, Sendable {
    /// The customer buys a product, or tries to.
    case purchase(Purchase)
    /// A parent answers the `request`-th (1-based) pending Ask to Buy request.
    case askToBuy(request: Int, approve: Bool)
    /// Time passes on the store clock; renewals, retries and expirations inside happen in order.
    case advanceTime(by: ISODuration)
    /// The customer turns auto-renew of a subscription group off or on.
    case setAutoRenew(group: String, enabled: Bool)
    /// From now on renewal charges fail (`false`) or succeed again (`true`).
    case setBilling(ok: Bool)
    /// The App Store refunds and revokes a transaction.
    case refund(transaction: UInt64, reason: RevocationReason)
    /// A refund request for a transaction is declined; nothing changes for the app.
    case refundDeclined(transaction: UInt64)
    /// A previous refund of a transaction is reversed.
    case refundReversed(transaction: UInt64)
    /// A family member's purchase of a product becomes available through Family Sharing.
    case familyShare(product: String)
    /// Shared access to a product is withdrawn.
    case familyUnshare(product: String)
    /// The app process is terminated and launched again.
    case relaunch
    /// The customer taps Restore Purchases (`AppStore.sync()`).
    case restore
    /// The device clock moves `offset` away from the true time; the store clock does not.
    case setDeviceClock(offset: ISODuration)
    /// An app-level action passed to the subject, such as using a metered feature.
    case appAction(name: String, value: JSONValue?)

    /// The event kind's name as the history format spells it.
    public var kind: EventKind {
        switch self {
        case .purchase: return .purchase
        case .askToBuy: return .askToBuy
        case .advanceTime: return .advanceTime
        case .setAutoRenew: return .setAutoRenew
        case .setBilling: return .setBilling
        case .refund: return .refund
        case .refundDeclined: return .refundDeclined
        case .refundReversed: return .refundReversed
        case .familyShare: return .familyShare
        case .familyUnshare: return .familyUnshare
        case .relaunch: return .relaunch
        case .restore: return .restore
        case .setDeviceClock: return .setDeviceClock
        case .appAction: return .appAction
        }
    }
}

/// The fourteen kinds of event of `purchase-history/1`, in the format's order.
public enum EventKind: String, Hashable, Sendable, CaseIterable {
    case purchase, askToBuy, advanceTime, setAutoRenew, setBilling, refund, refundDeclined
    case refundReversed, familyShare, familyUnshare, relaunch, restore, setDeviceClock, appAction

    /// A distinct small number for the kind (its place above), for keys packed into an integer:
    /// hashing the kind itself hashes its raw string.
    public var ordinal: UInt64 {
        switch self {
        case .purchase: 0
        case .askToBuy: 1
        case .advanceTime: 2
        case .setAutoRenew: 3
        case .setBilling: 4
        case .refund: 5
        case .refundDeclined: 6
        case .refundReversed: 7
        case .familyShare: 8
        case .familyUnshare: 9
        case .relaunch: 10
        case .restore: 11
        case .setDeviceClock: 12
        case .appAction: 13
        }
    }
}

/// What the customer did at the purchase sheet and what came of it.
public enum PurchaseOutcome: String, Hashable, Sendable, CaseIterable {
    /// The purchase went through and StoreKit verified the transaction.
    case success
    /// The purchase went through but the transaction failed StoreKit's verification.
    case unverified
    /// The customer dismissed the sheet.
    case userCancelled
    /// The purchase needs approval (Ask to Buy) and waits.
    case pending
    /// The purchase failed (payment declined, network error); nothing was bought.
    case failed
}

/// A promotional, offer-code or win-back offer named at purchase (introductory offers apply by themselves).
public enum PurchaseOffer: String, Hashable, Sendable, CaseIterable {
    case promotional
    case code
    case winBack
}

/// The details of a `purchase` event.
public struct Purchase: Hashable, Sendable {
    /// The product identifier.
    public var product: String
    /// What came of the attempt.
    public var outcome: PurchaseOutcome
    /// A named offer, when the customer redeems one.
    public var offer: PurchaseOffer?
    /// The app account token passed with `PurchaseOption.appAccountToken`, as a UUID string.
    public var appAccountToken: String?
    /// How many items of a consumable; 1 for every other type.
    public var quantity: Int
    /// Whether the customer bought on another device, so the app learns of it through updates.
    public var otherDevice: Bool

    /// Creates a purchase; by default a verified success of one item on this device.
    public init(
        product: String, outcome: PurchaseOutcome = .success, offer: PurchaseOffer? = nil,
        appAccountToken: String? = nil, quantity: Int = 1, otherDevice: Bool = false
    ) {
        self.product = product
        self.outcome = outcome
        self.offer = offer
        self.appAccountToken = appAccountToken
        self.quantity = quantity
        self.otherDevice = otherDevice
    }
}

extension Event {
    /// A successful purchase of `product` on this device.
    public static func purchase(_ product: String) -> Event { .purchase(Purchase(product: product)) }

    /// A refund of transaction `id` for reasons other than a problem in the app.
    public static func refund(_ id: UInt64) -> Event { .refund(transaction: id, reason: .other) }
}
