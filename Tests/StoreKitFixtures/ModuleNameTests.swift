import ConformanceRunner
import StoreKit
import Testing

@Suite("StoreKit module: `import StoreKit` brings Foundation and the mirror")
struct ModuleNameTests {
    @Test("Module-qualified names resolve to the mirror's types")
    func qualifiedNames() {
        let transaction: StoreKit.Transaction? = nil
        let product: StoreKit.Product? = nil
        #expect(transaction == nil && product == nil)
        #expect(StoreKit.Product.ProductType.autoRenewable == StoreKitTestDouble.Product.ProductType.autoRenewable)
        #expect(Date(timeIntervalSince1970: 0).timeIntervalSince1970 == 0)  // Foundation, through StoreKit
    }
}
