import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// Purchase options (buy, rent) and offers of one-time products (PBL 8, §1), and multi-quantity,
/// which applies to purchase options but not to offers (§5).
@Suite("Google Play: purchase options and offers of one-time products")
struct PlayPurchaseOptionTests {
    /// The example catalog plus `movie`, sold to buy (with a launch offer) or to rent.
    static let catalog: PlayCatalog = {
        var c = PlayCatalog.example
        c.oneTime.append(PlayOneTimeProduct(id: "movie", purchaseOptions: [
            PlayPurchaseOption(id: "buy", offers: ["launch"]),
            PlayPurchaseOption(id: "rent", rent: true),
        ]))
        return c
    }()

    @Test("§1: a rent option is bought as an ordinary one-time purchase: PURCHASED through the listener, acknowledged within three days or refunded",
          arguments: [false, true])
    func rentIsAnOrdinaryPurchase(acknowledged: Bool) throws {
        var s = PlayScenario(catalog: Self.catalog)
        let bought = try s.run("purchase(movie, option: rent)")
        #expect(bought.listenerCalls.map(\.0) == [.ok])
        #expect(bought.listenerCalls.first?.1.map(\.products) == [["movie"]])
        #expect(s.status(1) == .purchased)
        #expect(s.token(1).orderID != nil)
        if acknowledged { #expect(s.ack(1) == .ok) }
        try s.run("advanceTime(P3D)")
        #expect(s.status(1) == (acknowledged ? .purchased : .voided))
        #expect(s.entitled == (acknowledged ? ["movie"] : []))
    }

    @Test("§1: the server's answer names the purchase option, the offer only when one was taken, and marks a rental")
    func serverNamesOptionAndOffer() throws {
        var s = PlayScenario(catalog: Self.catalog)
        try s.run("purchase(movie, option: rent)", "purchase(coins100)")
        #expect(s.ack(1) == .ok)
        try s.run("void(#1, refund)", "purchase(movie, offer: launch)")
        let rental = try #require(s.model.productPurchase(of: 0))
        #expect(rental["purchaseOptionId"] == .string("rent"))
        #expect(rental["offerId"] == nil)
        #expect(rental["rentOfferDetails"] == .object([]))
        let offer = try #require(s.model.productPurchase(of: 2))
        #expect(offer["purchaseOptionId"] == .string("buy"))
        #expect(offer["offerId"] == .string("launch"))
        #expect(offer["rentOfferDetails"] == nil)
        let plain = try #require(s.model.productPurchase(of: 1))
        #expect(plain["purchaseOptionId"] == nil, "a product sold one way names no option")
    }

    @Test("§5: multi-quantity applies to purchase options, not to offers")
    func quantityIsForOptionsNotOffers() throws {
        var s = PlayScenario(catalog: Self.catalog)
        #expect(try s.rejects("purchase(movie, quantity: 2, offer: launch)"))
        #expect(try !s.rejects("purchase(movie, quantity: 2, option: buy)"))
        try s.run("purchase(movie, quantity: 2, option: buy)")
        #expect(s.token(1).quantity == 2)
    }

    @Test("§1: a product with several purchase options needs one named; unknown options and offers, and options on a product sold one way or a base plan, are refused")
    func namingIsChecked() throws {
        let s = PlayScenario(catalog: Self.catalog)
        for text in [
            "purchase(movie)", "purchase(movie, option: stream)", "purchase(movie, offer: summer)",
            "purchase(movie, option: rent, offer: launch)", "purchase(coins100, option: buy)", "purchase(pro-monthly, offer: launch)",
        ] {
            #expect(try s.rejects(text), "\(text)")
        }
        for text in ["purchase(movie, option: buy)", "purchase(movie, option: buy, offer: launch)", "purchase(movie, offer: launch)"] {
            #expect(try !s.rejects(text), "\(text)")
        }
    }

    @Test("§1: purchase options and offers round-trip through the catalog document, the compact spelling and the event JSON")
    func roundTrips() throws {
        #expect(try PlayCatalog(json: Self.catalog.json) == Self.catalog)
        for text in ["purchase(movie, option: rent)", "purchase(movie, offer: launch)", #"purchase(movie, option: "buy now", offer: "50% off")"#] {
            let event = try PlayEvent(compact: text)
            #expect(event.compact == text)
            #expect(try PlayEvent(json: event.json, index: 0) == event)
        }
    }

    @Test("§1: an option or offer id used twice in a product is refused naming the field")
    func duplicatesRefused() {
        let twice: [JSONValue] = [
            .array([.object([("id", .string("buy"))]), .object([("id", .string("buy"))])]),
            .array([.object([("id", .string("buy")), ("offers", .array([.string("a")]))]), .object([("id", .string("rent")), ("offers", .array([.string("a")]))])]),
        ]
        for options in twice {
            #expect {
                try PlayCatalog(json: .object([("oneTime", .array([.object([("id", .string("movie")), ("purchaseOptions", options)])]))]))
            } throws: { error in
                (error as? FormatError)?.field.hasPrefix("catalog.oneTime[0].purchaseOptions[1]") == true
            }
        }
    }

    @Test("§1: the generator draws every purchase option and offer, each drawn purchase is possible, and an offer is one unit")
    func generatorDrawsOptions() throws {
        var options: Set<String> = []
        var offers = 0
        for (_, events, _) in try PlayGeneratorTests.draw(400, catalog: Self.catalog) {
            for case .purchase(let request) in events where request.item == "movie" {
                options.insert(request.option ?? "none")
                if request.offer != nil {
                    offers += 1
                    #expect(request.quantity == 1)
                }
            }
        }
        #expect(options == ["buy", "rent"])
        #expect(offers > 0)
    }

    @Test("§1: the reference app and backend pass histories with purchase options and offers", arguments: ["play-reference-app", "play-reference-server"])
    func referencesPass(subject: String) throws {
        let runner = try #require(PlayBuiltInSubjects.all.first { $0.name == subject })
        let result = runner.campaign(PlayHistoryGenerator(catalog: Self.catalog), configuration: .play(seed: Seed(7), histories: 300))
        #expect(result.failure == nil, "\(result.failure.map { "\($0)" } ?? "")")
        #expect(result.historiesRun == 300)
        #expect(result.eventsRun > 1_000)
    }
}
