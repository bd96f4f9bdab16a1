extension StoreModel {
    /// The policies the debug invariant compares under: every switch that changes the answer.
    private static let invariantPolicies = [
        AppPolicy(),
        AppPolicy(refundedConsumables: .clawBack, billingGraceEntitles: false, trustsServerValidation: true),
    ]

    /// In debug builds, traps unless the fast expectations (`expectedEntitlements`,
    /// `expectedUnits`) agree with the full ones (`entitlementStatuses`, `expectedState`); in
    /// release builds it does nothing. `apply` calls it after every accepted event.
    @inline(__always)
    func checkInvariants() {
        #if DEBUG
            for policy in Self.invariantPolicies {
                let statuses = entitlementStatuses(policy: policy)
                var full = ProductSet()
                for (i, status) in statuses.enumerated() where status.isEntitled { full.insert(i) }
                precondition(
                    expectedEntitlements(policy: policy) == full,
                    "StoreModel invariant: the fast and full expected entitlements differ at \(state.now)")
                for balance in expectedState(policy: policy).balances {
                    precondition(
                        expectedUnits(ofConsumable: balance.product, policy: policy) == balance.units,
                        "StoreModel invariant: the fast and full expected units of product \(balance.product) differ")
                }
            }
        #endif
    }
}
