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

    @Test("Descriptions real apps show are fixed strings")
    func descriptions() throws {
        #expect(StoreKit.Product.ProductType.autoRenewable.localizedDescription == "Auto-Renewable Subscription")
        #expect(StoreKit.Product.SubscriptionInfo.RenewalState.inGracePeriod.localizedDescription == "In Grace Period")
        #expect(StoreKitError.notAvailableInStorefront.localizedDescription
            == "The product is not available in the current storefront.")
        #expect(StoreKit.Product.SubscriptionPeriod.everyThreeMonths.debugDescription == "3 months")
        let period = StoreKit.Product.SubscriptionPeriod(value: 2, unit: .week)
        #expect(period.formatted(Product.SubscriptionPeriodFormatStyle(), referenceDate: Date(timeIntervalSince1970: 0)) == "2 weeks")
        let transaction = StoreKit.Transaction(
            id: 7, originalID: 7, productID: "p", productType: .consumable, purchaseDate: Date(timeIntervalSince1970: 1),
            originalPurchaseDate: Date(timeIntervalSince1970: 1), signedDate: Date(timeIntervalSince1970: 2))
        let json = try #require(try JSONSerialization.jsonObject(with: transaction.jsonRepresentation) as? [String: Any])
        #expect(json["transactionId"] as? String == "7")
        #expect(json["purchaseDate"] as? Int == 1000)
    }
}
