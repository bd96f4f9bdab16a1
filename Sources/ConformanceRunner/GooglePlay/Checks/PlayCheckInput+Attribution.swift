import PurchaseStateMachine

// Which check a divergent grant is attributed to: the status of the newest token behind the
// product decides, so a failure is named by the rule it breaks most precisely.

extension PlayCheckInput {
    /// The entitled-products discrepancy when a product granted against the model is attributed to `check`.
    func unexpectedGrant(attributedTo check: CheckID) -> Discrepancy? {
        unexpectedGrantChecks.contains(check) ? entitlementDiscrepancy(check) : nil
    }

    /// The entitled-products discrepancy when a product withheld against the model is attributed to `check`.
    func missingGrant(attributedTo check: CheckID) -> Discrepancy? {
        missingGrantChecks.contains(check) ? entitlementDiscrepancy(check) : nil
    }

    /// The check an unexpected grant of `product` breaks: a forgery's, else its newest token's status's (§2.3, §15.3).
    func unexpectedCheck(_ product: String) -> CheckID {
        if isForged(product) { return .unverifiedNeverEntitled }
        switch model.newestTokenStatus(of: product, knowsEverything: knowsEverything) {
        case .pending?, .pendingCanceled?: return .pendingNotEntitled
        case .onHold?: return .onHoldNeverEntitled
        case .paused?: return .pausedNeverEntitled
        case .replaced?: return .replacedTokenNeverEntitled
        case .voided?: return .refundedNeverEntitled
        case .expired?: return .expiredNeverEntitled
        default: return .entitlementsMatch
        }
    }

    /// The check a missing grant of `product` breaks, by its newest token's status; a plain
    /// missing grant whose token's acknowledgement last answered an error is B12's.
    func missingCheck(_ product: String) -> CheckID {
        switch model.newestTokenStatus(of: product, knowsEverything: knowsEverything) {
        case .inGracePeriod?: return .gracePeriodEntitled
        case .canceled?: return .canceledEntitledUntilExpiry
        default:
            guard let token = latestToken(of: product), acknowledgementErrors.contains(token) else { return .entitlementsMatch }
            return .acknowledgementErrorKeepsAccess
        }
    }

    /// §2.3: a grant Google's own purchases do not explain, of a product the app was handed a forgery of.
    func isForged(_ product: String) -> Bool {
        model.forgedProducts.contains(product) && !model.expectedEntitlements(knowsEverything: true).contains(product)
    }

    /// The first consumable whose balance is not one a correct subject could show, among those a
    /// forgery explains (`forged`) or those it does not.
    func balanceMismatch(forged: Bool) -> (product: String, units: Int, accepted: [Int], forged: Bool)? {
        guard case .queried(let observed) = moment else { return nil }
        for product in policy.consumables {
            let units = observed.balances[product] ?? 0
            let accepted = model.acceptedCredits(product, knowsEverything: knowsEverything)
            let byForgery = model.forgedProducts.contains(product) && !accepted.contains(units) && units > accepted[0]
            guard !accepted.contains(units), byForgery == forged else { continue }
            return (product, units, accepted, byForgery)
        }
        return nil
    }

    /// The balance discrepancy of `mismatch`, named `check`.
    func balanceDiscrepancy(_ check: CheckID, _ mismatch: (product: String, units: Int, accepted: [Int], forged: Bool)) -> Discrepancy {
        let clawed = mismatch.accepted.dropFirst().map(String.init).joined(separator: " or ")
        return Discrepancy(
            check: check, subject: "Balance of \(mismatch.product)",
            expected: ["\(mismatch.accepted[0])" + (clawed.isEmpty ? "" : " (or \(clawed) after claw-back)")], actual: ["\(mismatch.units)"])
    }

    /// The entitled-products discrepancy, named `check`: expected (with the leeway) against granted.
    func entitlementDiscrepancy(_ check: CheckID) -> Discrepancy {
        let line = "[\(expected.joined(separator: ", "))]" + (leeway.isEmpty ? "" : " (either way: \(leeway.joined(separator: ", ")))")
        return Discrepancy(check: check, subject: "Entitled products", expected: [line], actual: ["[\(granted.joined(separator: ", "))]"])
    }

    /// The newest token behind `product`.
    func latestToken(of product: String) -> String? {
        // §1 V-ADDONS: an add-on's product is one of its token's line items, not the token's first product.
        model.tokens.last { t in t.products.contains(product) || t.subscription?.deferredFrom.flatMap { model.catalog.subscription(ofPlan: $0) } == product }?
            .tokenString
    }
}
