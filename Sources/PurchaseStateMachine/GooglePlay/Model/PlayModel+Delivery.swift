/// How RTDNs reach the backend (play-billing-semantics §9.4): at least once (V-RTDN-DUPLICATES),
/// in any order (V-RTDN-REORDER), possibly late (V-RTDN-DELAY: some events after they were sent,
/// an endpoint outage or a slow push) and, under V-RTDN-LOSS `dropAfterRetention`, not at all when
/// they waited longer than Pub/Sub keeps an undelivered message ([INF]: its default retention,
/// seven days). The listener and the Developer API never wait, so a correct backend reconciles
/// from the API: it reads every token it knows of on each `tick` and learns tokens from the app too.
extension PlayModel {
    /// Pub/Sub's retention of an undelivered message ([INF], V-RTDN-LOSS).
    public static let notificationRetention = ISODuration.days(7)

    /// §9.1, §9.4: sends an RTDN for token `index` (repeated under V-RTDN-DUPLICATES, held back
    /// under V-RTDN-DELAY); a `VOIDED_PURCHASE` carries `refund` (§5: `FULL` unless units remain).
    mutating func notify(_ type: PlayNotificationType, _ index: Int, refund: PlayRefundType = .full, effects: inout PlayStepEffects) {
        let legacy = variations.notificationsCarrySubscriptionID && tokens[index].subscription != nil && type.number != 0
        let n = PlayNotification(
            messageID: nextMessageID, type: type, token: tokens[index].tokenString, product: tokens[index].product,
            subscriptionID: legacy ? tokens[index].product : nil, refundType: type == .voidedPurchase ? refund : nil,
            productType: type == .voidedPurchase ? (tokens[index].subscription != nil ? 1 : 2) : nil)
        nextMessageID += 1
        guard variations.notificationDelay == 0 else {
            outbox.append(PlayQueuedNotification(notification: n, index: index, sentAt: now, due: eventsApplied + variations.notificationDelay))
            return
        }
        send(n, index, effects: &effects)
    }

    /// Hands an RTDN to the backend (with its redeliveries).
    private mutating func send(_ n: PlayNotification, _ index: Int, effects: inout PlayStepEffects) {
        knowledge[index].name(inEvent: eventsApplied)
        for _ in 0...variations.notificationDuplicates { effects.messages.append(.notification(n)) }
    }

    /// At the end of an event a backend can read every token named to it: note those it sees paid.
    mutating func noteBackendReads() {
        for i in tokens.indices where knowledge[i].namedToBackend && !knowledge[i].backendSawPaid {
            if tokens[i].purchasedAt != nil, tokens[i].voided == nil { knowledge[i].backendSawPaid = true }
        }
    }

    /// At the end of an event, delivers the held-back RTDNs that are due, in sending order, and
    /// drops those that waited past the retention under V-RTDN-LOSS.
    mutating func deliverDueNotifications(into effects: inout PlayStepEffects) {
        guard !outbox.isEmpty else { return }
        var waiting: [PlayQueuedNotification] = []
        for queued in outbox {
            guard queued.due <= eventsApplied else {
                waiting.append(queued)
                continue
            }
            if variations.notificationsLostAfterRetention, now > queued.sentAt.adding(Self.notificationRetention) {
                effects.lost.append(queued.notification)
                continue
            }
            send(queued.notification, queued.index, effects: &effects)
        }
        outbox = waiting
    }
}
