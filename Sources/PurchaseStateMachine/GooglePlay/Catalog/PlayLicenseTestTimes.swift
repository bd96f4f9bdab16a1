/// The accelerated clock of a license tester's purchases (play-billing-semantics §11 "License
/// testing", §4): each subscription period and feature lasts minutes instead of days.
///
/// The documented periods are [DOC]; where Google gives none (periods other than a week, one,
/// three, six or twelve months, weekly pauses, the silent retry, a short prepaid plan's
/// acknowledgement), the nearest documented one is used and the choice is marked [INF].
public enum PlayLicenseTestTimes {
    /// The most renewals a test subscription makes, not counting a free trial (§11).
    public static let maxRenewals = 6
    /// A free trial (§11: 3 minutes).
    public static let freeTrial = minutes(3)
    /// Grace, when the plan has one (§11: 5 minutes); [INF] the silent retry when grace is 0 as well.
    public static let grace = minutes(5)
    /// Account hold (§11: 10 minutes, whatever V-HOLD-DAYS says).
    public static let hold = minutes(10)

    /// A duration of `count` minutes.
    static func minutes(_ count: Int) -> ISODuration { ISODuration(minutes: count) }

    /// How long one period of a plan billed every `period` lasts (§11: a week or a month 5 minutes,
    /// three months 10, six months 15, a year 30; [INF] any other period takes the nearest of these by length).
    public static func renewal(for period: ISODuration) -> ISODuration {
        let days = period.approximateSeconds / 86_400
        if days <= 45 { return minutes(5) }
        if days <= 135 { return minutes(10) }
        if days <= 270 { return minutes(15) }
        return minutes(30)
    }

    /// How long a pause of `length` lasts (§11: one, two or three months take 5, 10 or 15 minutes;
    /// [INF] each week of a weekly plan's pause takes 5 minutes).
    public static func pause(_ length: ISODuration) -> ISODuration {
        if length.totalMonths > 0 { return minutes(5 * length.totalMonths) }
        return minutes(5 * max(1, Int(length.approximateSeconds / (7 * 86_400))))
    }
}
