/// How the simulated App Store is configured for one history: billing grace, billing retry,
/// and the variations where Apple leaves the behaviour open.
///
/// `gracePeriod` and `billingRetry` are what a developer sets in App Store Connect;
/// `variations` are the behaviours a correct app must survive whichever way they go.
public struct StoreSettings: Hashable, Sendable {
    /// The billing grace period chosen in App Store Connect: `P0D` (off), `P3D`, `P16D` or `P28D`.
    ///
    /// Weekly subscriptions get the short lengths Apple assigns them: 3 days for `P3D`,
    /// 6 days for `P16D` and `P28D` ([DOC] Reducing Involuntary Subscriber Churn).
    public var gracePeriod: ISODuration
    /// How long the App Store retries a failed renewal before the subscription expires (up to 60 days).
    public var billingRetry: ISODuration
    /// The open behaviours of this store.
    public var variations: StoreVariations

    /// The grace lengths App Store Connect offers.
    public static let allowedGracePeriods: [ISODuration] = [.days(0), .days(3), .days(16), .days(28)]

    /// Creates store settings; the defaults are a 16-day grace period and 60 days of retry.
    public init(
        gracePeriod: ISODuration = .days(16), billingRetry: ISODuration = .days(60),
        variations: StoreVariations = StoreVariations()
    ) {
        self.gracePeriod = gracePeriod
        self.billingRetry = billingRetry
        self.variations = variations
    }

    /// The grace length that applies to a subscription with the given weekly-ness.
    public func graceLength(weekly: Bool) -> ISODuration {
        let days = gracePeriod.exactSeconds / 86_400
        guard weekly else { return gracePeriod }
        return days == 0 ? .zero : .days(days <= 3 ? 3 : 6)
    }
}
