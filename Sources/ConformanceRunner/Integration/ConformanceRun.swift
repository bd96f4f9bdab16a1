import Foundation
import Generators
import PurchaseStateMachine

/// A finished conformance run of either store: the campaign's result and its rendered report.
public struct StoreConformanceRun<St: Store>: Sendable {
    /// The subject's name.
    public var subject: String
    /// What the campaign found (no histories when a named file was replayed instead).
    public var result: StoreCampaignResult<St>
    /// How many checks ran.
    public var checkCount: Int
    /// The command each failure's `Replay:` line prints.
    public var reproduce: ReproduceCommand = .swiftTest(filter: nil)
    /// What the run did besides checking: a replayed file, a random seed, pruned failures.
    public var notes: [String] = []

    /// Creates a run from a campaign's result.
    public init(subject: String, result: StoreCampaignResult<St>, checkCount: Int) {
        self.subject = subject
        self.result = result
        self.checkCount = checkCount
    }

    /// Whether every check held.
    public var passed: Bool { result.passed }

    /// The first failure to report, if any.
    public var failure: StoreFailureReport<St>? { result.failures.first }

    /// The report people read: the campaign's report, then the notes.
    public var report: String {
        ([result.rendered(subject: subject, checks: checkCount, reproduce: reproduce)] + notes).joined(separator: "\n\n")
    }
}

/// A finished App Store conformance run.
public typealias ConformanceRun = StoreConformanceRun<AppleAppStore>

/// A finished Google Play conformance run.
public typealias PlayConformanceRun = StoreConformanceRun<GooglePlayStore>
