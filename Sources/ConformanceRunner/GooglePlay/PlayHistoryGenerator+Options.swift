import Generators
import PurchaseStateMachine

extension PlayHistoryGenerator {
    /// For a one-time product with purchase options (PBL 8, §1): which option, and maybe one of its
    /// offers, bought one unit at a time (§5). The first option with no offer is the simplest
    /// choice; a product with one option and no offer drawn names none. Drawn only for such
    /// products, so other histories draw as before.
    func drawOption(_ tc: TestCase, of product: PlayOneTimeProduct, into request: inout PlayPurchaseRequest) throws(GenerationStop) {
        let options = product.purchaseOptions
        let option = options[Int(try tc.drawUnsigned(upTo: UInt64(options.count - 1)))]
        if options.count > 1 { request.option = option.id }
        guard !option.offers.isEmpty, try tc.drawBool(probability: 0.4) else { return }
        request.offer = option.offers[Int(try tc.drawUnsigned(upTo: UInt64(option.offers.count - 1)))]
        request.quantity = 1
    }
}
