// swift-tools-version: 6.2
// Swift 6 language mode (the default for tools 6.x), complete concurrency checking, no dependencies.
// As in the lessons' projects: default isolation stays nonisolated and no "approachable concurrency"
// upcoming features are enabled, so every function has to say where it runs.
import Foundation
import PackageDescription

/// Whether a Mac's SDK has the executors' private interface (`_Concurrency`'s `.private.swiftinterface`, with
/// `ExecutorFactory` and `SchedulingExecutor`), which the harness then uses as it does on Linux; the macOS 26.4 SDK
/// was reported without it (docs/platforms.md). `HARNESS_EXECUTOR_SPI=1` or `=0` decides by hand. Linux always has it.
let executorSPI: Bool = {
    #if os(macOS)
    let environment = ProcessInfo.processInfo.environment
    if let chosen = environment["HARNESS_EXECUTOR_SPI"] { return chosen == "1" }
    let developer = environment["DEVELOPER_DIR"]
        ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link"))
        ?? "/Applications/Xcode.app/Contents/Developer"
    let sdks = [environment["SDKROOT"], developer + "/Platforms/MacOSX.platform/Developer/SDKs/MacOSX.sdk",
                developer + "/SDKs/MacOSX.sdk"].compactMap { $0 }
    for sdk in sdks {
        let folder = sdk + "/usr/lib/swift/_Concurrency.swiftmodule"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".private.swiftinterface") {
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
            return text.contains("protocol ExecutorFactory") && text.contains("protocol SchedulingExecutor")
        }
    }
    #endif
    return false
}()

let package = Package(
    name: "ConcurrencyProofs",
    platforms: [.macOS("26.4"), .iOS("26.4")],
    products: [
        .library(name: "ConcurrencyProofsSubjects", targets: ["ConcurrencyProofsSubjects"]),
        .library(name: "ConcurrencyHarness", targets: ["ConcurrencyHarness"]),
        .library(name: "ConcurrencyHarnessTesting", targets: ["ConcurrencyHarnessTesting"]),
        .executable(name: "bench", targets: ["ConcurrencyProofsBench"]),
        .executable(name: "quiz", targets: ["ConcurrencyProofsQuizCommand"]),
        .executable(name: "corpus", targets: ["ConcurrencyProofsCorpusTable"]),
        .executable(name: "corpus-harness", targets: ["ConcurrencyProofsCorpusUnderHarness"]),
        .executable(name: "tools", targets: ["ConcurrencyProofsTools"]),
    ],
    targets: [
        // Every target is named after the package (`ConcurrencyProofs…`, `ConcurrencyHarness…`): SwiftPM wants a target
        // name unique across an adopter's whole graph. The folders keep their short names (`path:`), and so do the
        // executable products (`swift run quiz`), though an adopter's build makes them too, under the same names.
        // The lessons' types, small enough to read in one sitting and to break on purpose.
        .target(name: "ConcurrencyProofsSubjects", path: "Sources/Subjects", exclude: ["README.md"]),
        // Thread-scoped virtual time: the standard clocks read the run's clock on a harness thread.
        .target(name: "CHarnessTime"),
        // The strict pool, seeded schedules, virtual time, deadlock detection. Never imports Testing.
        // Optimized in debug builds too: every job of every run passes through it, and unoptimized it took half the
        // tests' CPU. The code under test (subjects, scenarios, an adopter's) stays as the build makes it, since the
        // optimizer changes what a schedule is made of; `#if DEBUG` and `@testable` are untouched by `-O`.
        .target(name: "ConcurrencyHarness", dependencies: ["CHarnessTime"], path: "Sources/Harness",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
                    + (executorSPI ? [.define("HARNESS_EXECUTOR_SPI", .when(platforms: [.macOS]))] : [])),
        // The one thin adapter that turns the harness's findings into Swift Testing issues.
        .target(name: "ConcurrencyHarnessTesting",
                dependencies: ["ConcurrencyHarness", "CHarnessReplayCheck"],
                path: "Sources/HarnessTesting"),
        // Linked into every test process through the adapter: a HARNESS_SEED or HARNESS_SCHEDULE that played in no
        // run (a filter that selects nothing, a test that explores no seeds) ends the process with an error.
        .target(name: "CHarnessReplayCheck", dependencies: ["CHarnessTime"], path: "Sources/CReplayCheck"),
        // Scenarios shared by the topic tests and the quiz: each written once; they know nothing of the quiz.
        .target(name: "ConcurrencyProofsScenarios",
                dependencies: ["ConcurrencyProofsSubjects", "ConcurrencyHarness"],
                path: "Sources/Scenarios"),
        // The quiz's engine: the types a registration is made of (`Registration/`: `Catalog`, `QuizScenario`, …), the bank's loader, the checks, the verdicts and the report. It knows
        // no scenario; the topic tests do not use it.
        .target(name: "ConcurrencyProofsQuiz",
                dependencies: ["ConcurrencyHarness", "CHarnessTime"],
                path: "Sources/Quiz"),
        // The quiz's catalog, `Catalog.standard`: every name the bank may use registered against its scenario, one file per lesson.
        .target(name: "ConcurrencyProofsQuizCatalog",
                dependencies: ["ConcurrencyProofsQuiz", "ConcurrencyProofsScenarios", "ConcurrencyProofsSubjects",
                               "ConcurrencyHarness"],
                path: "Sources/QuizCatalog"),
        // The differential corpus: ordinary concurrency programs, each with the outcomes the language allows. It knows
        // no harness, so the same code runs on the real runtime and under the harness.
        .target(name: "ConcurrencyProofsCorpusPrograms", path: "Sources/CorpusPrograms"),
        // The corpus under the harness: each program run every way the harness runs code, and judged against its set.
        .target(name: "ConcurrencyProofsCorpusCheck",
                dependencies: ["ConcurrencyProofsCorpusPrograms", "ConcurrencyHarness"],
                path: "Sources/CorpusCheck"),
        // `swift run corpus`: the corpus on the real runtime, and its table. It never links the harness (which sets the
        // process's default executor as it loads): the real runtime's column owes the harness nothing.
        .executableTarget(name: "ConcurrencyProofsCorpusTable",
                          dependencies: ["ConcurrencyProofsCorpusPrograms"],
                          path: "Sources/corpus"),
        // The harness's side of `corpus --table`, run by it as a child process.
        .executableTarget(name: "ConcurrencyProofsCorpusUnderHarness",
                          dependencies: ["ConcurrencyProofsCorpusPrograms", "ConcurrencyProofsCorpusCheck",
                                         "ConcurrencyHarness"],
                          path: "Sources/CorpusHarness"),
        .executableTarget(name: "ConcurrencyProofsBench",
                          dependencies: ["ConcurrencyHarness", "ConcurrencyProofsSubjects",
                                         "ConcurrencyProofsScenarios"],
                          path: "Sources/bench"),
        // The repository's own tools: scripts/break and scripts/check-breakages (apply a breakage, run the tests it
        // names, read their event stream) and scripts/check-docs. It depends on nothing of the package, so a breakage
        // of any target leaves it whole.
        .executableTarget(name: "ConcurrencyProofsTools", path: "Sources/tools"),
        // `swift run quiz`: the command (the product keeps the short name; the target is named apart from the engine).
        .executableTarget(name: "ConcurrencyProofsQuizCommand",
                          dependencies: ["ConcurrencyProofsQuiz", "ConcurrencyProofsQuizCatalog", "ConcurrencyHarness"],
                          path: "Sources/QuizCommand"),

        .testTarget(name: "HarnessTests",
                    dependencies: ["ConcurrencyHarness", "ConcurrencyHarnessTesting", "ConcurrencyProofsScenarios"]),
        // The topic tests see what an adopter sees: the public declarations only (no `package` ones).
        .testTarget(name: "ReentrancyTests",
                    dependencies: ["ConcurrencyProofsSubjects", "ConcurrencyProofsScenarios", "ConcurrencyHarness",
                                   "ConcurrencyHarnessTesting"],
                    packageAccess: false),
        .testTarget(name: "CancellationTests",
                    dependencies: ["ConcurrencyProofsSubjects", "ConcurrencyProofsScenarios", "ConcurrencyHarness",
                                   "ConcurrencyHarnessTesting"],
                    packageAccess: false),
        .testTarget(name: "ContinuationTests",
                    dependencies: ["ConcurrencyProofsSubjects", "ConcurrencyProofsScenarios", "ConcurrencyHarness",
                                   "ConcurrencyHarnessTesting"],
                    packageAccess: false),
        .testTarget(name: "StreamTests",
                    dependencies: ["ConcurrencyProofsSubjects", "ConcurrencyProofsScenarios", "ConcurrencyHarness",
                                   "ConcurrencyHarnessTesting"],
                    packageAccess: false),
        .testTarget(name: "CorpusTests",
                    dependencies: ["ConcurrencyProofsCorpusPrograms", "ConcurrencyProofsCorpusCheck",
                                   "ConcurrencyHarness", "ConcurrencyHarnessTesting"]),
        .testTarget(name: "QuizTests",
                    dependencies: ["ConcurrencyProofsQuiz", "ConcurrencyProofsQuizCatalog", "ConcurrencyHarness",
                                   "ConcurrencyHarnessTesting"]),
    ]
)
