extension StoreModel {
    /// The policies the debug invariant compares under: every switch that changes the answer.
    private static let invariantPolicies = [
        AppPolicy(),
        AppPolicy(refundedConsumables: .clawBack, billingGraceEntitles: false, trustsServerValidation: true),
    ]

    /// In debug builds, traps unless the fast expectations (`expectedEntitlements`,
    /// `expectedUnits`) agree with the full ones (`entitlementStatuses`, `expectedState`); in
    /// release builds it does nothing. `apply` calls it after every accepted event, and it checks
    /// about one store state in eight, picked from the state itself so runs stay deterministic
    /// (checking all of them made the debug test suite 2.4 times slower); `FastPathTests`
    /// compares every event of its histories.
    @inline(__always)
    func checkInvariants() {
        #if DEBUG
            var key = UInt64(bitPattern: state.now.secondsSinceEpoch) &* 0x9E37_79B9_7F4A_7C15
            key ^= UInt64(state.records.count) &* 0xBF58_476D_1CE4_E5B9
            key ^= key >> 31
            guard key & 7 == 0 else { return }
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
