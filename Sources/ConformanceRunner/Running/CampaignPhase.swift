/// What a running campaign is doing, as a progress line names it.
public enum CampaignPhase: String, Hashable, Sendable, CustomStringConvertible {
    /// Generating and running histories.
    case generating
    /// Shrinking the failures found to their shortest histories.
    case shrinking

    /// The word the progress line shows.
    public var description: String { rawValue }
}
