// Fixture in the style of a paywall view model (written for this project): it formats prices,
// periods and offers for display, follows the storefront and App Store messages, and explains
// a refund with its reason.
import StoreKit

@MainActor
final class PaywallModel: ObservableObject {
    struct Row: Equatable {
        var title: String
        var price: String
        var detail: String
    }

    @Published private(set) var rows: [Row] = []
    @Published private(set) var countryCode: String?
    @Published private(set) var pendingMessages: [Message.Reason] = []
    @Published private(set) var refundNotice: String?
    private var tasks: [Task<Void, Never>] = []

    func load(_ ids: [String]) async throws {
        let products = try await Product.products(for: ids)
        rows = products.sorted { $0.price < $1.price }.map(Self.row(for:))
        countryCode = await Storefront.current?.countryCode
        tasks.append(
            Task { [weak self] in
                for await storefront in Storefront.updates { self?.countryCode = storefront.countryCode }
            })
        tasks.append(
            Task { [weak self] in
                for await message in Message.messages { self?.pendingMessages.append(message.reason) }
            })
        tasks.append(
            Task { [weak self] in
                for await update in StoreKit.Transaction.updates {
                    guard case .verified(let transaction) = update else { continue }
                    if transaction.revocationDate != nil {
                        self?.refundNotice =
                            "Refunded: \(transaction.revocationReason?.localizedDescription ?? "unknown")"
                    }
                    await transaction.finish()
                }
            })
    }

    static func row(for product: Product) -> Row {
        let formattedPrice = product.price.formatted(product.priceFormatStyle)
        guard let subscription = product.subscription else {
            return Row(title: product.displayName, price: formattedPrice, detail: product.type.rawValue)
        }
        let period = subscription.subscriptionPeriod
        let length = period.formatted(product.subscriptionPeriodFormatStyle, referenceDate: Date(timeIntervalSince1970: 0))
        var detail = "\(product.displayPrice) / \(period.unit.localizedDescription.lowercased()) (\(length))"
        if let offer = subscription.introductoryOffer {
            let unit = offer.period.unit.formatted(product.subscriptionPeriodUnitFormatStyle)
            detail += ", \(offer.paymentMode.localizedDescription): \(offer.period.value) \(unit)"
        }
        return Row(title: product.displayName, price: formattedPrice, detail: detail)
    }
}
