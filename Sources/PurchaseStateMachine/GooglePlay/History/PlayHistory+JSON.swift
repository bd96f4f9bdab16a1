extension PlayHistory {
    /// Reads a Google Play `purchase-history/1` document (form only; `validate()` checks possibility).
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "")
        let format = try r.optionalString("format")
        guard format == History.format else {
            throw r.error("format", format.map { "\"\($0)\" is not \"\(History.format)\"" } ?? "is required (\"\(History.format)\")")
        }
        guard try r.optionalString("storeKind") == PlayHistory.storeKind else {
            throw r.error("storeKind", "must be \"\(PlayHistory.storeKind)\" for a Google Play history")
        }
        name = try r.optionalString("name")
        if let text = try r.optionalString("start") {
            guard let start = Instant(iso8601: text) else {
                throw r.error("start", "\"\(text)\" is not an ISO 8601 UTC time such as 2026-01-01T00:00:00Z")
            }
            self.start = start
        } else {
            start = .defaultStart
        }
        let catalog = try PlayCatalog(json: try r.required("catalog"))
        self.catalog = catalog
        variations = try r.optional("store").map { v throws(FormatError) in try PlayVariations(json: v) } ?? PlayVariations()
        policy = try r.optional("policy").map { v throws(FormatError) in try PlayPolicy(json: v, catalog: catalog) } ?? PlayPolicy()
        guard case .array(let items) = try r.required("events") else { throw r.error("events", "expected an array of events") }
        var events: [PlayEvent] = []
        for (i, item) in items.enumerated() { events.append(try PlayEvent(json: item, index: i)) }
        self.events = events
        expect = try r.optional("expect").map { v throws(FormatError) in try HistoryExpectation(json: v, eventCount: items.count) }
        origin = try r.optional("origin").map { v throws(FormatError) in try HistoryOrigin(json: v) }
        try r.finish()
    }

    /// Parses and validates history text: syntax, fields, then every event against the model.
    public init(text: String) throws(FormatError) {
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw FormatError(field: "", message: "not valid JSON: \(error)") }
        try self.init(json: json)
        try validate()
    }

    /// The history as a document.
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("format", .string(History.format)), ("storeKind", .string(PlayHistory.storeKind))]
        if let name { m.append(("name", .string(name))) }
        if start != .defaultStart { m.append(("start", .string(start.iso8601))) }
        m.append(("catalog", catalog.json))
        if variations != PlayVariations() { m.append(("store", variations.json)) }
        m.append(("policy", policy.json))
        m.append(("events", .array(events.map(\.json))))
        if let expect { m.append(("expect", expect.json)) }
        if let origin { m.append(("origin", origin.json)) }
        return .object(m)
    }

    /// The file text: sorted keys, two-space indentation, a final newline.
    public var fileText: String { json.rendered(pretty: true) + "\n" }
}

extension PlayPolicy {
    /// Reads `{"consumables": [ids]}`; every id must be a one-time product of `catalog`.
    public init(json: JSONValue, catalog: PlayCatalog) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "policy")
        var ids: [String] = []
        if let value = r.optional("consumables") {
            guard case .array(let items) = value else { throw r.error("consumables", "expected an array of one-time product ids") }
            for item in items {
                guard case .string(let id) = item, catalog.oneTime.contains(where: { $0.id == id }) else {
                    throw r.error("consumables", "\(item.rendered()) is not a one-time product of the catalog")
                }
                ids.append(id)
            }
        }
        try r.finish()
        self.init(consumables: ids)
    }

    /// The policy as a document.
    public var json: JSONValue { .object([("consumables", .array(consumables.map { .string($0) }))]) }
}
