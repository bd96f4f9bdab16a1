extension Catalog {
    /// Reads an Xcode StoreKit configuration file (`.storekit`, format versions 1 to 5) already
    /// parsed as JSON: `products` (types `Consumable`, `NonConsumable`),
    /// `nonRenewingSubscriptions` (type `NonRenewingSubscription`) and
    /// `subscriptionGroups[].subscriptions` (type `RecurringSubscription`).
    ///
    /// Subscription levels come from `groupNumber`, periods from `recurringSubscriptionPeriod`,
    /// introductory offers from `introductoryOffer` (`paymentMode` `free`, `payAsYouGo`,
    /// `payUpFront`, with `subscriptionPeriod` and `numberOfPeriods`), and the other offers a
    /// purchase may name from `adHocOffers` (or the older `subscriptionOffers`: promotional),
    /// `codeOffers` (offer codes) and `winbackOffers`. A `.storekit` file does not say how much
    /// a consumable grants or how long a non-renewing subscription lasts: `consumableGrant` and
    /// `nonRenewableDuration` give them by product id, and a product they return nil for is an
    /// error naming it (never a guessed value). Keys the model does not need are ignored, as
    /// Xcode does; `StoreSettings(storeKitConfiguration:)` reads the `settings` block.
    public init(
        storeKitConfiguration json: JSONValue,
        consumableGrant: (String) -> Int? = { _ in nil },
        nonRenewableDuration: (String) -> ISODuration? = { _ in nil }
    ) throws(FormatError) {
        guard case .object = json else {
            throw FormatError(field: "", message: "a .storekit file must be a JSON object")
        }
        if let version = json["version"] {
            guard let major = version["major"], case .int(let m) = major, (1...5).contains(m) else {
                throw FormatError(field: "version.major", message: "unsupported .storekit version (1 to 5 are read)")
            }
        }
        var products: [Product] = []
        func text(_ value: JSONValue?, _ field: String) throws(FormatError) -> String {
            guard let value, case .string(let s) = value else {
                throw FormatError(field: field, message: "expected a string")
            }
            return s
        }
        func shareable(_ item: JSONValue, _ path: String) throws(FormatError) -> Bool {
            guard let value = item["familyShareable"], value != .null else { return false }
            guard case .bool(let b) = value else {
                throw FormatError(field: "\(path).familyShareable", message: "expected true or false")
            }
            return b
        }
        func price(_ item: JSONValue) -> String? {
            if case .string(let s)? = item["displayPrice"] { return s }
            return nil
        }
        func array(_ key: String, in value: JSONValue, path: String) throws(FormatError) -> [JSONValue] {
            guard let member = value[key], member != .null else { return [] }
            guard case .array(let items) = member else {
                throw FormatError(field: path.isEmpty ? key : "\(path).\(key)", message: "expected an array")
            }
            return items
        }
        for (i, item) in try array("products", in: json, path: "").enumerated() {
            let path = "products[\(i)]"
            let id = try text(item["productID"], "\(path).productID")
            let type = try text(item["type"], "\(path).type")
            switch type {
            case "Consumable":
                guard let grant = consumableGrant(id) else {
                    throw FormatError(
                        field: "\(path)", message: "consumable \"\(id)\" needs its grant (how many units one purchase credits), "
                            + "which a .storekit file does not hold: give it in \(StoreKitGrants.fileHint), with --grants \(id)=N, "
                            + "or in code with StoreKitGrants(consumables: [\"\(id)\": N])")
                }
                products.append(Product(id: id, kind: .consumable(grant: grant), displayPrice: price(item)))
            case "NonConsumable":
                products.append(
                    Product(id: id, kind: .nonConsumable, familyShareable: try shareable(item, path), displayPrice: price(item)))
            default:
                throw FormatError(
                    field: "\(path).type", message: "\"\(type)\" is not Consumable or NonConsumable")
            }
        }
        for (i, item) in try array("nonRenewingSubscriptions", in: json, path: "").enumerated() {
            let path = "nonRenewingSubscriptions[\(i)]"
            let id = try text(item["productID"], "\(path).productID")
            if let type = item["type"], type != .string("NonRenewingSubscription") {
                throw FormatError(field: "\(path).type", message: "expected NonRenewingSubscription in nonRenewingSubscriptions")
            }
            guard let duration = nonRenewableDuration(id) else {
                throw FormatError(
                    field: "\(path)", message: "non-renewing subscription \"\(id)\" needs its duration (such as P3M), "
                        + "which a .storekit file does not hold: give it in \(StoreKitGrants.fileHint), with --durations \(id)=P3M, "
                        + "or in code with StoreKitGrants(nonRenewing: [\"\(id)\": ISODuration(months: 3)])")
            }
            products.append(Product(id: id, kind: .nonRenewable(duration: duration), displayPrice: price(item)))
        }
        for (g, group) in try array("subscriptionGroups", in: json, path: "").enumerated() {
            let gpath = "subscriptionGroups[\(g)]"
            let groupID = try text(group["id"], "\(gpath).id")
            for (i, item) in try array("subscriptions", in: group, path: gpath).enumerated() {
                let path = "\(gpath).subscriptions[\(i)]"
                let id = try text(item["productID"], "\(path).productID")
                if let type = item["type"], type != .string("RecurringSubscription") {
                    throw FormatError(
                        field: "\(path).type",
                        message: "expected RecurringSubscription inside a subscription group (found \(type.rendered()))")
                }
                guard case .int(let level)? = item["groupNumber"] else {
                    throw FormatError(field: "\(path).groupNumber", message: "expected the level as an integer")
                }
                let periodText = try text(item["recurringSubscriptionPeriod"], "\(path).recurringSubscriptionPeriod")
                guard let period = ISODuration(iso8601: periodText) else {
                    throw FormatError(field: "\(path).recurringSubscriptionPeriod", message: "\"\(periodText)\" is not a duration")
                }
                let offer = try introductoryOffer(item["introductoryOffer"], path: "\(path).introductoryOffer")
                var offers: [PurchaseOffer] = []
                for (key, kind) in [("adHocOffers", PurchaseOffer.promotional), ("subscriptionOffers", .promotional), ("codeOffers", .code), ("winbackOffers", .winBack)] {
                    if try !array(key, in: item, path: path).isEmpty { offers.append(kind) }
                }
                products.append(
                    Product(
                        id: id,
                        kind: .autoRenewable(
                            AutoRenewableSubscription(
                                group: groupID, level: Int(level), period: period, introductoryOffer: offer, offers: offers)),
                        familyShareable: try shareable(item, path), displayPrice: price(item)))
            }
        }
        try self.init(products: products)
    }
}

private func introductoryOffer(_ value: JSONValue?, path: String) throws(FormatError) -> IntroductoryOffer? {
    guard let value, value != .null else { return nil }
    guard case .string(let modeText)? = value["paymentMode"] else {
        throw FormatError(field: "\(path).paymentMode", message: "expected free, payAsYouGo or payUpFront")
    }
    let mode: OfferPaymentMode
    switch modeText {
    case "free": mode = .freeTrial
    case "payAsYouGo": mode = .payAsYouGo
    case "payUpFront": mode = .payUpFront
    default:
        throw FormatError(field: "\(path).paymentMode", message: "\"\(modeText)\" is not free, payAsYouGo or payUpFront")
    }
    guard case .string(let periodText)? = value["subscriptionPeriod"], let period = ISODuration(iso8601: periodText) else {
        throw FormatError(field: "\(path).subscriptionPeriod", message: "expected a duration such as P1W")
    }
    var count = 1
    if let n = value["numberOfPeriods"], n != .null {
        guard case .int(let v) = n, v >= 1, v <= Catalog.maximumOfferPeriods else {
            throw FormatError(
                field: "\(path).numberOfPeriods", message: "expected an integer from 1 to \(Catalog.maximumOfferPeriods)")
        }
        count = Int(v)
    }
    switch mode {
    case .freeTrial, .payUpFront:
        return IntroductoryOffer(mode: mode, duration: period.times(count), periods: 1)
    case .payAsYouGo:
        return IntroductoryOffer(mode: mode, duration: period, periods: count)
    }
}
