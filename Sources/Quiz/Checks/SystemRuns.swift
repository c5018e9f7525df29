import Synchronization

/// The observations of this quiz run's scenarios on the real runtime (`system`), by scenario and arguments: a check
/// that runs a scenario with the same arguments as an earlier check — the same claim, or a control that is another
/// check's claim — reads that run's observation instead of making it again.
///
///     let runs = SystemRuns()
///     let first = try await runs.observation(of: scenario, arguments)   // runs it
///     let again = try await runs.observation(of: scenario, arguments)   // the same observation, at once
///
/// Only `system` runs are kept: the quiz makes them one at a time, after every other check, and each takes its real
/// time (six blocks of a serial queue that each wait 100 ms of spare time for company, a launch's three requests).
/// Each check is still judged on one run of its claim and one of its control, as before; several checks that ask the
/// same question of the runtime are judged on one answer. A run that threw is not kept.
public final class SystemRuns: Sendable {
    /// A scenario with its arguments, as a check runs it.
    private struct Key: Hashable {
        var scenario: String
        var arguments: [String: ScenarioArgument]
    }

    /// What each run observed.
    private let kept = Mutex<[Key: Observation]>([:])

    /// An empty record.
    public init() {}

    /// What `scenario` observed with `arguments` in this quiz run: an earlier run's observation, or a new run's.
    func observation(of scenario: QuizScenario, _ arguments: ScenarioArguments) async throws -> Observation {
        let key = Key(scenario: scenario.name, arguments: arguments.values)
        if let known = kept.withLock({ $0[key] }) { return known }
        let observed = try await scenario.run(arguments)
        kept.withLock { $0[key] = observed }
        return observed
    }
}
