import Foundation
import PurchaseStateMachine
import Testing

/// The fixture files of Tests/PropertyTests/Fixtures, found next to this source file.
enum ModelFixtureFiles {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    static func json(_ name: String) throws -> JSONValue {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return try JSONValue.parse(text)
    }

    /// What a `.storekit` file cannot say: the grant of each consumable, the length of each non-renewing subscription.
    static func grant(_ id: String) -> Int { id.hasSuffix("coins500") ? 500 : 100 }
    static func duration(_ id: String) -> ISODuration { id.hasSuffix("pass30") ? .days(30) : ISODuration(months: 3) }
}

/// A `.storekit` document with one part broken, and the field its error must name.
struct BadStoreKitCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var field: String
    var testDescription: String { name }
}

@Suite("Xcode StoreKit configuration files (§13.4)")
struct ModelStoreKitFileTests {
    @Test("The .storekit fixture loads into the same catalog as its hand-written JSON twin")
    func twin() throws {
        let fromStoreKit = try Catalog(
            storeKitConfiguration: ModelFixtureFiles.json("Example.storekit"),
            consumableGrant: ModelFixtureFiles.grant, nonRenewableDuration: ModelFixtureFiles.duration)
        let fromJSON = try Catalog(json: ModelFixtureFiles.json("Example.catalog.json"))
        #expect(fromStoreKit == fromJSON)
        #expect(fromStoreKit.products == fromJSON.products, "product by product, in the same order")
        #expect(fromStoreKit.groups == ["21482736", "21482737"])
        #expect(fromStoreKit.products.map(\.type).filter { $0 == .autoRenewable }.count == 5)
    }

    @Test("The fixture has every kind of product, both group levels and each offer payment mode")
    func fixtureCoverage() throws {
        let catalog = try Catalog(json: ModelFixtureFiles.json("Example.catalog.json"))
        #expect(Set(catalog.products.map(\.type)) == Set(ProductType.allCases))
        #expect(catalog.products.contains { $0.type == .nonConsumable && $0.familyShareable })
        let modes = catalog.products.compactMap { $0.subscription?.introductoryOffer?.mode }
        #expect(Set(modes) == Set(OfferPaymentMode.allCases))
        #expect(Set(catalog.products.compactMap { $0.subscription?.level }) == [1, 2])
    }

    @Test("A .storekit catalog drives the model like any other")
    func drivesModel() throws {
        let catalog = try Catalog(
            storeKitConfiguration: ModelFixtureFiles.json("Example.storekit"),
            consumableGrant: ModelFixtureFiles.grant, nonRenewableDuration: ModelFixtureFiles.duration)
        var store = try ScenarioStore(catalog: catalog)
        try store.run("purchase(com.example.basic.monthly)", "advanceTime(P1W)", "purchase(com.example.pro.yearly)")
        #expect(try store.tx(1).expirationDate == utc("2026-01-08T00:00:00Z"), "the free week")
        #expect(try store.tx(3).offerType == nil, "no introductory offer on the upgrade")
        #expect(store.entitled == ["com.example.pro.yearly"])
    }

    @Test("Without grants and durations a .storekit file is an error naming the product, never a guessed 1 unit or P1M")
    func defaults() throws {
        let error = try #require(throws: FormatError.self) { try Catalog(storeKitConfiguration: ModelFixtureFiles.json("Example.storekit")) }
        #expect(error.message.contains("com.example.coins"))
    }

    @Test("Free trials and pay-up-front offers of several periods become one offer period of the total length")
    func offerPeriods() throws {
        let text = #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 2}}]}]}"#
        let catalog = try Catalog(storeKitConfiguration: JSONValue.parse(text))
        #expect(catalog.product("m")?.subscription?.introductoryOffer == IntroductoryOffer(mode: .freeTrial, duration: ISODuration(weeks: 2)))
    }

    static let bad: [BadStoreKitCase] = [
        BadStoreKitCase(name: "The document must be an object", text: "[]", field: ""),
        BadStoreKitCase(name: "Versions above 5 are refused", text: #"{"version": {"major": 6, "minor": 0}}"#, field: "version.major"),
        BadStoreKitCase(name: "A product needs a productID", text: #"{"products": [{"type": "Consumable"}]}"#,
                        field: "products[0].productID"),
        BadStoreKitCase(name: "An unknown product type is refused",
                        text: #"{"products": [{"productID": "a", "type": "NonConsumable"}, {"productID": "b", "type": "Durable"}]}"#,
                        field: "products[1].type"),
        BadStoreKitCase(name: "products must be an array", text: #"{"products": {}}"#, field: "products"),
        BadStoreKitCase(name: "familyShareable must be a boolean",
                        text: #"{"products": [{"productID": "a", "type": "NonConsumable", "familyShareable": "yes"}]}"#,
                        field: "products[0].familyShareable"),
        BadStoreKitCase(name: "A subscription group needs an id", text: #"{"subscriptionGroups": [{"subscriptions": []}]}"#,
                        field: "subscriptionGroups[0].id"),
        BadStoreKitCase(name: "A subscription needs an integer groupNumber",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": "1", "recurringSubscriptionPeriod": "P1M"}]}]}"#,
                        field: "subscriptionGroups[0].subscriptions[0].groupNumber"),
        BadStoreKitCase(name: "A subscription period must be a duration",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "monthly"}]}]}"#,
                        field: "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod"),
        BadStoreKitCase(name: "An unknown offer payment mode is refused",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "introductoryOffer": {"paymentMode": "cheap", "subscriptionPeriod": "P1W"}}]}]}"#,
                        field: "subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode"),
        BadStoreKitCase(name: "An offer needs a period",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "introductoryOffer": {"paymentMode": "free"}}]}]}"#,
                        field: "subscriptionGroups[0].subscriptions[0].introductoryOffer.subscriptionPeriod"),
        BadStoreKitCase(name: "numberOfPeriods must be a positive integer",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "numberOfPeriods": 0}}]}]}"#,
                        field: "subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods"),
        BadStoreKitCase(name: "groupNumber 0 (the pre-iOS 17 sentinel) is refused like level 0",
                        text: #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "groupNumber": 0, "recurringSubscriptionPeriod": "P1M"}]}]}"#,
                        field: "catalog.products[0].level"),
        BadStoreKitCase(name: "A product id used twice is refused",
                        text: #"{"products": [{"productID": "a", "type": "NonConsumable"}, {"productID": "a", "type": "NonConsumable"}]}"#,
                        field: "catalog.products[1].id"),
    ]

    @Test("Bad .storekit content is a FormatError naming the field", arguments: bad)
    func badContent(_ c: BadStoreKitCase) throws {
        let json = try JSONValue.parse(c.text)
        do {
            let catalog = try Catalog(storeKitConfiguration: json)
            Issue.record("read \(catalog.products.count) products instead of failing")
        } catch {
            #expect(error.field == c.field)
            #expect(!error.message.isEmpty)
        }
    }
}
