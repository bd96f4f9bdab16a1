/// The renewal status of an auto-renewable subscription (StoreKit's newer top-level name).
public typealias SubscriptionStatus = Product.SubscriptionInfo.Status

extension Product {
    /// The renewal status of an auto-renewable subscription (an alias some code spells this way).
    public typealias SubscriptionStatus = Product.SubscriptionInfo.Status
}

extension Product.SubscriptionInfo.Status {
    /// The statuses the App Store emits when a subscription's status changes.
    ///
    /// In the model: each time what the app sees changes (a purchase answered, an update
    /// emitted, a sync answered, time passing before a query), every group whose renewal state,
    /// renewal information, latest transaction or Family Sharing changed emits its statuses —
    /// right after the transaction on `Transaction.updates`, in the catalog's group order. Each
    /// iteration receives what is emitted after it started; it ends when the app is terminated.
    public static var updates: Product.SubscriptionInfo.Status.Statuses { Statuses() }

    /// The current statuses of every subscription group the customer ever subscribed to, one
    /// element per group, then the stream finishes (empty outside a simulated app).
    public static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> {
        let groups = StoreSession.current?.allStatuses() ?? []
        return AsyncStream { continuation in
            for group in groups { continuation.yield(group) }
            continuation.finish()
        }
    }

    /// An asynchronous sequence of subscription statuses as they change.
    public struct Statuses: AsyncSequence, Sendable {
        /// Each element is one status of a group whose status changed.
        public typealias Element = Product.SubscriptionInfo.Status

        /// Starts an iteration; outside a simulated app it ends at once.
        public func makeAsyncIterator() -> AsyncIterator {
            let channel = UpdatesChannel<Element>()
            if let session = StoreSession.current { session.register(channel) } else { channel.end() }
            return AsyncIterator(channel: channel)
        }

        /// Iterates the statuses as the App Store emits them.
        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            let channel: UpdatesChannel<Element>

            /// The next status, or nil when the app has been terminated.
            public mutating func next() async -> Element? { await channel.next() }
        }
    }
}

extension Transaction {
    /// The status of this transaction's subscription, or nil when it is not an auto-renewable one.
    public var subscriptionStatus: Product.SubscriptionInfo.Status? {
        get async {
            guard productType == .autoRenewable, let group = subscriptionGroupID,
                let statuses = StoreSession.current?.statuses(of: group)
            else { return nil }
            return statuses.first { $0.transaction.unsafePayloadValue.originalID == originalID } ?? statuses.first
        }
    }
}
