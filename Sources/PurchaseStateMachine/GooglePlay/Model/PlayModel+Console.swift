/// Play Console settings the developer changes mid-history (the `console` event).
///
/// §6.3 [DOC]: lengthening the grace period gives customers already in grace longer access;
/// shortening it ends the grace at once of those already past the new length (they go on account
/// hold, or the subscription ends when hold is 0 or it was canceled), exactly as if their grace had
/// run out then. §6.4 [DOC]: the console can turn pausing off; license testers can pause anyway.
///
/// [INF] where the contract is silent: a grace change applies to every auto-renewing base plan
/// (clamped to each plan's period) and sends no notification by itself; a customer in silent grace
/// (grace 0) keeps their retry; turning pausing off refuses new pause requests only, so a pause
/// already scheduled or running goes on, and resuming by hand stays possible.
extension PlayModel {
    /// The grace period in days now: the console's last setting, or the history's V-GRACE-DAYS.
    public var graceDaysNow: Int { consoleGraceDays ?? variations.graceDays }

    /// §6.3, §6.4: applies a console change.
    mutating func applyConsole(_ setting: PlayConsoleSetting, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        switch setting {
        case .pause(let enabled):
            pauseEnabled = enabled
        case .graceDays(let days):
            guard (0...30).contains(days) else { throw PlayRejection(event: event, reason: "grace is 0 to 30 days (§6.3)") }
            consoleGraceDays = days
            // §6.3: customers in grace get the new length, counted from the failed renewal date.
            for i in tokens.indices {
                guard let s = tokens[i].subscription, case .grace = s.phase,
                    let plan = tokens[i].basePlan.flatMap({ catalog.basePlan($0) })
                else { continue }
                let until = max(s.anchor.adding(grace(of: plan)), now)
                tokens[i].subscription?.phase = .grace(until: until)
                tokens[i].subscription?.expiry = until
            }
            advanceTime(to: now, effects: &effects)  // grace that is over now ends at once
        }
    }
}
