/// One way to buy a one-time product (PBL 8, §1): a buy or a rent purchase option, with the offers
/// the console defines on it.
///
/// The contract documents no lifecycle for a rental beyond its purchase, so a bought option, rent
/// included, is an ordinary one-time purchase here; what the option changes is what the server
/// reports (`productOfferDetails`) and that an offer is bought one unit at a time (§5).
public struct PlayPurchaseOption: Hashable, Sendable {
    /// The purchase option id, unique within its product.
    public var id: String
    /// Whether this is a rent option rather than a buy option.
    public var rent: Bool
    /// The ids of the offers defined on this option, unique within its product.
    public var offers: [String]

    /// Creates a purchase option; a buy option with no offers by default.
    public init(id: String, rent: Bool = false, offers: [String] = []) {
        self.id = id
        self.rent = rent
        self.offers = offers
    }
}
