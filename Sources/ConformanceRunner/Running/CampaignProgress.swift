import Dispatch
import Generators
import PurchaseStateMachine

/// Progress of a running campaign, for a live status line.
public struct CampaignProgress: Sendable {
    /// Histories generated so far.
    public var historiesRun: Int
    /// Histories the campaign means to generate.
    public var historiesPlanned: Int
    /// Events applied so far.
    public var eventsRun: Int
    /// Distinct failures reported so far.
    public var failuresFound: Int
    /// Wall-clock time since the campaign began.
    public var elapsed: Duration
    /// What the campaign is doing now.
    public var phase: CampaignPhase
}
