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
        )
    ],
    swiftLanguageModes: [.v6]
)
