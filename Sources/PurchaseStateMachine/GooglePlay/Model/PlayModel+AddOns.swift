/// Subscriptions with add-ons (play-billing-semantics §1, V-ADDONS): one purchase, one token,
/// several items (`lineItems`, `getProducts()`), all auto-renewing or all prepaid. The model buys
/// at most one add-on item with a base plan, of another subscription; [INF] the items share the
/// token's lifecycle (one renewal date, one state), an add-on is not offered with installment plans
/// or pending purchases, a product the customer owns cannot be bought as an add-on, and a bundle is
/// replaced as a whole (a plan change keeps only the new plan).
extension PlayModel {
    /// The add-on item of `request` as (subscription, base plan), after checking that it can be bought with `plan`.
    func addOnItem(of request: PlayPurchaseRequest, plan: PlayBasePlan?, event: PlayEvent) throws(PlayRejection) -> (String, PlayBasePlan)? {
        guard let id = request.addOn else { return nil }
        guard variations.addOnsOffered else {
            throw PlayRejection(event: event, reason: "add-on purchases are not offered in this history (V-ADDONS is off, §1)")
        }
        guard let plan, case .basePlan(let addOn, let subscription)? = catalog.item(id),
            subscription != catalog.subscription(ofPlan: plan.id)
        else {
            throw PlayRejection(event: event, reason: "an add-on is a base plan of another subscription, bought with a base plan (§1)")
        }
        guard (plan.kind == .prepaid) == (addOn.kind == .prepaid) else {
            throw PlayRejection(event: event, reason: "the items of one purchase are all auto-renewing or all prepaid (§1)")
        }
        guard plan.kind != .installments, addOn.kind != .installments, request.outcome != .pending else {
            throw PlayRejection(event: event, reason: "the model offers add-ons with auto-renewing or prepaid plans bought at once only")
        }
        return (subscription, addOn)
    }

    /// Whether the customer already owns the add-on's product (so the purchase fails as owned).
    func addOnOwned(_ addOn: (String, PlayBasePlan)?) -> Bool {
        guard let (product, plan) = addOn else { return false }
        return ownedBlocker(product: product, plan: plan) != nil
    }

    /// Makes the add-on an item of token `index`.
    mutating func attach(_ addOn: (String, PlayBasePlan)?, to index: Int) {
        guard let (product, plan) = addOn else { return }
        tokens[index].addOn = product
        tokens[index].addOnPlan = plan.id
    }
}
