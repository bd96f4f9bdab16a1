import PurchaseStateMachine

/// Builds a subject for a new customer: the `start` message.
public typealias SubjectFactory<S> = @Sendable (Catalog, SubjectContext) throws -> S

/// What happened to one event of an execution.
enum StepOutcome {
    case passed
    case failed(Failure)
    case rejected(Rejection)
}

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
        effects = StepEffects(recordsServerChannels: !channels.isEmpty)
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
    mutating func step(_ event: Event) -> StepOutcome {
        let index = eventIndex
        effects.reset()
        do {
            try model.apply(event, into: &effects)
        } catch {
            return .rejected(error)
        }
        eventIndex += 1
        var log: [String]? = trace == nil ? nil : []
        var delivered: [Delivery] = []
        var actionResult: (name: String, value: JSONValue?, result: JSONValue?)?
        for message in effects.messages {
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
        let statuses = model.entitlementStatuses(policy: policy)
        let expected = model.expectedState(policy: policy)
        if let action = actionResult {
            actions.append(
                AppActionRecord(
                    eventIndex: index, name: action.name, value: action.value, result: action.result,
                    serverNow: model.state.now, deviceNow: model.state.deviceNow,
                    entitled: expected.entitled.indices.map { model.catalog.products[$0].id }))
        }
        var trueClock: ObservedState?
        if model.state.deviceClockOffset != .zero, checks.builtIn.contains(.clockSkewSafe) {
            var straight = model
            var ignored = StepEffects()
            try? straight.apply(.setDeviceClock(offset: .zero), into: &ignored)
            trueClock = try? subject.query(context: SubjectContext(model: straight, decisions: .firstReady()))
        }
        let input = CheckInput(
            eventIndex: index, event: event, model: model, policy: policy, statuses: statuses, expected: expected,
            observed: observed, previousObserved: previousObserved, delivered: unique(delivered),
            observedWithTrueClock: trueClock, actions: actions)
        var found = BuiltInChecks.evaluate(input, enabled: checks.builtIn)
        for custom in checks.custom {
            if let d = custom.evaluate(input) { found.append(d) }
        }
        previousObserved = observed
        let failure = found.isEmpty ? nil : Failure(eventIndex: index, discrepancies: found)
        appendTrace(index, event, log, observed: observed, failure: failure)
        return failure.map { .failed($0) } ?? .passed
    }

    /// Sends one store message to the subject and records what it finished.
    private mutating func send(
        _ message: StoreMessage, delivered: inout [Delivery],
        action: inout (name: String, value: JSONValue?, result: JSONValue?)?, log: inout [String]?
    ) throws {
        let context = SubjectContext(model: model, decisions: decisions)
        var finished: [UInt64] = []
        switch message {
        case .purchaseResult(let product, let result, let delivery):
            finished = try subject.purchaseResult(product: product, result: result, delivery: delivery, context: context)
            if let delivery { delivered.append(delivery) }
        case .update(let delivery):
            finished = try subject.update(delivery, context: context)
            delivered.append(delivery)
        case .relaunch(let unfinished):
            subject.terminate()
            finished = try subject.launch(unfinished: unfinished, context: context)
            delivered.append(contentsOf: unfinished)
        case .restore:
            finished = try subject.restore(context: context)
        case .appAction(let name, let value):
            let outcome = try subject.appAction(name: name, value: value, context: context)
            finished = outcome.finished
            action = (name, value, outcome.result)
        case .notification(let notification):
            guard channels.contains(.notifications) else { return }
            try subject.notification(notification, context: context)
        case .tick:
            guard channels.contains(.ticks) else { return }
            try subject.tick(receipt: nil, context: context)
        }
        for id in finished where !model.finish(id) {
            throw SubjectError("finished transaction #\(id), which does not exist")
        }
        if log != nil {
            log?.append(describe(message) + (finished.isEmpty ? "" : " → finished \(finished.map { "#\($0)" }.joined(separator: ", "))"))
        }
    }

    private func unique(_ deliveries: [Delivery]) -> [Delivery] {
        var seen = Set<UInt64>()
        var out: [Delivery] = []
        for d in deliveries.reversed() where seen.insert(d.transaction.id).inserted { out.append(d) }
        return out.reversed()
    }

    private mutating func appendTrace(_ index: Int, _ event: Event, _ log: [String]?, observed: ObservedState?, failure: Failure?) {
        guard trace != nil, let log else { return }
        trace?.append(TraceStep(eventIndex: index, event: event, messages: log, observed: observed, failure: failure))
    }

    /// Sends `end` to the subject.
    mutating func finish() { subject.end() }
}

/// One event of a traced execution: what was sent, what came back, what the checks said.
public struct TraceStep: Hashable, Sendable {
    public let eventIndex: Int
    public let event: Event
    /// The messages sent to the subject, with what it finished.
    public let messages: [String]
    /// The subject's answer to `query`.
    public let observed: ObservedState?
    /// The failure after this event, if any.
    public let failure: Failure?
}

/// A short description of a store message for traces and fault reports.
func describe(_ message: StoreMessage) -> String {
    func tx(_ d: Delivery) -> String {
        var s = "#\(d.transaction.id) \(d.transaction.productID)"
        if d.transaction.revocationDate != nil { s += " revoked" }
        if d.transaction.isUpgraded { s += " upgraded" }
        if !d.verified { s += " unverified" }
        return s
    }
    switch message {
    case .purchaseResult(let product, let result, let delivery):
        return "purchaseResult(\(product): \(result.rawValue)\(delivery.map { ", " + tx($0) } ?? ""))"
    case .update(let d): return "update(\(tx(d)))"
    case .relaunch(let unfinished): return "terminate, launch(unfinished: [\(unfinished.map(tx).joined(separator: ", "))])"
    case .restore: return "restore"
    case .appAction(let name, let value): return "appAction(\(name)\(value.map { ", " + $0.rendered() } ?? ""))"
    case .notification(let n): return "notification(\(n.label))"
    case .tick(let at): return "tick(\(at.iso8601))"
    }
}
