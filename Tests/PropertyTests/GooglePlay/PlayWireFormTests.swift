import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// What the model writes on the wire for facts PlayDocFacts.md marks out of scope: the part of
/// each fact the model does decide (which states and fields it produces, how modes are spelled),
/// held over generated histories so a change that starts writing the excluded form fails.
@Suite("Google Play: the wire form of states, order ids, purchase states and replacement modes")
struct PlayWireFormTests {
    /// Every state `subscriptionsv2.get` documents except SUBSCRIPTION_STATE_UNSPECIFIED (§6.1).
    static let states: Set<String> = [
        "ACTIVE", "CANCELED", "IN_GRACE_PERIOD", "ON_HOLD", "PAUSED", "EXPIRED", "PENDING", "PENDING_PURCHASE_CANCELED",
        "PENDING_PURCHASE_EXPIRED",
    ].reduce(into: []) { $0.insert("SUBSCRIPTION_STATE_" + $1) }

    /// After each event of 400 generated histories (a correct app's replies applied), the model,
    /// the event's effects, and the index of each subscription token.
    static func walk(_ visit: (PlayModel, PlayStepEffects, [Int]) -> Void) throws {
        let generator = PlayHistoryGenerator(catalog: .example)
        for n in 0..<400 {
            let tc = TestCase(seed: Seed(0x0a11_57a7e).derived(UInt64(n)))
            var model = PlayModel(catalog: .example, variations: try generator.drawVariations(tc))
            var launch = PlayStepEffects()
            launch.messages = [model.start()]
            visit(model, launch, [])
            var events = 0
            while events < generator.maxEvents, try tc.drawBool(probability: generator.continueProbability) {
                let effects = try model.apply(try generator.drawEvent(tc, model: model))
                model.replyAsCorrectApp(policy: .example)
                events += 1
                visit(model, effects, model.tokens.indices.filter { model.tokens[$0].subscription != nil })
            }
        }
    }

    @Test("§6.1: no subscriptionsv2 answer over generated histories reads SUBSCRIPTION_STATE_UNSPECIFIED; each is a documented state")
    func noUnspecifiedState() throws {
        var seen: Set<String> = []
        try Self.walk { model, _, subscriptions in
            for i in subscriptions {
                guard case .string(let state)? = model.subscriptionV2(of: i)?["subscriptionState"] else {
                    Issue.record("token \(i + 1): no subscriptionState")
                    continue
                }
                #expect(Self.states.contains(state), "token \(i + 1): \(state)")
                seen.insert(state)
            }
        }
        // Not vacuous: the walk reaches most of the lifecycle.
        #expect(seen.isSuperset(of: ["SUBSCRIPTION_STATE_ACTIVE", "SUBSCRIPTION_STATE_CANCELED", "SUBSCRIPTION_STATE_ON_HOLD", "SUBSCRIPTION_STATE_EXPIRED"]))
    }

    @Test("§10.1: every line item of a paid subscription carries latestSuccessfulOrderId; the deprecated latestOrderId is never written")
    func latestSuccessfulOrderIdOnly() throws {
        var withOrder = 0
        try Self.walk { model, _, subscriptions in
            for i in subscriptions {
                guard let view = model.subscriptionV2(of: i), case .array(let items)? = view["lineItems"] else { continue }
                #expect(view["latestOrderId"] == nil, "token \(i + 1) writes latestOrderId")
                for item in items {
                    #expect(item["latestOrderId"] == nil, "token \(i + 1) writes latestOrderId on a line item")
                    if let order = model.tokens[i].orderID {
                        #expect(item["latestSuccessfulOrderId"] == .string(order), "token \(i + 1): \(item.rendered())")
                        withOrder += 1
                    }
                }
            }
        }
        #expect(withOrder > 1_000)
    }

    @Test("§2.3: subjects receive purchaseState by name, PURCHASED or PENDING, never the client's numbers")
    func purchaseStateByName() throws {
        var seen: Set<String> = []
        try Self.walk { model, effects, _ in
            var purchases = model.queryPurchases()
            for message in effects.messages {
                if case .purchasesUpdated(_, let p) = message { purchases += p }
                if case .connected(_, let p) = message { purchases += p }
            }
            for purchase in purchases {
                guard case .string(let state)? = purchase.json["purchaseState"] else {
                    Issue.record("\(purchase.token): purchaseState is not a name: \(purchase.json.rendered())")
                    continue
                }
                #expect(state == "PURCHASED" || state == "PENDING", "\(purchase.token): \(state)")
                seen.insert(state)
            }
        }
        #expect(seen == ["PURCHASED", "PENDING"])
    }

    @Test("§7: histories name replacement modes and never number them: each name round-trips and a number is refused naming the field",
          arguments: PlayReplacementMode.allCases)
    func modesByName(mode: PlayReplacementMode) throws {
        let event = PlayEvent.changePlan(token: 1, to: "pro-yearly", mode: mode)
        #expect(event.json["mode"] == .string(mode.rawValue))
        #expect(try PlayEvent(json: event.json, index: 0) == event)
        // The Billing Library's ReplacementMode and the API's numbers differ (§7); neither reads here.
        for number in [JSONValue.int(2), .string("2")] {
            var members: [(key: String, value: JSONValue)] = [("event", .string("changePlan")), ("token", .int(1)), ("to", .string("pro-yearly"))]
            members.append(("mode", number))
            #expect {
                _ = try PlayEvent(json: .object(members), index: 0)
            } throws: { error in
                (error as? FormatError)?.field == "events[0].mode"
            }
        }
    }

    @Test("§7: a changePlan that names no mode is refused (there is no default), in a file and in the compact spelling")
    func modeRequired() throws {
        let json = JSONValue.object([("event", .string("changePlan")), ("token", .int(1)), ("to", .string("pro-yearly"))])
        #expect {
            _ = try PlayEvent(json: json, index: 3)
        } throws: { error in
            (error as? FormatError).map { $0.field == "events[3].mode" && $0.message.contains("required") } ?? false
        }
        #expect(throws: FormatError.self) { _ = try PlayEvent(compact: "changePlan(#1, pro-yearly)") }
    }

    @Test("§9.1, §9.4: an RTDN carries messageId, its type and number and the purchase it names; never eventTimeMillis, packageName or version")
    func notificationFields() throws {
        // productType and refundType: a VOIDED_PURCHASE's kind of product and full (1) or quantity-based partial (2) refund (§8).
        let allowed: Set<String> = ["messageId", "notificationType", "notificationNumber", "purchaseToken", "product", "subscriptionId", "productType", "refundType"]
        var count = 0
        try Self.walk { _, effects, _ in
            for case .notification(let n) in effects.messages {
                guard case .object(let members) = n.json else { continue }
                let keys = Set(members.map(\.key))
                #expect(keys.isSuperset(of: ["messageId", "notificationType", "notificationNumber"]), "\(n.json.rendered())")
                if n.type != .test { #expect(keys.isSuperset(of: ["purchaseToken", "product"]), "\(n.json.rendered())") }
                let extra = keys.subtracting(allowed)
                #expect(extra.isEmpty, "\(n.type.rawValue) carries \(extra.sorted())")
                let voidFields = members.filter { $0.key == "refundType" || $0.key == "productType" }.count
                #expect(voidFields == (n.type.rawValue == "VOIDED_PURCHASE" ? 2 : 0), "\(n.type.rawValue) carries \(voidFields) of productType and refundType")
                count += 1
            }
        }
        #expect(count > 500)
    }

    @Test("§2.3, §10.1, §10.2: purchases and Developer API answers carry no account identifiers, outOfAppPurchaseContext or regionCode")
    func noAccountFields() throws {
        let excluded: Set<String> = [
            "accountIdentifiers", "obfuscatedAccountId", "obfuscatedProfileId", "obfuscatedExternalAccountId", "obfuscatedExternalProfileId",
            "externalAccountIdentifiers", "outOfAppPurchaseContext", "regionCode", "developerPayload",
        ]
        var views = 0
        try Self.walk { model, effects, _ in
            var objects = model.queryPurchases().map(\.json)
            for case .purchasesUpdated(_, let purchases) in effects.messages { objects += purchases.map(\.json) }
            for i in model.tokens.indices {
                if let view = model.serverView(of: model.tokens[i].tokenString) {
                    objects.append(view)
                    views += 1
                }
            }
            for case .object(let members) in objects {
                let found = Set(members.map(\.key)).intersection(excluded)
                #expect(found.isEmpty, "writes \(found.sorted())")
            }
        }
        #expect(views > 1_000)
    }
}
