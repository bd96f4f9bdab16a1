import PurchaseStateMachine
import Testing

/// A broad, deterministic enumeration of events of every kind, including awkward names and values.
enum EventCorpus {
    static let names = ["pro.m", "a b", "x,y", "", "-lead", "#hash", "日本", "quote\"s", "ok_1.2-3", "(paren)", "on"]
    static let durations = ["P1D", "P1M", "P1Y2M3DT4H5M6S", "PT1S", "P2W", "P0D"]
    static let values: [JSONValue?] = [
        nil, .null, true, 3, .double(-2.5), "s, (t)", [1, "a"], .object(["k": .object(["n": [.null]])]), "",
    ]

    static var all: [Event] {
        var events: [Event] = []
        for product in names {
            for outcome in PurchaseOutcome.allCases {
                for offer in [nil] + PurchaseOffer.allCases.map(Optional.some) {
                    for token in [nil, "123E4567-E89B-12D3-A456-426614174000"] {
                        for quantity in [1, 3] {
                            for otherDevice in [false, true] {
                                events.append(.purchase(Purchase(
                                    product: product, outcome: outcome, offer: offer, appAccountToken: token,
                                    quantity: quantity, otherDevice: otherDevice)))
                            }
                        }
                    }
                }
            }
            events += [.familyShare(product: product), .familyUnshare(product: product)]
            events += [.setAutoRenew(group: product, enabled: true), .setAutoRenew(group: product, enabled: false)]
            for value in values { events.append(.appAction(name: product, value: value)) }
        }
        for request in [1, 2, 17] { events += [.askToBuy(request: request, approve: true), .askToBuy(request: request, approve: false)] }
        for text in durations {
            guard let d = ISODuration(iso8601: text), let minus = ISODuration(iso8601: "-" + text, allowNegative: true)
            else { continue }
            if !d.isZero { events.append(.advanceTime(by: d)) }
            events += [.setDeviceClock(offset: d), .setDeviceClock(offset: minus)]
        }
        for id: UInt64 in [1, 2, 42, 9_007_199_254_740_993] {
            events += RevocationReason.allCases.map { .refund(transaction: id, reason: $0) }
            events += [.refundDeclined(transaction: id), .refundReversed(transaction: id)]
        }
        events += [.setBilling(ok: true), .setBilling(ok: false), .relaunch, .restore]
        return events
    }
}

@Suite("The compact event spelling")
struct ModelCompactSpellingTests {
    @Test("Parsing the compact spelling of an event gives the event back, for every event of a broad corpus")
    func roundTrip() throws {
        let events = EventCorpus.all
        #expect(events.count > 1_000)
        for event in events {
            let text = event.compact
            #expect(!text.contains("\n"), "one line")
            let parsed = try Event(compact: text)
            #expect(parsed == event, "\(text)")
        }
        #expect(Set(events.map(\.kind)) == Set(EventKind.allCases))
    }

    @Test("Surrounding spaces and spaces between arguments are ignored")
    func spaces() throws {
        #expect(try Event(compact: "  purchase( coins100 ,quantity:3 )  ") == .purchase(Purchase(product: "coins100", quantity: 3)))
        #expect(try Event(compact: "refund( #4 , developerIssue )") == .refund(transaction: 4, reason: .developerIssue))
        #expect(try Event(compact: "restore()") == .restore, "empty parentheses are no arguments")
    }

    static let examples: [(String, Event)] = [
        ("purchase(premium)", .purchase("premium")),
        ("advanceTime(P30D)", .advanceTime(by: .days(30))),
        ("refund(#1)", .refund(1)),
        ("askToBuy(1, approve)", .askToBuy(request: 1, approve: true)),
        ("setAutoRenew(pro, off)", .setAutoRenew(group: "pro", enabled: false)),
        ("setBilling(fail)", .setBilling(ok: false)),
        ("setDeviceClock(-P1D)", .setDeviceClock(offset: ISODuration(days: 1, isNegative: true))),
        ("relaunch", .relaunch),
        (#"appAction(use, {"n":2})"#, .appAction(name: "use", value: .object(["n": 2]))),
        ("purchase(coins, outcome: pending, quantity: 2)", .purchase(Purchase(product: "coins", outcome: .pending, quantity: 2))),
    ]

    @Test("The spellings used in docs and reports", arguments: examples)
    func documentedSpellings(text: String, event: Event) throws {
        #expect(event.compact == text)
        #expect(try Event(compact: text) == event)
    }

    @Test("Malformed compact text is a FormatError that quotes the text", arguments: [
        "purchase(", "purchase()", "buy(x)", "refund(1)", "refund(#0)", "refund(#1, why)", "askToBuy(1, maybe)",
        "askToBuy(x, approve)", "advanceTime(1D)", "advanceTime(-P1D)", "setAutoRenew(G)", "setAutoRenew(G, maybe)",
        "setBilling(yes)", "purchase(x, foo: 1)", "purchase(x, quantity: many)", "purchase(x, outcome: great)",
        "purchase(x, offer: free)", "purchase(x, otherDevice: maybe)", "purchase(x, plain)", "relaunch(1)",
        #"appAction(x, {bad)"#, "appAction(x, nope)", #"purchase("unterminated)"#, "purchase(a,,b)", "familyShare()",
        "setDeviceClock(P1X)", "",
    ])
    func malformed(text: String) {
        do {
            let event = try Event(compact: text)
            Issue.record("parsed \(event)")
        } catch {
            #expect(error.message.contains("\"\(text.trimmingCharacters())\""), "\(error.message)")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
