import Foundation

/// A request to buy a product (StoreKit 1's `SKPayment`).
open class SKPayment: NSObject, @unchecked Sendable {
    var storedProductIdentifier: String
    var storedQuantity = 1
    var storedApplicationUsername: String?
    var storedSimulatesAskToBuy = false

    /// The product to buy.
    open var productIdentifier: String { storedProductIdentifier }
    /// How many items (consumables).
    open var quantity: Int { storedQuantity }
    /// An opaque identifier of the customer's account in the app.
    open var applicationUsername: String? { storedApplicationUsername }
    /// Whether to simulate Ask to Buy in the sandbox (ignored: the history decides).
    open var simulatesAskToBuyInSandbox: Bool { storedSimulatesAskToBuy }
    /// Data the app attaches (kept, unused).
    open var requestData: Data? { nil }

    /// A payment for `product`.
    public init(product: SKProduct) {
        storedProductIdentifier = product.productIdentifier
    }

    init(productIdentifier: String) {
        storedProductIdentifier = productIdentifier
    }

    /// A payment for a product id (deprecated in StoreKit 1, still used).
    open class func payment(withProductIdentifier identifier: String) -> Any {
        SKMutablePayment(productIdentifier: identifier)
    }
}

/// A payment whose fields the app sets (StoreKit 1's `SKMutablePayment`).
open class SKMutablePayment: SKPayment, @unchecked Sendable {
    /// The product to buy.
    open override var productIdentifier: String {
        get { storedProductIdentifier }
        set { storedProductIdentifier = newValue }
    }
    /// How many items (consumables).
    open override var quantity: Int {
        get { storedQuantity }
        set { storedQuantity = newValue }
    }
    /// An opaque identifier of the customer's account in the app.
    open override var applicationUsername: String? {
        get { storedApplicationUsername }
        set { storedApplicationUsername = newValue }
    }
    /// Whether to simulate Ask to Buy in the sandbox (ignored: the history decides).
    open override var simulatesAskToBuyInSandbox: Bool {
        get { storedSimulatesAskToBuy }
        set { storedSimulatesAskToBuy = newValue }
    }

    /// A mutable payment for `product`.
    public override init(product: SKProduct) { super.init(product: product) }

    /// An empty mutable payment; set `productIdentifier` before adding it.
    public init() { super.init(productIdentifier: "") }

    override init(productIdentifier: String) { super.init(productIdentifier: productIdentifier) }
}
