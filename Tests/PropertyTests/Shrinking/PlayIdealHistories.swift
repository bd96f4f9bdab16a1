import ConformanceRunner
import PurchaseStateMachine

/// The ideal minimal history of each buggy Play example: the shortest history that shows its
/// mistake, in the simplest events (docs/PlayModel.md lists the same table).
enum PlayIdealHistories {
    struct Ideal {
        let subject: String
        let check: CheckID
        let events: [String]
        let variations: String
    }

    static let all: [Ideal] = [
        Ideal(subject: "play-example-pending-unacknowledged", check: .acknowledgedInTime,
              events: ["purchase(coins100, outcome: pending)", "completePending(#1)", "advanceTime(P3D)"], variations: "{}"),
        Ideal(subject: "play-example-grants-pending", check: .pendingNotEntitled,
              events: ["purchase(lifetime, outcome: pending)"], variations: "{}"),
        Ideal(subject: "play-example-keeps-replaced-token", check: .replacedTokenNeverEntitled,
              events: ["purchase(pro-monthly)", "changePlan(#1, basic-monthly, withTimeProration)"], variations: "{}"),
        Ideal(subject: "play-example-consumes-lifetime", check: .nonConsumableNeverConsumed,
              events: ["purchase(lifetime)"], variations: "{}"),
        Ideal(subject: "play-example-ignores-hold", check: .onHoldNeverEntitled,
              events: ["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P14D)"], variations: "{}"),
        Ideal(subject: "play-example-double-credit", check: .consumableCreditedOnce,
              events: ["purchase(coins100)"], variations: #"{"notificationDuplicates":1}"#),
        Ideal(subject: "play-example-withholds-after-ack-error", check: .acknowledgementErrorKeepsAccess,
              events: ["purchase(lifetime)"], variations: #"{"listenerDuplicates":1}"#),
    ]
}
