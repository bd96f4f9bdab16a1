extension Catalog {
    /// Reads the inline catalog of a `purchase-history/1` file: `{"products": [...]}`.
    ///
    /// A product is `{"id", "type"}` plus, by type: `grant` (consumable), `duration`
    /// (nonRenewable), `group`, `level`, `period`, optional `introductoryOffer`
    /// `{"mode", "duration", "periods"}` (autoRenewable); any product may carry
    /// `familyShareable` and `displayPrice`. Unknown fields are refused.
    public init(json: JSONValue, path: String = "catalog") throws(FormatError) {
        var reader = try JSONObjectReader(json, path: path)
        guard case .array(let items) = try reader.required("products") else {
            throw reader.error("products", "expected an array of products")
        }
        try reader.finish()
        var products: [Product] = []
        for (i, item) in items.enumerated() {
            products.append(try Product(json: item, path: "\(path).products[\(i)]"))
        }
        try self.init(products: products)
    }

    /// The catalog as the inline JSON of a history file.
    public var json: JSONValue {
        .object([(key: "products", value: .array(products.map(\.json)))])
    }
}

extension Product {
    /// Reads one product of an inline catalog.
    public init(json: JSONValue, path: String) throws(FormatError) {
        var r = try JSONObjectReader(json, path: path)
        let id = try r.string("id")
        let typeNames: [(String, ProductType)] = ProductType.allCases.map { ($0.rawValue, $0) }
        guard let type = try r.optionalEnum("type", typeNames) else { throw r.error("type", "is required but missing") }
        let kind: ProductKind
        switch type {
        case .consumable:
            kind = .consumable(grant: try r.optionalInt("grant") ?? 1)
        case .nonConsumable:
            kind = .nonConsumable
        case .nonRenewable:
            guard let duration = try r.optionalDuration("duration") else {
                throw r.error("duration", "a non-renewing subscription needs a duration such as P3M")
            }
            kind = .nonRenewable(duration: duration)
        case .autoRenewable:
            let group = try r.string("group")
            let level = try r.int("level")
            guard let period = try r.optionalDuration("period") else {
                throw r.error("period", "an auto-renewable subscription needs a period such as P1M")
            }
            var offer: IntroductoryOffer?
            if let offerJSON = r.optional("introductoryOffer") {
                var o = try JSONObjectReader(offerJSON, path: r.fieldPath("introductoryOffer"))
                let modes: [(String, OfferPaymentMode)] = OfferPaymentMode.allCases.map { ($0.rawValue, $0) }
                guard let mode = try o.optionalEnum("mode", modes) else { throw o.error("mode", "is required but missing") }
                guard let duration = try o.optionalDuration("duration") else {
                    throw o.error("duration", "is required but missing")
                }
                let periods = try o.optionalInt("periods") ?? 1
                try o.finish()
                offer = IntroductoryOffer(mode: mode, duration: duration, periods: periods)
            }
            var offers: [PurchaseOffer]?
            if let list = r.optional("offers") {
                guard case .array(let items) = list else { throw r.error("offers", "expected an array such as [\"promotional\", \"code\", \"winBack\"]") }
                offers = []
                for item in items {
                    guard case .string(let name) = item, let o = PurchaseOffer(rawValue: name) else {
                        throw r.error("offers", "\(item.rendered()) is not promotional, code or winBack")
                    }
                    offers?.append(o)
                }
            }
            kind = .autoRenewable(
                AutoRenewableSubscription(group: group, level: level, period: period, introductoryOffer: offer, offers: offers))
        }
        let familyShareable = try r.optionalBool("familyShareable") ?? false
        let displayPrice = try r.optionalString("displayPrice")
        try r.finish()
        self.init(id: id, kind: kind, familyShareable: familyShareable, displayPrice: displayPrice)
    }

    /// The product as inline catalog JSON.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(id)), ("type", .string(type.rawValue))]
        switch kind {
        case .consumable(let grant): members.append(("grant", .int(Int64(grant))))
        case .nonConsumable: break
        case .nonRenewable(let duration): members.append(("duration", .string(duration.iso8601)))
        case .autoRenewable(let sub):
            members.append(("group", .string(sub.group)))
            members.append(("level", .int(Int64(sub.level))))
            members.append(("period", .string(sub.period.iso8601)))
            if let offer = sub.introductoryOffer {
                var o: [(key: String, value: JSONValue)] = [
                    ("mode", .string(offer.mode.rawValue)), ("duration", .string(offer.duration.iso8601)),
                ]
                if offer.periods != 1 { o.append(("periods", .int(Int64(offer.periods)))) }
                members.append(("introductoryOffer", .object(o)))
            }
            if let offers = sub.offers { members.append(("offers", .array(offers.map { .string($0.rawValue) }))) }
        }
        if familyShareable { members.append(("familyShareable", .bool(true))) }
        if let displayPrice { members.append(("displayPrice", .string(displayPrice))) }
        return .object(members)
    }
}
