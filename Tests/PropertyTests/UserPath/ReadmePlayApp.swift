import ConformanceTesting
import Testing

/// The README's Google Play example: a small client-only app, compiled and checked here.
struct ReadmePlayApp {
// README:begin play-app
/// An app that sells one permanent unlock, "premium", on Google Play.
struct MyPlayApp: PlaySubject {
    var unlocked: Set<String> = []  // what the app has granted (kept across relaunches)

    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}

    // At launch and on resume the app asks Play what the customer owns, and trusts that.
    mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) -> [PlayReply] {
        unlocked = []
        return handle(purchases)
    }

    // The billing flow's result, and purchases that complete later.
    mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) -> [PlayReply] {
        result == .ok ? handle(purchases) : []
    }

    // Grant only PURCHASED purchases whose signature verifies, and acknowledge them within three days.
    mutating func handle(_ purchases: [PlayPurchase]) -> [PlayReply] {
        var replies: [PlayReply] = []
        for purchase in purchases where purchase.state == .purchased && purchase.signatureValid {
            unlocked.formUnion(purchase.products)
            if !purchase.acknowledged { replies.append(.acknowledge(token: purchase.token)) }
        }
        return replies
    }

    func query(context: PlaySubjectContext) -> ObservedState {
        ObservedState(entitled: unlocked.sorted())
    }
}

@Test func playPurchases() throws {
    let catalog = PlayCatalog(oneTime: [PlayOneTimeProduct(id: "premium", multiQuantity: false)])
    try Conformance.check(MyPlayApp.self, catalog: catalog, policy: PlayPolicy(consumables: []))
}
// README:end play-app
}
