@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("Messages to external subjects are the protocol's JSON lines")
struct ExternalMessageTests {
    /// A store after a purchase of each kind, a refund and a family share.
    func model() throws -> StoreModel {
        var model = StoreModel(catalog: ExternalFixtures.catalog, settings: StoreSettings(), start: .defaultStart)
        var effects = StepEffects()
        for text in ["purchase(premium)", "purchase(monthly)", "purchase(coins)", "refund(#1)", "familyShare(yearly)", "advanceTime(P3D)"] {
            try model.apply(Event(compact: text), into: &effects)
        }
        return model
    }

    @Test("A message line parses to the fields of the protocol, deliveries and views included")
    func lineMatchesFields() throws {
        let model = try model()
        let context = SubjectContext(model: model)
        let writer = WireWriter()
        let delivery = try #require(context.views.all.first)
        for _ in 0..<2 {  // the second time from the delivery cache
            let bytes = writer.line(
                "update",
                [
                    ("serverNow", .json(.string(context.serverNow.iso8601))), ("delivery", .delivery(delivery)),
                    ("views", .views(context, unfinished: nil)),
                ])
            #expect(bytes.last == UInt8(ascii: "\n") && bytes.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") })
            let parsed = try JSONValue.parse(String(decoding: bytes.dropLast(), as: UTF8.self))
            let views = context.views
            let expected: JSONValue = .object([
                "type": "update", "serverNow": .string(context.serverNow.iso8601), "delivery": delivery.json,
                "views": .object([
                    "currentEntitlements": .array(views.currentEntitlements.map(\.json)),
                    "unfinished": .array(views.unfinished.map(\.json)),
                    "statuses": .object(views.statuses.map { (key: $0.group, value: .array($0.statuses.map(\.json))) }),
                ]),
            ])
            #expect(parsed == expected)
            #expect(parsed["views"]?["currentEntitlements"].map { if case .array(let a) = $0 { a.count } else { 0 } } == 2, "monthly and the shared yearly; premium was refunded")
            #expect(parsed["views"]?["statuses"]?["pro"] != nil)
        }
    }

    @Test(
        "Strings and numbers survive the wire form",
        arguments: [
            JSONValue.string("quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} é 日本 🎉"),
            .array([.int(Int64.min), .int(0), .int(Int64.max), .double(1.5), .double(-2e-7), .double(3), .null, true, false]),
            .object(["": .object([:]), "nested": .array([.object(["k": "v"])])]),
        ])
    func valuesRoundTrip(_ value: JSONValue) throws {
        var bytes: [UInt8] = []
        WireWriter().write(value, to: &bytes)
        #expect(try JSONValue.parse(String(decoding: bytes, as: UTF8.self)) == value)
    }
}
