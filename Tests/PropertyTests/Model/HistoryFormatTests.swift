import PurchaseStateMachine
import Testing

@Suite("purchase-history/1 files: reading, writing, round trips")
struct ModelHistoryFormatTests {
    /// The example of history-format.md, verbatim.
    static let specExample = """
        {
          "format": "purchase-history/1",
          "name": "refund-after-relaunch",
          "start": "2026-01-01T00:00:00Z",
          "catalog": {
            "products": [
              {"id": "coins",   "type": "consumable", "grant": 100},
              {"id": "premium", "type": "nonConsumable", "familyShareable": true},
              {"id": "season",  "type": "nonRenewable", "duration": "P3M"},
              {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 2, "period": "P1M",
               "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
              {"id": "yearly",  "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1Y"}
            ]
          },
          "store": {"gracePeriod": "P16D", "billingRetry": "P60D"},
          "events": [
            {"event": "purchase", "product": "premium"},
            {"event": "relaunch"},
            {"event": "refund", "transaction": 1}
          ],
          "expect": {"fails": {"check": "refunded-never-entitled", "atEvent": 2}},
          "origin": {"tool": "purchase-conformance 0.1.0", "seed": "9f1c03a2b4e5d6c7", "subject": "seed-002-store"}
        }
        """

    @Test("The example of the format document reads as written")
    func specExampleReads() throws {
        let history = try History(text: Self.specExample)
        #expect(history.name == "refund-after-relaunch")
        #expect(history.start == .defaultStart)
        #expect(history.catalog.products.map(\.id) == ["coins", "premium", "season", "monthly", "yearly"])
        #expect(history.store == StoreSettings())
        #expect(history.events == [.purchase("premium"), .relaunch, .refund(1)])
        #expect(history.expect == .fails(check: "refunded-never-entitled", atEvent: 2))
        #expect(history.origin == HistoryOrigin(tool: "purchase-conformance 0.1.0", seed: "9f1c03a2b4e5d6c7", subject: "seed-002-store"))
        #expect(try History(text: history.fileText) == history)
    }

    /// Histories that replay on the model, covering every top-level field and extension.
    static func validHistories() throws -> [History] {
        let catalog = try ModelFixture.catalog()
        var variations = StoreVariations()
        variations.duplicateUpdates = true
        variations.upgradedTransactionDelivery = .notDelivered
        variations.graceAppliesToOfferConversion = false
        let events = try [
            "purchase(basic.m, token: 123E4567-E89B-12D3-A456-426614174000)", "purchase(coins100, quantity: 3)",
            "purchase(lifetime, outcome: pending)", "askToBuy(1, approve)", "advanceTime(P1W)", "setBilling(fail)",
            "advanceTime(P1M)", "setBilling(ok)", "purchase(pro.m)", "refund(#2, developerIssue)", "refundReversed(#2)",
            "refundDeclined(#3)", "familyShare(pro.m)", "familyUnshare(pro.m)", "setAutoRenew(G, off)", "relaunch",
            "restore", "setDeviceClock(-PT3H)", #"appAction(use, {"n": [1, 2.5, null]})"#, "appAction(tap, null)",
            "purchase(adfree, outcome: unverified, otherDevice: true)",
        ].map { try Event(compact: $0) }
        return [
            History(catalog: catalog, events: []),
            History(name: "everything", start: Instant(iso8601: "2027-03-31T09:30:00Z") ?? .defaultStart, catalog: catalog,
                    store: StoreSettings(gracePeriod: .days(3), billingRetry: .days(30), variations: variations),
                    policy: AppPolicy(unverifiedTransactions: .finish, refundedConsumables: .clawBack, billingGraceEntitles: false),
                    events: events, expect: .fails(check: "some-check", atEvent: 20),
                    origin: HistoryOrigin(tool: "t", seed: "s", subject: "日本")),
            History(name: "passes", catalog: catalog, store: StoreSettings(gracePeriod: .zero), events: Array(events.prefix(5)),
                    expect: .passes, origin: HistoryOrigin()),
        ]
    }

    @Test("Writing a history and reading it back gives the same history")
    func roundTrip() throws {
        for history in try Self.validHistories() {
            let text = history.fileText
            #expect(text.hasSuffix("}\n"))
            #expect(try History(text: text) == history)
            #expect(try History(text: text).fileText == text, "writing is stable")
        }
    }

    @Test("Every event of the broad corpus survives a history file round trip (form only, not replay)")
    func corpusRoundTrip() throws {
        let history = History(catalog: try ModelFixture.catalog(), events: EventCorpus.all)
        let reread = try History(json: JSONValue.parse(history.json.rendered()))
        #expect(reread.events.count == history.events.count)
        for (a, b) in zip(reread.events, history.events) where a != b { Issue.record("\(b.compact) read back as \(a.compact)") }
    }

    @Test("Files are written with sorted keys, two-space indentation and defaults left out")
    func layout() throws {
        let history = History(catalog: try Catalog(products: [Product(id: "p", kind: .nonConsumable)]), events: [.relaunch])
        #expect(history.fileText == """
            {
              "catalog": {
                "products": [
                  {
                    "id": "p",
                    "type": "nonConsumable"
                  }
                ]
              },
              "events": [
                {
                  "event": "relaunch"
                }
              ],
              "format": "purchase-history/1"
            }

            """)
    }

    @Test("Store variations and the app policy are written only when they differ from the defaults, and read back")
    func extensions() throws {
        var variations = StoreVariations()
        variations.sharedStatusFirst = true
        variations.refundReversalDelivered = false
        variations.upgradedTransactionDelivery = .afterPurchaseResult
        let history = History(catalog: try ModelFixture.catalog(), store: StoreSettings(variations: variations),
                              policy: AppPolicy(billingGraceEntitles: false), events: [])
        let json = history.json
        #expect(json["store"]?["variations"] == .object([
            "refundReversalDelivered": false, "sharedStatusFirst": true, "upgradedTransactionDelivery": "afterPurchaseResult",
        ]))
        #expect(json["policy"]?["billingGraceEntitles"] == false)
        #expect(try History(text: history.fileText).store.variations == variations)
        #expect(History(catalog: try ModelFixture.catalog(), events: []).json["store"] == nil)
        #expect(History(catalog: try ModelFixture.catalog(), events: []).json["policy"] == nil)
    }

    @Test("A catalogFile reference is resolved by the caller's loader and written back as a reference")
    func catalogFile() throws {
        let catalog = try ModelFixture.catalog()
        let text = #"{"format": "purchase-history/1", "catalogFile": "Example.storekit", "events": [{"event": "purchase", "product": "pro.m"}]}"#
        var asked: [String] = []
        let history = try History(text: text) { path throws(FormatError) in
            asked.append(path)
            return catalog
        }
        #expect(asked == ["Example.storekit"])
        #expect(history.catalogFile == "Example.storekit")
        #expect(history.catalog == catalog)
        #expect(history.json["catalog"] == nil)
        #expect(history.json["catalogFile"] == "Example.storekit")
        #expect(throws: FormatError.self) { try History(text: text) }
    }

    @Test("A history replays to the same model state every time")
    func deterministicReplay() throws {
        let history = try #require(try Self.validHistories().dropFirst().first)
        func replay() throws -> StoreState {
            var model = history.makeModel()
            for event in history.events { _ = try model.apply(event, recordingServerChannels: true) }
            return model.state
        }
        #expect(try replay() == replay())
        #expect(history.makeModel().state.now == history.start)
    }
}
