extension PlayModel {
    /// §4: three days; a prepaid plan shorter than a week gets half its length. A license tester's
    /// purchase gets V-ACK-DEADLINE-TEST's minutes (§4, §11: 3 or 5; [INF] for short prepaid plans too).
    public func acknowledgementWindow(of index: Int) -> ISODuration {
        if catalog.licenseTesting { return PlayLicenseTestTimes.minutes(variations.testerAckDeadlineMinutes) }
        if let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }), plan.kind == .prepaid,
            plan.period.approximateSeconds < 7 * 86_400
        {
            return ISODuration(seconds: Int(plan.period.approximateSeconds / 2))
        }
        return .days(3)
    }

    /// One billing period of `plan` on the customer's clock (§11 for a license tester).
    func period(of plan: PlayBasePlan) -> ISODuration {
        catalog.licenseTesting ? PlayLicenseTestTimes.renewal(for: plan.period) : plan.period
    }

    /// A free trial of `length` on the customer's clock (§1, §11).
    func trial(_ length: ISODuration) -> ISODuration {
        catalog.licenseTesting ? PlayLicenseTestTimes.freeTrial : length
    }

    /// The grace period of `plan` (V-GRACE-DAYS or the console's setting, §6.3; five minutes for a
    /// license tester, §11); zero means silent grace.
    func grace(of plan: PlayBasePlan) -> ISODuration {
        var settings = variations
        settings.graceDays = graceDaysNow
        let grace = settings.grace(for: plan.period)
        return catalog.licenseTesting && !grace.isZero ? PlayLicenseTestTimes.grace : grace
    }

    /// The entitled silent retry when grace is 0 (V-PRE-HOLD-RETRY, §6.3; [INF] five minutes for a license tester).
    var silentRetry: ISODuration {
        catalog.licenseTesting ? PlayLicenseTestTimes.grace : .days(variations.silentRetryDays)
    }

    /// Account hold after `graceDays` of grace (V-HOLD-DAYS, §6.3; ten minutes for a license tester, §11).
    func hold(afterGrace graceDays: Int) -> ISODuration {
        catalog.licenseTesting ? PlayLicenseTestTimes.hold : .days(variations.holdDays(afterGrace: graceDays))
    }

    /// How long a pause of `length` lasts (§6.4, §11).
    func pauseDuration(_ length: ISODuration) -> ISODuration {
        catalog.licenseTesting ? PlayLicenseTestTimes.pause(length) : length
    }
}
