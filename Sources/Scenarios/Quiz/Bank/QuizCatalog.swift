import Harness

/// A scenario the quiz can run: its name in the bank, the values it reports, the arguments it takes, and the
/// function — written once, shared with the topic tests where one exists.
public struct QuizScenario: Sendable {
    /// The name the bank uses: `jar.pourSlowly`.
    public var name: String
    /// The names of the values every run reports.
    public var observes: [String]
    /// The arguments it accepts, with their defaults.
    public var parameters: [String: ScenarioArgument]
    /// How the harness runs it (leftovers allowed, a grace for main-actor hops, …).
    public var options: RunOptions
    /// Whether the scenario uses something the whole process shares — the main actor, a global actor another suite
    /// uses too, its standard error (the runtime's "leaked" line) — so that a test process running other suites at
    /// the same time must run it in a process of its own.
    public var sharesTheProcess: Bool
    /// Runs the scenario once and returns what it observed.
    public var run: @Sendable (ScenarioArguments) async throws -> Observation

    /// A scenario named `name` that reports `observes`.
    public init(_ name: String, observes: [String], parameters: [String: ScenarioArgument] = [:],
                options: RunOptions = RunOptions(), sharesTheProcess: Bool = false,
                run: @escaping @Sendable (ScenarioArguments) async throws -> Observation) {
        self.name = name
        self.observes = observes
        self.parameters = parameters
        self.options = options
        self.sharesTheProcess = sharesTheProcess
        self.run = run
    }

    /// The same scenario, marked as using what the whole process shares.
    public func sharingTheProcess() -> QuizScenario {
        var copy = self
        copy.sharesTheProcess = true
        return copy
    }
}

/// A scenario the bank names that another part of the package is still writing: its entries are "not covered"
/// until it lands.
public struct PendingScenario: Sendable {
    /// The name the bank uses.
    public var name: String
    /// The values it will report.
    public var observes: [String]
    /// The arguments it will take.
    public var parameters: [String: ScenarioArgument]
    /// Who is writing it: `issue 4 (CancellationTests)`.
    public var awaiting: String

    /// A scenario still to come from `awaiting`.
    public init(_ name: String, observes: [String], parameters: [String: ScenarioArgument] = [:], awaiting: String) {
        self.name = name
        self.observes = observes
        self.parameters = parameters
        self.awaiting = awaiting
    }
}

/// A scenario that stops its process (or logs as it goes on), run in a child process: by `swift run quiz
/// --crash-child <name>` or by an exit test.
public struct QuizCrash: Sendable {
    /// The name the bank uses.
    public var name: String
    /// The body: it should not return if the claim holds (or return after logging).
    public var run: @Sendable () async -> Void

    /// A crash scenario.
    public init(_ name: String, run: @escaping @Sendable () async -> Void) {
        self.name = name
        self.run = run
    }
}

/// Everything the bank may name: scenarios that run, scenarios still to come, crash scenarios.
public struct QuizCatalog: Sendable {
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

    /// The values and parameters of a scenario, runnable or pending; nil if the catalog does not know it.
    public func shape(of name: String) -> (observes: [String], parameters: [String: ScenarioArgument])? {
        if let scenario = scenarios[name] { return (scenario.observes, scenario.parameters) }
        if let pending = pending[name] { return (pending.observes, pending.parameters) }
        return nil
    }

    /// Whether the catalog knows a crash scenario of that name, runnable or pending.
    public func knowsCrash(_ name: String) -> Bool {
        crashes[name] != nil || pendingCrashes[name] != nil
    }
}

/// The arguments of one run: the bank's values over the scenario's defaults.
public struct ScenarioArguments: Sendable {
    /// Every parameter's value.
    public var values: [String: ScenarioArgument]
    /// The run's pace: virtual under seeds, real under strict and system, where a scenario may want wider margins.
    public var pace: Pace = .real

    /// The arguments made of `defaults` overridden by `given`.
    public init(defaults: [String: ScenarioArgument], given: [String: ScenarioArgument]) {
        values = defaults.merging(given) { _, given in given }
    }

    /// A whole-number argument (the loader checked its kind against the default).
    public func int(_ name: String) -> Int {
        guard case .int(let value) = values[name] else { preconditionFailure("no whole-number argument \(name)") }
        return value
    }

    /// A string argument (the loader checked its kind against the default).
    public func string(_ name: String) -> String {
        guard case .string(let value) = values[name] else { preconditionFailure("no string argument \(name)") }
        return value
    }

    /// A string argument naming one of `T`'s cases — a control's counterfactual shape; a name `T` lacks throws.
    public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ name: String = "shape") throws -> T
        where T.RawValue == String
    {
        let text = string(name)
        guard let value = T(rawValue: text) else {
            throw BadScenarioInput(scenario: "\(T.self)", parameter: name, value: text,
                                   expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}

/// An argument a runtime check passes to its scenario.
public enum ScenarioArgument: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public var description: String {
        switch self {
        case .int(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        }
    }
}
