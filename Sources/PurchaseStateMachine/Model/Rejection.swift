/// Why the model refused an event: its precondition does not hold in the current state.
///
/// A rejected event changes nothing. Generators never produce one; a history file that
/// contains one is reported as bad input, naming the event.
public struct Rejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The refused event.
    public var event: Event
    /// Which precondition failed, in words.
    public var reason: String

    /// Creates a rejection of `event` for `reason`.
    public init(event: Event, reason: String) {
        self.event = event
        self.reason = reason
    }

    public var description: String { "\(event.compact) was rejected: \(reason)" }
}
