extension StoreModel {
    /// The most transactions one history may create: 10,000.
    ///
    /// Renewals are transactions too, so this bounds the work of a long `advanceTime` over a
    /// short period (a 3-day subscription renews about 3,650 times in 30 years; a daily one would
    /// need 27 years to reach the limit). The model stops renewing when it reaches the limit,
    /// and the event that reached it, and every later one, is rejected with a message that
    /// names the limit: the history is invalid input, never a crash or an unbounded computation.
    public static let maximumTransactions = 10_000

    /// The rejection of any event once the history has created `maximumTransactions` transactions.
    func transactionLimitRejection(_ event: Event) -> Rejection {
        Rejection(
            event: event,
            reason: "the history creates more than \(Self.maximumTransactions) transactions, the most one history may create"
                + " (renewals count: shorten the advanceTime spans or lengthen the periods)")
    }

    /// The most transactions the midnight receipts of one history may list together: 1,000,000.
    ///
    /// Only server subjects that read receipts (`wants: receipts`) get a receipt at every UTC
    /// midnight, and each lists every transaction so far, so their cost grows with days ×
    /// transactions: 1,000,000 is, for example, three years of a daily subscription. A history
    /// that needs more is rejected at the `advanceTime` that crosses the limit.
    public static let maximumReceiptListings = 1_000_000

    /// The rejection of an `advanceTime` whose midnight receipts would pass `maximumReceiptListings`.
    func receiptLimitRejection(_ event: Event) -> Rejection {
        Rejection(
            event: event,
            reason: "the midnight receipts of this history would list more than \(Self.maximumReceiptListings) transactions"
                + " in total, the most a history may ask of a subject that reads receipts")
    }
}
