import Foundation
import Generators

/// The environment variables a conformance check honours, read and validated.
///
/// - `PURCHASE_CONFORMANCE_SEED`: the run's seed, 1–16 hex digits.
/// - `PURCHASE_CONFORMANCE_HISTORIES`: how many histories to generate.
/// - `PURCHASE_CONFORMANCE_PROFILE`: `quick` (200 histories), `ci` (2,000) or `deep` (100,000).
/// - `PURCHASE_CONFORMANCE_OBSERVATIONS`: a file each check appends its observations to
///   (one JSON line per history; docs/Reports.md).
public struct ConformanceEnvironment: Hashable, Sendable {
    /// The seed, when the environment sets one.
    public var seed: Seed?
    /// The number of histories, when the environment sets one (directly or by profile).
    public var histories: Int?
    /// The profile name, when the environment sets one.
    public var profile: String?
    /// The file observations are appended to, when the environment names one.
    public var observations: String?

    /// The histories each profile runs.
    public static let profiles: [(name: String, histories: Int)] = [("quick", 200), ("ci", 2_000), ("deep", 100_000)]

    /// Reads `environment` (the process environment by default); a bad value is an error naming the variable.
    public init(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConformanceError) {
        if let text = environment["PURCHASE_CONFORMANCE_SEED"] {
            guard let seed = Seed(hex: text) else {
                throw ConformanceError("PURCHASE_CONFORMANCE_SEED=\(text) is not a seed (1 to 16 hex digits, such as 5eed0001)")
            }
            self.seed = seed
        }
        if let text = environment["PURCHASE_CONFORMANCE_PROFILE"] {
            guard let entry = Self.profiles.first(where: { $0.name == text }) else {
                throw ConformanceError("PURCHASE_CONFORMANCE_PROFILE=\(text) is not one of quick, ci, deep")
            }
            profile = entry.name
            histories = entry.histories
        }
        if let path = environment["PURCHASE_CONFORMANCE_OBSERVATIONS"] {
            guard !path.isEmpty else { throw ConformanceError("PURCHASE_CONFORMANCE_OBSERVATIONS is empty; set it to a file path") }
            observations = path
        }
        if let text = environment["PURCHASE_CONFORMANCE_HISTORIES"] {
            guard let n = Int(text), n >= 1 else {
                throw ConformanceError("PURCHASE_CONFORMANCE_HISTORIES=\(text) is not a positive number")
            }
            histories = n
        }
    }
}

/// A conformance check could not run as asked (a bad setting or file), or a check failed.
public struct ConformanceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, ready to show.
    public var message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
