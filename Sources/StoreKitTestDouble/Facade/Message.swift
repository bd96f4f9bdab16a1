/// A message the App Store wants to show the customer (StoreKit 2's `Message`).
///
/// The model sends no messages (no price increases, billing-issue sheets or win-back offers):
/// `messages` never emits; its iterations end when the app is terminated. `display(in:)` needs
/// a window scene and is not mirrored.
public struct Message: Hashable, Sendable {
    /// Why the App Store shows the message.
    public let reason: Message.Reason

    /// Creates a message.
    public init(reason: Message.Reason) { self.reason = reason }

    /// The messages the App Store sends while the app runs (none in the model).
    public static var messages: Message.Messages { Messages() }

    /// Why a message is shown.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        /// The reason's name.
        public let rawValue: String
        /// Creates a reason from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A general message.
        public static let generic = Reason(rawValue: "generic")
        /// A subscription's price goes up.
        public static let priceIncrease = Reason(rawValue: "priceIncrease")
        /// Billing failed.
        public static let billingIssue = Reason(rawValue: "billingIssue")
        /// A win-back offer.
        public static let winBackOffer = Reason(rawValue: "winBackOffer")
    }

    /// An asynchronous sequence of messages.
    public struct Messages: AsyncSequence, Sendable {
        /// Each element is one message.
        public typealias Element = Message

        /// Starts an iteration that waits until the app is terminated.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: SilentSequence.channel()) }

        /// Iterates the messages.
        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            let channel: UpdatesChannel<Message>

            /// The next message, or nil when the app has been terminated.
            public mutating func next() async -> Message? { await channel.next() }
        }
    }
}
