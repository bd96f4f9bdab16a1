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
}
