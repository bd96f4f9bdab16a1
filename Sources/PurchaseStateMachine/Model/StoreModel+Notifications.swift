extension StoreModel {
    /// §12: records an App Store Server Notification V2 when the caller asked for server channels.
    mutating func notify(
        _ type: NotificationType, _ subtype: NotificationSubtype?, record: Int, group: Int? = nil, shared: Bool = false,
        effects: inout StepEffects
    ) {
        guard effects.recordsServerChannels else { return }
        state.notificationCount += 1
        let line = group.flatMap { shared ? state.groups[$0].shared : state.groups[$0].own }
        let notification = ServerNotification(
            type: type, subtype: subtype, notificationUUID: notificationUUID(state.notificationCount),
            signedDate: state.now, transaction: state.records[record].transaction,
            renewalInfo: line.map(renewalInfo), status: line?.state)
        effects.messages.append(.notification(notification))
        if settings.variations.notificationsDuplicated { effects.messages.append(.notification(notification)) }
    }

    /// StoreKit's renewal information for a subscription line.
    func renewalInfo(_ line: SubscriptionLine) -> RenewalInfo {
        RenewalInfo(
            willAutoRenew: line.willAutoRenew,
            autoRenewPreference: line.autoRenewPreference.map { catalog.products[$0].id },
            expirationReason: line.state == .subscribed ? nil : line.expirationReason,
            gracePeriodExpirationDate: line.state == .inGracePeriod ? line.graceEnd : nil,
            isInBillingRetry: line.state == .inGracePeriod || line.state == .inBillingRetryPeriod)
    }
}

/// A deterministic, well-formed version-4 UUID string for the `count`-th notification.
func notificationUUID(_ count: UInt64) -> String {
    let hex = String(count, radix: 16)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
}
