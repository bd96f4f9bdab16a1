import Generators
import PurchaseStateMachine

/// Why a campaign stopped.
public enum CampaignStopReason: Hashable, Sendable, CustomStringConvertible {
    /// Every requested history ran.
    case completed
    /// A failure was found (and the campaign does not look for more).
    case failureFound
    /// The time limit was reached.
    case timeLimit
    /// The maximum number of distinct failures was reached.
    case failureLimit

    public var description: String {
        switch self {
        case .completed: return "all histories ran"
        case .failureFound: return "stopped at the first failure"
        case .timeLimit: return "stopped at the time limit"
        case .failureLimit: return "stopped at the limit of distinct failures"
        }
    }
}
