import PurchaseStateMachine

// The billing checks: what the app does with a purchase (acknowledge, consume, verify, credit)
// and what Google does when it does not.

extension CheckID {
    /// A one-time product the app treats as permanent is never consumed.
    public static let nonConsumableNeverConsumed: CheckID = "non-consumable-never-consumed"
    /// No purchase the app was told of is refunded for lack of acknowledgement.
    public static let acknowledgedInTime: CheckID = "acknowledged-in-time"
    /// A purchase whose acknowledgement Google answered with an error stays entitled.
    public static let acknowledgementErrorKeepsAccess: CheckID = "acknowledgement-error-keeps-access"
}

extension PlayCheck {
    /// The billing checks evaluated first, in attribution order.
    static let billing: [PlayCheck] = [.nonConsumableNeverConsumed, .acknowledgedInTime, .unverifiedNeverEntitled]

    /// Permanent products are never consumed; it fails when the consumption is asked for.
    public static let nonConsumableNeverConsumed = PlayCheck(
        id: .nonConsumableNeverConsumed, rule: "A one-time product the app treats as permanent is never consumed.", source: "§1, B4"
    ) { input in
        guard case .consuming(let token) = input.moment, let i = input.model.index(ofToken: token) else { return nil }
        let t = input.model.tokens[i]
        guard t.subscription == nil, !input.policy.isConsumable(t.product) else { return nil }
        return Discrepancy(
            check: .nonConsumableNeverConsumed, subject: "Consumption of \(token)",
            expected: ["\(t.product) is permanent: acknowledge it, never consume it"], actual: ["consume(\(token))"])
    }

    /// §4: no purchase the subject knew of is refunded for lack of acknowledgement.
    public static let acknowledgedInTime = PlayCheck(
        id: .acknowledgedInTime, rule: "No purchase the app was told of is refunded for lack of acknowledgement within three days.",
        source: "§4, B1"
    ) { input in
        guard case .lapsed(let numbers) = input.moment else { return nil }
        let model = input.model
        // A backend is answerable for a token named to it in an earlier event (its tick could act then).
        let backendKnew = { (i: Int) in input.knowsEverything && (model.knowledge[i].namedInEvent ?? .max) < model.eventsApplied }
        guard let number = numbers.first(where: { backendKnew($0 - 1) || model.seenPaid[$0 - 1] }) else { return nil }
        let t = model.tokens[number - 1]
        let deadline = t.purchasedAt.map { $0.adding(model.acknowledgementWindow(of: number - 1)).iso8601 } ?? "the deadline"
        return Discrepancy(
            check: .acknowledgedInTime, subject: "Acknowledgement of \(t.tokenString) (\(t.product))",
            expected: ["acknowledged or consumed by \(deadline)"], actual: ["never acknowledged: Google refunded and revoked it"])
    }

    /// §2.3: a purchase whose signature does not verify never entitles or credits.
    public static let unverifiedNeverEntitled = PlayCheck(
        id: .unverifiedNeverEntitled, rule: "A purchase whose signature does not verify (one Google never made) never entitles or credits.",
        source: "§2.3, §15.3"
    ) { input in
        if let grant = input.unexpectedGrant(attributedTo: .unverifiedNeverEntitled) { return grant }
        guard let mismatch = input.balanceMismatch(forged: true) else { return nil }
        return input.balanceDiscrepancy(.unverifiedNeverEntitled, mismatch)
    }

    /// Each paid consumable token is credited its quantity exactly once.
    public static let consumableCreditedOnce = PlayCheck(
        id: .consumableCreditedOnce, rule: "Each paid consumable token is credited its quantity exactly once.", source: "§5, B6, B7"
    ) { input in
        guard let mismatch = input.balanceMismatch(forged: false) else { return nil }
        return input.balanceDiscrepancy(.consumableCreditedOnce, mismatch)
    }

    /// B12: an acknowledgement Google answered with an error never costs the customer access.
    public static let acknowledgementErrorKeepsAccess = PlayCheck(
        id: .acknowledgementErrorKeepsAccess,
        rule: "A purchase whose acknowledgement Google answered with an error (already acknowledged, or a passing fault) stays entitled.",
        source: "§4, B12"
    ) { $0.missingGrant(attributedTo: .acknowledgementErrorKeepsAccess) }
}
