// swift-tools-version:6.0
// Benchmarks for PurchaseConformance, kept out of the main package so it stays dependency-free.
// Add further benchmark executables as new targets here.
import PackageDescription

let package = Package(
    name: "PurchaseConformanceBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PurchaseConformance", path: "..")
    ],
    targets: [
        // Runs every shrinking-challenge variant 100 times and prints the brief's tables.
        .executableTarget(
            name: "shrinking-challenge",
            dependencies: [
                .product(name: "Generators", package: "PurchaseConformance"),
                .product(name: "ShrinkingChallenge", package: "PurchaseConformance"),
            ]
        ),
        // PurchaseBench-1 with our engine: one JSON line per (mutant, seed), the same shape and
        // `--replay-check` protocol as the peers in ../shared/bench/peers/.
        .executableTarget(
            name: "purchasebench",
            dependencies: [
                .product(name: "ConformanceRunner", package: "PurchaseConformance"),
                .product(name: "BuiltInSubjects", package: "PurchaseConformance"),
                .product(name: "PurchaseStateMachine", package: "PurchaseConformance"),
                .product(name: "Generators", package: "PurchaseConformance"),
            ]
        ),
        // Deep mutants of the reference subject (issue 11): histories to failure per seed.
        .executableTarget(
            name: "deepbench",
            dependencies: [
                .product(name: "ConformanceRunner", package: "PurchaseConformance"),
                .product(name: "BuiltInSubjects", package: "PurchaseConformance"),
                .product(name: "PurchaseStateMachine", package: "PurchaseConformance"),
                .product(name: "Generators", package: "PurchaseConformance"),
            ]
        ),
        // Microbenchmarks: model events applied per second, values drawn per second.
        .executableTarget(
            name: "micro",
            dependencies: [
                .product(name: "PurchaseStateMachine", package: "PurchaseConformance"),
                .product(name: "Generators", package: "PurchaseConformance"),
                .product(name: "ConformanceRunner", package: "PurchaseConformance"),
                .product(name: "BuiltInSubjects", package: "PurchaseConformance"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
