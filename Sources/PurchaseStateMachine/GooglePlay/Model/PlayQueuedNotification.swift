/// An RTDN Google sent that has not reached the backend yet (play-billing-semantics §9.4,
/// V-RTDN-DELAY / LOSS).
public struct PlayQueuedNotification: Hashable, Sendable {
    /// The notification.
    public var notification: PlayNotification
    /// The index of the token it names.
    public var index: Int
    /// When Google sent it, by its clock.
    public var sentAt: Instant
    /// The number of events after which it is delivered (`eventsApplied` then).
    public var due: Int
}
