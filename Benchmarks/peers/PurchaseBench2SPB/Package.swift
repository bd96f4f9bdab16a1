// swift-tools-version: 6.1
// PurchaseBench-2 peer built on x-sheep/swift-property-based 2.0.1.
// Build: swift build -c release   Run: .build/release/purchasebench2-spb --help
import PackageDescription

let package = Package(
    name: "PurchaseBench2SPB",
    dependencies: [
        // Default traits on, so the package trait "EnableShrinking" is enabled (Swift >= 6.2).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
    ],
    targets: [
        // Deterministic entropy for --seed (see README.md): provides swift_stdlib_random for
        // this executable only, so a whole propertyCheck search is reproducible.
        .target(name: "CSeededEntropy"),
        .executableTarget(
            name: "purchasebench2-spb",
            dependencies: [
                "CSeededEntropy",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Sources/PurchaseBench2SPB"
        ),
    ]
)
