import Foundation
import Generators

/// The environment variables a conformance check honours, read and validated.
///
/// - `PURCHASE_CONFORMANCE_SEED`: the run's seed, 1–16 hex digits, or `random` for a fresh
///   one each run (the report prints it, so a failure found that way is reproducible).
/// - `PURCHASE_CONFORMANCE_HISTORIES`: how many histories to generate.
/// - `PURCHASE_CONFORMANCE_PROFILE`: `quick`, `ci` or `deep` (see `profiles`).
/// - `PURCHASE_CONFORMANCE_TIME_LIMIT`: stop generating after this many seconds.
/// - `PURCHASE_CONFORMANCE_MAX_EVENTS`: the most events in one history.
/// - `PURCHASE_CONFORMANCE_SHARD=I/N`: run shard I of N (a CI matrix of all N shards runs
///   exactly the unsharded histories).
/// - `PURCHASE_CONFORMANCE_STATS=1`: collect and print what the histories exercised.
/// - `PURCHASE_CONFORMANCE_REPLAY=FILE`: replay that history file instead of generating.
/// - `PURCHASE_CONFORMANCE_OBSERVATIONS`: a file each check appends its observations to
///   (one JSON line per history; docs/Reports.md).
public struct ConformanceEnvironment: Hashable, Sendable {
    /// The seed, when the environment sets one (a drawn one for `random`).
    public var seed: Seed?
    /// Whether the seed was drawn at random (`PURCHASE_CONFORMANCE_SEED=random`).
    public var seedIsRandom = false
    /// The number of histories, when the environment sets one (directly or by profile).
    public var histories: Int?
    /// The profile name, when the environment sets one.
    public var profile: String?
    /// The file observations are appended to, when the environment names one.
    public var observations: String?
    /// The time budget, when the environment sets one (directly or by profile).
    public var timeLimit: Duration?
    /// The most events in one history, when the environment sets it (directly or by profile).
    public var maxEvents: Int?
    /// Whether to collect and print statistics.
    public var statistics = false
    /// The shard to run, when the environment sets one.
    public var shard: Shard?
    /// The history file to replay instead of generating, when set.
    public var replay: String?

    /// The variable that names a history file to replay instead of generating.
    public static let replayVariable = "PURCHASE_CONFORMANCE_REPLAY"

    /// A named set of limits: histories, a time budget and the longest history.
    public struct Profile: Hashable, Sendable {
        /// The profile's name.
        public var name: String
        /// How many histories it generates.
        public var histories: Int
        /// When it stops generating, whatever the count (nil: no limit, the report is the same on every machine).
        public var timeLimit: Duration?
        /// The longest history (nil: the subject's own profile decides).
        public var maxEvents: Int?
    }

    /// The profiles: `quick` for a local edit loop, `ci` for every push (no time limit, so the
    /// same histories on every machine), `deep` for a nightly job (longer histories, 20 minutes at most).
    public static let profiles: [Profile] = [
        Profile(name: "quick", histories: 200, timeLimit: .seconds(30), maxEvents: nil),
        Profile(name: "ci", histories: 2_000, timeLimit: nil, maxEvents: nil),
        Profile(name: "deep", histories: 100_000, timeLimit: .seconds(1_200), maxEvents: 100),
    ]

    /// Reads `environment` (the process environment by default); a bad value is an error naming the variable.
    public init(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConformanceError) {
        if let text = environment["PURCHASE_CONFORMANCE_SEED"] {
            if text == "random" {
                seed = Self.randomSeed()
                seedIsRandom = true
            } else {
                guard let seed = Seed(hex: text) else {
                    throw ConformanceError(
                        "PURCHASE_CONFORMANCE_SEED=\(text) is not a seed (1 to 16 hex digits, such as 5eed0001, or random)")
                }
                self.seed = seed
            }
        }
        if let text = environment["PURCHASE_CONFORMANCE_PROFILE"] {
            guard let entry = Self.profiles.first(where: { $0.name == text }) else {
                throw ConformanceError(
                    "PURCHASE_CONFORMANCE_PROFILE=\(text) is not one of \(Self.profiles.map(\.name).joined(separator: ", "))")
            }
            profile = entry.name
            histories = entry.histories
            timeLimit = entry.timeLimit
            maxEvents = entry.maxEvents
        }
        if let path = environment["PURCHASE_CONFORMANCE_OBSERVATIONS"] {
            guard !path.isEmpty else { throw ConformanceError("PURCHASE_CONFORMANCE_OBSERVATIONS is empty; set it to a file path") }
            observations = path
        }
        if let text = environment["PURCHASE_CONFORMANCE_HISTORIES"] {
            guard let n = Int(text), (1...100_000_000).contains(n) else {
                throw ConformanceError("PURCHASE_CONFORMANCE_HISTORIES=\(text) is not a number from 1 to 100000000")
            }
            histories = n
        }
        if let text = environment["PURCHASE_CONFORMANCE_TIME_LIMIT"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 * 7 else {
                throw ConformanceError("PURCHASE_CONFORMANCE_TIME_LIMIT=\(text) is not a number of seconds (such as 30 or 1.5)")
            }
            timeLimit = .milliseconds(Int64(seconds * 1000))
        }
        if let text = environment["PURCHASE_CONFORMANCE_MAX_EVENTS"] {
            guard let n = Int(text), (1...10_000).contains(n) else {
                throw ConformanceError("PURCHASE_CONFORMANCE_MAX_EVENTS=\(text) is not a number from 1 to 10000")
            }
            maxEvents = n
        }
        if let text = environment["PURCHASE_CONFORMANCE_STATS"] {
            switch text {
            case "1", "true", "yes": statistics = true
            case "0", "false", "no", "": statistics = false
            default: throw ConformanceError("PURCHASE_CONFORMANCE_STATS=\(text) is not 1 or 0")
            }
        }
        if let text = environment["PURCHASE_CONFORMANCE_SHARD"] {
            guard let shard = Shard(text) else {
                throw ConformanceError("PURCHASE_CONFORMANCE_SHARD=\(text) is not I/N with 1 ≤ I ≤ N (such as 2/4)")
            }
            self.shard = shard
        }
        if let text = environment[Self.replayVariable] {
            guard !text.isEmpty else { throw ConformanceError("\(Self.replayVariable) is set but empty: give a history file") }
            replay = text
        }
    }

    /// A seed drawn from the system's random source.
    public static func randomSeed() -> Seed {
        var generator = SystemRandomNumberGenerator()
        return Seed(generator.next())
    }
}
