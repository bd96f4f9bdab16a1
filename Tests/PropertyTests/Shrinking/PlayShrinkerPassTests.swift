import BuiltInSubjects
@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("Google Play: the concrete shrinker's store passes")
struct PlayShrinkerPassTests {
    func shrink(_ name: String, _ check: CheckID, _ events: [String], _ variations: PlayVariations) throws -> PlayHistory {
        let runner = try #require(PlayBuiltInSubjects.named(name))
        var shrinker = PlayHistoryShrinker(check: check) { runner.replay($0).failure }
        let history = PlayHistory(variations: variations, events: try events.map { try PlayEvent(compact: $0) })
        #expect(runner.replay(history).failure?.check == check, "the starting history fails")
        return shrinker.shrink(history)
    }

    @Test("defaultVariations: store variations the failure does not need go back to their defaults")
    func defaultVariations() throws {
        let shrunk = try shrink("play-example-grants-pending", .pendingNotEntitled, ["purchase(lifetime, outcome: pending)"], playVariations {
            $0.addOnsOffered = true
            $0.clientCacheLag = 3
        })
        #expect(shrunk.events.map(\.compact) == ["purchase(lifetime, outcome: pending)"])
        #expect(shrunk.variations == PlayVariations())
    }

    @Test("fewerEventsInOneVariation: a double credit shown by a late RTDN becomes the one-event redelivery")
    func fewerEvents() throws {
        let shrunk = try shrink("play-example-double-credit", .consumableCreditedOnce, ["purchase(coins100)", "purchase(coins100)"],
                                playVariations { $0.notificationDelay = 1 })
        #expect(shrunk.events.map(\.compact) == ["purchase(coins100)"])
        #expect(shrunk.variations.json.rendered() == #"{"notificationDuplicates":1}"#)
    }

    @Test("simplerPurchases: a double credit shown with two units and an add-on is shown with one unit of the base plan alone")
    func simplerPurchases() throws {
        let shrunk = try shrink("play-example-double-credit", .consumableCreditedOnce, ["purchase(coins100, quantity: 2)"],
                                playVariations { $0.notificationDuplicates = 1 })
        #expect(shrunk.events.map(\.compact) == ["purchase(coins100)"])
        let lifetime = try shrink("play-example-withholds-after-ack-error", .acknowledgementErrorKeepsAccess,
                                  ["purchase(pro-monthly, addOn: basic-monthly)"], playVariations {
            $0.listenerDuplicates = 1
            $0.addOnsOffered = true
        })
        #expect(lifetime.events.map(\.compact) == ["purchase(pro-monthly)"])
    }
}
