// swift-tools-version: 6.2
// An adopter of the harness, as any package would be one: it depends on the harness by path here (by URL in
// yours), tests its own types with the harness's public API only, and knows nothing of this repository's lessons.
import PackageDescription

let package = Package(
    name: "Adopter",
    platforms: [.macOS("26.4"), .iOS("26.4")],
    dependencies: [
        // In your package: .package(url: "https://…/concurrency-proofs.git", branch: "main")
        .package(name: "ConcurrencyProofs", path: "../.."),
    ],
    targets: [
        // Ordinary code, not written for the harness.
        .target(name: "Adopter"),
        .testTarget(name: "AdopterTests", dependencies: [
            "Adopter",
            .product(name: "Harness", package: "ConcurrencyProofs"),
            .product(name: "HarnessTesting", package: "ConcurrencyProofs"),
        ]),
    ]
)
