/// Which twin of a seed system runs: the code as published, or corrected where the suite proved it wrong.
///
/// Every seed system is one type with a `fixed` flag; each correction sits behind `if fixed`
/// with a comment naming the check that found the bug, so the published rules read unchanged
/// around it. A StoreKit adapter takes the twin as its type parameter (`StoreS2App<Fixed>`).
public protocol SeedTwin: Sendable {
    /// Whether this is the corrected twin.
    static var fixed: Bool { get }
}

/// The seed system exactly as published.
public enum AsPublished: SeedTwin {
    /// Not corrected.
    public static let fixed = false
}

/// The seed system corrected where the conformance suite proved it wrong.
public enum Fixed: SeedTwin {
    /// Corrected.
    public static let fixed = true
}
