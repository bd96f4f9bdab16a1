extension PlayModel {
    /// The purchase option (and offer) a purchase of a one-time product went through (PBL 8, §1).
    struct BoughtOption {
        /// The option id.
        var id: String
        /// Whether it is a rent option.
        var rent: Bool
        /// The offer taken, if any.
        var offer: String?
    }

    /// §1, §5: the option and offer `request` names, checked against the catalog. A product with
    /// several options needs `option:` or `offer:` (the flow is launched with one offer token);
    /// an offer is bought one unit at a time, since multi-quantity applies to purchase options,
    /// not to offers.
    func purchaseOption(of request: PlayPurchaseRequest, item: PlayItem, event: PlayEvent) throws(PlayRejection) -> BoughtOption? {
        guard case .oneTime(let product) = item else { return nil }
        let options = product.purchaseOptions
        guard !options.isEmpty else {
            guard request.option == nil, request.offer == nil else {
                throw PlayRejection(event: event, reason: "\(product.id) is sold one way: the catalog defines no purchase options or offers for it (§1)")
            }
            return nil
        }
        let known = options.map(\.id).joined(separator: ", ")
        var chosen: PlayPurchaseOption?
        if let id = request.option {
            guard let option = options.first(where: { $0.id == id }) else {
                throw PlayRejection(event: event, reason: "\(product.id) has no purchase option \"\(id)\" (its options: \(known))")
            }
            chosen = option
        }
        if let offer = request.offer {
            guard let owner = options.first(where: { $0.offers.contains(offer) }) else {
                throw PlayRejection(event: event, reason: "no purchase option of \(product.id) has an offer \"\(offer)\"")
            }
            guard chosen == nil || chosen == owner else {
                throw PlayRejection(event: event, reason: "offer \"\(offer)\" belongs to purchase option \(owner.id), not \(chosen?.id ?? "")")
            }
            guard request.quantity == 1 else {
                throw PlayRejection(event: event, reason: "an offer is bought one unit at a time: multi-quantity applies to purchase options, not offers (§5)")
            }
            chosen = owner
        }
        guard let chosen else {
            guard options.count == 1 else {
                throw PlayRejection(event: event, reason: "\(product.id) has several purchase options; name one with option: (its options: \(known))")
            }
            return BoughtOption(id: options[0].id, rent: options[0].rent, offer: nil)
        }
        return BoughtOption(id: chosen.id, rent: chosen.rent, offer: request.offer)
    }
}
