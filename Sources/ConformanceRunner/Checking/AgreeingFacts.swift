/// What can still make a check fail at an event after which the app agrees with the model; the
/// runner asks a check's fast evaluation only at events with one of its facts.
package struct AgreeingFacts: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The app said which transactions its grants rest on (`ObservedState.grants`).
    package static let appNamesGrants = AgreeingFacts(rawValue: 1)
    /// Transactions were handed to the app during the event.
    package static let transactionsDelivered = AgreeingFacts(rawValue: 2)
}
