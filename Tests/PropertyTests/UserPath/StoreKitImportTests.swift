import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// The four kinds of `.storekit` file found in public projects, written for these tests in
/// that style (Fixtures/StoreKit), and what a `.storekit` file cannot say.
@Suite("Importing Xcode .storekit files")
struct StoreKitImportTests {
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/StoreKit").path

    static func path(_ name: String) -> String { folder + "/" + name }

    /// A copy of fixture `name` in a fresh folder, without its overrides file.
    static func bareCopy(_ name: String) throws -> (folder: String, path: String) {
        let dir = try temporaryFolder("pc-storekit")
        try FileManager.default.copyItem(atPath: path(name), toPath: dir + "/" + name)
        return (dir, dir + "/" + name)
    }

    @Test("Format 1.1: a consumable, a shared non-consumable, a non-renewing season and a free trial load with the grants beside them")
    func legacyFormat() throws {
        let catalog = try HistoryFile.readCatalog(Self.path("LegacyFormat.storekit"))
        #expect(catalog.product("org.trailmix.tokens50")?.kind == .consumable(grant: 50))
        #expect(catalog.product("org.trailmix.season")?.kind == .nonRenewable(duration: ISODuration(months: 3)))
        #expect(catalog.product("org.trailmix.offline")?.familyShareable == true)
        #expect(catalog.product("org.trailmix.club.monthly")?.subscription?.introductoryOffer?.mode == .freeTrial)
        #expect(catalog.product("org.trailmix.club.monthly")?.subscription?.offers == [])
    }

    @Test("Format 2.0: free-trial and pay-as-you-go introductory offers in a group of two levels")
    func introOffers() throws {
        let catalog = try HistoryFile.readCatalog(Self.path("IntroOffers.storekit"))
        let yearly = try #require(catalog.product("app.focusly.yearly")?.subscription)
        let monthly = try #require(catalog.product("app.focusly.monthly")?.subscription)
        #expect(yearly.level == 1 && monthly.level == 2)
        #expect(yearly.introductoryOffer == IntroductoryOffer(mode: .freeTrial, duration: ISODuration(weeks: 2)))
        #expect(monthly.introductoryOffer == IntroductoryOffer(mode: .payAsYouGo, duration: ISODuration(months: 1), periods: 3))
        #expect(try HistoryFile.readStoreSettings(Self.path("IntroOffers.storekit")) == StoreSettings())
    }

    @Test("Format 3.0: promotional, offer-code and win-back offers, three levels, and the grace period setting")
    func promotionalOffers() throws {
        let catalog = try HistoryFile.readCatalog(Self.path("PromotionalOffers.storekit"))
        #expect(catalog.product("com.wordnest.hints100")?.kind == .consumable(grant: 100))
        #expect(catalog.product("com.wordnest.basic")?.subscription?.offers == [.promotional, .code])
        #expect(catalog.product("com.wordnest.plus")?.subscription?.offers == [.winBack])
        #expect(catalog.product("com.wordnest.pro.yearly")?.subscription?.offers == [])
        #expect(catalog.products.compactMap { $0.subscription?.level } == [3, 2, 1])
        #expect(try HistoryFile.readStoreSettings(Self.path("PromotionalOffers.storekit")).gracePeriod == .days(16))
        // The offers survive the history format, and the model refuses an offer a product does not have.
        #expect(try Catalog(json: JSONValue.parse(History(catalog: catalog, events: []).fileText)["catalog"] ?? .null) == catalog)
        var model = StoreModel(catalog: catalog, settings: StoreSettings(), start: .defaultStart)
        var effects = StepEffects()
        for text in ["purchase(com.wordnest.basic)", "setAutoRenew(55500011, off)", "advanceTime(P2M)"] {
            try model.apply(Event(compact: text), into: &effects)
        }
        #expect(model.rejection(of: try Event(compact: "purchase(com.wordnest.basic, offer: promotional)")) == nil)
        let refused = try #require(model.rejection(of: try Event(compact: "purchase(com.wordnest.pro.yearly, offer: promotional)")))
        #expect(refused.reason.contains("has no promotional offer"))
    }

    @Test("Non-consumables only: no groups, nothing to give")
    func nonConsumablesOnly() throws {
        let catalog = try HistoryFile.readCatalog(Self.path("NonConsumablesOnly.storekit"))
        #expect(catalog.products.map(\.type) == [.nonConsumable, .nonConsumable])
    }

    @Test("A consumable or non-renewing subscription without its value is an error naming the product; --grants and --durations give them")
    func missingGrant() throws {
        let (dir, bare) = try Self.bareCopy("LegacyFormat.storekit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let error = try #require(throws: FormatError.self) { try HistoryFile.readCatalog(bare) }
        #expect(error.file == bare)
        #expect(error.description.contains("consumable \"org.trailmix.tokens50\" needs its grant"))
        let noDuration = try #require(throws: FormatError.self) {
            try HistoryFile.readCatalog(bare, grants: StoreKitGrants(consumables: ["org.trailmix.tokens50": 50]))
        }
        #expect(noDuration.description.contains("non-renewing subscription \"org.trailmix.season\" needs its duration"))
        let refused = InProcessTool.run(["check", "--subject", "reference", "--catalog", bare, "--histories", "5", "--no-save"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("org.trailmix.tokens50"))
        let given = InProcessTool.run([
            "check", "--subject", "reference", "--catalog", bare, "--grants", "org.trailmix.tokens50=50",
            "--durations", "org.trailmix.season=P3M", "--histories", "50", "--no-save",
        ])
        #expect(given.status == 0, "\(given.error)")
    }

    @Test("A bad overrides file is an error naming it and the field")
    func badOverrides() throws {
        let (dir, bare) = try Self.bareCopy("LegacyFormat.storekit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let overrides = dir + "/LegacyFormat.conformance.json"
        try Data(#"{"consumables": {"org.trailmix.tokens50": 0}}"#.utf8).write(to: URL(fileURLWithPath: overrides))
        let error = try #require(throws: FormatError.self) { try HistoryFile.readCatalog(bare) }
        #expect(error.file == overrides)
        #expect(error.field == "consumables.org.trailmix.tokens50")
        try Data(#"{"consumable": {}}"#.utf8).write(to: URL(fileURLWithPath: overrides))
        #expect(throws: FormatError.self) { try HistoryFile.readCatalog(bare) }
    }

    @Test("A product inside a subscription group must be a RecurringSubscription")
    func groupTypes() throws {
        let text = #"{"subscriptionGroups": [{"id": "g", "subscriptions": [{"productID": "m", "type": "Consumable", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M"}]}]}"#
        let error = try #require(throws: FormatError.self) { try Catalog(storeKitConfiguration: JSONValue.parse(text)) }
        #expect(error.field == "subscriptionGroups[0].subscriptions[0].type")
    }

    @Test("The correct app passes every fixture catalog (the model raises no false alarm on imported offers)")
    func referencePasses() throws {
        for name in ["LegacyFormat.storekit", "IntroOffers.storekit", "PromotionalOffers.storekit", "NonConsumablesOnly.storekit"] {
            let result = InProcessTool.run(["check", "--subject", "reference", "--catalog", Self.path(name), "--histories", "150", "--no-save"])
            #expect(result.status == 0, "\(name): \(result.output)\(result.error)")
        }
    }
}
