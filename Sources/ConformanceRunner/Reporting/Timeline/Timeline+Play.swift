import PurchaseStateMachine

extension Timeline {
    /// The timeline of a Play failure report, from the replay it was made from (no run again).
    public init(play report: PlayFailureReport, subject: String) {
        let result = PlayReplayResult(report.history, .failed(report.failure), trace: report.trace, samples: report.samples)
        self.init(play: report.history, result: result, subject: subject, report: report.rendered())
    }

    /// The timeline of a Google Play `history` replayed against a subject (`result`, from
    /// `PlaySubjectRunner.run`): one lane per product with the status of its newest purchase
    /// token after each event, and the entitlements (and consumable balances that ever differ)
    /// the model expected against what the subject reported. Deterministic.
    public init(play history: PlayHistory, result: PlayReplayResult, subject: String, report: String) {
        let samples = result.samples
        var events: [TimelineEvent] = []
        for (i, event) in history.events.enumerated() {
            let last = samples.last?.end ?? history.start
            let sample = i < samples.count ? samples[i] : nil
            events.append(
                TimelineEvent(
                    number: i + 1, text: event.compact, kind: event.kind.rawValue, start: sample?.start ?? last, end: sample?.end ?? last,
                    ran: sample != nil, failedChecks: result.failure?.eventIndex == i ? [result.failure?.check.rawValue ?? ""] : []))
        }
        var lanes: [TimelineLane] = []
        let subscriptions = Set(history.catalog.subscriptions.map(\.id))
        for (p, product) in (samples.first?.statuses.map(\.product) ?? []).enumerated() {
            var periods: [TimelinePeriod] = []
            // A period from slot position `from` to `to` (store times `start`, `end`), merged with the one before when it continues it.
            func add(_ status: PlayTokenStatus?, from: Double, to: Double, start: Instant, end: Instant) {
                guard to > from, let kind = status.flatMap(Self.periodKind) else { return }
                if let last = periods.last, last.kind == kind, last.to == from {
                    periods[periods.count - 1].to = to
                    periods[periods.count - 1].end = end
                } else {
                    periods.append(TimelinePeriod(kind: kind, product: product, from: from, to: to, start: start, end: end))
                }
            }
            for (i, sample) in samples.enumerated() {
                guard !sample.turns.isEmpty else {
                    add(sample.statuses[p].status, from: Double(i), to: Double(i + 1), start: sample.start, end: sample.end)
                    continue
                }
                // A time advance with turns inside: the state before it until the first turn, then each turn's, placed
                // where its instant falls in the column, and the state after it from the last turn on.
                let span = Double(max(1, sample.start.seconds(to: sample.end)))
                let at = { (t: Instant) in Double(i) + Double(sample.start.seconds(to: t)) / span }
                var status = i > 0 ? samples[i - 1].statuses[p].status : nil
                var from = (position: Double(i), time: sample.start)
                for turn in sample.turns {
                    add(status, from: from.position, to: at(turn.at), start: from.time, end: turn.at)
                    status = turn.statuses[p]
                    from = (at(turn.at), turn.at)
                }
                add(sample.statuses[p].status, from: from.position, to: Double(i + 1), start: from.time, end: sample.end)
            }
            guard !periods.isEmpty else { continue }
            lanes.append(
                TimelineLane(
                    id: product, kindLabel: subscriptions.contains(product) ? "subscription" : "one-time product", products: [product],
                    tracks: [TimelineTrack(name: "newest token", periods: periods, marks: [])]))
        }
        self.verdict = String(report.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        self.rule = result.failure.flatMap { PlayCheck.builtIn($0.check)?.rule }
        self.subject = subject
        self.events = events
        self.divergedAt = result.failure.flatMap { $0.eventIndex >= 0 ? $0.eventIndex : nil }
        self.lanes = lanes
        self.rows = Self.playRows(samples)
        self.report = report
    }

    /// How a token status is drawn.
    package static func periodKind(_ status: PlayTokenStatus) -> PeriodKind? {
        switch status {
        case .pending: return .awaitingPayment
        case .pendingCanceled: return nil  // the payment never came: nothing was owned
        case .purchased: return .owned
        case .consumed: return .consumed
        case .voided: return .revoked
        case .active: return .subscribed
        case .inGracePeriod: return .grace
        case .onHold: return .onHold
        case .paused: return .paused
        case .canceled: return .canceled
        case .expired: return .expired
        case .replaced: return .replaced
        }
    }

    /// Entitlements expected and reported; each consumable's balance where the two ever differ.
    static func playRows(_ samples: [PlayStepSample]) -> [TimelineRow] {
        let expected = samples.map(\.expected)
        let consumables = samples.first?.balances.map(\.product) ?? []
        let reported = samples.map { sample in sample.observed.map { $0.entitledSorted.filter { !consumables.contains($0) } } }
        let differs = zip(expected, reported).map { e, r in r.map { $0 != e } ?? false }
        let text = { (ids: [String]) in ids.isEmpty ? "none" : ids.joined(separator: ", ") }
        var rows = [
            TimelineRow(title: "expected by the model", topic: "entitlements", role: .expected, cells: expected.map(text), differs: differs),
            TimelineRow(
                title: "reported by the app", topic: "entitlements", role: .reported, cells: reported.map { $0.map(text) ?? "no answer" },
                differs: differs),
        ]
        for (c, product) in consumables.enumerated() {
            let want = samples.map { $0.balances[c].units }
            let got = samples.map { $0.observed.map { $0.balances[product] ?? 0 } }
            let differ = zip(want, got).map { w, g in g.map { $0 != w } ?? false }
            guard differ.contains(true) else { continue }
            rows.append(TimelineRow(title: "expected by the model", topic: "\(product) balance", role: .expected, cells: want.map { "\($0)" }, differs: differ))
            rows.append(TimelineRow(title: "reported by the app", topic: "\(product) balance", role: .reported, cells: got.map { $0.map { "\($0)" } }, differs: differ))
        }
        return rows
    }
}
