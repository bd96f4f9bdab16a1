import ConformanceRunner
import PurchaseStateMachine

/// S4's free tier as a custom check: "a free user never gets more than 3 analyses in one true
/// day; a premium user is never refused".
///
/// It reads the app actions so far (`CheckInput.actions`) after each action event. An action
/// answered `true` counts against the quota of its true day (UTC, by the server clock) when the
/// model says the customer was not entitled to premium at that moment; more than `dailyLimit`
/// such actions in one day fail. An action answered `false` while the model says premium was
/// entitled fails at once. Time is the true time, so a device clock moved back and forth earns
/// no extra analyses.
public enum FreeTierQuota {
    /// The check's name.
    public static let id: CheckID = "free-tier-quota"

    /// The check for the metered `action`: `dailyLimit` a day for free users, none for premium
    /// ones (a customer entitled to any of `premium`, or to anything when `premium` is nil).
    public static func check(action: String = "analyze", dailyLimit: Int = 3, premium: Set<String>? = nil) -> CustomCheck {
        CustomCheck(
            id: id,
            rule: "A free user never gets more than \(dailyLimit) \(action) actions in one true (UTC) day; a premium user is never refused."
        ) { input in
            guard let last = input.actions.last, last.eventIndex == input.eventIndex, last.name == action else { return nil }
            return evaluate(input.actions, action: action, dailyLimit: dailyLimit, premium: premium)
        }
    }

    /// Whether the latest of `actions` breaks the rule: nil when it holds.
    static func evaluate(_ actions: [AppActionRecord], action: String, dailyLimit: Int, premium: Set<String>?) -> Discrepancy? {
        guard let last = actions.last else { return nil }
        func isPremium(_ record: AppActionRecord) -> Bool {
            premium.map { !$0.isDisjoint(with: record.entitled) } ?? !record.entitled.isEmpty
        }
        let answer = last.result.map(describe) ?? "no answer"
        if isPremium(last) {
            guard last.result == .bool(false) else { return nil }
            return Discrepancy(
                check: id, subject: "Answer to \(action) at event \(last.eventIndex + 1)", expected: ["true"], actual: [answer],
                note: "the customer is entitled to \(last.entitled.joined(separator: ", ")): premium is never refused")
        }
        guard last.result == .bool(true) else { return nil }
        let day = utcDay(last.serverNow)
        let allowed = actions.filter { $0.name == action && $0.result == .bool(true) && !isPremium($0) && utcDay($0.serverNow) == day }
        guard allowed.count > dailyLimit else { return nil }
        let date = Instant(secondsSinceEpoch: day * 86_400).iso8601.prefix(10)
        return Discrepancy(
            check: id, subject: "\(action) allowed to a free user on \(date) (UTC)", expected: ["at most \(dailyLimit)"],
            actual: ["\(allowed.count), at events " + allowed.map { String($0.eventIndex + 1) }.joined(separator: ", ")],
            note: "the device clock read " + allowed.map { $0.deviceNow.iso8601 }.joined(separator: ", "))
    }

    /// Days since the epoch, UTC.
    static func utcDay(_ instant: Instant) -> Int64 {
        let s = instant.secondsSinceEpoch
        return s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        default: return "\(value)"
        }
    }
}
