// Fixture in the style of a StoreKit 1 subscription manager of the receipt era (written for
// this project, after seed system S3's published rules): a payment-queue observer that
// finishes purchases first and then validates the app receipt with its server, keeping each
// product's expiry date; products come from an SKProductsRequest.
import StoreKit

final class ReceiptIAPManager: NSObject, SKPaymentTransactionObserver, SKProductsRequestDelegate {
    /// The app's server call: receipt in, `verifyReceipt` JSON out.
    typealias Validator = (Data) async throws -> Data

    private(set) var products: [SKProduct] = []
    private(set) var log: [String] = []
    private var expiries: [String: Date] = [:]
    private var productsRequest: SKProductsRequest?
    private let validate: Validator
    private let now: () -> Date
    /// The corrected rules: the latest purchase per group, refunds, grace, the App Store's clock.
    private let strict: Bool
    private var serverNow: Date?

    init(strict: Bool, now: @escaping () -> Date, validate: @escaping Validator) {
        self.strict = strict
        self.now = now
        self.validate = validate
        super.init()
    }

    func start(productIDs: Set<String>) {
        SKPaymentQueue.default().add(self)
        let request = SKProductsRequest(productIdentifiers: productIDs)
        request.delegate = self
        request.start()
        productsRequest = request
        Task { await self.refreshReceipt() }
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        products = response.products
        log.append("products \(response.products.map(\.productIdentifier)) invalid \(response.invalidProductIdentifiers)")
    }

    func buy(_ product: SKProduct) {
        guard SKPaymentQueue.canMakePayments() else { return }
        SKPaymentQueue.default().add(SKPayment(product: product))
    }

    func restore() {
        SKPaymentQueue.default().restoreCompletedTransactions()
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions {
            log.append("\(transaction.payment.productIdentifier) \(Self.describe(transaction))")
            switch transaction.transactionState {
            case .purchased, .restored:
                queue.finishTransaction(transaction)
                Task { await self.refreshReceipt() }
            case .failed:
                queue.finishTransaction(transaction)
            case .deferred, .purchasing:
                break
            @unknown default:
                break
            }
        }
    }

    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
        log.append("restore finished")
    }

    static func describe(_ transaction: SKPaymentTransaction) -> String {
        switch transaction.transactionState {
        case .purchasing: return "purchasing"
        case .purchased: return "purchased #\(transaction.transactionIdentifier ?? "?")"
        case .restored: return "restored #\(transaction.original?.transactionIdentifier ?? "?")"
        case .deferred: return "deferred"
        case .failed:
            let cancelled = (transaction.error as? SKError)?.code == .paymentCancelled
            return cancelled ? "failed (cancelled)" : "failed"
        @unknown default: return "unknown"
        }
    }

    /// Sends the receipt to the server and stores the expiry dates it lists.
    func refreshReceipt() async {
        guard let url = Bundle.main.appStoreReceiptURL, let receipt = try? Data(contentsOf: url),
            let answer = try? await validate(receipt),
            let json = try? JSONSerialization.jsonObject(with: answer) as? [String: Any],
            let items = json["latest_receipt_info"] as? [[String: Any]]
        else { return }
        if strict {
            serverNow = try? await AppTransaction.shared.payloadValue.signedDate
            expiries = latestPerGroup(items, grace: json["pending_renewal_info"] as? [[String: Any]] ?? [])
            return
        }
        for item in items {
            guard let product = item["product_id"] as? String, let expires = Self.date(item["expires_date_ms"])
            else { continue }
            if expires > now() { expiries[product] = expires }
        }
    }

    /// Per group, the latest purchase that is neither refunded nor upgraded from, until its
    /// expiry or the end of its billing grace.
    func latestPerGroup(_ items: [[String: Any]], grace: [[String: Any]]) -> [String: Date] {
        var latest: [String: (purchase: Date, product: String, expires: Date?)] = [:]
        for item in items where item["is_upgraded"] == nil {
            guard let product = item["product_id"] as? String, let purchase = Self.date(item["purchase_date_ms"]) else {
                continue
            }
            let group = products.first { $0.productIdentifier == product }?.subscriptionGroupIdentifier ?? product
            if purchase >= latest[group]?.purchase ?? .distantPast {
                let cancelled = item["cancellation_date_ms"] != nil
                latest[group] = (purchase, product, cancelled ? nil : Self.date(item["expires_date_ms"]))
            }
        }
        var result: [String: Date] = [:]
        for (group, entry) in latest {
            guard var expires = entry.expires else { continue }
            for renewal in grace where renewal["subscription_group_identifier"] as? String == group {
                if let end = Self.date(renewal["grace_period_expires_date_ms"]), end > expires { expires = end }
            }
            result[entry.product] = expires
        }
        return result
    }

    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String, let ms = Double(text) else { return nil }
        return Date(timeIntervalSince1970: ms / 1000)
    }

    var activeProductIDs: [String] {
        let reference = strict ? (serverNow ?? now()) : now()
        return expiries.filter { $0.value > reference }.keys.sorted()
    }
}
