import Foundation
import Observation
// The design imports StoreKit; only this import differs from it.
import StoreKitTestDouble

/// S4's `SubscriptionService` corrected where the conformance suite proved it wrong;
/// everything else is the design's code (`SubscriptionServiceS4`, whose nested types it uses).
///
/// Each change carries a comment naming the check that found the bug; the other one is in the
/// adapter (`SubscriptionServiceS4FixedApp.becomeActive`).
@MainActor
@Observable
public final class SubscriptionServiceS4Fixed {
    /// The premium status the service caches.
    public typealias SubscriptionStatus = SubscriptionServiceS4.SubscriptionStatus
    /// How many analyses the free user made on one day.
    public typealias DailyUsage = SubscriptionServiceS4.DailyUsage

    /// The monthly plan's product id.
    public static let monthlyID = "premium.monthly"
    /// The yearly plan's product id.
    public static let yearlyID = "premium.yearly"
    /// Analyses a free user may make per day.
    public static let freeDailyLimit = 3

    /// The premium status (cached across launches).
    public private(set) var status = SubscriptionStatus()
    /// The products loaded at launch.
    public private(set) var products: [Product] = []
    /// Today's usage (persisted).
    public private(set) var usage: DailyUsage

    @ObservationIgnored private let storage: SubscriptionStorageS4
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private var updatesTask: Task<Void, Never>? = nil

    /// Loads the cached status and usage, starts the listener, then loads products and recomputes.
    public init(
        storage: SubscriptionStorageS4 = UserDefaults.standard, now: @escaping () -> Date = Date.init,
        calendar: Calendar = .current
    ) {
        self.storage = storage
        self.now = now
        self.calendar = calendar
        let decoder = JSONDecoder()
        if let data = storage.data(forKey: "subscriptionStatus"),
            let cached = try? decoder.decode(SubscriptionStatus.self, from: data)
        {
            status = cached
        }
        if let data = storage.data(forKey: "dailyUsage"), let saved = try? decoder.decode(DailyUsage.self, from: data) {
            usage = saved
        } else {
            usage = DailyUsage(date: now(), count: 0)
        }
        updatesTask = listenForTransactions()
        Task {
            await loadProducts()
            await refreshStatus()
        }
    }

    deinit {
        updatesTask?.cancel()
    }

    /// Loads the two plans (none on failure).
    public func loadProducts() async {
        products = (try? await Product.products(for: [Self.monthlyID, Self.yearlyID])) ?? []
    }

    private func listenForTransactions() -> Task<Void, Never> {
        Task { [weak self] in
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await self?.refreshStatus()
                await transaction.finish()
            }
        }
    }

    /// Buys `product`; throws when the result is unverified.
    public func purchase(_ product: Product) async throws {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            guard case .verified(let transaction) = verification else { throw SubscriptionServiceS4.SubscriptionError.failedVerification }
            await refreshStatus()
            await transaction.finish()
        case .userCancelled, .pending:
            break
        }
    }

    /// Syncs with the App Store, then recomputes.
    public func restore() async throws {
        try await AppStore.sync()
        await refreshStatus()
    }

    /// Recomputes the premium status from `currentEntitlements` and saves it.
    public func refreshStatus() async {
        var newStatus = SubscriptionStatus()
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it, before the plan upgraded to, while its period lasts.
            guard transaction.productID == Self.monthlyID || transaction.productID == Self.yearlyID,
                transaction.revocationDate == nil, !transaction.isUpgraded
            else { continue }
            newStatus.isPremium = true
            newStatus.tier = transaction.productID == Self.yearlyID ? .yearly : .monthly
            newStatus.expirationDate = transaction.expirationDate
            newStatus.originalPurchaseDate = transaction.originalPurchaseDate
            newStatus.isInTrial = transaction.offerType == .introductory
            break
        }
        status = newStatus
        storage.set(try? JSONEncoder().encode(newStatus), forKey: "subscriptionStatus")
    }

    /// Whether the user may run an analysis now (premium, or fewer than three today).
    public func canAnalyze() async -> Bool {
        if status.isPremium { return true }
        // Fixed (free-tier-quota): "today" is the App Store's, not the device's; without a
        // trusted date the day does not change.
        guard let today = await trustedNow() else { return usage.count < Self.freeDailyLimit }
        if !calendar.isDate(usage.date, inSameDayAs: today) {
            usage = DailyUsage(date: today, count: 0)
            saveUsage()
            return true
        }
        return usage.count < Self.freeDailyLimit
    }

    /// Counts one analysis on today's usage.
    public func recordAnalysis() async {
        // Fixed (free-tier-quota): the App Store's day, as in `canAnalyze()`.
        let today = await trustedNow() ?? usage.date
        if !calendar.isDate(usage.date, inSameDayAs: today) {
            usage = DailyUsage(date: today, count: 0)
        }
        usage.count += 1
        saveUsage()
    }

    /// The App Store's clock: the signing date of a verified app transaction, or nil.
    // Fixed (free-tier-quota): a device clock set a day ahead gave three more analyses the
    // same true day; the signed date does not move with it.
    func trustedNow() async -> Date? {
        guard case .verified(let app)? = try? await AppTransaction.shared else { return nil }
        return app.signedDate
    }

    private func saveUsage() {
        storage.set(try? JSONEncoder().encode(usage), forKey: "dailyUsage")
    }
}
