extension Scheduler {
    /// Kills the app: cancels every task it started, lets them unwind (oldest first, every timer
    /// fired, at most `limit` jobs), then forgets whatever is left.
    func shutDown(limit: Int) {
        for task in trackedTasks { RuntimeHooks.cancel(task) }
        try? runUntilQuiescent(decisions: nil, horizon: nil, limit: limit, while: "shutdown")
        forgetPendingWork()
        releaseTrackedTasks()
    }
}
