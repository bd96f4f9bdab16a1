extension PlayCatalog {
    /// Reads `{"oneTime": [{"id", "multiQuantity"?, "preorderRelease"?, "purchaseOptions"?}], "subscriptions": [{"id", "basePlans": [{"id", "type", "period", "freeTrial"?}]}], "licenseTesting"?}`.
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "catalog")
        var ids: [String] = []
        func unique(_ id: String, _ reader: JSONObjectReader) throws(FormatError) {
            guard !id.isEmpty, !ids.contains(id) else { throw reader.error("id", "\"\(id)\" is empty or used twice (ids are unique across the catalog)") }
            ids.append(id)
        }
        var oneTime: [PlayOneTimeProduct] = []
        if let value = r.optional("oneTime") {
            guard case .array(let items) = value else { throw r.error("oneTime", "expected an array of products") }
            for (i, item) in items.enumerated() {
                var p = try JSONObjectReader(item, path: "catalog.oneTime[\(i)]")
                try Self.refuseFamilySharing(p)
                let id = try p.string("id")
                try unique(id, p)
                var release: Instant?
                if let text = try p.optionalString("preorderRelease") {
                    guard let instant = Instant(iso8601: text) else { throw p.error("preorderRelease", "expected an instant such as 2026-01-10T00:00:00Z") }
                    release = instant
                }
                oneTime.append(PlayOneTimeProduct(
                    id: id, multiQuantity: try p.optionalBool("multiQuantity") ?? true, preorderRelease: release,
                    purchaseOptions: try Self.purchaseOptions(&p, path: "catalog.oneTime[\(i)]")))
                try p.finish()
            }
        }
        var subscriptions: [PlaySubscription] = []
        if let value = r.optional("subscriptions") {
            guard case .array(let items) = value else { throw r.error("subscriptions", "expected an array of subscriptions") }
            for (i, item) in items.enumerated() {
                var s = try JSONObjectReader(item, path: "catalog.subscriptions[\(i)]")
                try Self.refuseFamilySharing(s)
                let id = try s.string("id")
                try unique(id, s)
                guard case .array(let planItems) = try s.required("basePlans"), !planItems.isEmpty else {
                    throw s.error("basePlans", "expected a non-empty array of base plans")
                }
                var plans: [PlayBasePlan] = []
                for (j, planItem) in planItems.enumerated() {
                    var b = try JSONObjectReader(planItem, path: "catalog.subscriptions[\(i)].basePlans[\(j)]")
                    let planID = try b.string("id")
                    try unique(planID, b)
                    guard let kind = try b.optionalEnum("type", PlayBasePlan.Kind.allCases.map { ($0.rawValue, $0) }) else {
                        throw b.error("type", "is required (autoRenewing, prepaid or installments)")
                    }
                    let commitment = try b.optionalInt("commitmentPayments")
                    if kind == .installments, (commitment ?? 0) < 2 || (commitment ?? 0) > 60 {
                        throw b.error("commitmentPayments", "an installment plan needs 2…60 committed payments")
                    }
                    if kind != .installments, commitment != nil {
                        throw b.error("commitmentPayments", "only an installment plan has committed payments")
                    }
                    guard let period = try b.optionalDuration("period"), period.approximateSeconds >= 86_400 else {
                        throw b.error("period", "is required: a duration of at least a day such as P1M")
                    }
                    plans.append(PlayBasePlan(
                        id: planID, kind: kind, period: period, freeTrial: try b.optionalDuration("freeTrial"), commitmentPayments: commitment))
                    try b.finish()
                }
                subscriptions.append(PlaySubscription(id: id, basePlans: plans))
                try s.finish()
            }
        }
        let licenseTesting = try r.optionalBool("licenseTesting") ?? false
        try r.finish()
        self.init(oneTime: oneTime, subscriptions: subscriptions, licenseTesting: licenseTesting)
    }

    /// Reads a one-time product's `"purchaseOptions": [{"id", "rent"?, "offers"?: [ID]}]`; option
    /// ids and offer ids are each unique within the product.
    private static func purchaseOptions(_ product: inout JSONObjectReader, path: String) throws(FormatError) -> [PlayPurchaseOption] {
        guard let value = product.optional("purchaseOptions") else { return [] }
        guard case .array(let items) = value, !items.isEmpty else { throw product.error("purchaseOptions", "expected a non-empty array of purchase options") }
        var options: [PlayPurchaseOption] = []
        for (j, item) in items.enumerated() {
            var o = try JSONObjectReader(item, path: "\(path).purchaseOptions[\(j)]")
            let id = try o.string("id")
            guard !id.isEmpty, !options.contains(where: { $0.id == id }) else { throw o.error("id", "\"\(id)\" is empty or used twice in this product") }
            var offers: [String] = []
            if let list = o.optional("offers") {
                guard case .array(let names) = list else { throw o.error("offers", "expected an array of offer ids") }
                for name in names {
                    guard case .string(let offer) = name, !offer.isEmpty else { throw o.error("offers", "expected offer ids as non-empty strings") }
                    guard !offers.contains(offer), !options.contains(where: { $0.offers.contains(offer) }) else {
                        throw o.error("offers", "offer \"\(offer)\" is used twice in this product")
                    }
                    offers.append(offer)
                }
            }
            options.append(PlayPurchaseOption(id: id, rent: try o.optionalBool("rent") ?? false, offers: offers))
            try o.finish()
        }
        return options
    }

    /// Refuses the App Store's `familyShareable` on a Play product with the reason (§12), rather
    /// than as one more unknown field.
    private static func refuseFamilySharing(_ reader: JSONObjectReader) throws(FormatError) {
        var probe = reader
        if probe.optional("familyShareable") != nil { throw reader.error("familyShareable", PlayEventKind.noFamilySharing) }
    }

    /// The catalog as a document.
    public var json: JSONValue {
        guard case .object(var members) = productsJSON else { return productsJSON }
        if licenseTesting { members.append(("licenseTesting", .bool(true))) }
        return .object(members)
    }

    /// The products part of the document.
    private var productsJSON: JSONValue {
        .object([
            ("oneTime", .array(oneTime.map { p in
                var m: [(key: String, value: JSONValue)] = [("id", .string(p.id)), ("multiQuantity", .bool(p.multiQuantity))]
                if let release = p.preorderRelease { m.append(("preorderRelease", .string(release.iso8601))) }
                if !p.purchaseOptions.isEmpty {
                    m.append(("purchaseOptions", .array(p.purchaseOptions.map { o in
                        var option: [(key: String, value: JSONValue)] = [("id", .string(o.id))]
                        if o.rent { option.append(("rent", .bool(true))) }
                        if !o.offers.isEmpty { option.append(("offers", .array(o.offers.map { .string($0) }))) }
                        return .object(option)
                    })))
                }
                return .object(m)
            })),
            ("subscriptions", .array(subscriptions.map { s in
                .object([
                    ("id", .string(s.id)),
                    ("basePlans", .array(s.basePlans.map { p in
                        var m: [(key: String, value: JSONValue)] = [("id", .string(p.id)), ("type", .string(p.kind.rawValue)), ("period", .string(p.period.iso8601))]
                        if let trial = p.freeTrial { m.append(("freeTrial", .string(trial.iso8601))) }
                        if let commitment = p.commitmentPayments { m.append(("commitmentPayments", .int(Int64(commitment)))) }
                        return .object(m)
                    })),
                ])
            })),
        ])
    }
}
