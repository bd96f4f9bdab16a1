import ConformanceRunner
import Generators
import PurchaseStateMachine
import SeedSystems
import Testing

/// The suite against the five published systems: with default settings and a fixed seed it
/// finds something wrong with each, and the corrected twins pass.
@Suite("Seed systems: what the suite finds in published purchase code")
struct SeedSystemFindingsTests {
    /// The distinct failing checks of each system found by long campaigns, some only with that
    /// check alone (docs/seed-systems.md).
    static let known: [String: Set<CheckID>] = [
        "seed-s1": [
            .consumableCreditedOnce, .expiredNeverEntitled, .oneLevelPerGroup, .restoreIdempotent, .entitlementsMatch,
            .unverifiedNeverEntitled, .refundedNeverEntitled,
        ],
        "seed-s2": [
            .entitlementsMatch, .expiredNeverEntitled, .oneLevelPerGroup, .unverifiedNeverEntitled, .gracePeriodEntitled,
            .refundedNeverEntitled, .restoreIdempotent,
        ],
        "seed-s3": [
            .refundedNeverEntitled, .oneLevelPerGroup, .expiredNeverEntitled, .entitlementsMatch, .clockSkewSafe,
            .gracePeriodEntitled, .restoreIdempotent,
        ],
        "seed-s4": [
            .expiredNeverEntitled, .oneLevelPerGroup, FreeTierQuota.id, .entitlementsMatch, .unverifiedNeverEntitled,
            .refundedNeverEntitled, .restoreIdempotent, .gracePeriodEntitled,
        ],
        "seed-s5": [.refundedNeverEntitled, .expiredNeverEntitled, .gracePeriodEntitled],
    ]

    static func subject(_ name: String) throws -> SubjectRunner {
        try #require(SeedSystems.subjects.first { $0.name == name }, "no built-in subject \(name)")
    }

    /// A campaign with the subject's own settings and the default seed.
    static func run(_ subject: SubjectRunner, histories: Int) -> CampaignResult {
        let configuration = CampaignConfiguration(
            histories: histories, seed: Seed(0x5eed_0001), profile: subject.profile, policy: subject.policy,
            checks: subject.checks)
        return subject.run(configuration: configuration)
    }

    @Test(
        "The suite with default settings and a fixed seed finds a failure in each published system",
        arguments: ["seed-s1", "seed-s2", "seed-s3", "seed-s4", "seed-s5"])
    func publishedSystemFails(name: String) throws {
        let result = Self.run(try Self.subject(name), histories: 1_000)
        let failure = try #require(result.failures.first, "\(name) passed \(result.historiesRun) histories")
        #expect(!failure.flaky)
        #expect(Self.known[name]?.contains(failure.check) == true, "\(name) failed \(failure.check), not a documented check")
        #expect(failure.history.events.count <= 8, "\(failure.history.events.map(\.compact))")
    }

    @Test(
        "Each corrected twin passes every check over a few thousand histories",
        arguments: [
            ("seed-s1-fixed", 3_000), ("seed-s2-fixed", 3_000), ("seed-s3-fixed", 3_000), ("seed-s4-fixed", 3_000),
            ("seed-s5-fixed", 2_000),
        ])
    func correctedTwinPasses(name: String, histories: Int) throws {
        let result = Self.run(try Self.subject(name), histories: histories)
        #expect(result.failures.isEmpty, "\(result.rendered(subject: name, checks: 13))")
        #expect(result.historiesRun == histories)
    }

    @Test("Every seed system and its twin is a built-in subject of the tool")
    func builtInSubjects() {
        let names = Set(SeedSystems.subjects.map(\.name))
        for n in 1...5 {
            #expect(names.contains("seed-s\(n)"))
            #expect(names.contains("seed-s\(n)-fixed"))
        }
        let s4 = SeedSystems.subjects.filter { $0.name.hasPrefix("seed-s4") }
        #expect(s4.allSatisfy { $0.checks.allIDs.contains(FreeTierQuota.id) })
        #expect(s4.allSatisfy { $0.profile.appActions.map(\.name) == ["analyze"] })
    }
}
