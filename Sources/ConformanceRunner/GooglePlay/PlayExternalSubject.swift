import PurchaseStateMachine

/// A Google Play subject in another process, spoken to in `purchase-subject/1`'s Google Play
/// messages (`docs/SubjectProtocol.md`): one JSON line per message, one reply line back.
///
/// Each history's `start` (with `"storeKind": "googlePlay"`) reuses the running program; a program
/// that lists `"billingResponses"` in its `start` reply's `wants` is also sent a `billingResponse`
/// message with Google's answer to each of its calls, and a backend that lists `"voidedPurchases"`
/// gets the Voided Purchases API's list with each `tick` (older programs never see either). Replies
/// are read strictly; a timeout, an exit, a malformed reply or an `{"type":"error"}` reply is
/// thrown as a `SubjectError`, reported as `subject-responds`. One program serves one history
/// at a time.
public struct PlayExternalSubject: PlaySubject {
    /// The program this subject talks to.
    public let process: SubjectProcess
    /// Whether the program asked for RTDNs in its reply to `start`.
    public private(set) var wantsNotifications: Bool
    /// Whether the program asked for Google's answers to its calls (`"billingResponses"` in `wants`).
    public private(set) var wantsBillingResponses: Bool
    /// Whether the program asked for the Voided Purchases API's list on each `tick` (`"voidedPurchases"` in `wants`).
    public private(set) var wantsVoidedPurchases: Bool
    let history: UInt64
    /// Tokens named to the program so far, in first-named order: a `tick` carries their API answers.
    var heard: [String] = []

    /// Refuses to start: an external subject needs a process, so use `factory(process:)`.
    public init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) throws {
        throw SubjectError("an external subject needs a program to talk to: build it with PlayExternalSubject.factory(process:)")
    }

    /// Starts a new history on `process` and sends `start`.
    public init(process: SubjectProcess, catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) throws(SubjectError) {
        self.process = process
        do { history = try process.beginHistory() } catch { throw SubjectError("start: \(error)") }
        wantsNotifications = false
        wantsBillingResponses = false
        wantsVoidedPurchases = false
        let reply = try send(
            "start", [("storeKind", .string(PlayHistory.storeKind)), ("catalog", catalog.json), ("policy", policy.json), ("serverNow", .string(context.now.iso8601))],
            expecting: "ok")
        guard let value = reply["wants"] else { return }
        // Read strictly, as an App Store program's `wants` is: a misspelt name would otherwise
        // silently turn a backend into an app (and hold it to what Play told it).
        guard case .array(let wants) = value else { throw fault("`start`: \"wants\" is a list of names (\(Self.wantsNames.joined(separator: ", ")))") }
        for item in wants where !Self.wantsNames.contains(where: { item == .string($0) }) {
            throw fault("`start`: \(item.rendered()) in \"wants\" is not one of \(Self.wantsNames.joined(separator: ", "))")
        }
        wantsNotifications = wants.contains(.string("notifications"))
        wantsBillingResponses = wants.contains(.string("billingResponses"))
        wantsVoidedPurchases = wants.contains(.string("voidedPurchases"))
    }

    /// The names a `start` reply's `wants` may list.
    static let wantsNames = ["notifications", "billingResponses", "voidedPurchases"]

    /// Builds subjects that talk to `process`, one history at a time.
    public static func factory(process: SubjectProcess) -> PlaySubjectFactory<PlayExternalSubject> {
        { catalog, policy, context in try PlayExternalSubject(process: process, catalog: catalog, policy: policy, context: context) }
    }

    /// Reconciles with what `queryPurchasesAsync` returned.
    public mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        hear(purchases.flatMap(\.namedTokens))
        return try replies(send("connected", [("reason", .string(reason.rawValue)), ("purchases", .array(purchases.map(\.json))), now(context)], expecting: "ok"))
    }

    /// Handles `onPurchasesUpdated`.
    public mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        hear(purchases.flatMap(\.namedTokens))
        return try replies(send("purchasesUpdated", [("result", .string(result.rawValue)), ("purchases", .array(purchases.map(\.json))), now(context)], expecting: "ok"))
    }

    /// Handles one RTDN.
    public mutating func notification(_ notification: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
        hear([notification.token])
        return try replies(send(
            "notification", [("notification", notification.json), ("server", context.server(token: notification.token) ?? .null), now(context)],
            expecting: "ok"))
    }

    /// (Backends) the reconciliation tick: the Developer API's answer for every token named so far,
    /// and for a program that asked, `purchases.voidedpurchases.list` with `type = 1` (§8), as
    /// `PlaySubjectContext.voidedPurchases(includeSubscriptions: true)` gives a Swift subject.
    public mutating func tick(context: PlaySubjectContext) throws -> [PlayReply] {
        let answers = heard.map { (key: $0, value: context.server(token: $0) ?? .null) }
        var fields: [(key: String, value: JSONValue)] = [("server", .object(answers))]
        if wantsVoidedPurchases {
            fields.append(("voidedPurchases", .array(context.voidedPurchases(includeSubscriptions: true).map(\.json))))
        }
        return try replies(send("tick", fields + [now(context)], expecting: "ok"))
    }

    /// Hands over Google's answer to one call; the program may answer with more calls.
    public mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] {
        try replies(send(
            "billingResponse",
            [("call", .string(reply.call)), ("token", .string(reply.token)), ("responseCode", .string(result.rawValue)), now(context)],
            expecting: "ok"))
    }

    private mutating func hear(_ tokens: [String]) {
        // A test notification names no token (§9.3): there is nothing to re-read for it.
        for token in tokens where !token.isEmpty && !heard.contains(token) { heard.append(token) }
    }

    /// Drops in-memory state.
    public mutating func terminate() { _ = try? send("terminate", [], expecting: "ok") }

    /// What the app grants now.
    public func query(context: PlaySubjectContext) throws -> ObservedState {
        let reply = try send("query", [now(context)], expecting: "state")
        guard case .array(let items)? = reply["entitled"] else { throw fault("a `state` reply needs \"entitled\": [product ids]") }
        var entitled: [String] = []
        for item in items {
            guard case .string(let id) = item else { throw fault("\"entitled\" holds product ids (strings)") }
            entitled.append(id)
        }
        var balances = Balances()
        if let value = reply["balances"] {
            guard case .object(let members) = value else { throw fault("\"balances\" is an object of product → units") }
            for (product, units) in members {
                guard case .int(let n) = units else { throw fault("balance of \(product) is not an integer") }
                balances[product] = Int(n)
            }
        }
        return ObservedState(entitled: entitled, balances: balances)
    }

    private func now(_ context: PlaySubjectContext) -> (key: String, value: JSONValue) { ("serverNow", .string(context.now.iso8601)) }

    /// The `acknowledge` and `consume` lists of an `ok` reply.
    private func replies(_ reply: JSONValue) throws(SubjectError) -> [PlayReply] {
        var out: [PlayReply] = []
        for (key, make) in [("acknowledge", PlayReply.acknowledge), ("consume", PlayReply.consume)] as [(String, (String) -> PlayReply)] {
            guard let value = reply[key] else { continue }
            guard case .array(let items) = value else { throw fault("\"\(key)\" is a list of purchase tokens") }
            for item in items {
                guard case .string(let token) = item else { throw fault("\"\(key)\" holds purchase tokens (strings)") }
                out.append(make(token))
            }
        }
        return out
    }

    /// Sends one message and reads one reply of type `expecting` (or `error`).
    @discardableResult
    private func send(_ type: String, _ fields: [(key: String, value: JSONValue)], expecting: String) throws(SubjectError) -> JSONValue {
        let line = JSONValue.object([("type", .string(type))] + fields).rendered()
        let text: String
        do { text = try process.exchange(Array(line.utf8), history: history) } catch { throw SubjectError("`\(type)`: \(error)") }
        let reply: JSONValue
        do { reply = try JSONValue.parse(text) } catch {
            throw fault("`\(type)`: the reply is not valid JSON (\(error)): \(text.prefix(200))")
        }
        guard case .object = reply else { throw fault("`\(type)`: the reply is not a JSON object: \(text.prefix(200))") }
        if case .string("error")? = reply["type"] {
            let message: String
            if case .string(let m)? = reply["message"] { message = m } else { message = "(no message)" }
            throw fault("`\(type)`: the subject reported an error: \(message)")
        }
        guard case .string(expecting)? = reply["type"] else {
            throw fault("`\(type)`: expected a reply of type \"\(expecting)\", got \(text.prefix(200))")
        }
        return reply
    }

    private func fault(_ message: String) -> SubjectError {
        process.recordFault(message, history: history)
        return SubjectError(message)
    }
}
