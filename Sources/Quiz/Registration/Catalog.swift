/// Everything the bank may name: scenarios that run, scenarios still to come, crash scenarios. The package's own,
/// `Catalog.standard`, is registered in the `QuizCatalog` target (`Sources/QuizCatalog`, one file per lesson); the
/// engine reads any catalog it is given, so the tests can hand it one of their own.
public struct Catalog: Sendable {
    /// Runnable scenarios, by name.
    public var scenarios: [String: QuizScenario]
    /// Scenarios still to come, by name.
    public var pending: [String: PendingScenario]
    /// Crash scenarios, by name.
    public var crashes: [String: QuizCrash]
    /// Crash scenarios still to come, by name, with who is writing them.
    public var pendingCrashes: [String: String]

    /// A catalog of these scenarios.
    public init(scenarios: [QuizScenario] = [], pending: [PendingScenario] = [], crashes: [QuizCrash] = [],
                pendingCrashes: [String: String] = [:]) {
        self.scenarios = Dictionary(scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.pending = Dictionary(pending.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.crashes = Dictionary(crashes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.pendingCrashes = pendingCrashes
    }

    /// The values, parameters and shapes' cases of a scenario, runnable or pending; nil if the catalog does not know it.
    public func shape(of name: String)
        -> (observes: [String], parameters: [String: ScenarioArgument], choices: [String: [String]])?
    {
        if let scenario = scenarios[name] { return (scenario.observes, scenario.parameters, scenario.choices) }
        if let pending = pending[name] { return (pending.observes, pending.parameters, [:]) }
        return nil
    }

    /// Whether the catalog knows a crash scenario of that name, runnable or pending.
    public func knowsCrash(_ name: String) -> Bool {
        crashes[name] != nil || pendingCrashes[name] != nil
    }
}
