import PurchaseStateMachine
import Testing

@Suite("Google Play histories: compact spelling and the purchase-history/1 file")
struct PlayFormatTests {
    static let examples = [
        "purchase(coins100)", "purchase(coins100, quantity: 3)", "purchase(pro-pass30, outcome: pending)",
        "purchase(lifetime, outcome: failed)", "purchase(lifetime, outcome: userCanceled)", "completePending(#1)",
        "cancelPending(#2)", "changePlan(#1, pro-yearly, deferred)", "cancel(#1)", "restore(#1)", "pause(#1, P2M)",
        "unpause(#1)", "setBilling(fail)", "setBilling(ok)", "void(#3, chargeback)", "void(#1, refund, quantity: 2)", "advanceTime(PT71H59M)",
        "background", "resumeApp", "relaunch", "testNotification", "forgedPurchase(lifetime)", "redeemPromo(coins100)", "devCancel(#2)", "devCancel(#1, userRequestedStopRenewals)", "defer(#1, P1M)",
        "console(grace: P3D)", "console(pause: off)", "console(pause: on)", "billingLab(#1, grace)", "billingLab(#2, hold)",
    ]

    @Test("Every event kind's compact spelling parses back to the same event", arguments: examples)
    func compactRoundTrip(text: String) throws {
        let event = try PlayEvent(compact: text)
        #expect(event.compact == text)
        #expect(try PlayEvent(compact: event.compact) == event)
    }

    @Test("The examples cover every event kind")
    func examplesCoverKinds() throws {
        let kinds = Set(try Self.examples.map { try PlayEvent(compact: $0).kind })
        #expect(kinds == Set(PlayEventKind.allCases))
    }

    @Test("Bad compact text is an error naming the problem",
          arguments: [("buy(x)", "unknown Google Play event kind"), ("cancel(1)", "token number"), ("void(#1, lost)", "is not one of"),
                      ("purchase(x, colour: red)", "unknown purchase argument"), ("relaunch(1)", "takes 0"), ("devCancel(#0)", "token number"), ("defer(#1)", "takes 2"),
                      ("void(#1, refund, quantity: 0)", "quantity: K"), ("void(#1, refund, units: 2)", "quantity: K"),
                      ("console(grace: P31D)", "0 to 30 whole days"), ("console(grace: PT12H)", "0 to 30 whole days"), ("console(pause: maybe)", "expected console("), ("billingLab(#1, expired)", "is not one of"),
                      ("changePlan(#1, pro-yearly, mode: deferred)", "write deferred without the label \"mode:\"")])
    func compactErrors(text: String, message: String) {
        #expect(throws: FormatError.self) { try PlayEvent(compact: text) }
        do { _ = try PlayEvent(compact: text) } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test("A history file round-trips: read(write(h)) == h, variations and policy included")
    func fileRoundTrip() throws {
        var variations = PlayVariations()
        variations.graceDays = 0
        variations.notificationDuplicates = 2
        variations.pendingBlocksRebuy = false
        let events = try ["purchase(basic-monthly)", "setBilling(fail)", "advanceTime(P1M)", "purchase(coins100, quantity: 2)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(
            name: "example", variations: variations, events: events, expect: .fails(check: "on-hold-never-entitled", atEvent: 2),
            origin: HistoryOrigin(tool: "t", seed: "1", subject: "s"))
        let back = try PlayHistory(text: history.fileText)
        #expect(back == history)
        #expect(history.fileText.contains("\"storeKind\" : \"googlePlay\"") || history.fileText.contains("\"storeKind\": \"googlePlay\""))
    }

    @Test("A later variation's key round-trips when it differs from the default, and a file without it reads the default",
          arguments: ["reacknowledgeSucceeds", "deferredStartsAtReplacement", "refundedReportedPending", "includeSuspended", "replacedTokenStillListed", "replacedTokenReadsActive", "refundReviewNotified",
                     "clientCacheLagEvents", "notificationDelayEvents", "notificationsDropAfterRetention",
                     "installmentPlansOffered", "addOnPurchasesOffered", "transientReplyError"])
    func variationKey(key: String) throws {
        let axis = try #require(PlayVariationAxis.all.first { $0.key == key })
        var variations = PlayVariations()
        axis.setValue(axis.domain[1], in: &variations)
        let history = PlayHistory(variations: variations, events: [])
        #expect(history.fileText.contains("\"\(key)\""))
        #expect(try PlayHistory(text: history.fileText).variations == variations)
        let plain = PlayHistory(events: []).fileText
        #expect(!plain.contains(key))
        #expect(axis.value(in: try PlayHistory(text: plain).variations) == axis.domain[0])
    }

    @Test("An impossible event in a file is an error naming the event")
    func impossibleEvent() {
        let history = PlayHistory(events: [.cancel(token: 1)])
        do {
            _ = try PlayHistory(text: history.fileText)
            Issue.record("expected an error")
        } catch {
            #expect(error.eventIndex == 0)
            #expect(error.message.contains("cancel(#1)"))
        }
    }

    @Test("Unknown fields and bad variation values are refused by name")
    func badFields() {
        let base = PlayHistory(events: []).json
        guard case .object(var members) = base else { return }
        members.append(("store", .object([("graceDays", .int(5))])))
        do { _ = try PlayHistory(json: .object(members)); Issue.record("expected an error") } catch {
            #expect(error.field == "store.graceDays")
        }
        members.removeLast()
        members.append(("colour", .string("red")))
        do { _ = try PlayHistory(json: .object(members)); Issue.record("expected an error") } catch {
            #expect(error.field == "colour")
        }
    }

    @Test("The App Store reader refuses a Google Play file with a clear message, and App Store files are unchanged")
    func appStoreReaderRefusesPlay() throws {
        let text = PlayHistory(events: []).fileText
        do { _ = try History(text: text); Issue.record("expected an error") } catch {
            #expect(error.field == "storeKind")
            #expect(error.message.contains("Google Play"))
        }
        let appStore = History(catalog: try Catalog(products: []), events: [])
        #expect(!appStore.fileText.contains("storeKind"))
        #expect(try History(text: appStore.fileText) == appStore)
    }
}
