/// A failure thrown while starting a history.
struct PlayFailureBox: Error {
    let failure: PlayFailure
    init(_ failure: PlayFailure) { self.failure = failure }
}
