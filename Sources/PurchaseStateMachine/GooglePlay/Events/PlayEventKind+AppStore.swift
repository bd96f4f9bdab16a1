/// What Google Play has in place of the App Store's event kinds that it lacks (§15.2), so that a
/// history ported from the App Store is refused with a pointer instead of a bare "unknown kind".
extension PlayEventKind {
    /// The reason family sharing cannot be written for Play: the store has none for in-app
    /// purchases or subscriptions, and one customer owns every purchase token (§12).
    public static let noFamilySharing =
        "Google Play has no family sharing of in-app purchases or subscriptions: one customer owns every purchase token (play-billing-semantics §12)"

    /// What to write on Play instead of App Store event kind `name`; nil when `name` is not an App
    /// Store kind that Play lacks.
    public static func appStoreCounterpart(of name: String) -> String? {
        switch EventKind(rawValue: name) {
        case .familyShare?, .familyUnshare?:
            return "\(name) is an App Store event. \(noFamilySharing)"
        case .askToBuy?:
            return "askToBuy is an App Store event; Play's counterpart is a pending purchase: purchase(ITEM, outcome: pending), then completePending(#N) or cancelPending(#N) (§3, §15.2)"
        case .setAutoRenew?:
            return "setAutoRenew is an App Store event; on Play, cancel(#N) turns renewal off and restore(#N) turns it back on before expiry (§6.5)"
        case .refund?:
            return "refund is an App Store event; on Play a refund that takes the purchase away is void(#N, refund) (§8)"
        default:
            return nil
        }
    }
}
