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
        // Targets named as an app may name its own, each a one-file stub: SwiftPM wants a target name unique across
        // the whole graph, and every target of a dependency is in it, so building this proves the harness's package
        // takes none of these names. They are libraries: an executable *product* of the app named like one of the
        // harness package's (`quiz`, `tools`, `bench`, `corpus`, `corpus-harness`) is another matter, which SwiftPM
        // does not refuse but builds both into one .build/debug/<name> (swift-package-manager#5136; README, "Adopt the harness").
        .target(name: "Subjects"),
        .target(name: "Scenarios",
                dependencies: ["Subjects", .product(name: "ConcurrencyHarness", package: "ConcurrencyProofs")]),
        .target(name: "CorpusPrograms"),
        .target(name: "Quiz"),
        .target(name: "tools"),
        .target(name: "bench"),
        .target(name: "corpus"),
        .testTarget(name: "AdopterTests", dependencies: [
            "Adopter",
            .product(name: "ConcurrencyHarness", package: "ConcurrencyProofs"),
            .product(name: "ConcurrencyHarnessTesting", package: "ConcurrencyProofs"),
        ]),
    ]
)
