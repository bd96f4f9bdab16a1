import PurchaseStateMachine

/// One `appAction` event and what the subject answered.
public struct AppActionRecord: Hashable, Sendable {
    /// The event's index.
    public let eventIndex: Int
    /// The action's name.
    public let name: String
    /// The action's value, if any.
    public let value: JSONValue?
    /// The subject's result.
    public let result: JSONValue?
    /// The true time of the action.
    public let serverNow: Instant
    /// The device clock at the action.
    public let deviceNow: Instant
    /// The products the model says were entitled at the action.
    public let entitled: [String]
}
