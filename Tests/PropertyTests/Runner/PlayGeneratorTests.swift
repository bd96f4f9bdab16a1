import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("The Google Play generator explores every variation and reaches the boundaries")
struct PlayGeneratorTests {
    /// Draws `count` histories on the model alone and returns them with their variations; with
    /// `acknowledging`, every purchase is acknowledged after each event, as a correct app does.
    static func draw(_ count: Int, catalog: PlayCatalog = .example, acknowledging: Bool = false) throws -> [(PlayVariations, [PlayEvent], [PlayStepEffects])] {
        let generator = PlayHistoryGenerator(catalog: catalog)
        var out: [(PlayVariations, [PlayEvent], [PlayStepEffects])] = []
        for n in 0..<count {
            let tc = TestCase(seed: Seed(99).derived(UInt64(n)))
            let variations = try generator.drawVariations(tc)
            var model = PlayModel(catalog: catalog, variations: variations)
            _ = model.start()
            var events: [PlayEvent] = []
            var effects: [PlayStepEffects] = []
            while events.count < generator.maxEvents, try tc.drawBool(probability: generator.continueProbability) {
                let event = try generator.drawEvent(tc, model: model)
                effects.append(try model.apply(event))
                events.append(event)
                if acknowledging {
                    for p in model.ownedPurchases() where p.state == .purchased && !p.acknowledged {
                        _ = model.apply(reply: .acknowledge(token: p.token), transientFaults: false)
                    }
                }
            }
            out.append((variations, events, effects))
        }
        return out
    }

    @Test("Every value of every store variation is drawn")
    func everyVariation() throws {
        let histories = try Self.draw(400)
        for axis in PlayVariationAxis.all {
            let seen = Set(histories.map { axis.value(in: $0.0) })
            #expect(seen == Set(axis.domain), "\(axis.id)")
        }
    }

    @Test("Every event kind is drawn, and every drawn event is possible where it stands")
    func everyKind() throws {
        // `restore` is the rarest kind: it needs a subscription canceled and not yet expired, and
        // time usually jumps to that expiry next. Purchases are acknowledged, as a correct app
        // does, so subscriptions live long enough to be canceled and restored.
        let kinds = Set(try Self.draw(2_000, acknowledging: true).flatMap { $0.1.map(\.kind) })
        #expect(kinds == Set(PlayEventKind.allCases).subtracting([.billingLab]), "missing: \(Set(PlayEventKind.allCases).subtracting(kinds).map(\.rawValue).sorted())")
        // §11: Play Billing Lab is a license tester's tool, drawn only on a tester's catalog.
        let testerKinds = Set(try Self.draw(300, catalog: PlayLicenseTestingTests.catalog, acknowledging: true).flatMap { $0.1.map(\.kind) })
        #expect(testerKinds.contains(.billingLab))
    }

    @Test("Event options are drawn: quantity-based partial refunds (§5), both developer cancellation types (§6.5), console grace and pause changes (§6.3, §6.4), pending purchase updates (§2.3)")
    func eventOptions() throws {
        let histories = try Self.draw(2_000, acknowledging: true)
        let events = histories.flatMap(\.1)
        let updates = histories.flatMap(\.2).flatMap(\.listenerCalls).flatMap(\.1).compactMap(\.pendingUpdate)
        #expect(!updates.isEmpty, "a pending top-up or switch names the new purchase on the old one (§2.3, §3)")
        let quantities = events.compactMap { if case .void(_, _, let q?) = $0 { return q } else { return nil } }
        #expect(!quantities.isEmpty, "void(#N, refund, quantity: K)")
        let types = Set(events.compactMap { if case .devCancel(_, let type) = $0 { return type } else { return nil } })
        #expect(types == Set(PlayDeveloperCancellationType.allCases))
        let settings = Set(events.compactMap { if case .console(let setting) = $0 { return setting } else { return nil } })
        #expect(settings.contains(.pause(enabled: false)) && settings.contains(.pause(enabled: true)))
        #expect(Set(settings.compactMap { if case .graceDays(let d) = $0 { return d } else { return nil } }) == [0, 3, 7, 14, 30])
    }

    @Test("Time reaches the three-day window (refunds happen) and grace → hold, with steps a minute either side of a boundary")
    func boundaries() throws {
        let histories = try Self.draw(400)
        let effects = histories.flatMap(\.2)
        #expect(effects.contains { !$0.lapsed.isEmpty }, "acknowledgement deadlines pass")
        let notifications = effects.flatMap(\.notificationTypes)
        #expect(notifications.contains("SUBSCRIPTION_ON_HOLD"))
        #expect(notifications.contains("SUBSCRIPTION_IN_GRACE_PERIOD"))
        #expect(notifications.contains("SUBSCRIPTION_PAUSED"))
        let steps = histories.flatMap(\.1).compactMap { if case .advanceTime(let d) = $0 { return d.exactSeconds } else { return nil } }
        #expect(steps.contains(3 * 86_400), "exactly the three-day deadline")
        #expect(steps.contains(3 * 86_400 - 60), "a minute before it")
        #expect(steps.contains(3 * 86_400 + 60), "a minute after it")
    }

    @Test("Same seed, same history")
    func deterministic() throws {
        let a = try Self.draw(20).map(\.1)
        let b = try Self.draw(20).map(\.1)
        #expect(a == b)
    }

    @Test("Generated histories survive the file and the compact spelling: parse(render(h)) == h")
    func roundTrip() throws {
        for (variations, events, _) in try Self.draw(150) {
            let history = PlayHistory(variations: variations, events: events)
            #expect(try PlayHistory(text: history.fileText) == history)
            #expect(try events.map { try PlayEvent(compact: $0.compact) } == events)
        }
    }
}
