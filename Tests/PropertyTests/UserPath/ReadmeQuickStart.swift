// The README's first example, compiled here exactly as the README shows it (ReadmeSnippetTests
// checks the regions between the README markers against the README). Its test finds the bug,
// so the suite expects that failure (ExpectedReadmeFailure) instead of failing the build.
// README:begin quick-start
import ConformanceTesting   // re-exports ConformanceRunner and PurchaseStateMachine
import Testing

// README:end quick-start
@Suite(.expectingFailure(of: "refunded-never-entitled"))
struct ReadmeQuickStart {
// README:begin quick-start
struct MyStore: PurchaseSubject {
    var unlocked: Set<String> = []

    init(catalog: Catalog, context: SubjectContext) {}

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        context.views.currentEntitlements.forEach { _ = handle($0) }
        return unfinished.compactMap { handle($0) }
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    /// Unlocks a verified transaction's product and finishes it (the bug: revocations too).
    mutating func handle(_ delivery: Delivery) -> UInt64? {
        guard delivery.verified else { return nil }
        unlocked.insert(delivery.transaction.productID)
        return delivery.transaction.id   // the ids returned are the transactions the app finished
    }

    func query(context: SubjectContext) -> ObservedState {
        ObservedState(entitled: unlocked.sorted())
    }
}

@Test func purchases() throws {
    let catalog = try Catalog(products: [Product(id: "premium", kind: .nonConsumable)])
    try Conformance.check(MyStore.self, catalog: catalog)
}
// README:end quick-start
}

// README:begin corpus
@Test(arguments: Conformance.corpus("Corpus"))
func corpusCase(_ file: String) throws {
    try Conformance.expect(MyStore.self, file: file)
}
// README:end corpus
