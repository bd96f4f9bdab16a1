/// The result `Product.purchase()` returns to the app.
public enum PurchaseResultKind: String, Hashable, Sendable, CaseIterable {
    case success, userCancelled, pending, failed
}

/// One thing an event makes the App Store tell the app or a server, in the order it happens.
public enum StoreMessage: Hashable, Sendable {
    /// `Product.purchase()` returns (with the transaction when it succeeded).
    case purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?)
    /// One element of `Transaction.updates` while the app runs.
    case update(Delivery)
    /// The app is terminated and launched again; `unfinished` is what `Transaction.updates`
    /// hands the launching app.
    case relaunch(unfinished: [Delivery])
    /// `AppStore.sync()` finished.
    case restore
    /// An app-level action.
    case appAction(name: String, value: JSONValue?)
    /// An App Store Server Notification V2 (for server subjects).
    case notification(ServerNotification)
    /// A UTC midnight passed on the store clock (for server subjects with a daily job), with
    /// the legacy `verifyReceipt` answer at that moment when `StepEffects.recordsReceipts`.
    case tick(at: Instant, receipt: JSONValue?)

    /// The transaction delivered to the app by this message, if it delivers exactly one.
    public var delivery: Delivery? {
        switch self {
        case .purchaseResult(_, _, let delivery): return delivery
        case .update(let delivery): return delivery
        default: return nil
        }
    }
}

/// What applying one event produced, reusable across events to avoid allocation.
public struct StepEffects: Sendable {
    /// The messages, in the order the store sends them.
    public var messages: [StoreMessage] = []
    /// Whether server notifications and midnight ticks are recorded (off by default: apps
    /// never see them and they cost time).
    public var recordsServerChannels: Bool
    /// Whether midnight ticks carry the legacy receipt (a receipt lists every transaction, so
    /// building one per midnight is the costliest part of a long `advanceTime`).
    public var recordsReceipts: Bool
    /// How many transactions the midnight receipts recorded into this buffer have listed so
    /// far, over every event (`reset()` keeps it): the model stops at
    /// `StoreModel.maximumReceiptListings`.
    public internal(set) var receiptListings = 0

    /// Creates an empty effects buffer; ticks carry receipts unless `recordsReceipts` is false.
    public init(recordsServerChannels: Bool = false, recordsReceipts: Bool? = nil) {
        self.recordsServerChannels = recordsServerChannels
        self.recordsReceipts = recordsServerChannels && (recordsReceipts ?? true)
    }

    /// Empties the buffer, keeping its storage.
    public mutating func reset() {
        // One by one: the specialised destroy, not the runtime's generic array destroy.
        while !messages.isEmpty { messages.removeLast() }
    }

    /// The server notifications among the messages.
    public var notifications: [ServerNotification] {
        messages.compactMap { if case .notification(let n) = $0 { return n } else { return nil } }
    }
}
