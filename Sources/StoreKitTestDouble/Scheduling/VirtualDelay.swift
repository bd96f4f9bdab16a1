/// Converts a clock's durations and deadlines into a delay on the scheduler's virtual clock.
enum VirtualDelay {
    /// `delay` as a `Duration`; clocks with another duration type count as no delay.
    static func of<D>(_ delay: D) -> Duration {
        (delay as? Duration).map { max(.zero, $0) } ?? .zero
    }

    /// The delay from `clock`'s present to `instant`.
    static func until<C: Clock>(_ instant: C.Instant, on clock: C) -> Duration {
        of(clock.now.duration(to: instant))
    }
}
