import PurchaseStateMachine

extension Timeline {
    /// The timeline of a failure report: its minimal history, replayed by the model, against
    /// what the subject reported in the report's trace.
    public init(report: FailureReport, subject: String) {
        self.init(
            history: report.history, catalog: nil, failure: report.failure, trace: report.trace, subject: subject,
            report: report.rendered())
    }

    /// The timeline of `history` replayed against a subject: `failure` is nil when every check
    /// held; `trace` is the replay's trace (what the subject reported after each event).
    ///
    /// `catalog` replaces the history's catalog, as it did in the replay. Deterministic: the
    /// same arguments give the same timeline.
    public init(
        history: History, catalog: Catalog?, failure: Failure?, trace: [TraceStep], subject: String, report: String
    ) {
        let catalog = catalog ?? history.catalog
        let ran: Int
        if let failure { ran = max(0, min(history.events.count, failure.eventIndex + 1)) } else { ran = history.events.count }
        let samples = TimelineSamples(history: history, catalog: catalog, count: ran)
        let policy = history.policy
        let observed: [ObservedState?] = (0..<samples.after.count).map { i in trace.last { $0.eventIndex == i }?.observed }
        let failedChecks: [[String]] = (0..<history.events.count).map { i in
            trace.last { $0.eventIndex == i }?.failure?.checks.map(\.rawValue) ?? []
        }
        var events: [TimelineEvent] = []
        for (i, event) in history.events.enumerated() {
            let last = samples.spans.last?.end ?? history.start
            let span: (start: Instant, end: Instant) = i < samples.spans.count ? samples.spans[i] : (last, last)
            events.append(
                TimelineEvent(
                    number: i + 1, text: event.compact, kind: event.kind.rawValue, start: span.start, end: span.end,
                    ran: i < samples.after.count, failedChecks: failedChecks[i]))
        }
        let expected = samples.after.map { model in
            model.expectedState(policy: policy).entitled.indices.map { catalog.products[$0].id }.sorted()
        }
        var involved: [String] = []
        func involve(_ id: String) { if !involved.contains(id) { involved.append(id) } }
        for event in history.events.prefix(samples.after.count) {
            switch event {
            case .purchase(let p): involve(p.product)
            case .familyShare(let id), .familyUnshare(let id): involve(id)
            case .setAutoRenew(let group, _):
                if let g = catalog.groupIndex(of: group) { catalog.products(inGroup: g).forEach { involve(catalog.products[$0].id) } }
            default: break
            }
        }
        if let last = samples.after.last {
            for n in 0..<last.state.transactionCount { if let t = last.state.transaction(UInt64(n + 1)) { involve(t.productID) } }
        }
        for list in expected { list.forEach(involve) }
        for o in observed { o?.entitled.forEach(involve) }
        self.verdict = String(report.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        self.rule = failure.flatMap { Check.builtIn($0.check)?.rule }
        self.subject = subject
        self.events = events
        self.divergedAt = failure.flatMap { $0.eventIndex >= 0 ? $0.eventIndex : nil }
        self.lanes = Self.lanes(samples, catalog: catalog, involved: involved)
        self.rows = Self.rows(samples, catalog: catalog, policy: policy, expected: expected, observed: observed)
        self.report = report
    }

    /// Entitlements expected and reported; balances where they ever differ; the device clock where it is ever off.
    static func rows(
        _ samples: TimelineSamples, catalog: Catalog, policy: AppPolicy, expected: [[String]], observed: [ObservedState?]
    ) -> [TimelineRow] {
        let reported = observed.map { $0?.entitledSorted }
        let differs = zip(expected, reported).map { e, r in r.map { $0 != e } ?? false }
        var rows = [
            TimelineRow(
                title: "expected by the model", topic: "entitlements", role: .expected, cells: expected.map(listText),
                differs: differs),
            TimelineRow(
                title: "reported by the app", topic: "entitlements", role: .reported,
                cells: reported.map { $0.map(listText) ?? "no answer" }, differs: differs),
        ]
        for (p, product) in catalog.products.enumerated() where product.type == .consumable {
            let want = samples.after.map { model in model.expectedUnits(ofConsumable: p, policy: policy) }
            let got = observed.map { $0?.balances[product.id] }
            let differ = zip(want, got).map { w, g in g.map { $0 != w } ?? false }
            guard differ.contains(true) else { continue }
            rows.append(
                TimelineRow(
                    title: "expected by the model", topic: "\(product.id) balance", role: .expected,
                    cells: want.map { "\($0)" }, differs: differ))
            rows.append(
                TimelineRow(
                    title: "reported by the app", topic: "\(product.id) balance", role: .reported,
                    cells: got.map { $0.map { "\($0)" } }, differs: differ))
        }
        let offsets = samples.after.map(\.state.deviceClockOffset)
        if offsets.contains(where: { !$0.isZero }) {
            rows.append(
                TimelineRow(
                    title: "device clock", topic: "device clock off by", role: .deviceClock,
                    cells: offsets.map { $0.isZero ? nil : ($0.isNegative ? "" : "+") + $0.iso8601 },
                    differs: offsets.map { !$0.isZero }))
        }
        return rows
    }

    private static func listText(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ", ") }
}
