import PurchaseStateMachine

/// The optional server channels a subject can ask for (`purchase-subject/1` "wants").
public struct ServerChannels: OptionSet, Hashable, Sendable {
    /// The channels as bits.
    public let rawValue: Int
    /// Wraps channel bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// App Store Server Notifications V2.
    public static let notifications = ServerChannels(rawValue: 1)
    /// The legacy `verifyReceipt` answer with every tick.
    public static let receipts = ServerChannels(rawValue: 2)
    /// A tick at every UTC midnight an `advanceTime` crosses.
    public static let ticks = ServerChannels(rawValue: 4)
}
