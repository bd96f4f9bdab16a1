import Foundation

/// Told when a StoreKit 1 request finishes or fails (`SKRequestDelegate`).
public protocol SKRequestDelegate: AnyObject {
    /// The request finished.
    func requestDidFinish(_ request: SKRequest)
    /// The request failed.
    func request(_ request: SKRequest, didFailWithError error: any Error)
}

extension SKRequestDelegate {
    /// By default nothing happens.
    public func requestDidFinish(_ request: SKRequest) {}
    /// By default nothing happens.
    public func request(_ request: SKRequest, didFailWithError error: any Error) {}
}

/// Receives the products a products request loaded (`SKProductsRequestDelegate`).
public protocol SKProductsRequestDelegate: SKRequestDelegate {
    /// The App Store answered.
    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse)
}

/// A request to the App Store (StoreKit 1's `SKRequest`); `start()` sends it.
///
/// The App Store answers at a time the scheduler picks; the delegate is called on the main
/// actor. Once the app has been terminated nothing is called.
open class SKRequest: NSObject, @unchecked Sendable {
    /// Told when the request finishes (held weakly, as in StoreKit).
    open weak var delegate: (any SKRequestDelegate)?
    private var cancelled = false

    /// Sends the request.
    open func start() {
        guard let session = StoreSession.current else {
            let request = Unchecked(self)
            Task { @MainActor in request.value.delegate?.request(request.value, didFailWithError: SKError(.unknown)) }
            return
        }
        let request = Unchecked(self)
        Task { @MainActor in
            do {
                try await session.roundTrip(request.value.label)
            } catch {
                return
            }
            guard !request.value.cancelled else { return }
            request.value.answer(session)
            request.value.delegate?.requestDidFinish(request.value)
        }
    }

    /// Cancels the request: the delegate hears nothing more.
    open func cancel() { cancelled = true }

    var label: String { "SKRequest" }

    /// Tells the delegate the answer (before `requestDidFinish`).
    func answer(_ session: StoreSession) {}
}

/// Loads products (StoreKit 1's `SKProductsRequest`).
open class SKProductsRequest: SKRequest, @unchecked Sendable {
    let identifiers: [String]

    /// A request for the products with these identifiers.
    public init(productIdentifiers: Set<String>) {
        identifiers = productIdentifiers.sorted()
    }

    override var label: String { "SKProductsRequest(\(identifiers.count) ids)" }

    override func answer(_ session: StoreSession) {
        let found = session.products(for: identifiers)
        let response = SKProductsResponse(
            products: found.map(SKProduct.init),
            invalidProductIdentifiers: identifiers.filter { id in !found.contains { $0.id == id } })
        (delegate as? any SKProductsRequestDelegate)?.productsRequest(self, didReceive: response)
    }
}

/// The App Store's answer to a products request (`SKProductsResponse`).
open class SKProductsResponse: NSObject, @unchecked Sendable {
    /// The products found, in the catalog's order (deterministic; StoreKit's order is unspecified).
    open private(set) var products: [SKProduct]
    /// The identifiers the App Store does not know, in order.
    open private(set) var invalidProductIdentifiers: [String]

    init(products: [SKProduct], invalidProductIdentifiers: [String]) {
        self.products = products
        self.invalidProductIdentifiers = invalidProductIdentifiers
    }
}

/// Asks the App Store for a fresh app receipt (StoreKit 1's `SKReceiptRefreshRequest`).
///
/// When it finishes, the receipt (`AppStoreReceipt`) shows the App Store's current state.
open class SKReceiptRefreshRequest: SKRequest, @unchecked Sendable {
    /// Properties of the receipt to request (sandbox testing only; ignored).
    public let receiptProperties: [String: Any]?

    /// A refresh request.
    public init(receiptProperties properties: [String: Any]? = nil) {
        receiptProperties = properties
    }

    override var label: String { "SKReceiptRefreshRequest" }
}
