import PurchaseStateMachine

/// Runs one Play history against a fresh subject, event by event, checking after each one.
///
/// The model applies the event; every message it produced goes to the subject in order, and
/// the subject's acknowledgements and consumptions are applied as they come; then the subject
/// is queried and its answer compared with the model.
struct PlayExecution<S: PlaySubject> {
    private(set) var model: PlayModel
    private var subject: S
    let policy: PlayPolicy
    private var eventIndex = -1
    /// Tokens whose latest acknowledgement the subject heard answered with something other than `OK` (B12).
    private var acknowledgementErrors: [String] = []
    /// One line per message and reply, when recording.
    private(set) var trace: [String] = []
    /// One sample per event, when recording (for the timeline picture).
    private(set) var samples: [PlayStepSample] = []
    /// What the subject answered to the latest query.
    private var lastObserved: ObservedState?
    let recordTrace: Bool
    /// The checks evaluated at each moment, in attribution order: every built-in one but those
    /// switched off (`--skip-checks`); `subject-responds` always runs, since a subject that did
    /// not answer cannot be followed further.
    let checks: [PlayCheck]

    /// Creates the subject and delivers the launch connection; a failure there is at index -1.
    init(catalog: PlayCatalog, variations: PlayVariations, start: Instant, policy: PlayPolicy,
         factory: PlaySubjectFactory<S>, recordTrace: Bool = false, skipping: [PlayCheck] = []) throws(Failure) {
        var model = PlayModel(catalog: catalog, variations: variations, start: start)
        let launch = model.start()
        self.policy = policy
        self.recordTrace = recordTrace
        checks = PlayCheck.builtIn.filter { $0 == .subjectResponds || !skipping.contains($0) }
        do {
            subject = try factory(catalog, policy, PlaySubjectContext(model: model))
        } catch {
            throw Failure.play(.subjectResponds, at: -1, "Reply to start", expected: "a well-formed reply", observed: "\(error)")
        }
        self.model = model
        var effects = PlayStepEffects()
        effects.messages = [launch]
        if let failure = deliver(effects) ?? compare() { throw failure }
    }

    /// Applies `event` and checks the subject after it.
    mutating func step(_ event: PlayEvent) -> PlayRunOutcome {
        // Only a recorded replay keeps the model from before the event: a copy would make every
        // campaign event copy the model's arrays when it mutates them.
        let before = recordTrace ? model : nil
        lastObserved = nil
        let outcome = run(event)
        if let before { samples.append(sample(from: before, event: event)) }
        return outcome
    }

    /// The sample of `event`, just run on `before`: each product's newest token status (and where
    /// inside a time advance it changed), what was expected, and what the subject reported (nil
    /// when it was not asked).
    private func sample(from before: PlayModel, event: PlayEvent) -> PlayStepSample {
        let all = subject.wantsNotifications
        let products = model.catalog.oneTime.map(\.id) + model.catalog.subscriptions.map(\.id)
        return PlayStepSample(
            start: before.now, end: model.now, statuses: products.map { ($0, model.newestTokenStatus(of: $0, knowsEverything: true)) },
            turns: before.stretches(of: event).count == 1 ? PlayStepSample.turns(from: before, to: model.now, products: products) : [],
            expected: model.expectedEntitlements(knowsEverything: all).filter { !policy.isConsumable($0) },
            balances: policy.consumables.map { ($0, model.acceptedCredits($0, knowsEverything: all).first ?? 0) },
            observed: lastObserved)
    }

    /// Applies `event` and checks the subject after it (`step` without the recording).
    private mutating func run(_ event: PlayEvent) -> PlayRunOutcome {
        eventIndex += 1
        // §1, §4: time that passes a pre-order release stops there long enough for the subject to
        // hear it; each stretch is a step of its own, with its messages and then the backend's tick.
        for (n, part) in model.stretches(of: event).enumerated() {
            var effects = PlayStepEffects()
            do { try model.apply(part, into: &effects) } catch { return .rejected(eventIndex: eventIndex, error) }
            if recordTrace {
                if n == 0 { trace.append("\(eventIndex + 1). \(event.compact)") }
                trace += effects.lost.map { "   ✕ \(PlayMessage.notification($0).label) lost: it waited past Pub/Sub's retention" }
            }
            if let failure = deliver(effects) ?? tick() ?? lapses(effects) { return .failed(failure) }
        }
        if let failure = compare() { return .failed(failure) }
        return .passed
    }

    private func fail(_ check: CheckID, _ subject: String, expected: String, observed: String) -> Failure {
        Failure.play(check, at: eventIndex, subject, expected: expected, observed: observed)
    }

    /// Hands each message to the subject and applies its replies.
    private mutating func deliver(_ effects: PlayStepEffects) -> Failure? {
        for message in effects.messages {
            let context = PlaySubjectContext(model: model)
            let replies: [PlayReply]
            do {
                switch message {
                case .purchasesUpdated(let result, let purchases):
                    replies = try subject.purchasesUpdated(result, purchases: purchases, context: context)
                case .connected(let reason, let purchases):
                    replies = try subject.connected(reason, purchases: purchases, context: context)
                case .terminated:
                    subject.terminate()
                    replies = []
                case .notification(let n):
                    guard subject.wantsNotifications else { continue }
                    replies = try subject.notification(n, context: context)
                }
            } catch {
                return fail(.subjectResponds, "Reply to \(message.label)", expected: "a reply", observed: "\(error)")
            }
            if let failure = apply(replies, to: message.label) { return failure }
        }
        return nil
    }

    /// (Backends) runs the reconciliation tick after the event's messages (V-RTDN-DELAY / LOSS).
    private mutating func tick() -> Failure? {
        guard subject.wantsNotifications else { return nil }
        let replies: [PlayReply]
        do { replies = try subject.tick(context: PlaySubjectContext(model: model)) } catch {
            return fail(.subjectResponds, "Reply to tick", expected: "a reply", observed: "\(error)")
        }
        return replies.isEmpty ? nil : apply(replies, to: "tick")
    }

    /// How many answers deep a chain of calls may go (a call made in answer to an answer, and so
    /// on) before the subject is taken to be stuck retrying.
    static var retryDepthLimit: Int { 8 }

    /// Applies the subject's calls to one message in order; a permanent product consumed fails.
    /// A subject that listens hears Google's answer to each call; the calls it makes in answer
    /// are applied after the ones already queued, at most `retryDepthLimit` deep and, in all,
    /// `retryDepthLimit` per call of the first reply (so a fan-out cannot grow exponentially).
    private mutating func apply(_ replies: [PlayReply], to label: String) -> Failure? {
        // The trace shows Google's answer to each reply (V-REACK: a second acknowledgement's ERROR or OK).
        var answered: [String] = []
        defer { if recordTrace { trace.append("   → \(label)" + (answered.isEmpty ? "" : "  ⇢ " + answered.joined(separator: ", "))) } }
        var queue = replies.map { (reply: $0, depth: 0) }
        var next = 0
        var answers = 0
        let listens = subject.wantsBillingResponses
        while next < queue.count {
            let (reply, depth) = queue[next]
            next += 1
            if case .consume(let token) = reply, let failure = evaluate(.consuming(token: token)) {
                answered.append(reply.label)
                return failure
            }
            let result = model.apply(reply: reply, transientFaults: listens)
            answered.append("\(reply.label) \(result.rawValue)")
            guard listens else { continue }
            if case .acknowledge(let token) = reply {
                acknowledgementErrors.removeAll { $0 == token }
                if result != .ok { acknowledgementErrors.append(token) }
            }
            let more: [PlayReply]
            do { more = try subject.billingResponse(result, to: reply, context: PlaySubjectContext(model: model)) } catch {
                return fail(.subjectResponds, "Reply to billingResponse(\(reply.label) \(result.rawValue))", expected: "a reply", observed: "\(error)")
            }
            if !more.isEmpty, depth + 1 > Self.retryDepthLimit {
                return fail(.subjectResponds, "Reply to billingResponse(\(reply.label) \(result.rawValue))",
                            expected: "at most \(Self.retryDepthLimit) calls in a row made in answer to Google's answers",
                            observed: "still calling: \(more.map(\.label).joined(separator: ", "))")
            }
            // Fan-out: a subject answering each answer with two calls would make 2^8 within the depth limit.
            answers += more.count
            if answers > Self.retryDepthLimit * max(1, replies.count) {
                return fail(.subjectResponds, "Reply to billingResponse(\(reply.label) \(result.rawValue))",
                            expected: "at most \(Self.retryDepthLimit * max(1, replies.count)) calls in answer to Google's answers "
                                + "(\(Self.retryDepthLimit) retries for each of the \(replies.count) calls made for \(label))",
                            observed: "still calling: \(more.map(\.label).prefix(8).joined(separator: ", "))\(more.count > 8 ? " and \(more.count - 8) more" : "")")
            }
            queue += more.map { ($0, depth + 1) }
        }
        return nil
    }

    /// §4: purchases refunded for lack of acknowledgement, held to the checks.
    private func lapses(_ effects: PlayStepEffects) -> Failure? {
        effects.lapsed.isEmpty ? nil : evaluate(.lapsed(effects.lapsed))
    }

    /// Queries the subject and holds its answer to the checks.
    private mutating func compare() -> Failure? {
        let observed: ObservedState
        do {
            observed = try subject.query(context: PlaySubjectContext(model: model))
            lastObserved = observed
        } catch {
            return fail(.subjectResponds, "Reply to query", expected: "a state", observed: "\(error)")
        }
        return evaluate(.queried(observed))
    }

    /// The first check, in attribution order, that `moment` breaks.
    private func evaluate(_ moment: PlayCheckInput.Moment) -> Failure? {
        let input = PlayCheckInput(
            moment: moment, eventIndex: eventIndex, model: model, policy: policy, knowsEverything: subject.wantsNotifications,
            acknowledgementErrors: acknowledgementErrors)
        for check in checks {
            guard let found = check.evaluate(input) else { continue }
            return Failure(eventIndex: eventIndex, discrepancies: [found])
        }
        return nil
    }
}
