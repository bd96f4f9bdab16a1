import Testing

/// A correct built-in subject and a buggy one of the same store: the argument of a test whose
/// behaviour both stores share.
struct SubjectPair: Sendable, CustomTestStringConvertible {
    var correct: String
    var buggy: String
    var testDescription: String { "\(correct), \(buggy)" }

    /// One pair per store.
    static let bothStores = [
        SubjectPair(correct: "reference", buggy: "example-refund-ignored"),
        SubjectPair(correct: "play-reference-server", buggy: "play-example-ignores-hold"),
    ]
}
