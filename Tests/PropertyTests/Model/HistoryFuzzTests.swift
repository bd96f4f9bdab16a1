import PurchaseStateMachine
import Testing

/// MutationRandom: a tiny deterministic generator, so every run mutates the same way.
private struct MutationRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

@Suite("No input crashes the history reader or the model")
struct ModelHistoryFuzzTests {
    /// A valid history touching every event kind and product type.
    static let seed = modelHistoryText(
        catalog: #"{"products": [{"id": "coins", "type": "consumable", "grant": 10}, {"id": "premium", "type": "nonConsumable", "familyShareable": true}, {"id": "season", "type": "nonRenewable", "duration": "P3M"}, {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 2, "period": "P1M", "introductoryOffer": {"mode": "payAsYouGo", "duration": "P1W", "periods": 2}}, {"id": "yearly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1Y", "familyShareable": true}]}"#,
        events: #"[{"event": "purchase", "product": "monthly", "appAccountToken": "123E4567-E89B-12D3-A456-426614174000"}, {"event": "purchase", "product": "coins", "quantity": 3}, {"event": "purchase", "product": "premium", "outcome": "pending"}, {"event": "askToBuy", "request": 1, "approve": true}, {"event": "advanceTime", "by": "P1M"}, {"event": "setBilling", "ok": false}, {"event": "advanceTime", "by": "P20D"}, {"event": "setBilling", "ok": true}, {"event": "purchase", "product": "yearly"}, {"event": "refund", "transaction": 2, "reason": "developerIssue"}, {"event": "refundReversed", "transaction": 2}, {"event": "refundDeclined", "transaction": 3}, {"event": "familyShare", "product": "yearly"}, {"event": "familyUnshare", "product": "yearly"}, {"event": "setAutoRenew", "group": "pro", "enabled": false}, {"event": "relaunch"}, {"event": "restore"}, {"event": "setDeviceClock", "offset": "-PT3H"}, {"event": "appAction", "name": "use", "value": {"n": [1, 2.5, null]}}, {"event": "purchase", "product": "season", "outcome": "unverified", "otherDevice": true}]"#,
        extra: #", "store": {"gracePeriod": "P3D", "variations": {"duplicateUpdates": true}}, "policy": {"billingGraceEntitles": false}, "expect": {"passes": true}"#)

    static let fragments = [
        "{", "}", "[", "]", "\"", ",", ":", " ", "\\", "\\u", "0", "9", "-", ".", "e", "P", "T", "null", "true",
        "9223372036854775807", "-9223372036854775808", "1e308", "P999999999Y", "-P1D", "\u{0}", "é", "🎉", "\"\":",
    ]

    /// Reads `text`; when it is a valid history, replays it through every view and checks it writes back the same.
    /// Returns whether it was valid. A crash anywhere fails the whole run.
    @discardableResult
    static func exercise(_ text: String) -> Bool {
        let history: History
        do {
            history = try History(text: text)
        } catch {
            #expect(!error.description.isEmpty)
            return false
        }
        var model = history.makeModel()
        var effects = StepEffects(recordsServerChannels: true)
        for event in history.events {
            effects.reset()
            do {
                try model.apply(event, into: &effects)
            } catch {
                Issue.record("a validated history was rejected at \(event.compact): \(error.reason)")
                return true
            }
            _ = model.expectedState(policy: history.policy)
            _ = model.currentEntitlements
            _ = model.statuses
        }
        if let last = history.events.last {
            #expect(!model.traceLine(index: history.events.count - 1, event: last, effects: effects).rendered().isEmpty)
        }
        #expect((try? History(text: history.fileText)) == history, "a readable history writes back the same")
        return true
    }

    @Test("The seed is a valid history")
    func seedIsValid() {
        #expect(Self.exercise(Self.seed))
    }

    @Test("Every truncation of a valid history reads or fails with a FormatError")
    func truncations() {
        let characters = Array(Self.seed)
        var valid = 0
        for length in stride(from: 0, to: characters.count, by: 3) where Self.exercise(String(characters[..<length])) {
            valid += 1
        }
        #expect(valid == 0, "a strict prefix of a JSON object is never a document")
    }

    @Test("Thousands of deterministic mutations read or fail with a FormatError")
    func mutations() {
        var random = MutationRandom(state: 0x5EED_0002)
        let base = Array(Self.seed)
        var valid = 0
        for _ in 0..<1_500 {
            var text = base
            for _ in 0...random.below(2) {
                let at = random.below(text.count)
                switch random.below(4) {
                case 0: text.remove(at: at)
                case 1: text.insert(contentsOf: Self.fragments[random.below(Self.fragments.count)], at: at)
                case 2: text.replaceSubrange(at...at, with: Self.fragments[random.below(Self.fragments.count)])
                default:
                    let end = min(text.count, at + 1 + random.below(40))
                    text.insert(contentsOf: text[at..<end], at: random.below(text.count))
                }
            }
            if Self.exercise(String(text)) { valid += 1 }
        }
        #expect(valid > 0, "some mutations keep the history valid, so replay is exercised too")
    }

    static let extremes: [String] = [
        modelHistoryText(catalog: #"{"products": [{"id": "c", "type": "consumable", "grant": 9223372036854775807}]}"#,
                    events: #"[{"event": "purchase", "product": "c", "quantity": 10}, {"event": "purchase", "product": "c", "quantity": 10}]"#),
        modelHistoryText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 1, "period": "P1M", "introductoryOffer": {"mode": "freeTrial", "duration": "P999999999Y", "periods": 9223372036854775807}}]}"#,
                    events: #"[{"event": "purchase", "product": "m"}]"#),
        modelHistoryText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 9223372036854775807, "period": "P999999999Y"}]}"#,
                    events: #"[{"event": "purchase", "product": "m"}, {"event": "advanceTime", "by": "P999999999Y"}, {"event": "setDeviceClock", "offset": "-P999999999Y"}]"#),
        modelHistoryText(events: "[" + Array(repeating: #"{"event": "advanceTime", "by": "P999999999Y"}"#, count: 320).joined(separator: ",") + "]"),
        modelHistoryText(events: #"[{"event": "askToBuy", "request": 9223372036854775807, "approve": true}]"#),
        modelHistoryText(events: #"[{"event": "refund", "transaction": 9223372036854775807}]"#),
        modelHistoryText(events: #"[{"event": "purchase", "product": "coins", "quantity": -9223372036854775808}]"#),
        modelHistoryText(events: #"[{"event": "purchase", "product": "coins", "quantity": 1e300}]"#),
        modelHistoryText(catalog: #"{"products": [{"id": "s", "type": "nonRenewable", "duration": "P999999999Y"}]}"#,
                    events: #"[{"event": "purchase", "product": "s"}, {"event": "advanceTime", "by": "PT1S"}]"#),
        #"{"format": "purchase-history/1", "start": "9999-12-31T23:59:59Z", "catalog": {"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 1, "period": "P1M"}]}, "events": [{"event": "purchase", "product": "m"}, {"event": "advanceTime", "by": "P2M"}]}"#,
        String(repeating: "[", count: 100_000),
        String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 300),
    ]

    @Test("Extreme numbers, durations and nesting read or fail with a FormatError", arguments: extremes.indices)
    func extreme(index: Int) {
        Self.exercise(Self.extremes[index])
    }
}
