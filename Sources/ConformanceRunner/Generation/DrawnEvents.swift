import PurchaseStateMachine

/// The events one event span draws, in order, without allocating: an event, the advance that
/// times a billing change and the change, or a change and the advance to where it takes effect.
struct DrawnEvents: Sequence, IteratorProtocol {
    /// The advance drawn before the event, if any.
    var lead: Event?
    /// The event itself (nil once iterated).
    var event: Event?
    /// The advance drawn after the event, if any.
    var trail: Event?

    /// The events of one span: `event`, with the advance drawn before or after it.
    init(lead: Event? = nil, event: Event, trail: Event? = nil) {
        self.lead = lead
        self.event = event
        self.trail = trail
    }

    mutating func next() -> Event? {
        if let lead {
            self.lead = nil
            return lead
        }
        if let event {
            self.event = nil
            return event
        }
        defer { trail = nil }
        return trail
    }
}
