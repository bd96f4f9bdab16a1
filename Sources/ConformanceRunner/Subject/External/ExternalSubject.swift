import PurchaseStateMachine

/// A subject in another process, spoken to in `purchase-subject/1`: one JSON line per message,
/// one reply line back.
///
/// Build subjects with `factory(process:)`: each history's `start` reuses the running program
/// (the message tells it to forget everything) and sends the catalog inline. Replies are read
/// strictly; a timeout, an exit, a malformed reply, a reply of the wrong type or an
/// `{"type":"error"}` reply is thrown as a `SubjectError`, which the runner reports as a
/// `subject-responds` failure and shrinks like any other. After a fault the program is stopped,
/// every later message of that history fails with the same fault, and the next history's `start`
/// launches a fresh program.
///
/// One program serves one history at a time: run campaigns with `parallelism` 1 (the
/// `Campaign.init(catalog:configuration:subjectName:process:)` initializer sees to it). A second
/// history started on the same process while one is running makes the first one's next message
/// fail with a message that says so.
///
/// `terminate` and `end` cannot throw in the Swift protocol: a fault there is reported by the
/// next message of the history (a `launch` always follows `terminate`), and a fault at `end`
/// only restarts the program for the next history.
public struct ExternalSubject: PurchaseSubject {
    /// The program this subject talks to.
    public let process: SubjectProcess
    /// The server channels the program asked for in its reply to `start`.
    public private(set) var channels: ServerChannels
    let history: UInt64
    let writer = WireWriter()

    /// Refuses to start: an external subject needs a process, so use `factory(process:)`.
    public init(catalog: Catalog, context: SubjectContext) throws {
        throw SubjectError("an external subject needs a program to talk to: build it with ExternalSubject.factory(process:)")
    }

    /// Starts a new history on `process`: launches the program if it is not running (or failed
    /// before), then sends `start` with `catalog` and the clocks of `context`.
    public init(process: SubjectProcess, catalog: Catalog, context: SubjectContext) throws(SubjectError) {
        self.process = process
        do {
            history = try process.beginHistory()
        } catch {
            throw SubjectError("start: \(error)")
        }
        channels = []
        let fields: [(key: String, value: WireWriter.Field)] = [
            ("catalog", .json(catalog.json)), ("serverNow", .json(.string(context.serverNow.iso8601))),
            ("deviceNow", .json(.string(context.deviceNow.iso8601))),
        ]
        let reply = try send("start", fields, expecting: .started)
        channels = reply.wants
    }

    /// Builds subjects that talk to `process`, one history at a time.
    public static func factory(process: SubjectProcess) -> SubjectFactory<ExternalSubject> {
        { catalog, context in try ExternalSubject(process: process, catalog: catalog, context: context) }
    }

    /// Sends `launch` with the unfinished deliveries as `views.unfinished`; returns the ids it finished.
    public mutating func launch(unfinished: [Delivery], context: SubjectContext) throws -> [UInt64] {
        try send("launch", clocks(context) + [views(context, unfinished: unfinished)], expecting: .finished).finished
    }

    /// Sends `terminate`; a fault is reported by the `launch` that follows.
    public mutating func terminate() {
        _ = try? send("terminate", [], expecting: .ok)
    }

    /// Sends `purchaseResult` (with `delivery` when there is one); returns the ids it finished.
    public mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) throws -> [UInt64] {
        var fields = clocks(context) + [("product", .json(.string(product))), ("result", .json(.string(result.rawValue)))]
        if let delivery { fields.append(("delivery", .delivery(delivery))) }
        fields.append(views(context))
        return try send("purchaseResult", fields, expecting: .finished).finished
    }

    /// Sends `update`; returns the ids it finished.
    public mutating func update(_ delivery: Delivery, context: SubjectContext) throws -> [UInt64] {
        try send("update", clocks(context) + [("delivery", .delivery(delivery)), views(context)], expecting: .finished).finished
    }

    /// Sends `restore`; returns the ids it finished.
    public mutating func restore(context: SubjectContext) throws -> [UInt64] {
        try send("restore", clocks(context) + [views(context)], expecting: .finished).finished
    }

    /// Sends `appAction` (`value` null when absent); returns the ids it finished and its `result`.
    public mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome {
        let fields = clocks(context) + [("name", .json(.string(name))), ("value", .json(value ?? .null)), views(context)]
        let reply = try send("appAction", fields, expecting: .action)
        return ActionOutcome(finished: reply.finished, result: reply.result)
    }

    /// Sends `query`; returns the state the program reports.
    public func query(context: SubjectContext) throws -> ObservedState {
        try send("query", clocks(context) + [views(context)], expecting: .state).state
    }

    /// Sends `notification` with the decoded payload (only when the program wants notifications).
    public mutating func notification(_ notification: ServerNotification, context: SubjectContext) throws {
        _ = try send("notification", clocks(context) + [("payload", .json(notification.json)), views(context)], expecting: .ok)
    }

    /// Sends `tick`, with `receipt` only when there is one (only when the program wants ticks).
    public mutating func tick(receipt: JSONValue?, context: SubjectContext) throws {
        var fields = clocks(context)
        if let receipt { fields.append(("receipt", .json(receipt))) }
        fields.append(views(context))
        _ = try send("tick", fields, expecting: .ok)
    }

    /// Sends `end`; a fault only restarts the program for the next history.
    public mutating func end() {
        _ = try? send("end", [], expecting: .ok)
    }

    // MARK: Wire form

    /// Sends one message and reads its reply; any fault is recorded on the process and thrown.
    func send(_ type: String, _ fields: [(key: String, value: WireWriter.Field)], expecting shape: ExternalReply.Shape)
        throws(SubjectError) -> ExternalReply
    {
        let line = writer.line(type, fields)
        let text: String
        do {
            text = try process.exchange(line, history: history)
        } catch {
            throw SubjectError("`\(type)`: \(error)")
        }
        do {
            return try ExternalReply.parse(text, to: type, shape: shape)
        } catch {
            process.recordFault(error.message, history: history)
            throw error
        }
    }

    private func views(_ context: SubjectContext, unfinished: [Delivery]? = nil) -> (key: String, value: WireWriter.Field) {
        ("views", .views(context, unfinished: unfinished))
    }

    private func clocks(_ context: SubjectContext) -> [(key: String, value: WireWriter.Field)] {
        [("serverNow", .json(.string(context.serverNow.iso8601))), ("deviceNow", .json(.string(context.deviceNow.iso8601)))]
    }
}
