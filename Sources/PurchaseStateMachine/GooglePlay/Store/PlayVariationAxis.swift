/// One store variation: its id in the semantics contract, its file key, its domain (the
/// documented or most-reported value first), its section, and how it reads and sets a value.
///
/// The list `PlayVariationAxis.all` is the one registry: history files, the generator and
/// `docs/PlayModel.md` all go through it, so adding a variation touches this file only.
public struct PlayVariationAxis: Sendable {
    /// The contract's id, such as `V-LISTENER-DUPLICATES`.
    public let id: String
    /// The key in a history file's `store` object.
    public let key: String
    /// The section of play-billing-semantics.md that raises the question.
    public let source: String
    /// The values explored, the default first (booleans are 0 and 1).
    public let domain: [Int]
    let get: @Sendable (PlayVariations) -> Int
    let set: @Sendable (inout PlayVariations, Int) -> Void

    /// Whether the axis is a switch (its domain is two values 0 and 1).
    public var isSwitch: Bool { Set(domain) == [0, 1] }

    /// The axis's value in `variations`.
    public func value(in variations: PlayVariations) -> Int { get(variations) }

    /// Sets the axis's value in `variations`.
    public func setValue(_ value: Int, in variations: inout PlayVariations) { set(&variations, value) }

    static func flag(_ id: String, _ key: String, _ source: String, _ defaultOn: Bool, _ path: WritableKeyPath<PlayVariations, Bool> & Sendable) -> Self {
        PlayVariationAxis(
            id: id, key: key, source: source, domain: defaultOn ? [1, 0] : [0, 1], get: { $0[keyPath: path] ? 1 : 0 },
            set: { $0[keyPath: path] = $1 != 0 })
    }

    static func number(_ id: String, _ key: String, _ source: String, _ domain: [Int], _ path: WritableKeyPath<PlayVariations, Int> & Sendable) -> Self {
        PlayVariationAxis(id: id, key: key, source: source, domain: domain, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
    }

    /// Every variation the model implements, in file order.
    public static let all: [PlayVariationAxis] = [
        .number("V-LISTENER-DUPLICATES", "listenerDuplicates", "§2.1", [0, 1, 2], \.listenerDuplicates),
        .number("V-RTDN-DUPLICATES", "notificationDuplicates", "§9.4", [0, 1, 2], \.notificationDuplicates),
        .flag("V-RTDN-REORDER", "notificationsReordered", "§9.4", false, \.notificationsReordered),
        .flag("V-PENDING-RETURNED-BY-QUERY", "pendingReturnedByQuery", "§2.4", true, \.pendingReturnedByQuery),
        .flag("V-PENDING-BLOCKS-REBUY", "pendingBlocksRebuy", "§3", true, \.pendingBlocksRebuy),
        .number("V-PENDING-TIMEOUT", "pendingTimeoutDays", "§3", [3, 1, 2, 7], \.pendingTimeoutDays),
        .flag("V-AUTO-ACK", "autoAcknowledge", "§4", false, \.autoAcknowledge),
        .flag("V-AMBIGUOUS-RESULT", "purchaseExistsAfterError", "§2.2", false, \.purchaseExistsAfterError),
        .number("V-GRACE-DAYS", "graceDays", "§6.3", [7, 0, 3, 14, 30], \.graceDays),
        .flag("V-HOLD-DAYS", "legacyHoldDays", "§6.3", false, \.legacyHoldDays),
        .number("V-PRE-HOLD-RETRY", "silentRetryDays", "§6.3", [1, 2], \.silentRetryDays),
        .flag("V-GRACE-RECOVERY-RTDN", "graceRecoverySendsRecovered", "§6.3", false, \.graceRecoverySendsRecovered),
        .flag("V-PREPAID-EXPIRED-STATE", "prepaidRunsOutCanceled", "§6.1", false, \.prepaidRunsOutCanceled),
        .flag("V-OLD-TOKEN-AFTER-REPLACE", "replacedTokenCanceledFirst", "§7", false, \.replacedTokenCanceledFirst),
        .flag("V-RENEWAL-ON-LISTENER", "renewalOnListener", "§6.2", false, \.renewalOnListener),
        .flag("V-ACK-LAPSE-SIGNAL", "lapseSendsVoidedOnly", "§4", false, \.lapseSendsVoidedOnly),
        .flag("V-OTP-CANCELED-SCOPE", "oneTimeCanceledOnVoid", "§9.3", false, \.oneTimeCanceledOnVoid),
        .flag("V-RTDN-SUBSCRIPTIONID", "notificationsCarrySubscriptionID", "§9.1", false, \.notificationsCarrySubscriptionID),
        .flag("V-PENDING-CANCEL-NAME", "pendingCancelNamedExpired", "§3", false, \.pendingCancelNamedExpired),
        .flag("V-REACK", "reacknowledgeSucceeds", "§4", false, \.reacknowledgeSucceeds),
        .flag("V-DEFERRED-STARTTIME", "deferredStartsAtReplacement", "§7", false, \.deferredStartsAtReplacement),
        .flag("V-REFUNDED-AS-PENDING", "refundedReportedPending", "§8", false, \.refundedReportedPending),
        .flag("V-INCLUDE-SUSPENDED", "includeSuspended", "§2.3", false, \.includeSuspended),
        .flag("V-OLD-TOKEN-VISIBLE", "replacedTokenStillListed", "§7", false, \.replacedTokenStillListed),
        .flag("V-OLD-TOKEN-API-VALID", "replacedTokenReadsActive", "§7", false, \.replacedTokenReadsActive),
        .flag("V-REFUND-REVIEW", "refundReviewNotified", "§8", false, \.refundReviewNotified),
        .number("V-CLIENT-CACHE-LAG", "clientCacheLagEvents", "§2.4", [0, 1, 3], \.clientCacheLag),
        .number("V-RTDN-DELAY", "notificationDelayEvents", "§9.4", [0, 1, 3], \.notificationDelay),
        .flag("V-RTDN-LOSS", "notificationsDropAfterRetention", "§9.4", false, \.notificationsLostAfterRetention),
        .flag("V-INSTALLMENTS", "installmentPlansOffered", "§1", false, \.installmentsOffered),
        .flag("V-ADDONS", "addOnPurchasesOffered", "§1", false, \.addOnsOffered),
        .number("V-REPLY-TRANSIENT", "transientReplyError", "§2.2", [0, 2, -1, 12], \.transientReplyError),
        .number("V-ACK-DEADLINE-TEST", "testerAckDeadlineMinutes", "§4", [3, 5], \.testerAckDeadlineMinutes),
    ]
}

extension PlayVariations {
    /// Reads a history file's `store` object: any subset of the axes' keys.
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "store")
        self.init()
        for axis in PlayVariationAxis.all {
            let value: Int?
            if axis.isSwitch {
                value = try r.optionalBool(axis.key).map { $0 ? 1 : 0 }
            } else {
                value = try r.optionalInt(axis.key)
            }
            guard let value else { continue }
            guard axis.domain.contains(value) else {
                throw r.error(axis.key, "\(value) is not one of \(axis.domain.sorted().map(String.init).joined(separator: ", ")) (\(axis.id))")
            }
            axis.setValue(value, in: &self)
        }
        try r.finish()
    }

    /// The variations that differ from the defaults, as a `store` object.
    public var json: JSONValue {
        let defaults = PlayVariations()
        var m: [(key: String, value: JSONValue)] = []
        for axis in PlayVariationAxis.all where axis.value(in: self) != axis.value(in: defaults) {
            let v = axis.value(in: self)
            m.append((axis.key, axis.isSwitch ? .bool(v != 0) : .int(Int64(v))))
        }
        return .object(m)
    }
}
