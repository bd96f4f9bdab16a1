import PurchaseStateMachine
import Testing

/// A malformed history and the field (and event index) its error must name.
struct MalformedHistoryCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var field: String
    var eventIndex: Int?
    var words: String
    var testDescription: String { name }
}

/// A small valid history text with parts replaced.
func modelHistoryText(
    catalog: String = #"{"products": [{"id": "coins", "type": "consumable", "grant": 10}, {"id": "premium", "type": "nonConsumable"}, {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1M"}]}"#,
    events: String = #"[{"event": "purchase", "product": "premium"}, {"event": "relaunch"}]"#, extra: String = ""
) -> String {
    #"{"format": "purchase-history/1", "catalog": \#(catalog), "events": \#(events)\#(extra)}"#
}

@Suite("Malformed history files give errors that name the field and the event")
struct ModelHistoryErrorTests {
    static let cases: [MalformedHistoryCase] = [
        MalformedHistoryCase(name: "Bad JSON names the line and column", text: "{\"format\": \"purchase-history/1\",\n  \"events\": [}",
                      field: "", eventIndex: nil, words: "not valid JSON: line 2, column 14"),
        MalformedHistoryCase(name: "A wrong format string is refused", text: #"{"format": "purchase-history/2", "catalog": {"products": []}, "events": []}"#,
                      field: "format", eventIndex: nil, words: "\"purchase-history/2\" is not"),
        MalformedHistoryCase(name: "A missing format is refused", text: #"{"catalog": {"products": []}, "events": []}"#,
                      field: "format", eventIndex: nil, words: "is required"),
        MalformedHistoryCase(name: "An unknown top-level field is refused by name", text: modelHistoryText(extra: #", "evnts": []"#),
                      field: "evnts", eventIndex: nil, words: "unknown field"),
        MalformedHistoryCase(name: "An unknown event field is refused with the event index",
                      text: modelHistoryText(events: #"[{"event": "relaunch"}, {"event": "restore", "why": 1}]"#),
                      field: "events[1].why", eventIndex: 1, words: "unknown field"),
        MalformedHistoryCase(name: "An unknown event kind is refused", text: modelHistoryText(events: #"[{"event": "buy", "product": "coins"}]"#),
                      field: "events[0].event", eventIndex: 0, words: "\"buy\" is not one of"),
        MalformedHistoryCase(name: "An unknown product is refused at its event",
                      text: modelHistoryText(events: #"[{"event": "relaunch"}, {"event": "restore"}, {"event": "purchase", "product": "gold"}]"#),
                      field: "events[2]", eventIndex: 2, words: "no product \"gold\""),
        MalformedHistoryCase(name: "A bad duration is refused", text: modelHistoryText(events: #"[{"event": "relaunch"}, {"event": "advanceTime", "by": "P1X"}]"#),
                      field: "events[1].by", eventIndex: 1, words: "not an ISO 8601 duration"),
        MalformedHistoryCase(name: "A negative duration is refused where not allowed",
                      text: modelHistoryText(events: #"[{"event": "advanceTime", "by": "-P1D"}]"#),
                      field: "events[0].by", eventIndex: 0, words: "not an ISO 8601 duration"),
        MalformedHistoryCase(name: "A zero duration is refused for advanceTime",
                      text: modelHistoryText(events: #"[{"event": "advanceTime", "by": "P0D"}]"#),
                      field: "events[0].by", eventIndex: 0, words: "must be positive"),
        MalformedHistoryCase(name: "A transaction that does not exist at that point is refused",
                      text: modelHistoryText(events: #"[{"event": "purchase", "product": "premium"}, {"event": "refund", "transaction": 2}]"#),
                      field: "events[1]", eventIndex: 1, words: "transaction #2 does not exist"),
        MalformedHistoryCase(name: "Transaction ids start at 1", text: modelHistoryText(events: #"[{"event": "refundDeclined", "transaction": 0}]"#),
                      field: "events[0].transaction", eventIndex: 0, words: "start at 1"),
        MalformedHistoryCase(name: "expect.atEvent must be an event index",
                      text: modelHistoryText(extra: #", "expect": {"fails": {"check": "x", "atEvent": 2}}"#),
                      field: "expect.fails.atEvent", eventIndex: nil, words: "2 is not an event index"),
        MalformedHistoryCase(name: "A duplicate product id is refused",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "a", "type": "nonConsumable"}, {"id": "a", "type": "consumable"}]}"#, events: "[]"),
                      field: "catalog.products[1].id", eventIndex: nil, words: "duplicate product id"),
        MalformedHistoryCase(name: "Level 0 is refused",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 0, "period": "P1M"}]}"#, events: "[]"),
                      field: "catalog.products[0].level", eventIndex: nil, words: "levels start at 1"),
        MalformedHistoryCase(name: "Family Sharing on a consumable is refused",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "c", "type": "consumable", "familyShareable": true}]}"#, events: "[]"),
                      field: "catalog.products[0].familyShareable", eventIndex: nil, words: "Family Sharing applies only"),
        MalformedHistoryCase(name: "A non-renewing subscription needs a duration",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "s", "type": "nonRenewable"}]}"#, events: "[]"),
                      field: "catalog.products[0].duration", eventIndex: nil, words: "needs a duration"),
        MalformedHistoryCase(name: "An unknown product type is refused",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "s", "type": "subscription"}]}"#, events: "[]"),
                      field: "catalog.products[0].type", eventIndex: nil, words: "is not one of"),
        MalformedHistoryCase(name: "A wrong JSON type names what it found",
                      text: modelHistoryText(events: #"[{"event": "purchase", "product": "coins", "quantity": "3"}]"#),
                      field: "events[0].quantity", eventIndex: 0, words: "expected an integer, found a string"),
        MalformedHistoryCase(name: "An event must be an object", text: modelHistoryText(events: #"[{"event": "relaunch"}, "restore"]"#),
                      field: "events[1]", eventIndex: 1, words: "expected an object"),
        MalformedHistoryCase(name: "An appAccountToken must be a UUID",
                      text: modelHistoryText(events: #"[{"event": "purchase", "product": "premium", "appAccountToken": "me"}]"#),
                      field: "events[0].appAccountToken", eventIndex: 0, words: "is not a UUID"),
        MalformedHistoryCase(name: "A grace period App Store Connect does not offer is refused",
                      text: modelHistoryText(extra: #", "store": {"gracePeriod": "P5D"}"#),
                      field: "store.gracePeriod", eventIndex: nil, words: "not one of P0D, P3D, P16D, P28D"),
        MalformedHistoryCase(name: "Billing retry longer than 60 days is refused", text: modelHistoryText(extra: #", "store": {"billingRetry": "P61D"}"#),
                      field: "store.billingRetry", eventIndex: nil, words: "at most P60D"),
        MalformedHistoryCase(name: "An unknown store variation is refused by name",
                      text: modelHistoryText(extra: #", "store": {"variations": {"duplicateUpdate": true}}"#),
                      field: "store.variations.duplicateUpdate", eventIndex: nil, words: "unknown field"),
        MalformedHistoryCase(name: "An unknown policy value is refused", text: modelHistoryText(extra: #", "policy": {"refundedConsumables": "ignore"}"#),
                      field: "policy.refundedConsumables", eventIndex: nil, words: "is not one of"),
        MalformedHistoryCase(name: "A start that is not an ISO 8601 UTC time is refused", text: modelHistoryText(extra: #", "start": "2026-01-01""#),
                      field: "start", eventIndex: nil, words: "not an ISO 8601 UTC time"),
        MalformedHistoryCase(name: "catalog and catalogFile together are refused", text: modelHistoryText(extra: #", "catalogFile": "x.json""#),
                      field: "catalogFile", eventIndex: nil, words: "not both"),
        MalformedHistoryCase(name: "A history needs a catalog", text: #"{"format": "purchase-history/1", "events": []}"#,
                      field: "catalog", eventIndex: nil, words: "is required"),
        MalformedHistoryCase(name: "A history needs events", text: modelHistoryText(events: "{}"), field: "events", eventIndex: nil,
                      words: "expected an array"),
        MalformedHistoryCase(name: "An impossible event in the middle names its index",
                      text: modelHistoryText(events: #"[{"event": "purchase", "product": "premium"}, {"event": "purchase", "product": "premium"}]"#),
                      field: "events[1]", eventIndex: 1, words: "already purchased"),
        MalformedHistoryCase(name: "A grant above the maximum is refused (balances never overflow)",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "c", "type": "consumable", "grant": 9223372036854775807}]}"#, events: "[]"),
                      field: "catalog.products[0].grant", eventIndex: nil, words: "must be 1 to 1000000000"),
        MalformedHistoryCase(name: "An introductory offer with too many periods is refused",
                      text: modelHistoryText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 1, "period": "P1M", "introductoryOffer": {"mode": "payAsYouGo", "duration": "P1M", "periods": 101}}]}"#, events: "[]"),
                      field: "catalog.products[0].introductoryOffer", eventIndex: nil, words: "1 to 100 periods"),
        MalformedHistoryCase(name: "The store clock cannot pass the year 9999",
                      text: modelHistoryText(events: #"[{"event": "relaunch"}, {"event": "advanceTime", "by": "P100Y"}]"#, extra: #", "start": "9990-01-01T00:00:00Z""#),
                      field: "events[1]", eventIndex: 1, words: "cannot pass 9999-12-31T23:59:59Z"),
        MalformedHistoryCase(name: "A date the model derives past the year 9999 is refused at the event that derives it",
                      text: modelHistoryText(events: #"[{"event": "relaunch"}, {"event": "advanceTime", "by": "P2D"}, {"event": "purchase", "product": "monthly"}]"#, extra: #", "start": "9999-12-01T00:00:00Z""#),
                      field: "events[2]", eventIndex: 2, words: "expiration of transaction #1 to 10000-01-03T00:00:00Z"),
        MalformedHistoryCase(name: "A device clock moved past the year 9999 is refused",
                      text: modelHistoryText(events: #"[{"event": "setDeviceClock", "offset": "P1Y"}]"#, extra: #", "start": "9999-06-01T00:00:00Z""#),
                      field: "events[0]", eventIndex: 0, words: "the device clock to 10000-06-01T00:00:00Z"),
        MalformedHistoryCase(name: "A device clock offset must be a duration",
                      text: modelHistoryText(events: #"[{"event": "setDeviceClock", "offset": "yesterday"}]"#),
                      field: "events[0].offset", eventIndex: 0, words: "a leading - is allowed"),
    ]

    @Test("Each malformation is a FormatError naming the field and event index", arguments: cases)
    func malformed(_ c: MalformedHistoryCase) {
        do {
            let history = try History(text: c.text)
            Issue.record("read \(history.events.count) events instead of failing")
        } catch {
            #expect(error.field == c.field)
            #expect(error.eventIndex == c.eventIndex)
            #expect(error.message.contains(c.words), "\(error.message)")
            if let index = c.eventIndex { #expect(error.description.contains("event \(index)")) }
            if !c.field.isEmpty { #expect(error.description.contains("field \"\(c.field)\"")) }
            #expect(error.inFile("h.json").description.hasPrefix("h.json"))
        }
    }

    @Test("The unmodified base text is a valid history")
    func baseIsValid() throws {
        #expect(try History(text: modelHistoryText()).events.count == 2)
    }
}
