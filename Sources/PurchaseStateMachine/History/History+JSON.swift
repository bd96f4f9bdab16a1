extension History {
    /// Reads a `purchase-history/1` document; `loadCatalogFile` resolves a `catalogFile`
    /// reference (the model does no I/O). The events are checked for form here and for
    /// possibility by `validate()`.
    public init(
        json: JSONValue, loadCatalogFile: (String) throws(FormatError) -> Catalog = { path throws(FormatError) in
            throw FormatError(field: "catalogFile", message: "catalog files cannot be read here (\(path))")
        }
    ) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "")
        let format = try r.optionalString("format")
        guard format == History.format else {
            throw r.error(
                "format", format.map { "\"\($0)\" is not \"\(History.format)\"" } ?? "is required (\"\(History.format)\")")
        }
        // `storeKind` (absent or "appStore" here); a Google Play history is read by `PlayHistory`.
        if let kind = try r.optionalString("storeKind"), kind != "appStore" {
            throw r.error("storeKind", kind == PlayHistory.storeKind
                ? "this is a Google Play history: read it with PlayHistory (HistoryFile.readPlay; every command of the tool that takes a history file reads it)"
                : "\"\(kind)\" is not \"appStore\" or \"\(PlayHistory.storeKind)\"")
        }
        name = try r.optionalString("name")
        if let text = try r.optionalString("start") {
            guard let start = Instant(iso8601: text) else {
                throw r.error("start", "\"\(text)\" is not an ISO 8601 UTC time such as 2026-01-01T00:00:00Z")
            }
            guard start >= .earliestSupported else {
                throw r.error("start", "\"\(text)\" is before 1970-01-01T00:00:00Z (histories start within the years 1970–9999)")
            }
            self.start = start
        } else {
            start = .defaultStart
        }
        let inline = r.optional("catalog")
        let file = try r.optionalString("catalogFile")
        switch (inline, file) {
        case (let json?, nil):
            catalog = try Catalog(json: json)
            catalogFile = nil
        case (nil, let path?):
            catalog = try loadCatalogFile(path)
            catalogFile = path
        case (.some, .some):
            throw r.error("catalogFile", "give either catalog or catalogFile, not both")
        case (nil, nil):
            throw r.error("catalog", "is required (or catalogFile)")
        }
        store = try r.optional("store").map { v throws(FormatError) in try StoreSettings(json: v) } ?? StoreSettings()
        policy = try r.optional("policy").map { v throws(FormatError) in try AppPolicy(json: v) } ?? AppPolicy()
        guard case .array(let items) = try r.required("events") else {
            throw r.error("events", "expected an array of events")
        }
        var events: [Event] = []
        events.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { events.append(try Event(json: item, index: i)) }
        self.events = events
        expect = try r.optional("expect").map { v throws(FormatError) in try HistoryExpectation(json: v, eventCount: items.count) }
        origin = try r.optional("origin").map { v throws(FormatError) in try HistoryOrigin(json: v) }
        schedule = []
        if let value = r.optional("schedule") {
            guard case .array(let items) = value else { throw r.error("schedule", "expected an array of task indices") }
            for (i, item) in items.enumerated() {
                guard case .int(let n) = item, n >= 0, n <= 10_000 else {
                    throw r.error("schedule", "element \(i) is not a task index (0 to 10000)")
                }
                schedule.append(Int(n))
            }
        }
        try r.finish()
    }

    /// Parses and validates history text: syntax, fields, then every event against the model.
    public init(
        text: String, loadCatalogFile: (String) throws(FormatError) -> Catalog = { path throws(FormatError) in
            throw FormatError(field: "catalogFile", message: "catalog files cannot be read here (\(path))")
        }
    ) throws(FormatError) {
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw FormatError(field: "", message: "not valid JSON: \(error)") }
        try self.init(json: json, loadCatalogFile: loadCatalogFile)
        try validate()
    }

    /// The history as a `purchase-history/1` document.
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("format", .string(History.format))]
        if let name { m.append(("name", .string(name))) }
        if start != .defaultStart { m.append(("start", .string(start.iso8601))) }
        if let catalogFile { m.append(("catalogFile", .string(catalogFile))) } else { m.append(("catalog", catalog.json)) }
        if store != StoreSettings() { m.append(("store", store.json)) }
        if policy != AppPolicy() { m.append(("policy", policy.json)) }
        m.append(("events", .array(events.map(\.json))))
        if let expect { m.append(("expect", expect.json)) }
        if let origin { m.append(("origin", origin.json)) }
        if !schedule.isEmpty { m.append(("schedule", .array(schedule.map { .int(Int64($0)) }))) }
        return .object(m)
    }

    /// The file text: sorted keys, two-space indentation, a final newline.
    public var fileText: String { json.rendered(pretty: true) + "\n" }
}

extension HistoryExpectation {
    init(json: JSONValue, eventCount: Int) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "expect")
        if let passes = try r.optionalBool("passes") {
            guard passes else { throw r.error("passes", "write {\"passes\": true} or {\"fails\": …}") }
            try r.finish()
            self = .passes
            return
        }
        guard let fails = r.optional("fails") else { throw r.error("fails", "expect needs passes or fails") }
        try r.finish()
        var f = try JSONObjectReader(fails, path: "expect.fails")
        let check = try f.string("check")
        let at = try f.int("atEvent")
        try f.finish()
        guard at >= -1, at < eventCount else {
            throw f.error("atEvent", "\(at) is not an event index (the history has \(eventCount) events; -1 is the launch before them)")
        }
        self = .fails(check: check, atEvent: at)
    }

    /// The `expect` member as files and `replay --json` write it: `{"passes": true}` or `{"fails": {"check", "atEvent"}}`.
    public var json: JSONValue {
        switch self {
        case .passes: return .object([("passes", .bool(true))])
        case .fails(let check, let at):
            return .object([("fails", .object([("check", .string(check)), ("atEvent", .int(Int64(at)))]))])
        }
    }
}

extension HistoryOrigin {
    init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "origin")
        tool = try r.optionalString("tool")
        seed = try r.optionalString("seed")
        subject = try r.optionalString("subject")
        test = try r.optionalString("test")
        try r.finish()
    }

    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        if let tool { m.append(("tool", .string(tool))) }
        if let seed { m.append(("seed", .string(seed))) }
        if let subject { m.append(("subject", .string(subject))) }
        if let test { m.append(("test", .string(test))) }
        return .object(m)
    }
}
