extension StoreSettings {
    /// The `settings` keys of a `.storekit` file this model maps, and what each sets.
    public static let storeKitFileKeysRead = ["_billingGracePeriodEnabled (grace period P16D when true, P0D when false)"]

    /// The `settings` keys of a `.storekit` file that describe Xcode's test session, not the
    /// App Store, and are ignored: the model explores those behaviours itself (Ask to Buy and
    /// billing failures are events; errors, dialogs, time rate, locale and storefront do not
    /// change what a correct app grants).
    public static let storeKitFileKeysIgnored = [
        "_askToBuyEnabled", "_billingIssuesEnabled", "_renewalBillingIssuesEnabled", "_failTransactionsEnabled", "_storeKitErrors",
        "_timeRate", "_disableDialogs", "_locale", "_storefront", "_applicationInternalID", "_developerTeamID",
        "_lastSynchronizedDate",
    ]

    /// The store settings a `.storekit` file's `settings` block states: its billing grace
    /// period switch. Every other key is left at the default (see `storeKitFileKeysIgnored`).
    public init(storeKitConfiguration json: JSONValue) throws(FormatError) {
        self.init()
        guard let settings = json["settings"], settings != .null else { return }
        guard case .object = settings else { throw FormatError(field: "settings", message: "expected an object") }
        if let grace = settings["_billingGracePeriodEnabled"], grace != .null {
            guard case .bool(let on) = grace else {
                throw FormatError(field: "settings._billingGracePeriodEnabled", message: "expected true or false")
            }
            gracePeriod = on ? .days(16) : .days(0)
        }
    }
}
