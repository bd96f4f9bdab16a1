// Fixture in the style of an @Observable store (written for this project) that lists the
// customer's purchases and pending work: Transaction.all, unfinished, latest(for:), the app's
// own transaction, and each purchase's details for a support screen.
import StoreKit

@MainActor
@Observable
final class PurchaseHistoryStore {
    struct Line: Equatable {
        var text: String
    }

    private(set) var lines: [Line] = []
    private(set) var unfinishedCount = 0
    private(set) var appSigned: Date?

    func reload(latestFor productIDs: [String]) async {
        var result: [Line] = []
        for await entry in StoreKit.Transaction.all {
            let transaction = entry.unsafePayloadValue
            var text = "#\(transaction.id) \(transaction.productID) \(transaction.productType.localizedDescription)"
            if let price = transaction.price, let currency = transaction.currency {
                text += " \(price.formatted(.currency(code: currency.identifier).locale(Locale(identifier: "en_US"))))"
            }
            if transaction.revocationDate != nil { text += " refunded" }
            result.append(Line(text: text))
        }
        for id in productIDs {
            if case .verified(let latest)? = await StoreKit.Transaction.latest(for: id) {
                result.append(Line(text: "latest \(id): #\(latest.id)"))
            }
        }
        var unfinished = 0
        for await entry in StoreKit.Transaction.unfinished {
            unfinished += 1
            await entry.unsafePayloadValue.finish()
        }
        unfinishedCount = unfinished
        appSigned = try? await AppTransaction.shared.payloadValue.signedDate
        lines = result
    }
}
