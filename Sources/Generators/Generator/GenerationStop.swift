/// Why a test case stopped drawing before producing a value.
///
/// These are not test failures: an overrun or a rejection makes the case invalid, and the runner
/// or shrinker simply moves on. Compare with the static members, e.g. `stop == .overrun`.
public struct GenerationStop: Error, Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case overrun
        case rejected
        case filterExhausted
        case invalidArgument
    }

    @usableFromInline let kind: Kind
    /// Extra detail for people, such as which argument was invalid; empty when there is none.
    public let detail: String

    @usableFromInline
    init(_ kind: Kind, detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// Replay ran past the end of its recorded choices, or generation hit its choice limit.
    public static let overrun = GenerationStop(.overrun)
    /// A precondition (`assume` or `reject`) ruled the case out.
    public static let rejected = GenerationStop(.rejected)
    /// A `filter` rejected every one of its attempts.
    public static let filterExhausted = GenerationStop(.filterExhausted)

    /// A generator was given arguments it cannot draw from, such as an empty list of elements.
    public static func invalidArgument(_ detail: String) -> GenerationStop {
        GenerationStop(.invalidArgument, detail: detail)
    }

    /// Whether both stops have the same reason, ignoring detail.
    public static func == (lhs: GenerationStop, rhs: GenerationStop) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the reason only, matching `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }

    /// Whether the stop is a programming error in a generator rather than an invalid case.
    public var isInvalidArgument: Bool { kind == .invalidArgument }

    /// A sentence saying why generation stopped.
    public var description: String {
        switch kind {
        case .overrun: "overrun: the case needed more choices than were available"
        case .rejected: "rejected: a precondition ruled the case out"
        case .filterExhausted: "filter exhausted: every attempt was rejected" + (detail.isEmpty ? "" : " (\(detail))")
        case .invalidArgument: "invalid generator argument: \(detail)"
        }
    }
}
