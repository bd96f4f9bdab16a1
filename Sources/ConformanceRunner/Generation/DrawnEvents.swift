import PurchaseStateMachine

/// The events one event span draws, in order, without allocating: an event, the advance that
/// times a billing change and the change, or a change and the advance to where it takes effect.
struct DrawnEvents: Sequence, IteratorProtocol {
    /// The advance drawn before the event, if any.
    var lead: ISODuration?
    /// The event itself.
    let event: Event
    /// The advance drawn after the event, if any.
    var trail: ISODuration?
    /// How far iteration has got: 0 before the lead, 1 before the event, 2 before the trail, 3 done.
    private var position = 0

    /// The events of one span: `event`, with the advance drawn before or after it.
    init(lead: ISODuration? = nil, event: Event, trail: ISODuration? = nil) {
        self.lead = lead
        self.event = event
        self.trail = trail
    }

    mutating func next() -> Event? {
        while position < 3 {
            position += 1
            switch position {
            case 1: if let lead { return .advanceTime(by: lead) }
            case 2: return event
            default: if let trail { return .advanceTime(by: trail) }
            }
        }
        return nil
    }
}
