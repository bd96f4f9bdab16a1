/// What a failing check saw: the value the model expected and the value the subject reported.
public struct Discrepancy: Hashable, Sendable {
    /// The failing check.
    public var check: CheckID
    /// What is being compared, for example "Entitled products".
    public var subject: String
    /// The expected value, one line per element.
    public var expected: [String]
    /// The reported value, one line per element.
    public var actual: [String]
    /// Why it matters in this case, for example "transaction #1 was refunded at event 2".
    public var note: String?

    /// Creates a discrepancy.
    public init(check: CheckID, subject: String, expected: [String], actual: [String], note: String? = nil) {
        self.check = check
        self.subject = subject
        self.expected = expected
        self.actual = actual
        self.note = note
    }
}
