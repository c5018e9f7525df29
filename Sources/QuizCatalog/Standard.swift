import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The catalog: every name the bank may use, mapped to the scenario function that answers it, one file per lesson
// (L37.swift, L38.swift, L40.swift, QA.swift, Architecture.swift). The scenarios themselves live in the
// `Scenarios` target, shared with the topic tests, and know nothing of the quiz: an outcome's stored properties
// are read by name into an `Observation`, and only values named otherwise (or worked out from others) are mapped
// here. Names the bank uses that nothing here can run yet are pending: their entries are "not covered".

extension Catalog {
    /// The package's catalog.
    public static let standard = Catalog(
        scenarios: lesson37 + lesson38 + lesson40 + questionsAndAnswers + architecture,
        pending: pendingScenarios,
        crashes: lesson38Crashes + lesson40Crashes + questionsAndAnswersCrashes,
        pendingCrashes: pendingCrashes)

    /// What a Swift 6.4 scenario waits for.
    static let swift64 = "a scenario written and compiled with Swift 6.4 (this toolchain is 6.3)"

    /// Scenarios the bank names that nothing here can compile yet: they need Swift 6.4, and the checks that name
    /// them sit in `toolchain` requirements, so they are pending only where such a compiler reads the bank.
    static let pendingScenarios: [PendingScenario] = [
        PendingScenario("cancellation.shield", observes: ["outside", "inside"], awaiting: swift64),
    ]

    /// Crash scenarios that need Swift 6.4.
    static let pendingCrashes: [String: String] = [
        "continuations.newContinuationDropped": swift64,
    ]
}

extension QuizScenario {
    /// A scenario that takes `Input` (its defaults in `defaults`) and whose outcome's stored properties are the
    /// observed values, under the same names; `adding` maps those the bank names otherwise, or works out from others.
    static func observing<Input: ScenarioInput, Outcome: Sendable>(
        _ name: String, _ observes: [String], _ defaults: Input, options: RunOptions = RunOptions(),
        adding: @escaping @Sendable (Outcome) -> Observation = { _ in [:] }, file: String = #filePath, line: Int = #line,
        _ run: @escaping @Sendable (ScenarioCall<Input>) async throws -> Outcome
    ) -> QuizScenario {
        QuizScenario(name, observes: observes, defaults: defaults, options: options, file: file, line: line) { call in
            let outcome = try await run(call)
            return Observation(storedPropertiesOf: outcome).merging(adding(outcome)) { _, added in added }
        }
    }

    /// The same, for a scenario whose one argument is its shape, `shape` by default.
    static func observing<Shape: ScenarioShape, Outcome: Sendable>(
        _ name: String, _ observes: [String], shape: Shape, options: RunOptions = RunOptions(),
        adding: @escaping @Sendable (Outcome) -> Observation = { _ in [:] }, file: String = #filePath, line: Int = #line,
        _ run: @escaping @Sendable (ScenarioCall<Shaped<Shape>>) async throws -> Outcome
    ) -> QuizScenario {
        observing(name, observes, Shaped(shape: shape), options: options, adding: adding, file: file, line: line, run)
    }

    /// A scenario that observes one value, `key`, and takes `Input`.
    static func single<Input: ScenarioInput>(_ name: String, _ key: String, _ defaults: Input, options: RunOptions = RunOptions(),
                                             file: String = #filePath, line: Int = #line,
                                             _ run: @escaping @Sendable (ScenarioCall<Input>) async throws -> ObservedValue)
        -> QuizScenario
    {
        QuizScenario(name, observes: [key], defaults: defaults, options: options, file: file, line: line) { [key: try await run($0)] }
    }

    /// A scenario that observes one value, `key`, and whose one argument is its shape, `shape` by default.
    static func single<Shape: ScenarioShape>(_ name: String, _ key: String, shape: Shape, options: RunOptions = RunOptions(),
                                             file: String = #filePath, line: Int = #line,
                                             _ run: @escaping @Sendable (ScenarioCall<Shaped<Shape>>) async throws -> ObservedValue)
        -> QuizScenario
    {
        single(name, key, Shaped(shape: shape), options: options, file: file, line: line, run)
    }
}

/// "cancelled" from "async let child: cancelled": how a nap ended, without who napped.
func ending(_ line: String) -> String {
    line.split(separator: ": ").last.map(String.init) ?? line
}
