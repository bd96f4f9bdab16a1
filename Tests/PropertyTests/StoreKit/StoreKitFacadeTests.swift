#if !canImport(Darwin)
    import ConformanceRunner
    import Foundation
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Testing

    /// The suites that script `ProbeApp` share its script and recorder, so they run one at a time.
    @Suite("StoreKit facade: probes", .serialized)
    struct StoreKitProbeTests {}

    extension StoreKitProbeTests {
        @Suite("StoreKit facade: the mirror of StoreKit 2's API")
        struct FacadeTests {
            let recorder = ProbeApp.recorder

            init() { ProbeApp.recorder.reset() }

            @Test("Products load from the catalog, in its order, with StoreKit's types, prices and subscription details")
            func productsLoad() throws {
                ProbeApp.script = ProbeScript(launch: { _ in
                    let products =
                        (try? await StoreKitTestDouble.Product.products(for: [
                            "premium", "pro.monthly", "coins.100", "nope",
                        ])) ?? []
                    for product in products {
                        let sub = product.subscription.map { s in
                            " group \(s.subscriptionGroupID) every \(s.subscriptionPeriod.value) \(s.subscriptionPeriod.unit)"
                                + (s.introductoryOffer.map {
                                    " intro \($0.paymentMode.rawValue) \($0.period.value) \($0.period.unit)"
                                } ?? "")
                        }
                        ProbeApp.recorder.record(
                            "\(product.id) \(product.type.rawValue) \(product.displayPrice) \(product.price)\(sub ?? "")"
                        )
                    }
                })
                let outcome = ProbeApp.replay([], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(
                    recorder.all == [
                        "coins.100 Consumable $0.99 0.99",
                        "premium Non-Consumable $4.99 4.99",
                        "pro.monthly Auto-Renewable $9.99 9.99 group pro every 1 month intro freeTrial 1 week",
                    ])
            }

            @Test("purchase() returns the history's result: the transaction, pending, cancelled, or an error")
            func purchaseResults() throws {
                ProbeApp.script = ProbeScript(buy: { id, _ in
                    guard let product = try await StoreKitTestDouble.Product.products(for: [id]).first else { return }
                    do {
                        let result = try await product.purchase(options: [.appAccountToken(UUID()), .quantity(1)])
                        ProbeApp.recorder.record(describePurchaseResult(result))
                        if case .success(let verification) = result, case .verified(let transaction) = verification {
                            await transaction.finish()
                        }
                    } catch {
                        ProbeApp.recorder.record("threw \(error)")
                    }
                })
                let outcome = ProbeApp.replay(
                    [
                        .purchase("premium"), .purchase(Purchase(product: "coins.100", outcome: .pending)),
                        .purchase(Purchase(product: "coins.100", outcome: .userCancelled)),
                        .purchase(Purchase(product: "coins.100", outcome: .failed)),
                        .purchase(Purchase(product: "coins.100", outcome: .unverified)),
                    ], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(
                    recorder.all == [
                        "success verified #1 premium", "pending", "userCancelled", "threw unknown",
                        "success unverified #2 invalidSignature",
                    ])
                #expect(
                    ProbeOutcome.messages(outcome).first == [
                        "purchaseResult(premium: success, #1 premium) → finished #1"
                    ])
            }

            @Test("A buy that never calls purchase(), or buys another product, is a subject-responds fault")
            func buyMustPurchase() throws {
                ProbeApp.script = ProbeScript(buy: { _, _ in })
                let silent = try #require(
                    ProbeOutcome.failure(ProbeApp.replay([.purchase("premium")], catalog: StoreKitCatalogs.facade)))
                #expect(silent.check == .subjectResponds)
                #expect(
                    silent.discrepancies.first?.actual == [
                        "App.buy(\"premium\") returned without calling Product.purchase() for premium"
                    ])
                ProbeApp.script = ProbeScript(buy: { _, _ in
                    _ = try await StoreKitTestDouble.Product.products(for: ["coins.100"]).first?.purchase()
                })
                let other = try #require(
                    ProbeOutcome.failure(ProbeApp.replay([.purchase("premium")], catalog: StoreKitCatalogs.facade)))
                #expect(
                    other.discrepancies.first?.actual == [
                        "asked to buy premium, the app called Product.purchase() for coins.100"
                    ])
            }

            @Test("A transaction carries StoreKit's fields, converted from the history's transaction")
            func transactionFields() throws {
                let token = "00000000-0000-4000-8000-00000000000a"
                ProbeApp.script = ProbeScript(buy: { id, _ in
                    guard let product = try await StoreKitTestDouble.Product.products(for: [id]).first,
                        case .success(let verification) = try await product.purchase()
                    else { return }
                    let t = verification.unsafePayloadValue
                    let start = Instant.defaultStart.secondsSinceEpoch
                    let since = { (date: Date?) in date.map { String(Int64($0.timeIntervalSince1970) - start) } ?? "nil"
                    }
                    ProbeApp.recorder.record(
                        "#\(t.id) original #\(t.originalID) \(t.productID) \(t.productType.rawValue) bought +\(since(t.purchaseDate))s "
                            + "expires +\(since(t.expirationDate))s group \(t.subscriptionGroupID ?? "nil") token \(t.appAccountToken?.uuidString.lowercased() ?? "nil") "
                            + "offer \(t.offerType?.rawValue ?? 0) reason \(t.reason.rawValue) owner \(t.ownershipType.rawValue) x\(t.purchasedQuantity)"
                    )
                    await t.finish()
                })
                let outcome = ProbeApp.replay(
                    [.purchase(Purchase(product: "pro.monthly", appAccountToken: token))],
                    catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(
                    recorder.all == [
                        "#1 original #1 pro.monthly Auto-Renewable bought +0s expires +604800s group pro token \(token) "
                            + "offer 1 reason PURCHASE owner PURCHASED x1"
                    ])
            }

            @Test("payloadValue throws for an unverified transaction; unsafePayloadValue returns it")
            func verificationResult() throws {
                let transaction = StoreKitTestDouble.Transaction(
                    id: 7, originalID: 7, productID: "premium", productType: .nonConsumable,
                    purchaseDate: Date(timeIntervalSince1970: 0),
                    originalPurchaseDate: Date(timeIntervalSince1970: 0), signedDate: Date(timeIntervalSince1970: 0))
                let unverified = VerificationResult<StoreKitTestDouble.Transaction>.unverified(
                    transaction, .invalidSignature)
                #expect(throws: VerificationResult<StoreKitTestDouble.Transaction>.VerificationError.invalidSignature) {
                    _ = try unverified.payloadValue
                }
                #expect(unverified.unsafePayloadValue == transaction)
                #expect(try VerificationResult.verified(transaction).payloadValue == transaction)
            }

            @Test("Entitlements, unfinished, all and latest(for:) show the store as the history left it")
            func querySequences() throws {
                ProbeApp.script = ProbeScript(
                    buy: { id, _ in
                        func ids(_ sequence: StoreKitTestDouble.Transaction.Transactions) async -> String {
                            var ids: [String] = []
                            for await result in sequence { ids.append("#\(result.unsafePayloadValue.id)") }
                            return ids.joined(separator: ",")
                        }
                        guard let product = try await StoreKitTestDouble.Product.products(for: [id]).first,
                            case .success(let verification) = try await product.purchase()
                        else { return }
                        let before = await ids(StoreKitTestDouble.Transaction.unfinished)
                        await verification.unsafePayloadValue.finish()
                        let latest =
                            await StoreKitTestDouble.Transaction.latest(for: id).map { "#\($0.unsafePayloadValue.id)" }
                            ?? "nil"
                        ProbeApp.recorder.record(
                            "\(id): unfinished [\(before)] then [\(await ids(StoreKitTestDouble.Transaction.unfinished))] "
                                + "entitled [\(await ids(StoreKitTestDouble.Transaction.currentEntitlements))] "
                                + "all [\(await ids(StoreKitTestDouble.Transaction.all))] latest \(latest)")
                    })
                let outcome = ProbeApp.replay(
                    [.purchase("premium"), .purchase("coins.100")], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(
                    recorder.all == [
                        "premium: unfinished [#1] then [] entitled [#1] all [#1] latest #1",
                        "coins.100: unfinished [#2] then [] entitled [#1] all [#1,#2] latest #2",
                    ])
            }

            @Test("Subscription status, renewal info and intro-offer eligibility follow the history")
            func subscriptionStatus() throws {
                ProbeApp.script = ProbeScript(
                    buy: { id, _ in
                        guard let product = try await StoreKitTestDouble.Product.products(for: [id]).first,
                            let subscription = product.subscription
                        else { return }
                        let eligibleBefore = await subscription.isEligibleForIntroOffer
                        if case .success(let verification) = try await product.purchase() {
                            await verification.unsafePayloadValue.finish()
                        }
                        let statuses = try await subscription.status
                        let states = statuses.map { status in
                            "\(status.state.rawValue) renews \(status.renewalInfo.unsafePayloadValue.willAutoRenew) #\(status.transaction.unsafePayloadValue.id)"
                        }
                        ProbeApp.recorder.record(
                            "eligible \(eligibleBefore) then \(await subscription.isEligibleForIntroOffer); \(states)")
                    })
                let outcome = ProbeApp.replay([.purchase("pro.monthly")], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(recorder.all == ["eligible true then false; [\"1 renews true #1\"]"])
            }

            @Test("Every iteration of Transaction.updates receives each element emitted while it runs")
            func updatesBroadcast() throws {
                ProbeApp.script = ProbeScript(launch: { store in
                    for name in ["first", "second"] {
                        store.tasks.append(
                            Task.detached {
                                for await result in StoreKitTestDouble.Transaction.updates {
                                    ProbeApp.recorder.record("\(name) got #\(result.unsafePayloadValue.id)")
                                    await result.unsafePayloadValue.finish()
                                }
                            })
                    }
                })
                let outcome = ProbeApp.replay(
                    [.purchase(Purchase(product: "premium", otherDevice: true))], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(recorder.all.sorted() == ["first got #1", "second got #1"])
            }

            @Test("A listener that starts late still receives the launch's unfinished transactions, once")
            func lateListener() throws {
                ProbeApp.script = ProbeScript(launch: { store in
                    store.tasks.append(
                        Task {
                            _ = try? await StoreKitTestDouble.Product.products(for: ["premium"])
                            ProbeApp.recorder.record("listening")
                            for await result in StoreKitTestDouble.Transaction.updates {
                                ProbeApp.recorder.record("got #\(result.unsafePayloadValue.id)")
                            }
                        })
                })
                let outcome = ProbeApp.replay(
                    [.purchase(Purchase(product: "premium", otherDevice: true)), .relaunch],
                    catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(recorder.all == ["listening", "got #1", "listening", "got #1"])
                #expect(ProbeOutcome.messages(outcome).last == ["terminate, launch(unfinished: [#1 premium])"])
            }

            @Test("Outside a simulated app the static entry points are empty or throw")
            func outsideAnApp() async throws {
                var count = 0
                for await _ in StoreKitTestDouble.Transaction.currentEntitlements { count += 1 }
                #expect(count == 0)
                #expect(await StoreKitTestDouble.Transaction.latest(for: "premium") == nil)
                await #expect(throws: StoreKitError.self) {
                    try await StoreKitTestDouble.Product.products(for: ["premium"])
                }
                await #expect(throws: StoreKitError.self) { try await AppStore.sync() }
            }
        }
    }
#endif
