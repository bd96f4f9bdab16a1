import PurchaseStateMachine

extension PlayMessage {
    /// One line for traces and reports.
    public var label: String {
        func list(_ p: [PlayPurchase]) -> String {
            "[" + p.map { "\($0.token) \($0.products.joined(separator: "+")) \($0.state == .purchased ? "PURCHASED" : "PENDING")\($0.suspended ? " isSuspended" : "")\($0.quantity == 1 ? "" : " ×\($0.quantity)")" }.joined(separator: ", ") + "]"
        }
        switch self {
        case .purchasesUpdated(let r, let p): return "onPurchasesUpdated(\(r.rawValue), \(list(p)))"
        case .connected(let reason, let p): return "\(reason.rawValue): queryPurchasesAsync → \(list(p))"
        case .terminated: return "terminate"
        case .notification(let n):
            return n.type == .test ? "RTDN \(n.type.rawValue) (messageId \(n.messageID))" : "RTDN \(n.type.rawValue) \(n.token) (messageId \(n.messageID))"
        }
    }
}

extension PlayReply {
    /// One line for traces and reports.
    public var label: String {
        switch self {
        case .acknowledge(let t): return "acknowledge(\(t))"
        case .consume(let t): return "consume(\(t))"
        }
    }
}
