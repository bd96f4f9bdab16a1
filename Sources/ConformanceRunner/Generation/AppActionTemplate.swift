import PurchaseStateMachine

/// An app action generated histories may contain: a name and the values it may carry.
public struct AppActionTemplate: Hashable, Sendable {
    /// The action's name, passed to the subject.
    public var name: String
    /// The values it may carry; empty means no value.
    public var values: [JSONValue]

    /// Creates a template.
    public init(name: String, values: [JSONValue] = []) {
        self.name = name
        self.values = values
    }
}
