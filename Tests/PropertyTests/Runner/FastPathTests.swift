@testable import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// The runner's fast paths must agree exactly with the model's reference answers.
@Suite("Fast paths agree with the model")
struct FastPathTests {
    @Test("expectedEntitlements equals the entitled products of entitlementStatuses, after every event")
    func expectedEntitlementsAgree() {
        var profile = GenerationProfile()
        profile.appActions = [AppActionTemplate(name: "use")]
        for history in HistoryEncoderTests.generated(count: 300, profile: profile) {
            for policy in [AppPolicy(), AppPolicy(billingGraceEntitles: false)] {
                var model = history.makeModel()
                var effects = StepEffects()
                for event in history.events {
                    effects.reset()
                    guard (try? model.apply(event, into: &effects)) != nil else { break }
                    let slow = ProductSet(model.entitlementStatuses(policy: policy).enumerated().filter { $0.element.isEntitled }.map(\.offset))
                    #expect(model.expectedEntitlements(policy: policy) == slow, "after \(event.compact)")
                    for b in model.expectedState(policy: policy).balances {
                        #expect(model.expectedUnits(ofConsumable: b.product, policy: policy) == b.units)
                    }
                }
            }
        }
    }

    @Test("canPurchase agrees with the purchase precondition")
    func canPurchaseAgrees() {
        for history in HistoryEncoderTests.generated(count: 200, profile: GenerationProfile()) {
            var model = history.makeModel()
            var effects = StepEffects()
            for event in history.events {
                for (p, product) in model.catalog.products.enumerated() {
                    let viaRejection = model.rejection(of: .purchase(Purchase(product: product.id))) == nil
                    #expect(model.canPurchase(p) == viaRejection, "\(product.id) before \(event.compact)")
                }
                effects.reset()
                guard (try? model.apply(event, into: &effects)) != nil else { break }
            }
        }
    }
}
