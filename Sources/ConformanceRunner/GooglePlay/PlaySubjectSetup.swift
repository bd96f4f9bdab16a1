import PurchaseStateMachine

/// What a Google Play campaign draws over: histories from `generator` (the example catalog's when
/// nil), the app consuming what `policy` says, the checks in `skipping` off.
public struct PlaySubjectSetup: Sendable {
    /// Draws the histories (the example catalog's generator when nil).
    public var generator: PlayHistoryGenerator?
    /// Which one-time products the app consumes.
    public var policy: PlayPolicy
    /// The checks switched off.
    public var skipping: [PlayCheck]

    /// A setup; by default the example catalog and policy with every check on.
    public init(generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = []) {
        self.generator = generator
        self.policy = policy
        self.skipping = skipping
    }
}
