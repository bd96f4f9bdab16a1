/// The state of an entitlement task (StoreKit's SwiftUI `EntitlementTaskState`): what
/// `subscriptionStatusTask` and `currentEntitlementTask` hand the app's closure.
public enum EntitlementTaskState<Value> {
    /// The task is loading.
    case loading
    /// The task loaded the value.
    case success(Value)
    /// The task failed.
    case failure(any Error)

    /// The value, once loaded.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }
}

extension EntitlementTaskState: Sendable where Value: Sendable {}

extension EntitlementTaskState where Value == VerificationResult<Transaction>? {
    /// The transaction that grants the entitlement, once loaded (nil: not entitled).
    public var transaction: VerificationResult<Transaction>? {
        if case .success(let value) = self { return value }
        return nil
    }
}
