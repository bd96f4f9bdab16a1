import PurchaseStateMachine

/// Builds a subject for a new customer: the `start` message.
public typealias SubjectFactory<S> = @Sendable (Catalog, SubjectContext) throws -> S

/// Runs one history against one subject: applies each event to the model, sends the app what
/// the App Store would send, queries the app, and evaluates the checks.
struct HistoryExecution<S: PurchaseSubject> {
    var model: StoreModel
    var subject: S
    let policy: AppPolicy
    let checks: CheckSelection
    var effects: StepEffects
    var previousObserved: ObservedState?
    var actions: [AppActionRecord] = []
    /// The last entitled list the subject reported, and its product set (most queries repeat it).
    var lastEntitled: [String] = []
    var lastEntitledSet = ProductSet()
    var trace: [TraceStep]?
    var eventIndex = 0
    var channels: ServerChannels
    /// The scheduling decisions of this history (asynchronous subjects only).
    let decisions: ScheduleDecisions

    /// Starts and launches a new subject; a fault is a `subject-responds` failure at launch.
    init(
        catalog: Catalog, settings: StoreSettings, start: Instant, policy: AppPolicy, checks: CheckSelection,
        factory: SubjectFactory<S>, recordTrace: Bool, decisions: ScheduleDecisions = .firstReady()
    ) throws(Failure) {
        model = StoreModel(catalog: catalog, settings: settings, start: start)
        self.decisions = decisions
        self.policy = policy
        self.checks = checks
        trace = recordTrace ? [] : nil
        let context = SubjectContext(model: model, decisions: decisions)
        do {
            subject = try factory(catalog, context)
        } catch {
            throw Failure.fault(String(describing: error), at: -1, while: "start")
        }
        channels = subject.channels
        effects = StepEffects(recordsServerChannels: !channels.isEmpty, recordsReceipts: channels.contains(.receipts))
        do {
            let finished = try subject.launch(unfinished: [], context: context)
            for id in finished where !model.finish(id) {
                throw SubjectError("finished transaction #\(id), which does not exist")
            }
        } catch {
            throw Failure.fault(String(describing: error), at: -1, while: "launch")
        }
    }

    /// Applies `event`, delivers its messages, queries the subject and checks.
    mutating func step(_ event: Event) -> StoreRunOutcome {
        let index = eventIndex
        effects.reset()
        do {
            try model.apply(event, into: &effects)
        } catch {
            return .rejected(eventIndex: index, error)
        }
        eventIndex += 1
        var log: [String]? = trace == nil ? nil : []
        var delivered: [DeliveredTransaction] = []
        var actionResult: ActionCapture?
        let messages = effects.messages
        for i in messages.indices {
            let message = messages[i]
            do {
                try send(message, delivered: &delivered, action: &actionResult, log: &log)
            } catch {
                appendTrace(index, event, log, observed: nil, failure: nil)
                return .failed(Failure.fault(String(describing: error), at: index, while: describe(message)))
            }
        }
        let observed: ObservedState
        let context = SubjectContext(model: model, decisions: decisions)
        do {
            observed = try subject.query(context: context)
        } catch {
            return .failed(Failure.fault(String(describing: error), at: index, while: "query"))
        }
        if let action = actionResult {
            let entitled = model.expectedEntitlements(policy: policy).indices.map { model.catalog.products[$0].id }
            actions.append(
                AppActionRecord(
                    eventIndex: index, name: action.name, value: action.value, result: action.result,
                    serverNow: model.state.now, deviceNow: model.state.deviceNow, entitled: entitled))
        }
        var found: [Discrepancy] = []
        if actionResult == nil, !checks.needsFullInput, agreesQuickly(observed) {
            // The app reports exactly what the model expects: only the checks that can still
            // fail then are asked, with the cheap input.
            var facts: AgreeingFacts = []
            if observed.grants != nil { facts.insert(.appNamesGrants) }
            if !delivered.isEmpty { facts.insert(.transactionsDelivered) }
            if !facts.isDisjoint(with: checks.agreeingFacts) {
                let input = AgreeingInput(policy: policy, handed: delivered)
                for evaluation in checks.whenAgreeing where !evaluation.facts.isDisjoint(with: facts) {
                    if let d = evaluation.evaluate(model, observed, input) { found.append(d) }
                }
            }
        } else {
            var trueClock: ObservedState?
            if model.state.deviceClockOffset != .zero, checks.comparesTrueClock {
                var straight = model
                var ignored = StepEffects()
                try? straight.apply(.setDeviceClock(offset: .zero), into: &ignored)
                trueClock = try? subject.query(context: SubjectContext(model: straight, decisions: .firstReady()))
            }
            let deliveries = delivered.uniqueByLastDelivery().compactMap { d in
                model.state.transaction(d.id).map { Delivery(transaction: $0, verified: d.verified) }
            }
            let input = makeInput(index, event, observed, delivered: deliveries, trueClock: trueClock)
            for check in checks.active {
                if let d = check.evaluate(input) { found.append(d) }
            }
        }
        if let first = found.first, checks.alreadyReported.contains(first.check) { found = [] }
        let failure = found.isEmpty ? nil : Failure(eventIndex: index, discrepancies: found)
        if trace != nil { appendTrace(index, event, log, observed: observed, failure: failure) }
        // The last use: the observed state (three arrays) moves instead of being copied.
        previousObserved = consume observed
        return failure.map { .failed($0) } ?? .passed
    }

    /// Sends one store message to the subject and records what it finished.
    private mutating func send(
        _ message: StoreMessage, delivered: inout [DeliveredTransaction],
        action: inout ActionCapture?, log: inout [String]?
    ) throws {
        // The context (a snapshot of the model) lives only inside `hand`, so it is gone before
        // `finish` changes the model; otherwise every finish would copy the transaction list.
        let finished = try hand(message, delivered: &delivered, action: &action)
        for id in finished where !model.finish(id) {
            throw SubjectError("finished transaction #\(id), which does not exist")
        }
        if log != nil {
            log?.append(describe(message) + (finished.isEmpty ? "" : " → finished \(finished.map { "#\($0)" }.joined(separator: ", "))"))
        }
    }

    /// Hands one store message to the subject; returns the transactions it finished.
    private mutating func hand(
        _ message: StoreMessage, delivered: inout [DeliveredTransaction], action: inout ActionCapture?
    ) throws -> [UInt64] {
        let context = SubjectContext(model: model, decisions: decisions)
        var finished: [UInt64] = []
        switch message {
        case .purchaseResult(let product, let result, let delivery):
            finished = try subject.purchaseResult(product: product, result: result, delivery: delivery, context: context)
            if let delivery { delivered.append(DeliveredTransaction(delivery)) }
        case .update(let delivery):
            finished = try subject.update(delivery, context: context)
            delivered.append(DeliveredTransaction(delivery))
        case .relaunch(let unfinished):
            subject.terminate()
            finished = try subject.launch(unfinished: unfinished, context: context)
            for d in unfinished { delivered.append(DeliveredTransaction(d)) }
        case .restore:
            finished = try subject.restore(context: context)
        case .appAction(let name, let value):
            let outcome = try subject.appAction(name: name, value: value, context: context)
            finished = outcome.finished
            action = ActionCapture(name: name, value: value, result: outcome.result)
        case .notification(let notification):
            guard channels.contains(.notifications) else { return [] }
            try subject.notification(notification, context: context)
        case .tick(let at, let receipt):
            guard channels.contains(.ticks) else { return [] }
            let midnight = SubjectContext(model: model, decisions: decisions, serverNow: at)
            try subject.tick(receipt: channels.contains(.receipts) ? receipt : nil, context: midnight)
        }
        return finished
    }

    /// Whether the app's grants and credits equal the model's, cheaply (no allocation when they do).
    private mutating func agreesQuickly(_ observed: ObservedState) -> Bool {
        let expected = model.expectedEntitlements(policy: policy)
        if observed.entitled != lastEntitled {
            var set = ProductSet()
            for id in observed.entitled {
                guard let p = model.catalog.index(of: id) else { return false }
                set.insert(p)
            }
            lastEntitled = observed.entitled
            lastEntitledSet = set
        }
        guard lastEntitledSet == expected, lastEntitledSet.count == observed.entitled.count else { return false }
        for (id, units) in observed.balances {
            guard let p = model.catalog.consumableIndex(of: id), model.expectedUnits(ofConsumable: p, policy: policy) == units
            else { return false }
        }
        return true
    }

    private func makeInput(_ index: Int, _ event: Event, _ observed: ObservedState, delivered: [Delivery], trueClock: ObservedState?) -> CheckInput {
        CheckInput(
            eventIndex: index, event: event, model: model, policy: policy, statuses: model.entitlementStatuses(policy: policy),
            expected: model.expectedState(policy: policy), observed: observed, previousObserved: previousObserved,
            delivered: delivered, observedWithTrueClock: trueClock, actions: actions)
    }

    private mutating func appendTrace(_ index: Int, _ event: Event, _ log: [String]?, observed: ObservedState?, failure: Failure?) {
        guard trace != nil, let log else { return }
        trace?.append(TraceStep(eventIndex: index, event: event, messages: log, observed: observed, failure: failure))
    }

    /// Sends `end` to the subject.
    mutating func finish() { subject.end() }
}
