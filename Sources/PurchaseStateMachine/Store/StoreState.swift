/// Everything the simulated App Store knows about one customer at one moment.
///
/// A pure value: copying it copies the whole store. The model (`StoreModel`) is the only
/// thing that changes it, one event at a time.
public struct StoreState: Hashable, Sendable {
    /// The store clock: the true time.
    public internal(set) var now: Instant
    /// How far the device clock is from the true time.
    public internal(set) var deviceClockOffset: ISODuration = .zero
    /// Whether renewal charges currently succeed.
    public internal(set) var billingOK = true
    /// Ask to Buy requests waiting for a parent, oldest first.
    public internal(set) var pendingRequests: [PendingRequest] = []
    var records: [TransactionRecord] = []
    var groups: [GroupState]
    var notificationCount: UInt64 = 0

    init(start: Instant, groupCount: Int) {
        now = start
        groups = Array(repeating: GroupState(), count: groupCount)
    }

    /// The device clock's reading.
    public var deviceNow: Instant { deviceClockOffset.isZero ? now : now.adding(deviceClockOffset) }

    /// How many transactions exist (ids run from 1 to this count).
    public var transactionCount: Int { records.count }

    /// The current snapshot of transaction `id`, or nil when no such transaction exists.
    public func transaction(_ id: UInt64) -> Transaction? {
        guard id >= 1, id <= UInt64(records.count) else { return nil }
        return records[Int(id - 1)].transaction
    }

    /// Whether transaction `id` has a revocation date now (false when it does not exist).
    public func isRevoked(_ id: UInt64) -> Bool {
        guard id >= 1, id <= UInt64(records.count) else { return false }
        return records[Int(id - 1)].transaction.revocationDate != nil
    }

    /// Whether transaction `id` is verified on the device, or nil when it does not exist.
    public func isVerified(_ id: UInt64) -> Bool? {
        guard id >= 1, id <= UInt64(records.count) else { return nil }
        return records[Int(id - 1)].verified
    }

    /// Whether the app has finished transaction `id` since it was last delivered.
    public func isFinished(_ id: UInt64) -> Bool? {
        guard id >= 1, id <= UInt64(records.count) else { return nil }
        return records[Int(id - 1)].finished
    }
}
