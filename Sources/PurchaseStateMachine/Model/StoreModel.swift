/// The reference model of the App Store for one customer: applies events, answers what
/// StoreKit would show, and says what a correct app grants.
///
/// Pure and deterministic: no I/O, no randomness, no wall clock. Every rule cites the
/// semantics contract (`docs/Model.md` has the tables). Use `apply(_:into:)` to advance it.
public struct StoreModel: Sendable {
    /// The products.
    public let catalog: Catalog
    /// Grace, retry and the store's variations.
    public let settings: StoreSettings
    /// The store's current state.
    public internal(set) var state: StoreState

    /// A store with no purchases, its clock at `start`.
    public init(catalog: Catalog, settings: StoreSettings = StoreSettings(), start: Instant = .defaultStart) {
        self.catalog = catalog
        self.settings = settings
        self.state = StoreState(start: start, groupCount: catalog.groups.count)
    }

    /// Applies `event`, appending what it makes the store send to `effects`; throws (and
    /// changes nothing) when the event's precondition does not hold.
    public mutating func apply(_ event: Event, into effects: inout StepEffects) throws(Rejection) {
        let firstMessage = effects.messages.count
        // Near year 9999 an event may derive a date no history can write: it is refused, and
        // the state it changed is put back (only there: elsewhere the copy would cost every event).
        let before = state.now >= Instant.writableGuardStart || isAdvancePastGuard(event) ? state : nil
        try applyEvent(event, into: &effects)
        if let before, let beyond = dateBeyondSupported() {
            state = before
            effects.messages.removeSubrange(firstMessage...)
            throw Rejection(event: event, reason: Instant.pastSupportedReason(beyond.what, beyond.date))
        }
        if settings.variations.notificationsReordered, effects.recordsServerChannels {
            reverseNotifications(from: firstMessage, in: &effects)
        }
        checkInvariants()
    }

    private mutating func applyEvent(_ event: Event, into effects: inout StepEffects) throws(Rejection) {
        guard state.records.count <= Self.maximumTransactions else { throw transactionLimitRejection(event) }
        switch event {
        case .purchase(let purchase):
            try applyPurchase(purchase, event: event, effects: &effects)
        case .askToBuy(let request, let approve):
            try applyAskToBuy(request: request, approve: approve, event: event, effects: &effects)
        case .advanceTime(let duration):
            guard !duration.isNegative, !duration.isZero else {
                throw Rejection(event: event, reason: "time only moves forward: the duration must be positive")
            }
            if let problem = duration.rangeProblem { throw Rejection(event: event, reason: problem) }
            let target = state.now.adding(duration)
            guard target <= Instant.latestSupported, target > state.now else {
                throw Rejection(event: event, reason: "the store clock cannot pass \(Instant.latestSupported.iso8601)")
            }
            advanceTime(to: target, effects: &effects)
            guard state.records.count <= Self.maximumTransactions else { throw transactionLimitRejection(event) }
            guard effects.receiptListings <= Self.maximumReceiptListings else { throw receiptLimitRejection(event) }
        case .setAutoRenew(let group, let enabled):
            try applySetAutoRenew(group: group, enabled: enabled, event: event, effects: &effects)
        case .setBilling(let ok):
            applySetBilling(ok: ok, effects: &effects)
        case .refund(let id, let reason):
            try applyRefund(id: id, reason: reason, event: event, effects: &effects)
        case .refundDeclined(let id):
            let index = try refundableRecord(id, event: event)
            notify(.REFUND_DECLINED, nil, record: index, effects: &effects)
        case .refundReversed(let id):
            try applyRefundReversed(id: id, event: event, effects: &effects)
        case .familyShare(let product):
            try applyFamilyShare(product: product, event: event, effects: &effects)
        case .familyUnshare(let product):
            try applyFamilyUnshare(product: product, event: event, effects: &effects)
        case .relaunch:
            var unfinished = unfinishedDeliveries
            if settings.variations.duplicateUpdates { unfinished = unfinished.flatMap { [$0, $0] } }
            effects.messages.append(.relaunch(unfinished: unfinished))
        case .restore:
            applyRestore(effects: &effects)
        case .setDeviceClock(let offset):
            if let problem = offset.rangeProblem { throw Rejection(event: event, reason: problem) }
            state.deviceClockOffset = offset
        case .appAction(let name, let value):
            effects.messages.append(.appAction(name: name, value: value))
        }
    }

    /// §12.3: the notifications of one event arrive in reverse order; other messages keep their places.
    private func reverseNotifications(from start: Int, in effects: inout StepEffects) {
        let positions = (start..<effects.messages.count).filter {
            if case .notification = effects.messages[$0] { return true } else { return false }
        }
        let reversed = positions.reversed().map { effects.messages[$0] }
        for (position, message) in zip(positions, reversed) { effects.messages[position] = message }
    }

    /// Applies `event` and returns what it produced (convenient; `apply(_:into:)` is faster).
    public mutating func apply(_ event: Event, recordingServerChannels: Bool = false) throws(Rejection) -> StepEffects {
        var effects = StepEffects(recordsServerChannels: recordingServerChannels)
        try apply(event, into: &effects)
        return effects
    }

    /// Whether `event` would be accepted now, without applying it.
    public func rejection(of event: Event) -> Rejection? {
        var copy = self
        var effects = StepEffects()
        do {
            try copy.apply(event, into: &effects)
            return nil
        } catch {
            return error
        }
    }

    /// Records that the app called `finish()` on transaction `id`; false when no such transaction exists.
    @discardableResult
    public mutating func finish(_ id: UInt64) -> Bool {
        guard id >= 1, id <= UInt64(state.records.count) else { return false }
        state.records[Int(id - 1)].finished = true
        return true
    }

    // MARK: - Shared helpers

    func productIndex(_ id: String, event: Event) throws(Rejection) -> Int {
        guard let index = catalog.index(of: id) else {
            throw Rejection(event: event, reason: "the catalog has no product \"\(id)\"")
        }
        return index
    }

    func recordIndex(_ id: UInt64, event: Event) throws(Rejection) -> Int {
        guard id >= 1, id <= UInt64(state.records.count) else {
            throw Rejection(
                event: event,
                reason: state.records.isEmpty
                    ? "no transaction exists yet" : "transaction #\(id) does not exist (ids are 1…\(state.records.count))")
        }
        return Int(id - 1)
    }

    /// Appends a new transaction record and returns its index.
    mutating func newRecord(
        product: Int, originalID: UInt64?, purchaseDate: Instant, originalPurchaseDate: Instant?,
        expiration: Instant?, ownership: OwnershipType, offer: OfferType?, token: String?, quantity: Int,
        reason: TransactionReason, verified: Bool
    ) -> Int {
        let id = UInt64(state.records.count + 1)
        let p = catalog.products[product]
        let tx = Transaction(
            id: id, originalID: originalID ?? id, productID: p.id, productType: p.type,
            purchaseDate: purchaseDate, originalPurchaseDate: originalPurchaseDate ?? purchaseDate,
            expirationDate: expiration, ownershipType: ownership, offerType: offer, appAccountToken: token,
            subscriptionGroupID: p.subscription?.group, purchasedQuantity: quantity, reason: reason,
            signedDate: state.now)
        state.records.append(
            TransactionRecord(transaction: tx, product: product, verified: verified, finished: false, revokedByRefund: false))
        return state.records.count - 1
    }

    /// Sends record `index` to the app through `Transaction.updates` (twice when updates duplicate).
    mutating func deliverUpdate(_ index: Int, effects: inout StepEffects) {
        state.records[index].finished = false
        let delivery = state.records[index].delivery
        effects.messages.append(.update(delivery))
        if settings.variations.duplicateUpdates { effects.messages.append(.update(delivery)) }
    }
}
