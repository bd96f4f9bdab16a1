import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine

/// How a test backend departs from the reference backend when an RTDN arrives.
protocol NotificationQuirk: Sendable {
    /// Reads `notification` before the reference backend does: returns a product to withhold
    /// from then on, nil for none, or throws to fault.
    static func withhold(_ notification: PlayNotification, context: PlaySubjectContext) throws -> String?
}

/// The reference backend with one quirk on RTDNs; everything else (what the app forwards, the
/// reconciliation tick, Google's answers) is the reference backend's.
struct QuirkyServer<Quirk: NotificationQuirk>: PlaySubject {
    var inner: PlayReferenceServer
    var withheld: [String] = []

    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
        inner = PlayReferenceServer(catalog: catalog, policy: policy, context: context)
    }

    var wantsNotifications: Bool { true }
    var wantsBillingResponses: Bool { inner.wantsBillingResponses }

    mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        try inner.connected(reason, purchases: purchases, context: context)
    }

    mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        try inner.purchasesUpdated(result, purchases: purchases, context: context)
    }

    mutating func tick(context: PlaySubjectContext) throws -> [PlayReply] { try inner.tick(context: context) }

    mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] {
        try inner.billingResponse(result, to: reply, context: context)
    }

    mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
        if let product = try Quirk.withhold(n, context: context), !withheld.contains(product) { withheld.append(product) }
        return try inner.notification(n, context: context)
    }

    func query(context: PlaySubjectContext) throws -> ObservedState {
        var state = try inner.query(context: context)
        state.entitled.removeAll { withheld.contains($0) }
        return state
    }

    /// Replays histories against this backend.
    static var replayer: PlayCases<QuirkyServer> {
        PlayCases { c, p, ctx in QuirkyServer(catalog: c, policy: p, context: ctx) }
    }

    /// A campaign of `histories` histories from seed 1 against this backend, reported as `name`.
    static func campaign(histories: Int = 2_000, name: String) -> Campaign<PlayCases<QuirkyServer>> {
        Campaign(configuration: .play(seed: Seed(1), histories: histories), subjectName: name) { c, p, ctx in
            QuirkyServer(catalog: c, policy: p, context: ctx)
        }
    }
}
