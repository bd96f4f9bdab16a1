import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension FuzzEntry {
    /// The campaign step for the built-in subject `name` (`reference`, `example-…`, `bench-…`),
    /// saving failures under `failuresFolder`; nil for an unknown name.
    ///
    /// Fuzzing your own subject needs no change here: build a `CampaignFuzzer` with your
    /// subject's factory in your own fuzz target (docs/Fuzzing.md shows the shim).
    public static func campaign(
        subject name: String, failuresFolder: String = FuzzChoices.defaultFailuresFolder
    ) -> (@Sendable ([UInt8]) -> FuzzVerdict)? {
        if name == "reference" {
            let fuzzer = CampaignFuzzer(
                subjectName: name, catalog: ExampleCatalog.standard, profile: ExampleCatalog.profileWithAction,
                failuresFolder: failuresFolder, factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) })
            return { fuzzer.run($0) }
        }
        for bug in ExampleApp.Bug.allCases where name == "example-\(bug.rawValue)" {
            let fuzzer = CampaignFuzzer(
                subjectName: name, catalog: ExampleCatalog.standard, failuresFolder: failuresFolder, factory: ExampleApp.factory(bug))
            return { fuzzer.run($0) }
        }
        let mutants: [BenchApp.Mutant?] = [nil] + BenchApp.Mutant.allCases.map { $0 }
        for mutant in mutants where name == "bench-\(mutant?.rawValue.lowercased() ?? "correct")" {
            let fuzzer = CampaignFuzzer(
                subjectName: name, catalog: PurchaseBench.catalog, profile: PurchaseBench.profile, failuresFolder: failuresFolder,
                factory: BenchApp.factory(mutant))
            return { fuzzer.run($0) }
        }
        return nil
    }

    /// The campaign step the `fuzz-campaign` target runs: the subject named by the environment
    /// variable `PURCHASE_FUZZ_SUBJECT` (default `reference`), failures saved under
    /// `PURCHASE_FUZZ_FAILURES` (default `.purchase-conformance/fuzz-failures`).
    public static func campaignFromEnvironment(_ environment: [String: String]) -> @Sendable ([UInt8]) -> FuzzVerdict {
        let name = environment["PURCHASE_FUZZ_SUBJECT"] ?? "reference"
        let folder = environment["PURCHASE_FUZZ_FAILURES"] ?? FuzzChoices.defaultFailuresFolder
        guard let step = campaign(subject: name, failuresFolder: folder) else {
            fatalError("PURCHASE_FUZZ_SUBJECT=\(name) is not a built-in subject (reference, example-…, bench-…)")
        }
        return step
    }
}
