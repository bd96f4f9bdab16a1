extension Transaction {
    /// An asynchronous sequence of transactions: `updates` (live) or a query such as
    /// `currentEntitlements` (a snapshot taken when iteration starts).
    public struct Transactions: AsyncSequence, Sendable {
        /// Each element is a transaction with its verification result.
        public typealias Element = VerificationResult<Transaction>

        enum Source: Sendable {
            case updates
            case entitlements(productID: String?)
            case unfinished
            case all
        }

        let source: Source

        /// Starts an iteration; outside a simulated app the sequence is empty.
        public func makeAsyncIterator() -> AsyncIterator {
            guard let session = StoreSession.current else { return AsyncIterator(channel: nil, snapshot: []) }
            if case .updates = source {
                let channel = UpdatesChannel<Element>()
                session.register(channel)
                return AsyncIterator(channel: channel, snapshot: [])
            }
            return AsyncIterator(channel: nil, snapshot: session.snapshot(source))
        }

        /// Iterates the elements; `next()` waits for the App Store only for `updates`.
        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            let channel: UpdatesChannel<Element>?
            var snapshot: [Element]
            var index = 0

            init(channel: UpdatesChannel<Element>?, snapshot: [Element]) {
                self.channel = channel
                self.snapshot = snapshot
            }

            /// The next element, or nil when the sequence (or the app) has ended.
            public mutating func next() async -> Element? {
                if let channel { return await channel.next() }
                guard index < snapshot.count else { return nil }
                index += 1
                return snapshot[index - 1]
            }
        }
    }
}
