/// What one run of a variant did (one JSON object per line, §1.2 of the brief, plus the
/// `ideal` and `sizeMinimal` verdicts).
public struct ChallengeRunRecord: Codable, Hashable, Sendable {
    /// The variant's name.
    public let variant: String
    /// The run seed as 16 hex digits.
    public let seed: String
    /// Whether any of the generated cases failed.
    public let found: Bool
    /// Property body runs up to and including the first failure (all of them if none failed).
    public let genCalls: Int
    /// Body runs after the first failure, not counting it (add 1 to compare with Hypothesis).
    public let shrinkEvals: Int
    /// Values the generators' own filters threw away before the body ran.
    public let rejected: Int
    /// The first failing value, rendered; `nil` if none was found.
    public let original: String?
    /// The shrunk value, rendered; `nil` if none was found.
    public let shrunk: String?
    /// Milliseconds for generation and shrinking together.
    public let wallMsTotal: Double
    /// Milliseconds for shrinking alone.
    public let wallMsShrink: Double
    /// Whether a shrinker cap (evaluation budget, stall or time limit) ended the shrink.
    public let capHit: Bool
    /// Whether the shrunk value equals the variant's ideal.
    public let ideal: Bool
    /// Whether the shrunk value has the ideal's size.
    public let sizeMinimal: Bool

    /// Creates a record from its fields.
    public init(
        variant: String, seed: String, found: Bool, genCalls: Int, shrinkEvals: Int, rejected: Int, original: String?,
        shrunk: String?, wallMsTotal: Double, wallMsShrink: Double, capHit: Bool, ideal: Bool, sizeMinimal: Bool
    ) {
        self.variant = variant
        self.seed = seed
        self.found = found
        self.genCalls = genCalls
        self.shrinkEvals = shrinkEvals
        self.rejected = rejected
        self.original = original
        self.shrunk = shrunk
        self.wallMsTotal = wallMsTotal
        self.wallMsShrink = wallMsShrink
        self.capHit = capHit
        self.ideal = ideal
        self.sizeMinimal = sizeMinimal
    }
}
