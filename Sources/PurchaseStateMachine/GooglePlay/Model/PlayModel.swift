/// The reference model of Google Play Billing for one customer: applies events, answers what
/// the Play Billing Library and the Developer API would show, and says what a correct app grants.
///
/// Pure and deterministic: no I/O, no randomness, no wall clock. Every rule cites
/// `play-billing-semantics.md` by section (`docs/PlayModel.md` has the tables). The clock is
/// Google's (§11): the device clock plays no part.
public struct PlayModel: Sendable {
    /// The products.
    public let catalog: PlayCatalog
    /// The store variations of this history (§13).
    public let variations: PlayVariations
    /// Google's clock.
    public internal(set) var now: Instant
    /// Every token created so far, `#1` first.
    public internal(set) var tokens: [PlayToken] = []
    /// Whether renewal charges succeed (§6.3).
    public internal(set) var billingOK = true
    /// Whether the app is in the foreground with a live billing connection (§2.1).
    public internal(set) var connected = true
    /// Subscription products whose free trial the customer has used (§1 "Free trials").
    public internal(set) var trialsUsed: [String] = []
    /// What the app was last told about each token (by the listener or a query), `nil` if nothing.
    public internal(set) var seen: [PlayTokenView?] = []
    /// Whether the app was ever told that each token was paid (`PURCHASED`).
    public internal(set) var seenPaid: [Bool] = []
    /// How fresh each token's `seen` view is and who was told of it (V-CLIENT-CACHE-LAG, V-RTDN-DELAY).
    public internal(set) var knowledge: [PlayTokenKnowledge] = []
    /// How many events have been applied.
    public internal(set) var eventsApplied = 0
    /// Under V-CLIENT-CACHE-LAG, the cache after each of the last events, oldest first (§2.4).
    var cacheSnapshots: [PlayCacheSnapshot] = []
    /// Under V-RTDN-DELAY, the RTDNs sent but not yet delivered, in sending order (§9.4).
    public internal(set) var outbox: [PlayQueuedNotification] = []
    var nextMessageID = 1
    /// The products of the forged purchases handed to the app so far (`forgedPurchase`), in order.
    public internal(set) var forgedProducts: [String] = []
    /// The grace period the console set mid-history, nil while the history's V-GRACE-DAYS holds (§6.3).
    public internal(set) var consoleGraceDays: Int?
    /// Whether the console lets subscribers pause (§6.4); license testers always can.
    public internal(set) var pauseEnabled = true

    /// A store with no purchases, its clock at `start`.
    public init(catalog: PlayCatalog, variations: PlayVariations = PlayVariations(), start: Instant = .defaultStart) {
        self.catalog = catalog
        self.variations = variations
        self.now = start
    }

    /// The connection message a fresh app process gets at the start of a history.
    public mutating func start() -> PlayMessage { connect(.launch) }

    /// Applies `event`, appending what it makes Play deliver to `effects`; throws (and changes
    /// nothing) when the event's precondition does not hold.
    public mutating func apply(_ event: PlayEvent, into effects: inout PlayStepEffects) throws(PlayRejection) {
        var copy = self
        let first = effects.messages.count
        copy.recordCache()
        copy.eventsApplied += 1
        try copy.applyEvent(event, into: &effects)
        copy.deliverDueNotifications(into: &effects)
        copy.noteBackendReads()
        // Near year 9999 an event may derive a date no history can write: it is refused.
        if copy.now >= Instant.writableGuardStart, let beyond = copy.dateBeyondSupported() {
            throw PlayRejection(event: event, reason: Instant.pastSupportedReason(beyond.what, beyond.date))
        }
        self = copy
        if variations.notificationsReordered { reverseNotifications(from: first, in: &effects) }
    }

    /// Applies `event` and returns its effects.
    public mutating func apply(_ event: PlayEvent) throws(PlayRejection) -> PlayStepEffects {
        var effects = PlayStepEffects()
        try apply(event, into: &effects)
        return effects
    }

    /// Why `event` is impossible now, or nil when it would be accepted.
    public func rejection(of event: PlayEvent) -> PlayRejection? {
        var copy = self
        var effects = PlayStepEffects()
        do { try copy.apply(event, into: &effects) } catch { return error }
        return nil
    }

    private mutating func applyEvent(_ event: PlayEvent, into effects: inout PlayStepEffects) throws(PlayRejection) {
        switch event {
        case .purchase(let request): try applyPurchase(request, event: event, effects: &effects)
        case .completePending(let t): try applyCompletePending(t, event: event, effects: &effects)
        case .cancelPending(let t): try applyCancelPending(t, event: event, effects: &effects)
        case .changePlan(let t, let plan, let mode): try applyChangePlan(t, to: plan, mode: mode, event: event, effects: &effects)
        case .cancel(let t): try applyCancel(t, event: event, effects: &effects)
        case .restore(let t): try applyRestore(t, event: event, effects: &effects)
        case .devCancel(let t, let type): try applyDeveloperCancel(t, type: type, event: event, effects: &effects)
        case .deferBilling(let t, let d): try applyDefer(t, by: d, event: event, effects: &effects)
        case .pause(let t, let length): try applyPause(t, length: length, event: event, effects: &effects)
        case .unpause(let t): try applyUnpause(t, event: event, effects: &effects)
        case .setBilling(let ok): applySetBilling(ok: ok, effects: &effects)
        case .void(let t, let cause, let quantity): try applyVoid(t, cause: cause, quantity: quantity, event: event, effects: &effects)
        case .advanceTime(let duration):
            guard !duration.isNegative, !duration.isZero else {
                throw PlayRejection(event: event, reason: "time only moves forward: the duration must be positive")
            }
            let target = now.adding(duration)
            guard target <= Instant.latestSupported, target > now else {
                throw PlayRejection(event: event, reason: "the clock cannot pass \(Instant.latestSupported.iso8601)")
            }
            advanceTime(to: target, effects: &effects)
        case .background:
            guard connected else { throw PlayRejection(event: event, reason: "the app is already in the background") }
            connected = false
        case .resumeApp:
            guard !connected else { throw PlayRejection(event: event, reason: "the app is already in the foreground") }
            effects.messages.append(connect(.resume))
        case .relaunch:
            effects.messages.append(.terminated)
            effects.messages.append(connect(.launch))
        case .testNotification:
            notifyTest(effects: &effects)
        case .forgedPurchase(let item):
            try forgePurchase(item, event: event, effects: &effects)
        case .redeemPromo(let item):
            try redeemPromo(item, event: event, effects: &effects)
        case .console(let setting):
            try applyConsole(setting, event: event, effects: &effects)
        case .billingLab(let t, let state):
            try applyBillingLab(t, to: state, event: event, effects: &effects)
        }
    }

    /// §2.1: connecting runs `queryPurchasesAsync`; the app now knows every token's state (as
    /// the cache had it, under V-CLIENT-CACHE-LAG).
    mutating func connect(_ reason: PlayConnectReason) -> PlayMessage {
        connected = true
        let purchases = queryPurchases()
        if let snapshot = staleCache {
            for i in tokens.indices { noteCached(i, snapshot) }
        } else {
            for i in tokens.indices { noteSeen(i) }
        }
        for p in purchases {
            for token in p.namedTokens { if let i = index(ofToken: token) { knowledge[i].name(inEvent: eventsApplied) } }
        }
        return .connected(reason, purchases)
    }

    /// §9.4 (V-RTDN-REORDER): the notifications of one event arrive in reverse order.
    private func reverseNotifications(from start: Int, in effects: inout PlayStepEffects) {
        let positions = (start..<effects.messages.count).filter {
            if case .notification = effects.messages[$0] { return true } else { return false }
        }
        let reversed = positions.reversed().map { effects.messages[$0] }
        for (position, message) in zip(positions, reversed) { effects.messages[position] = message }
    }

    // MARK: - Shared helpers

    func tokenIndex(_ number: Int, event: PlayEvent) throws(PlayRejection) -> Int {
        guard number >= 1, number <= tokens.count else {
            throw PlayRejection(
                event: event,
                reason: tokens.isEmpty ? "no purchase token exists yet" : "token #\(number) does not exist (tokens are #1…#\(tokens.count))")
        }
        return number - 1
    }

    /// §2.3, §15.3: a purchase Google never made reaches the listener; its signature does not
    /// verify, Google's API does not know it, and nothing in the store changes.
    mutating func forgePurchase(_ id: String, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        guard connected else { throw PlayRejection(event: event, reason: "nothing reaches the listener while the app is in the background") }
        guard let item = catalog.item(id) else {
            throw PlayRejection(event: event, reason: "the catalog has no one-time product or base plan \"\(id)\"")
        }
        var product = id
        var renewing = false
        if case .basePlan(let plan, let subscription) = item { product = subscription; renewing = plan.kind != .prepaid }
        forgedProducts.append(product)
        let forgeries = forgedProducts.count
        let forged = PlayPurchase(
            token: "forged-\(forgeries)", products: [product], state: .purchased, quantity: 1, acknowledged: false,
            autoRenewing: renewing, orderID: "GPA.forged-\(forgeries)", purchaseTime: now, signatureValid: false)
        effects.messages.append(.purchasesUpdated(.ok, [forged]))
    }

    /// §9.3: a `testNotification` from the Play Console: no token, no product, no state change
    /// (redelivered like any message under V-RTDN-DUPLICATES, §9.4).
    mutating func notifyTest(effects: inout PlayStepEffects) {
        let n = PlayNotification(messageID: nextMessageID, type: .test, token: "", product: "", subscriptionID: nil)
        nextMessageID += 1
        for _ in 0...variations.notificationDuplicates { effects.messages.append(.notification(n)) }
    }

    /// §2.1: pushes token `indices` to `onPurchasesUpdated` while connected (repeated under V-LISTENER-DUPLICATES).
    mutating func deliver(_ result: PlayBillingResult, _ indices: [Int], replacing: Int? = nil, effects: inout PlayStepEffects) {
        guard connected else { return }
        for i in indices {
            noteSeen(i)
            knowledge[i].name(inEvent: eventsApplied)  // the app forwards what the listener said to its backend
        }
        var purchases = indices.map { purchase(of: $0) }
        // §3: the app forwards a pending update's new token too.
        for token in purchases.compactMap(\.pendingUpdate?.token) { if let j = index(ofToken: token) { knowledge[j].name(inEvent: eventsApplied) } }
        if let replacing { for i in purchases.indices { purchases[i].replacing = tokens[replacing].tokenString } }
        for _ in 0...variations.listenerDuplicates { effects.messages.append(.purchasesUpdated(result, purchases)) }
    }

    /// Records that the app was just told token `index`'s state.
    mutating func noteSeen(_ index: Int) {
        seen[index] = view(of: index)
        knowledge[index].version = eventsApplied
        knowledge[index].fresher = nil
        if tokens[index].purchaseState == .purchased, status(of: index) != .voided { seenPaid[index] = true }
    }

    /// Starts the acknowledgement window of token `index`, which just became `PURCHASED` (§3, §4).
    mutating func markPurchased(_ index: Int) {
        tokens[index].purchaseState = .purchased
        tokens[index].purchasedAt = now
        tokens[index].orders += 1
        tokens[index].subscription?.paymentsMade = 1
        if variations.autoAcknowledge {
            tokens[index].acknowledged = true
            tokens[index].acknowledgedAt = now
        } else {
            tokens[index].ackDeadline = now.adding(acknowledgementWindow(of: index))
        }
    }
}

/// Why the model refused an event: its precondition does not hold.
public struct PlayRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The refused event.
    public var event: PlayEvent
    /// Why, in one sentence.
    public var reason: String

    /// A line naming the event and the reason.
    public var description: String { "\(event.compact) is not possible: \(reason)" }
}
