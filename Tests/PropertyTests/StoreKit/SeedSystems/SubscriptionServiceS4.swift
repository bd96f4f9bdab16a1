import Foundation
import Observation

// S4 — "SubscriptionService" with a free tier (a fitness app's design, 2025), as the design
// describes it. Only the import differs from an app target: on Linux it is the StoreKit facade.
#if canImport(StoreKit)
    import StoreKit
#else
    import StoreKitTestDouble
#endif

/// Where the service keeps its cached status and daily usage (`UserDefaults` in the app).
protocol SubscriptionStorageS4: AnyObject {
    func data(forKey defaultName: String) -> Data?
    func set(_ value: Any?, forKey defaultName: String)
}

extension UserDefaults: SubscriptionStorageS4 {}

enum SubscriptionErrorS4: Error {
    case failedVerification
}

@MainActor
@Observable
final class SubscriptionServiceS4 {
    enum Tier: String, Codable {
        case monthly
        case yearly
    }

    struct SubscriptionStatus: Codable, Equatable {
        var isPremium = false
        var tier: Tier?
        var expirationDate: Date?
        var originalPurchaseDate: Date?
        var isInTrial = false

        /// Whether the subscription is active at `now` (shown in settings; the gate ignores it).
        func isActive(at now: Date) -> Bool {
            isPremium && (expirationDate.map { $0 > now } ?? false)
        }
    }

    struct DailyUsage: Codable {
        var date: Date
        var count: Int
    }

    static let monthlyID = "premium.monthly"
    static let yearlyID = "premium.yearly"
    static let freeDailyLimit = 3

    private(set) var status = SubscriptionStatus()
    private(set) var products: [Product] = []
    private(set) var usage: DailyUsage

    @ObservationIgnored private let storage: SubscriptionStorageS4
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private var updatesTask: Task<Void, Never>? = nil

    init(
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

    func loadProducts() async {
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

    func purchase(_ product: Product) async throws {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            guard case .verified(let transaction) = verification else { throw SubscriptionErrorS4.failedVerification }
            await refreshStatus()
            await transaction.finish()
        case .userCancelled, .pending:
            break
        }
    }

    func restore() async throws {
        try await AppStore.sync()
        await refreshStatus()
    }

    func refreshStatus() async {
        var newStatus = SubscriptionStatus()
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            guard transaction.productID == Self.monthlyID || transaction.productID == Self.yearlyID,
                transaction.revocationDate == nil
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

    func canAnalyze() -> Bool {
        if status.isPremium { return true }
        if !calendar.isDate(usage.date, inSameDayAs: now()) {
            usage = DailyUsage(date: now(), count: 0)
            saveUsage()
            return true
        }
        return usage.count < Self.freeDailyLimit
    }

    func recordAnalysis() {
        if !calendar.isDate(usage.date, inSameDayAs: now()) {
            usage = DailyUsage(date: now(), count: 0)
        }
        usage.count += 1
        saveUsage()
    }

    private func saveUsage() {
        storage.set(try? JSONEncoder().encode(usage), forKey: "dailyUsage")
    }
}
