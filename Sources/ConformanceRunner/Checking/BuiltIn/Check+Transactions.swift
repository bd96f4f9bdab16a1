import PurchaseStateMachine

// The transaction checks: each consumable is credited once, each delivered transaction finished.

extension CheckID {
    /// Each consumable transaction is credited exactly once.
    public static let consumableCreditedOnce: CheckID = "consumable-credited-once"
    /// Every verified transaction handed to the app is finished before the event ends.
    public static let finishAlwaysCalled: CheckID = "finish-always-called"
}

extension Check {
    /// The transaction checks in the order they are evaluated.
    static let transactions: [Check] = [.consumableCreditedOnce, .finishAlwaysCalled]

    /// Each consumable transaction is credited exactly once and survives relaunch.
    public static let consumableCreditedOnce = Check(
        id: .consumableCreditedOnce,
        rule: "Each consumable transaction is credited exactly once, however often it is delivered, and survives relaunch.",
        source: "§3.2, §4; §16 B5, B6", whenAppAgrees: .holds, evaluate: balanceMismatch)

    /// Every transaction delivered to the app is finished before the event ends.
    public static let finishAlwaysCalled = Check(
        id: .finishAlwaysCalled,
        rule: "Every verified transaction delivered to the app (purchase result, update, launch redelivery) is finished before the event ends; unverified ones as the app policy promises.",
        source: "§4; §16 B7, B14",
        whenAppAgrees: .evaluate(when: .transactionsDelivered) { model, _, input in
            unfinished(delivered: input.deliveredOnce, model: model, policy: input.policy)
        }
    ) { input in
        unfinished(delivered: input.delivered.map(DeliveredTransaction.init), model: input.model, policy: input.policy)
    }

    /// The consumables whose reported balance differs from the model's, or nil.
    static func balanceMismatch(_ input: CheckInput) -> Discrepancy? {
        var expected: [String] = []
        var actual: [String] = []
        var differs = false
        let catalog = input.model.catalog
        for b in input.expected.balances {
            let id = catalog.products[b.product].id
            guard let reported = input.observed.balances[id] else { continue }
            expected.append("\(id): \(b.units)")
            actual.append("\(id): \(reported)")
            if reported != b.units { differs = true }
        }
        guard differs else { return nil }
        return Discrepancy(
            check: .consumableCreditedOnce, subject: "Consumable balances", expected: expected, actual: actual,
            note: "each verified consumable transaction is credited once (grant × quantity)")
    }

    /// The delivered transactions left finished or unfinished against the policy, or nil.
    static func unfinished(delivered: [DeliveredTransaction], model: borrowing StoreModel, policy: AppPolicy) -> Discrepancy? {
        var expected: [String] = []
        var actual: [String] = []
        for delivery in delivered {
            let id = delivery.id
            let finished = model.state.isFinished(id) ?? false
            let mustFinish: Bool?
            if delivery.verified {
                mustFinish = true
            } else {
                switch policy.unverifiedTransactions {
                case .finish: mustFinish = true
                case .leaveUnfinished: mustFinish = false
                case .either: mustFinish = nil
                }
            }
            guard let mustFinish, mustFinish != finished, let tx = model.state.transaction(id) else { continue }
            let label = "#\(id) \(tx.productID) (\(tx.reason.rawValue)\(delivery.verified ? "" : ", unverified"))"
            expected.append("\(label): \(mustFinish ? "finished" : "unfinished")")
            actual.append("\(label): \(finished ? "finished" : "unfinished")")
        }
        guard !expected.isEmpty else { return nil }
        return Discrepancy(
            check: .finishAlwaysCalled, subject: "Transactions delivered during the event", expected: expected, actual: actual,
            note: "a transaction left unfinished is delivered again at every launch")
    }
}
