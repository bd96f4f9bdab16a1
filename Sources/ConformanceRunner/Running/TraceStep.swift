import PurchaseStateMachine

/// One event of a traced execution: what was sent, what came back, what the checks said.
public struct TraceStep: Hashable, Sendable {
    /// The 0-based index of the event.
    public let eventIndex: Int
    /// The event applied.
    public let event: Event
    /// The messages sent to the subject, with what it finished.
    public let messages: [String]
    /// The subject's answer to `query`.
    public let observed: ObservedState?
    /// The failure after this event, if any.
    public let failure: Failure?
}

/// A short description of a store message for traces and fault reports.
func describe(_ message: StoreMessage) -> String {
    func tx(_ d: Delivery) -> String {
        var s = "#\(d.transaction.id) \(d.transaction.productID)"
        if d.transaction.revocationDate != nil { s += " revoked" }
        if d.transaction.isUpgraded { s += " upgraded" }
        if !d.verified { s += " unverified" }
        return s
    }
    switch message {
    case .purchaseResult(let product, let result, let delivery):
        return "purchaseResult(\(product): \(result.rawValue)\(delivery.map { ", " + tx($0) } ?? ""))"
    case .update(let d): return "update(\(tx(d)))"
    case .relaunch(let unfinished): return "terminate, launch(unfinished: [\(unfinished.map(tx).joined(separator: ", "))])"
    case .restore: return "restore"
    case .appAction(let name, let value): return "appAction(\(name)\(value.map { ", " + $0.rendered() } ?? ""))"
    case .notification(let n): return "notification(\(n.label))"
    case .tick(let at, _): return "tick(\(at.iso8601))"
    }
}
