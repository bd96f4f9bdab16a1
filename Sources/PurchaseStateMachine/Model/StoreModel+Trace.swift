extension StoreModel {
    /// One line of `purchase-conformance model`: the model's view after event `index`.
    ///
    /// Fields: `index`, `event` (compact), `now`, `transactions`, `currentEntitlements` (ids),
    /// `entitled` (product ids, sorted), `balances`, `subscriptions` (per group), `unfinished`
    /// (ids), `pendingAskToBuy` (product ids), `notifications` (`TYPE` or `TYPE/SUBTYPE`).
    public func traceLine(index: Int, event: Event, effects: StepEffects, policy: AppPolicy = AppPolicy()) -> JSONValue {
        let expected = expectedState(policy: policy)
        let entitled = expected.entitled.indices.map { catalog.products[$0].id }.sorted()
        var balances: [(key: String, value: JSONValue)] = []
        for b in expected.balances { balances.append((catalog.products[b.product].id, .int(Int64(b.units)))) }
        var subscriptions: [(key: String, value: JSONValue)] = []
        for group in statuses {
            subscriptions.append((
                group.group,
                .array(group.statuses.map { s in
                    .object([
                        ("state", .string(s.state.rawValue)), ("ownershipType", .string(s.ownershipType.rawValue)),
                        ("willAutoRenew", .bool(s.renewalInfo.willAutoRenew)),
                        ("autoRenewPreference", s.renewalInfo.autoRenewPreference.map { .string($0) } ?? .null),
                        ("expirationReason", s.renewalInfo.expirationReason.map { .string($0.rawValue) } ?? .null),
                        ("gracePeriodExpirationDate", s.renewalInfo.gracePeriodExpirationDate.map { .string($0.iso8601) } ?? .null),
                    ])
                })
            ))
        }
        return .object([
            ("index", .int(Int64(index))), ("event", .string(event.compact)), ("now", .string(state.now.iso8601)),
            ("transactions", .array(state.records.map { $0.transaction.json })),
            ("currentEntitlements", .array(currentEntitlements.map { .int(Int64($0.transaction.id)) })),
            ("entitled", .array(entitled.map { .string($0) })), ("balances", .object(balances)),
            ("subscriptions", .object(subscriptions)),
            ("unfinished", .array(unfinishedDeliveries.map { .int(Int64($0.transaction.id)) })),
            ("pendingAskToBuy", .array(state.pendingRequests.map { .string($0.purchase.product) })),
            ("notifications", .array(effects.notifications.map { .string($0.label) })),
        ])
    }
}
