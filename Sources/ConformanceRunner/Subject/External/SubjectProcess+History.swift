extension SubjectProcess {
    /// Makes the process ready for a new history and returns the history's number.
    ///
    /// The program is (re)started when it is not running, has ended, failed in the previous
    /// history, or left output nobody asked for; otherwise the running program is reused and the
    /// `start` message resets it. The standard error of the history starts empty.
    func beginHistory() throws(SubjectProcessError) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        if pid != 0 {
            readAvailableOutput()
            if historyFault != nil || !pending.isEmpty || reap(waitingUpTo: .zero) { stopLocked() }
        }
        history &+= 1
        historyFault = nil
        drainErrors()
        errorOfHistory.clear()
        if pid == 0 {
            do {
                try launchLocked()
            } catch {
                historyFault = error.description
                throw error
            }
        }
        return history
    }

    /// Exchanges one line for history `number`; fails at once if another history has started
    /// since, or if this history already had a fault (whose description it repeats).
    func exchange(_ line: [UInt8], history number: UInt64) throws(SubjectProcessError) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard number == history else { throw SubjectProcessError(.otherHistory) }
        if let historyFault { throw SubjectProcessError(.earlierFault(historyFault)) }
        do {
            return try exchangeLocked(line)
        } catch {
            historyFault = error.description
            throw error
        }
    }

    /// Records that history `number` had a fault found in a reply: stops the program so that
    /// the next history starts a fresh one.
    func recordFault(_ message: String, history number: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard number == history, historyFault == nil else { return }
        historyFault = message
        stopLocked()
    }
}
