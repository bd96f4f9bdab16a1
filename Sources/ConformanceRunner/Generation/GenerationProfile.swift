import PurchaseStateMachine

/// How histories are generated: which events, how often, how long, which stores.
///
/// The defaults explore every event kind and every store variation. Event kinds are listed in
/// shrink order: the shrinker turns a later kind into an earlier one when that still fails.
public struct GenerationProfile: Sendable {
    /// The event kinds generated and their relative weights, in shrink order.
    public var kinds: [(kind: EventKind, weight: Int)]
    /// The most events in one history.
    public var maxEvents: Int
    /// Probabilities of drawing one more event, one per length class (drawn per history):
    /// most histories short, some long.
    public var continueProbabilities: [Double]
    /// The units `advanceTime` is drawn in, with their ranges.
    public var advanceUnits: [AdvanceUnit]
    /// The chance that an `advanceTime` or `setDeviceClock` aims near one of the model's next
    /// boundaries (renewal, grace end, retry end, …) instead of drawing an ordinary span; 0 never.
    public var boundaryProbability: Double
    /// The step, in seconds, of the offsets aimed time takes from a boundary: 1 (the default) aims a
    /// second either side as well; 86,400 keeps aimed time on whole days, for a store that counts days.
    public var boundaryGranularity: Int64 = 1
    /// Whether each history draws store variations and a grace period (off: `fixedSettings`).
    public var exploreStores: Bool
    /// The chance that one variation switch differs from its default in a history.
    public var variationProbability: Double
    /// The store settings when stores are not explored.
    public var fixedSettings: StoreSettings
    /// Whether each history enables a random subset of event kinds (swarm testing).
    public var swarm: Bool
    /// Whether purchases may be cancelled, pending, failed or unverified, bought on another
    /// device, use offers and app account tokens.
    public var purchaseVariety: Bool
    /// Whether consumable transactions can be refunded.
    public var refundConsumables: Bool
    /// Whether `setAutoRenew` only turns auto-renew off.
    public var autoRenewOffOnly: Bool
    /// The app actions `appAction` may perform, with the values each may carry.
    public var appActions: [AppActionTemplate]

    /// The default profile: every event kind, every store, histories of up to 50 events.
    public init(
        kinds: [(kind: EventKind, weight: Int)] = GenerationProfile.defaultKinds, maxEvents: Int = 50,
        continueProbabilities: [Double] = [0.9, 0.96, 0.99], advanceUnits: [AdvanceUnit] = AdvanceUnit.defaults, boundaryProbability: Double = 0.5,
        exploreStores: Bool = true, variationProbability: Double = 0.15, fixedSettings: StoreSettings = StoreSettings(),
        swarm: Bool = true, purchaseVariety: Bool = true, refundConsumables: Bool = true, autoRenewOffOnly: Bool = false,
        appActions: [AppActionTemplate] = []
    ) {
        self.kinds = kinds
        self.maxEvents = maxEvents
        self.continueProbabilities = continueProbabilities
        self.advanceUnits = advanceUnits
        self.boundaryProbability = boundaryProbability
        self.exploreStores = exploreStores
        self.variationProbability = variationProbability
        self.fixedSettings = fixedSettings
        self.swarm = swarm
        self.purchaseVariety = purchaseVariety
        self.refundConsumables = refundConsumables
        self.autoRenewOffOnly = autoRenewOffOnly
        self.appActions = appActions
    }

    /// Every event kind with its default weight, in shrink order.
    public static let defaultKinds: [(kind: EventKind, weight: Int)] = [
        (.purchase, 6), (.advanceTime, 5), (.setAutoRenew, 2), (.refund, 2), (.relaunch, 2), (.restore, 1),
        (.setBilling, 2), (.askToBuy, 2), (.familyShare, 1), (.familyUnshare, 1), (.refundDeclined, 1),
        (.refundReversed, 1), (.setDeviceClock, 1), (.appAction, 3),
    ]
}
