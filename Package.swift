// swift-tools-version:6.0
// PurchaseConformance: checks in-app purchase logic against a reference model of the App Store.
// The main package depends on the toolchain only; see Benchmarks/ for the benchmark package.
import PackageDescription

let package = Package(
    name: "PurchaseConformance",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PurchaseStateMachine", targets: ["PurchaseStateMachine"]),
        .library(name: "Generators", targets: ["Generators"]),
        .library(name: "ShrinkingChallenge", targets: ["ShrinkingChallenge"]),
        .library(name: "ConformanceRunner", targets: ["ConformanceRunner"]),
        .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
        .library(name: "StoreKitTestDouble", targets: ["StoreKitTestDouble"]),
        .library(name: "BuiltInSubjects", targets: ["BuiltInSubjects"]),
        .executable(name: "purchase-conformance", targets: ["purchase-conformance"]),
        // libFuzzer targets: `swift build -c release --product fuzz-history --sanitize fuzzer` (docs/Fuzzing.md).
        .executable(name: "fuzz-history", targets: ["fuzz-history"]),
        .executable(name: "fuzz-catalog", targets: ["fuzz-catalog"]),
        .executable(name: "fuzz-reply", targets: ["fuzz-reply"]),
        .executable(name: "fuzz-campaign", targets: ["fuzz-campaign"]),
        .executable(name: "fuzz-play-history", targets: ["fuzz-play-history"]),
    ],
    targets: [
        // The reference model: pure values, no I/O, no randomness.
        .target(name: "PurchaseStateMachine"),
        // Random generation with integrated shrinking; knows nothing about purchases.
        .target(name: "Generators"),
        // The public shrinking-challenge problems, built on Generators (tests and benchmarks).
        .target(name: "ShrinkingChallenge", dependencies: ["Generators"]),
        // Runs subjects against the model over generated histories.
        .target(name: "ConformanceRunner", dependencies: ["PurchaseStateMachine", "Generators"]),
        // The subjects that ship with the tool: the reference apps, the buggy examples, the
        // benchmark and deep-mutant apps, for both stores.
        .target(name: "BuiltInSubjects", dependencies: ["ConformanceRunner", "PurchaseStateMachine", "Generators"]),
        // `Conformance.check` for Swift Testing: records failures as issues at the caller.
        .target(name: "ConformanceTesting", dependencies: ["ConformanceRunner", "Generators", "PurchaseStateMachine"]),
        // A drop-in mirror of StoreKit 2's API whose static entry points route to the simulated store.
        .target(name: "StoreKitTestDouble", dependencies: ["ConformanceRunner", "PurchaseStateMachine", "Generators"]),
        // The five published purchase systems, ported as subjects, and their corrected twins.
        .target(name: "SeedSystems", dependencies: ["ConformanceRunner", "PurchaseStateMachine", "StoreKitTestDouble"]),
        // The command-line tool: argument parsing, help and the commands over the engine.
        .executableTarget(
            name: "purchase-conformance",
            dependencies: ["ConformanceRunner", "BuiltInSubjects", "SeedSystems", "PurchaseStateMachine", "Generators"],
            path: "Sources/PurchaseConformanceTool"
        ),
        // What the libFuzzer targets run (`FuzzEntry`), over the engine and the built-in subjects.
        .target(
            name: "FuzzEntries", dependencies: ["ConformanceRunner", "BuiltInSubjects", "PurchaseStateMachine", "Generators"],
            path: "Sources/Fuzz/Entries"),
        // libFuzzer entry points (`@_cdecl("LLVMFuzzerTestOneInput")`, no main); the logic is
        // `FuzzEntry` in FuzzEntries. In a normal build they are harmless no-op executables.
        .executableTarget(name: "fuzz-history", dependencies: ["FuzzEntries"], path: "Sources/Fuzz/FuzzHistory"),
        .executableTarget(name: "fuzz-catalog", dependencies: ["FuzzEntries"], path: "Sources/Fuzz/FuzzCatalog"),
        .executableTarget(name: "fuzz-reply", dependencies: ["FuzzEntries"], path: "Sources/Fuzz/FuzzReply"),
        .executableTarget(name: "fuzz-campaign", dependencies: ["FuzzEntries"], path: "Sources/Fuzz/FuzzCampaign"),
        .executableTarget(name: "fuzz-play-history", dependencies: ["FuzzEntries"], path: "Sources/Fuzz/FuzzPlayHistory"),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "PurchaseStateMachine", "Generators", "ShrinkingChallenge", "ConformanceRunner", "ConformanceTesting",
                "StoreKitTestDouble", "SeedSystems", "BuiltInSubjects", "FuzzEntries", "purchase-conformance",
            ],
            exclude: ["Fixtures", "UserPath/Corpus"]
        ),
        .testTarget(
            name: "RegressionCorpus",
            dependencies: ["PurchaseStateMachine", "ConformanceRunner", "BuiltInSubjects", "SeedSystems"],
            exclude: ["Cases"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A module literally named `StoreKit` (Foundation and the facade, re-exported), so store classes
// written against Apple's StoreKit compile unchanged, and the fixtures that prove it. Only where
// Apple's StoreKit does not exist: on Apple platforms the name belongs to the SDK.
// Likewise `Combine` (the `ObservableObject`/`@Published` stand-ins `import StoreKit` re-exports),
// `os`/`OSLog` (a `Logger` that drops messages) and a view-less `SwiftUI` (those re-exports and
// `@AppStorage`), which store classes import next to StoreKit; a target sees them only if it
// depends on these products (docs/StoreKitFacade.md §1).
#if !canImport(Darwin)
    package.products.append(.library(name: "StoreKit", targets: ["StoreKit"]))
    package.products.append(.library(name: "Combine", targets: ["Combine"]))
    package.products.append(.library(name: "OSLog", targets: ["OSLog", "os"]))
    package.products.append(.library(name: "SwiftUI", targets: ["SwiftUI"]))
    package.targets.append(.target(name: "Combine"))
    package.targets.append(.target(name: "SwiftUI", dependencies: ["Combine"]))
    package.targets.append(.target(name: "os"))
    package.targets.append(.target(name: "OSLog", dependencies: ["os"]))
    package.targets.append(.target(name: "StoreKit", dependencies: ["StoreKitTestDouble", "Combine"]))
    package.targets.append(
        .testTarget(
            name: "StoreKitFixtures",
            dependencies: [
                "StoreKit", "Combine", "OSLog", "SwiftUI", "StoreKitTestDouble", "ConformanceRunner", "PurchaseStateMachine",
                "SeedSystems", "BuiltInSubjects",
            ],
            // Real store classes are mostly written for Swift 5 mode; the fixtures are too.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ))
#endif
