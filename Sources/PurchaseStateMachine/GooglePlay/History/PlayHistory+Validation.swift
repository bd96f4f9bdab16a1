extension PlayHistory {
    /// The most work a history may ask of the model: 500,000 token-events, each event counting
    /// one plus the purchase tokens that exist after it.
    ///
    /// The model's work at each event (and a subject's: a backend re-reads every token it knows
    /// on each tick) grows with the tokens so far, so a history's cost is about events × tokens:
    /// 1,000 purchases cost 500,000 (about 15 s for a backend in a debug build), and 20,000 would
    /// cost 200,000,000 (hours). A history past the limit is invalid input, rejected at the event
    /// that crosses it, never an unbounded computation; generated ones (50 events by default)
    /// stay far below.
    public static let maximumTokenEvents = 500_000

    /// Checks that every event is possible, replaying them on a fresh model twice if need be: with
    /// no replies from the app, then with a correct app's (`replyAsCorrectApp`). Which events are
    /// possible depends on the app (a consumed product can be bought again, making a new token),
    /// so a history a campaign saved against its subject passes one of the two; what a subject's
    /// own replies make impossible is found when it is replayed. A rejected event, or one past
    /// `maximumTokenEvents`, is a `FormatError` naming it (the no-reply run's).
    public func validate() throws(FormatError) {
        do { try validate(replying: false) } catch {
            guard (try? validate(replying: true)) != nil else { throw error }
        }
    }

    /// One validation run, with or without a correct app's replies after each event.
    func validate(replying: Bool) throws(FormatError) {
        var model = makeModel()
        _ = model.start()
        var work = 0
        for (i, event) in events.enumerated() {
            var effects = PlayStepEffects()  // one event's: nothing reads them, so none pile up
            do { try model.apply(event, into: &effects) } catch {
                throw FormatError(field: "events[\(i)]", eventIndex: i, message: "\(event.compact) is not possible here: \(error.reason)")
            }
            if replying { model.replyAsCorrectApp(policy: policy) }
            work += 1 + model.tokens.count
            if let message = Self.workLimitMessage(event, work: work, tokens: model.tokens.count) {
                throw FormatError(field: "events[\(i)]", eventIndex: i, message: message)
            }
        }
    }

    /// Why `event` is refused when the history's work so far is `work` with `tokens` tokens; nil within `maximumTokenEvents`.
    public static func workLimitMessage(_ event: PlayEvent, work: Int, tokens: Int) -> String? {
        guard work > maximumTokenEvents else { return nil }
        return "\(event.compact) takes the history past \(maximumTokenEvents) token-events (each event counts one plus the \(tokens) "
            + "purchase tokens that exist after it), the most one history may ask: use fewer events or purchases"
    }
}

extension PlayModel {
    /// What a correct app replies after an event: it acknowledges each paid purchase it has heard
    /// of, or consumes it for a consumable of `policy`, and retries a call that met a passing fault
    /// (V-REPLY-TRANSIENT). `model FILE` shows Play's views under these replies by default.
    public mutating func replyAsCorrectApp(policy: PlayPolicy) {
        for (j, token) in tokens.enumerated() where seenPaid[j] && !token.acknowledged && status(of: j) != .voided {
            let consumable = token.subscription == nil && policy.isConsumable(token.product)
            let reply: PlayReply = consumable ? .consume(token: token.tokenString) : .acknowledge(token: token.tokenString)
            if apply(reply: reply).isTransient { apply(reply: reply) }
        }
    }
}
