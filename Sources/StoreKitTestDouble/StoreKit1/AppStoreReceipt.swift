import Foundation
import Synchronization

/// The app receipt of receipt-era code: where it is, and the App Store's `verifyReceipt`.
///
/// The receipt file holds what the App Store's legacy `verifyReceipt` endpoint answers for the
/// customer (the model's `legacyReceipt`: `latest_receipt_info`, `pending_renewal_info`, …) as
/// JSON, as of when the app reads `url` — not a signed PKCS #7 container, so code that parses
/// the receipt on the device cannot run; code that sends it to a server can. On Linux
/// `import StoreKit` makes `Bundle.main.appStoreReceiptURL` this `url`.
public enum AppStoreReceipt {
    private static let serial = Atomic<Int>(0)

    /// The receipt file of the running app, written afresh at each read (nil outside one).
    public static var url: URL? {
        guard let session = StoreSession.current, session.isAlive else { return nil }
        let file = session.receiptFile ?? newFile()
        session.receiptFile = file
        let data = Data(session.context.views.legacyReceipt.rendered().utf8)
        guard data != session.receiptWritten else { return file }
        session.receiptWritten = data
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            return nil
        }
        return file
    }

    /// Sends a receipt to the App Store's `verifyReceipt` and returns its JSON answer: the
    /// customer's current receipt, whatever the receipt sent (the server answers with the
    /// latest information). Answers at a time the scheduler picks; throws once the app has been
    /// terminated or outside a simulated app.
    public static func verifyReceipt(_ receipt: Data) async throws -> Data {
        guard let session = StoreSession.current else { throw StoreKitError.unknown }
        try await session.roundTrip("verifyReceipt")
        return Data(session.context.views.legacyReceipt.rendered().utf8)
    }

    private static func newFile() -> URL {
        let number = serial.add(1, ordering: .relaxed).newValue
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("purchase-conformance-receipts", isDirectory: true)
            .appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-\(number).json")
    }
}
