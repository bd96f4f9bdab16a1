/// A history broke one or more checks after one event.
public struct Failure: Error, Hashable, Sendable {
    /// The 0-based index of the event after which the checks failed; -1 for the launch before any event.
    public var eventIndex: Int
    /// Every check that failed there, the most specific (the one the failure is named after) first.
    public var discrepancies: [Discrepancy]

    /// Creates a failure.
    public init(eventIndex: Int, discrepancies: [Discrepancy]) {
        self.eventIndex = eventIndex
        self.discrepancies = discrepancies
    }

    /// The check the failure is named after.
    public var check: CheckID { discrepancies.first?.check ?? .subjectResponds }

    /// Every failing check, in report order.
    public var checks: [CheckID] { discrepancies.map(\.check) }

    /// A subject fault: it threw, timed out, crashed or answered nonsense.
    static func fault(_ message: String, at eventIndex: Int, while doing: String) -> Failure {
        Failure(
            eventIndex: eventIndex,
            discrepancies: [
                Discrepancy(
                    check: .subjectResponds, subject: "The subject's answer to \(doing)",
                    expected: ["a well-formed reply"], actual: [message])
            ])
    }
}

extension Failure {
    /// A Google Play failure of `check` at `eventIndex`: one discrepancy of one line each way.
    static func play(_ check: CheckID, at eventIndex: Int, _ subject: String, expected: String, observed: String) -> Failure {
        Failure(eventIndex: eventIndex, discrepancies: [Discrepancy(check: check, subject: subject, expected: [expected], actual: [observed])])
    }

    /// The first discrepancy's expected value, one line (a Google Play failure has one).
    public var expectedLine: String { discrepancies.first?.expected.joined(separator: "; ") ?? "" }
    /// The first discrepancy's reported value, one line.
    public var observedLine: String { discrepancies.first?.actual.joined(separator: "; ") ?? "" }
}
