import ConformanceRunner
import PurchaseStateMachine

/// How many subjects (histories) were started and queried (events) in this process.
///
/// Written only from the campaign's own thread: searches run with parallelism 1.
enum ExecutionCounts {
    nonisolated(unsafe) static var histories = 0
    nonisolated(unsafe) static var events = 0
}

/// A bench app, counting the histories and events it takes part in (generation, the search
/// for a second shrink start, shrink candidates and the final replay alike), so a record can
/// report `histories_total` and `steps_total` as the peers do. Every message is forwarded.
struct Counted<App: BenchSubject>: PurchaseSubject {
    var app: App

    init(mutant: String?) {
        ExecutionCounts.histories += 1
        app = App(benchMutant: mutant)
    }

    init(catalog: Catalog, context: SubjectContext) { self.init(mutant: nil) }

    static func factory(_ mutant: String?) -> SubjectFactory<Counted<App>> {
        { _, _ in Counted(mutant: mutant) }
    }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) throws -> [UInt64] {
        try app.launch(unfinished: unfinished, context: context)
    }

    mutating func terminate() { app.terminate() }

    mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) throws -> [UInt64] {
        try app.purchaseResult(product: product, result: result, delivery: delivery, context: context)
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) throws -> [UInt64] {
        try app.update(delivery, context: context)
    }

    mutating func restore(context: SubjectContext) throws -> [UInt64] { try app.restore(context: context) }

    mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome {
        try app.appAction(name: name, value: value, context: context)
    }

    func query(context: SubjectContext) throws -> ObservedState {
        ExecutionCounts.events += 1
        return try app.query(context: context)
    }

    var channels: ServerChannels { app.channels }

    mutating func notification(_ notification: ServerNotification, context: SubjectContext) throws {
        try app.notification(notification, context: context)
    }

    mutating func tick(receipt: JSONValue?, context: SubjectContext) throws {
        try app.tick(receipt: receipt, context: context)
    }

    mutating func end() { app.end() }
}
