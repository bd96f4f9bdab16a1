import Foundation
import Observation
// The design imports StoreKit; only this import differs from it. The facade mirrors StoreKit 2's
// API, so the class below compiles against either unchanged.
import StoreKitTestDouble

/// Where the service keeps its cached status and daily usage (`UserDefaults` in the app).
public protocol SubscriptionStorageS4: AnyObject {
    /// The data stored under `defaultName`, if any.
    func data(forKey defaultName: String) -> Data?
    /// Stores `value` under `defaultName` (nil removes it).
    func set(_ value: Any?, forKey defaultName: String)
}

extension UserDefaults: SubscriptionStorageS4 {}

/// S4 — "SubscriptionService" with a free tier (a fitness app's design, 2025), as the design
/// describes it (`seed-systems.md`, S4).
///
/// Launch loads the cached status and the daily usage from storage first, starts the updates
/// listener, then loads the products and recomputes. A verified purchase recomputes and
/// finishes; unverified throws unfinished. The recomputation takes the first verified
/// `currentEntitlements` element of one of the two products without a `revocationDate` as the
/// premium status and saves it. `canAnalyze` lets a premium user through and a free user three
/// times per day by the device's calendar; `recordAnalysis` counts one. The status's `isActive`
/// compares the expiry with the device date, but the gate uses the premium flag only.
///
/// `fixed` is the corrected twin: it changes only what the suite proved wrong, each change
/// behind `if fixed` with a comment naming the check (the other one is in the adapter,
/// `SubscriptionServiceS4App.becomeActive`).
@MainActor
@Observable
public final class SubscriptionServiceS4 {
    /// Errors the service reports to its UI.
    public enum SubscriptionError: Error {
        /// StoreKit could not verify the transaction.
        case failedVerification
    }

    /// The plan the customer is on.
    public enum Tier: String, Codable, Sendable {
        /// The monthly plan.
        case monthly
        /// The yearly plan.
        case yearly
    }

    /// The premium status the service caches.
    public struct SubscriptionStatus: Codable, Equatable, Sendable {
        /// Whether the customer is premium (the gate's only input).
        public var isPremium = false
        /// The plan, when premium.
        public var tier: Tier?
        /// When the current period ends.
        public var expirationDate: Date?
        /// When the customer first subscribed.
        public var originalPurchaseDate: Date?
        /// Whether the current period is the free trial.
        public var isInTrial = false

        /// Whether the subscription is active at `now` (shown in settings; the gate ignores it).
        public func isActive(at now: Date) -> Bool {
            isPremium && (expirationDate.map { $0 > now } ?? false)
        }
    }

    /// How many analyses the free user made on one device day.
    public struct DailyUsage: Codable, Sendable {
        /// The day counted, as a moment on it.
        public var date: Date
        /// Analyses made that day.
        public var count: Int
    }

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

    @ObservationIgnored private let fixed: Bool
    @ObservationIgnored private let storage: SubscriptionStorageS4
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private var updatesTask: Task<Void, Never>? = nil

    /// Loads the cached status and usage, starts the listener, then loads products and recomputes.
    public init(
        fixed: Bool = false, storage: SubscriptionStorageS4 = UserDefaults.standard, now: @escaping () -> Date = Date.init,
        calendar: Calendar = .current
    ) {
        self.fixed = fixed
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
            guard case .verified(let transaction) = verification else { throw SubscriptionError.failedVerification }
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
            guard transaction.productID == Self.monthlyID || transaction.productID == Self.yearlyID,
                transaction.revocationDate == nil
            else { continue }
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it, before the plan upgraded to, while its period lasts.
            if fixed, transaction.isUpgraded { continue }
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
        let today: Date
        if fixed {
            // Fixed (free-tier-quota): "today" is the App Store's, not the device's; without a
            // trusted date the day does not change.
            guard let trusted = await trustedNow() else { return usage.count < Self.freeDailyLimit }
            today = trusted
        } else {
            today = now()
        }
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
        let today = fixed ? await trustedNow() ?? usage.date : now()
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
