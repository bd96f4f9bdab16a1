import Generators
import PurchaseStateMachine

/// Counts of what generated histories exercised: event kinds, model states, store variations.
public struct CoverageCounts: Hashable, Sendable {
    /// Events per kind, in `EventKind.allCases` order.
    public var eventKinds = [Int](repeating: 0, count: EventKind.allCases.count)
    /// Events after which some subscription status was in each renewal state, in `RenewalState.allCases` order.
    public var renewalStates = [Int](repeating: 0, count: RenewalState.allCases.count)
    /// Events after which each model situation held, in `CoverageCounts.situations` order.
    public var situationCounts = [Int](repeating: 0, count: CoverageCounts.situations.count)
    /// Histories run with each variation switch away from its default, in `StoreVariations.switches` order.
    public var variations = [Int](repeating: 0, count: StoreVariations.switches.count + 1)
    /// Histories run per grace period setting, keyed by its ISO 8601 spelling.
    public var gracePeriods: [String: Int] = [:]
    /// Histories counted.
    public var histories = 0
    /// Histories with at least one event of each kind, in `EventKind.allCases` order.
    public var historiesWithKind = [Int](repeating: 0, count: EventKind.allCases.count)
    /// Histories in which some subscription status reached each renewal state, in `RenewalState.allCases` order.
    public var historiesWithState = [Int](repeating: 0, count: RenewalState.allCases.count)
    /// The kinds and states the history being counted has reached so far (bit per case).
    var currentKinds: UInt32 = 0
    var currentStates: UInt32 = 0

    /// The situations counted besides renewal states.
    public static let situations = [
        "upgraded transaction", "pending downgrade", "family-shared access", "Ask to Buy pending",
        "unverified transaction", "refunded transaction", "device clock skewed", "unfinished transaction",
        "introductory offer", "non-renewing subscription active",
    ]

    /// Creates empty counts.
    public init() {}

    mutating func recordStore(_ settings: StoreSettings) {
        histories += 1
        let defaults = StoreVariations()
        for (i, sw) in StoreVariations.switches.enumerated() where sw.get(settings.variations) != sw.get(defaults) {
            variations[i] += 1
        }
        if settings.variations.upgradedTransactionDelivery != defaults.upgradedTransactionDelivery {
            variations[StoreVariations.switches.count] += 1
        }
        gracePeriods[settings.gracePeriod.iso8601, default: 0] += 1
    }

    mutating func record(event: Event, model: StoreModel) {
        if let k = EventKind.allCases.firstIndex(of: event.kind) {
            eventKinds[k] += 1
            currentKinds |= 1 << UInt32(k)
        }
        var seen = [Bool](repeating: false, count: RenewalState.allCases.count)
        var downgrade = false
        var shared = false
        for group in model.statuses {
            for status in group.statuses {
                if let i = RenewalState.allCases.firstIndex(of: status.state) { seen[i] = true }
                if status.ownershipType == .familyShared, status.state.isEntitled { shared = true }
                if let pref = status.renewalInfo.autoRenewPreference, status.state == .subscribed,
                    model.state.transaction(status.transactionID)?.productID != pref
                {
                    downgrade = true
                }
            }
        }
        for (i, s) in seen.enumerated() where s {
            renewalStates[i] += 1
            currentStates |= 1 << UInt32(i)
        }
        var flags = [Bool](repeating: false, count: Self.situations.count)
        let txs = (1...max(1, model.state.transactionCount)).compactMap { model.state.transaction(UInt64($0)) }
        flags[0] = txs.contains { $0.isUpgraded }
        flags[1] = downgrade
        flags[2] = shared || txs.contains { $0.ownershipType == .familyShared && $0.revocationDate == nil }
        flags[3] = !model.state.pendingRequests.isEmpty
        flags[4] = (1...max(1, model.state.transactionCount)).contains { model.state.isVerified(UInt64($0)) == false }
        flags[5] = txs.contains { $0.revocationDate != nil }
        flags[6] = model.state.deviceClockOffset != .zero
        flags[7] = !model.unfinishedDeliveries.isEmpty
        flags[8] = txs.contains { $0.offerType == .introductory }
        flags[9] = txs.contains { $0.productType == .nonRenewable }
        for (i, f) in flags.enumerated() where f { situationCounts[i] += 1 }
    }

    /// Closes the history being counted: adds the kinds and states it reached to the per-history counts.
    mutating func endHistory() {
        for i in historiesWithKind.indices where currentKinds & (1 << UInt32(i)) != 0 { historiesWithKind[i] += 1 }
        for i in historiesWithState.indices where currentStates & (1 << UInt32(i)) != 0 { historiesWithState[i] += 1 }
        currentKinds = 0
        currentStates = 0
    }

    /// Adds `other`'s counts to these.
    public mutating func merge(_ other: CoverageCounts) {
        for i in eventKinds.indices { eventKinds[i] += other.eventKinds[i] }
        for i in renewalStates.indices { renewalStates[i] += other.renewalStates[i] }
        for i in situationCounts.indices { situationCounts[i] += other.situationCounts[i] }
        for i in variations.indices { variations[i] += other.variations[i] }
        for (k, v) in other.gracePeriods { gracePeriods[k, default: 0] += v }
        for i in historiesWithKind.indices { historiesWithKind[i] += other.historiesWithKind[i] }
        for i in historiesWithState.indices { historiesWithState[i] += other.historiesWithState[i] }
        histories += other.histories
    }

    /// Every label with its count, in a fixed order: `event:…`, `state:…`, `situation:…`, `variation:…`, `grace:…`.
    public var labels: [(label: String, count: Int)] {
        var out: [(label: String, count: Int)] = []
        for (i, k) in EventKind.allCases.enumerated() { out.append(("event:\(k.rawValue)", eventKinds[i])) }
        for (i, s) in RenewalState.allCases.enumerated() { out.append(("state:\(s.rawValue)", renewalStates[i])) }
        for (i, s) in Self.situations.enumerated() { out.append(("situation:\(s)", situationCounts[i])) }
        for (i, sw) in StoreVariations.switches.enumerated() { out.append(("variation:\(sw.name)", variations[i])) }
        out.append(("variation:\(StoreVariations.upgradedTransactionDeliveryName)", variations[StoreVariations.switches.count]))
        for key in gracePeriods.keys.sorted() { out.append(("grace:\(key)", gracePeriods[key] ?? 0)) }
        return out
    }
}

extension CoverageCounts: CampaignCoverage {
    /// The requirements not met: an `event:`, `state:` or `situation:` label is a share of events,
    /// any other a share of histories.
    public func shortfalls(_ requirements: [CoverageRequirement]) -> [(requirement: CoverageRequirement, reached: Double)] {
        let labels = self.labels
        let events = max(1, eventKinds.reduce(0, +))
        var out: [(requirement: CoverageRequirement, reached: Double)] = []
        for requirement in requirements {
            let count = labels.first { $0.label == requirement.label }?.count ?? 0
            let perEvent = requirement.label.hasPrefix("event:") || requirement.label.hasPrefix("state:")
                || requirement.label.hasPrefix("situation:")
            let share = Double(count) / Double(perEvent ? events : max(1, histories))
            if count == 0 || share * 100 < requirement.minimumPercentage { out.append((requirement, share)) }
        }
        return out
    }
}
