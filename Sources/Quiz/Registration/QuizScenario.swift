import ConcurrencyHarness

/// A scenario the quiz can run: its name in the bank, the values it reports, the arguments it takes, and the
/// function — written once, shared with the topic tests where one exists.
public struct QuizScenario: Sendable {
    /// The name the bank uses: `jar.pourSlowly`.
    public var name: String
    /// The names of the values every run reports.
    public var observes: [String]
    /// The arguments it accepts, with their defaults.
    public var parameters: [String: ScenarioArgument]
    /// For a parameter that is a shape, the names of its cases: the only values the bank may give it.
    public var choices: [String: [String]]
    /// How the harness runs it (leftovers allowed, a grace for main-actor hops, …).
    public var options: RunOptions
    /// Whether the scenario uses something the whole process shares — the main actor, a global actor another suite
    /// uses too, its standard error (the runtime's "leaked" line) — so that a test process running other suites at
    /// the same time must run it in a process of its own.
    public var sharesTheProcess: Bool
    /// What of the process the harness must reach for the scenario to show what it is registered to show; where one is
    /// missing (a Mac: `Capability.missing` says why) its checks are skipped with that reason, never contradicted.
    public var needs: [Capability] = []
    /// Runs the scenario once and returns what it observed.
    public var run: @Sendable (ScenarioArguments) async throws -> Observation
    /// Where it is registered, as the compiler says: the line that names it (`swift run quiz ID` starts there to show
    /// the code a check ran).
    public var registeredAt: SourceLine
    /// For a parameter that is a shape, its type's name (`PourShape`): where the full form finds each case's code.
    public var shapeTypes: [String: String] = [:]

    /// A scenario named `name` that reports `observes`, its arguments untyped (the typed `init(_:observes:defaults:…)`
    /// makes one from a `ScenarioInput`).
    init(_ name: String, observes: [String], parameters: [String: ScenarioArgument], choices: [String: [String]],
         options: RunOptions, sharesTheProcess: Bool = false, registeredAt: SourceLine,
         run: @escaping @Sendable (ScenarioArguments) async throws -> Observation) {
        self.name = name
        self.registeredAt = registeredAt
        self.observes = observes
        self.parameters = parameters
        self.choices = choices
        self.options = options
        self.sharesTheProcess = sharesTheProcess
        self.run = run
    }

    /// The same scenario, marked as needing `capabilities`.
    public func needing(_ capabilities: Capability...) -> QuizScenario {
        var copy = self
        copy.needs += capabilities
        return copy
    }

    /// The capability it needs that this process lacks, if any.
    public var missingCapability: Capability? {
        needs.first { !$0.isAvailable }
    }

    /// The same scenario, marked as using what the whole process shares.
    public func sharingTheProcess() -> QuizScenario {
        var copy = self
        copy.sharesTheProcess = true
        return copy
    }
}
