import PurchaseStateMachine
import Testing

/// A malformed history and the field (and event index) its error must name.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var field: String
    var eventIndex: Int?
    var words: String
    var testDescription: String { name }
}

/// A small valid history text with parts replaced.
func historyText(
    catalog: String = #"{"products": [{"id": "coins", "type": "consumable", "grant": 10}, {"id": "premium", "type": "nonConsumable"}, {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1M"}]}"#,
    events: String = #"[{"event": "purchase", "product": "premium"}, {"event": "relaunch"}]"#, extra: String = ""
) -> String {
    #"{"format": "purchase-history/1", "catalog": \#(catalog), "events": \#(events)\#(extra)}"#
}

@Suite("Malformed history files give errors that name the field and the event")
struct HistoryErrorTests {
    static let cases: [MalformedCase] = [
        MalformedCase(name: "Bad JSON names the line and column", text: "{\"format\": \"purchase-history/1\",\n  \"events\": [}",
                      field: "", eventIndex: nil, words: "not valid JSON: line 2, column 14"),
        MalformedCase(name: "A wrong format string is refused", text: #"{"format": "purchase-history/2", "catalog": {"products": []}, "events": []}"#,
                      field: "format", eventIndex: nil, words: "\"purchase-history/2\" is not"),
        MalformedCase(name: "A missing format is refused", text: #"{"catalog": {"products": []}, "events": []}"#,
                      field: "format", eventIndex: nil, words: "is required"),
        MalformedCase(name: "An unknown top-level field is refused by name", text: historyText(extra: #", "evnts": []"#),
                      field: "evnts", eventIndex: nil, words: "unknown field"),
        MalformedCase(name: "An unknown event field is refused with the event index",
                      text: historyText(events: #"[{"event": "relaunch"}, {"event": "restore", "why": 1}]"#),
                      field: "events[1].why", eventIndex: 1, words: "unknown field"),
        MalformedCase(name: "An unknown event kind is refused", text: historyText(events: #"[{"event": "buy", "product": "coins"}]"#),
                      field: "events[0].event", eventIndex: 0, words: "\"buy\" is not one of"),
        MalformedCase(name: "An unknown product is refused at its event",
                      text: historyText(events: #"[{"event": "relaunch"}, {"event": "restore"}, {"event": "purchase", "product": "gold"}]"#),
                      field: "events[2]", eventIndex: 2, words: "no product \"gold\""),
        MalformedCase(name: "A bad duration is refused", text: historyText(events: #"[{"event": "relaunch"}, {"event": "advanceTime", "by": "P1X"}]"#),
                      field: "events[1].by", eventIndex: 1, words: "not an ISO 8601 duration"),
        MalformedCase(name: "A negative duration is refused where not allowed",
                      text: historyText(events: #"[{"event": "advanceTime", "by": "-P1D"}]"#),
                      field: "events[0].by", eventIndex: 0, words: "not an ISO 8601 duration"),
        MalformedCase(name: "A zero duration is refused for advanceTime",
                      text: historyText(events: #"[{"event": "advanceTime", "by": "P0D"}]"#),
                      field: "events[0].by", eventIndex: 0, words: "must be positive"),
        MalformedCase(name: "A transaction that does not exist at that point is refused",
                      text: historyText(events: #"[{"event": "purchase", "product": "premium"}, {"event": "refund", "transaction": 2}]"#),
                      field: "events[1]", eventIndex: 1, words: "transaction #2 does not exist"),
        MalformedCase(name: "Transaction ids start at 1", text: historyText(events: #"[{"event": "refundDeclined", "transaction": 0}]"#),
                      field: "events[0].transaction", eventIndex: 0, words: "start at 1"),
        MalformedCase(name: "expect.atEvent must be an event index",
                      text: historyText(extra: #", "expect": {"fails": {"check": "x", "atEvent": 2}}"#),
                      field: "expect.fails.atEvent", eventIndex: nil, words: "2 is not an event index"),
        MalformedCase(name: "A duplicate product id is refused",
                      text: historyText(catalog: #"{"products": [{"id": "a", "type": "nonConsumable"}, {"id": "a", "type": "consumable"}]}"#, events: "[]"),
                      field: "catalog.products[1].id", eventIndex: nil, words: "duplicate product id"),
        MalformedCase(name: "Level 0 is refused",
                      text: historyText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 0, "period": "P1M"}]}"#, events: "[]"),
                      field: "catalog.products[0].level", eventIndex: nil, words: "levels start at 1"),
        MalformedCase(name: "Family Sharing on a consumable is refused",
                      text: historyText(catalog: #"{"products": [{"id": "c", "type": "consumable", "familyShareable": true}]}"#, events: "[]"),
                      field: "catalog.products[0].familyShareable", eventIndex: nil, words: "Family Sharing applies only"),
        MalformedCase(name: "A non-renewing subscription needs a duration",
                      text: historyText(catalog: #"{"products": [{"id": "s", "type": "nonRenewable"}]}"#, events: "[]"),
                      field: "catalog.products[0].duration", eventIndex: nil, words: "needs a duration"),
        MalformedCase(name: "An unknown product type is refused",
                      text: historyText(catalog: #"{"products": [{"id": "s", "type": "subscription"}]}"#, events: "[]"),
                      field: "catalog.products[0].type", eventIndex: nil, words: "is not one of"),
        MalformedCase(name: "A wrong JSON type names what it found",
                      text: historyText(events: #"[{"event": "purchase", "product": "coins", "quantity": "3"}]"#),
                      field: "events[0].quantity", eventIndex: 0, words: "expected an integer, found a string"),
        MalformedCase(name: "An event must be an object", text: historyText(events: #"[{"event": "relaunch"}, "restore"]"#),
                      field: "events[1]", eventIndex: 1, words: "expected an object"),
        MalformedCase(name: "An appAccountToken must be a UUID",
                      text: historyText(events: #"[{"event": "purchase", "product": "premium", "appAccountToken": "me"}]"#),
                      field: "events[0].appAccountToken", eventIndex: 0, words: "is not a UUID"),
        MalformedCase(name: "A grace period App Store Connect does not offer is refused",
                      text: historyText(extra: #", "store": {"gracePeriod": "P5D"}"#),
                      field: "store.gracePeriod", eventIndex: nil, words: "not one of P0D, P3D, P16D, P28D"),
        MalformedCase(name: "Billing retry longer than 60 days is refused", text: historyText(extra: #", "store": {"billingRetry": "P61D"}"#),
                      field: "store.billingRetry", eventIndex: nil, words: "at most P60D"),
        MalformedCase(name: "An unknown store variation is refused by name",
                      text: historyText(extra: #", "store": {"variations": {"duplicateUpdate": true}}"#),
                      field: "store.variations.duplicateUpdate", eventIndex: nil, words: "unknown field"),
        MalformedCase(name: "An unknown policy value is refused", text: historyText(extra: #", "policy": {"refundedConsumables": "ignore"}"#),
                      field: "policy.refundedConsumables", eventIndex: nil, words: "is not one of"),
        MalformedCase(name: "A start that is not an ISO 8601 UTC time is refused", text: historyText(extra: #", "start": "2026-01-01""#),
                      field: "start", eventIndex: nil, words: "not an ISO 8601 UTC time"),
        MalformedCase(name: "catalog and catalogFile together are refused", text: historyText(extra: #", "catalogFile": "x.json""#),
                      field: "catalogFile", eventIndex: nil, words: "not both"),
        MalformedCase(name: "A history needs a catalog", text: #"{"format": "purchase-history/1", "events": []}"#,
                      field: "catalog", eventIndex: nil, words: "is required"),
        MalformedCase(name: "A history needs events", text: historyText(events: "{}"), field: "events", eventIndex: nil,
                      words: "expected an array"),
        MalformedCase(name: "An impossible event in the middle names its index",
                      text: historyText(events: #"[{"event": "purchase", "product": "premium"}, {"event": "purchase", "product": "premium"}]"#),
                      field: "events[1]", eventIndex: 1, words: "already purchased"),
        MalformedCase(name: "A grant above the maximum is refused (balances never overflow)",
                      text: historyText(catalog: #"{"products": [{"id": "c", "type": "consumable", "grant": 9223372036854775807}]}"#, events: "[]"),
                      field: "catalog.products[0].grant", eventIndex: nil, words: "must be 1 to 1000000000"),
        MalformedCase(name: "An introductory offer with too many periods is refused",
                      text: historyText(catalog: #"{"products": [{"id": "m", "type": "autoRenewable", "group": "g", "level": 1, "period": "P1M", "introductoryOffer": {"mode": "payAsYouGo", "duration": "P1M", "periods": 101}}]}"#, events: "[]"),
                      field: "catalog.products[0].introductoryOffer", eventIndex: nil, words: "1 to 100 periods"),
        MalformedCase(name: "The store clock cannot pass the year 9999",
                      text: historyText(events: #"[{"event": "relaunch"}, {"event": "advanceTime", "by": "P999999999Y"}]"#),
                      field: "events[1]", eventIndex: 1, words: "cannot pass 9999-12-31T23:59:59Z"),
        MalformedCase(name: "A device clock offset must be a duration",
                      text: historyText(events: #"[{"event": "setDeviceClock", "offset": "yesterday"}]"#),
                      field: "events[0].offset", eventIndex: 0, words: "a leading - is allowed"),
    ]

    @Test("Each malformation is a FormatError naming the field and event index", arguments: cases)
    func malformed(_ c: MalformedCase) {
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
        #expect(try History(text: historyText()).events.count == 2)
    }
}
