// Fixture in the style of a subscription-only app (written for this project) that learns of
// renewals, expiry, refunds and Family Sharing only through Status.updates: it reads every
// group's status at launch and keeps a per-group table current from the stream.
import StoreKit

@MainActor
final class StatusWatcher: ObservableObject {
    struct GroupState {
        var ownership: StoreKit.Transaction.OwnershipType
        var productID: String
        var state: Product.SubscriptionInfo.RenewalState
        var willAutoRenew: Bool
        var expires: Date?
    }

    @Published private(set) var groups: [String: [GroupState]] = [:]
    private var statusTask: Task<Void, Never>?
    private let listens: Bool

    /// `listensForStatusChanges: false` is the same app without its listener (a control).
    init(listensForStatusChanges listens: Bool = true) {
        self.listens = listens
    }

    func start() async {
        if listens {
            statusTask = Task { [weak self] in
                for await status in Product.SubscriptionInfo.Status.updates {
                    await self?.apply(status)
                }
            }
        }
        for await (groupID, statuses) in Product.SubscriptionInfo.Status.all {
            groups[groupID] = statuses.compactMap(Self.state(of:))
        }
    }

    /// A status replaces what the app knew of the group's subscription of the same owner (the
    /// customer's own, or a family member's); an unverified one just removes it.
    func apply(_ status: SubscriptionStatus) async {
        let transaction = status.transaction.unsafePayloadValue
        guard let groupID = transaction.subscriptionGroupID else { return }
        if case .verified(let verified) = status.transaction { await verified.finish() }
        var entries = groups[groupID] ?? []
        entries.removeAll { $0.ownership == transaction.ownershipType }
        if let state = Self.state(of: status) { entries.append(state) }
        groups[groupID] = entries
    }

    func buy(_ product: Product) async throws {
        if case .success(.verified(let transaction)) = try await product.purchase() {
            await transaction.finish()
        }
    }

    static func state(of status: SubscriptionStatus) -> GroupState? {
        guard case .verified(let renewal) = status.renewalInfo,
            case .verified(let transaction) = status.transaction
        else { return nil }
        return GroupState(
            ownership: transaction.ownershipType, productID: transaction.productID, state: status.state, willAutoRenew: renewal.willAutoRenew,
            expires: transaction.expirationDate)
    }

    /// The products the app unlocks: per group, the subscribed (or in grace) product with the
    /// most recent expiry.
    var unlocked: [String] {
        groups.values.compactMap { entries in
            entries.filter { $0.state == .subscribed || $0.state == .inGracePeriod }
                .max { ($0.expires ?? .distantPast) < ($1.expires ?? .distantPast) }?.productID
        }.sorted()
    }
}
