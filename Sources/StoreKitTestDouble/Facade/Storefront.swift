import Foundation

/// The App Store storefront of the customer (StoreKit 2's `Storefront`).
///
/// The simulation has one storefront, the United States', which never changes: `updates`
/// never emits, and its iterations end when the app is terminated.
public struct Storefront: Identifiable, Hashable, Sendable {
    /// The App Store's storefront identifier.
    public let id: String
    /// The three-letter country code.
    public let countryCode: String
    /// The storefront's currency.
    public let currency: Locale.Currency?

    /// Creates a storefront.
    public init(id: String, countryCode: String, currency: Locale.Currency? = nil) {
        self.id = id
        self.countryCode = countryCode
        self.currency = currency
    }

    /// The one storefront of the simulation.
    static let simulated = Storefront(id: "143441", countryCode: "USA", currency: Locale.Currency("USD"))

    /// The customer's storefront (nil outside a simulated app).
    public static var current: Storefront? {
        get async { StoreSession.current == nil ? nil : simulated }
    }

    /// The storefronts the customer changes to (never, in the simulation).
    public static var updates: Storefront.Storefronts { Storefronts() }

    /// An asynchronous sequence of storefront changes.
    public struct Storefronts: AsyncSequence, Sendable {
        /// Each element is the new storefront.
        public typealias Element = Storefront

        /// Starts an iteration that waits until the app is terminated.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: SilentSequence.channel()) }

        /// Iterates the changes.
        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            let channel: UpdatesChannel<Storefront>

            /// The next storefront, or nil when the app has been terminated.
            public mutating func next() async -> Storefront? { await channel.next() }
        }
    }
}

/// Live sequences the model never emits on: each iteration waits until the app is terminated.
enum SilentSequence {
    /// A channel that ends when the current app is terminated (at once outside a simulated app).
    static func channel<Element: Sendable>() -> UpdatesChannel<Element> {
        let channel = UpdatesChannel<Element>()
        guard let session = StoreSession.current, session.isAlive else {
            channel.end()
            return channel
        }
        session.silentChannels.append { channel.end() }
        return channel
    }
}
