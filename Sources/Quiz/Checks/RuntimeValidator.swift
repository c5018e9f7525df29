import Foundation
import ConcurrencyHarness

/// Whether this process runs on Linux, where a check's `linux` expectation replaces the lesson's: asked of the kernel
/// (`uname`), not of the build, since a `linux` block says what Linux's runtime, libdispatch and compiler do. (The
/// emulated Mac build of `scripts/check-darwin` is compiled as Darwin and runs on Linux: it judges as Linux.)
public let quizRunsOnLinux: Bool = {
    var name = utsname()
    guard uname(&name) == 0 else { return false }
    let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return system == "Linux"
}()

/// Turns a runtime check into the harness's `Claim` and judges its `ClaimResult`: the quiz's verdict and the
/// tests' issues come from the same claim.
public struct RuntimeValidator: Sendable {
    /// Where scenarios are looked up.
    public var catalog: Catalog
    /// Where runs on the real runtime are kept for the checks that make the same one (`SystemRuns`), if anywhere.
    public var systemRuns: SystemRuns?

    /// A validator over `catalog`; with `systemRuns`, checks that run only on the real runtime share their runs there.
    public init(catalog: Catalog, systemRuns: SystemRuns? = nil) {
        self.catalog = catalog
        self.systemRuns = systemRuns
    }

    /// Runs the check and judges it.
    @concurrent public func validate(_ check: RuntimeCheck) async -> CheckResult {
        guard let scenario = catalog.scenarios[check.scenario] else {
            return CheckResult(.notCovered(Self.awaiting(check.scenario, in: catalog)), observed: "")
        }
        if let missing = Self.missingCapability(of: check, scenario: scenario) {
            return CheckResult(.skipped(Self.skipReason(check, missing)), observed: "")
        }
        let claim = Self.claim(check, scenario: scenario, systemRuns: systemRuns)
        return Self.judge(check, await ConcurrencyHarness.check(claim, show: Self.show(Self.names(of: check))))
    }

    /// The capability `check` needs that this process lacks, if any: its scenario's own (`QuizScenario.needs`), and,
    /// for a check run on the harness's own thread (`strict`, `seeded`), `Task.sleep`'s timers and the default
    /// executor, without which a task that sleeps or switches executor in place leaves the run, and the run cannot tell
    /// it from a task nobody will resume (a Mac whose SDK lacks the executors' private interface).
    public static func missingCapability(of check: RuntimeCheck, scenario: QuizScenario) -> Capability? {
        if let missing = scenario.missingCapability { return missing }
        guard check.schedules.contains(where: { $0 != .system }) else { return nil }
        return [Capability.timers, .defaultExecutor].first { !$0.isAvailable }
    }

    /// Why `check` is skipped for want of `capability`.
    public static func skipReason(_ check: RuntimeCheck, _ capability: Capability) -> String {
        "scenario \(check.scenario) \(capability.missing)"
    }

    /// "scenario countdown.whileLet, from issue 4 (StreamTests)".
    public static func awaiting(_ name: String, in catalog: Catalog) -> String {
        if let pending = catalog.pending[name] { return "scenario \(name), from \(pending.awaiting)" }
        return "scenario \(name) is not in the catalog"
    }

    /// The expectations that apply here: the lesson's, with Linux's in place of the values it names, less those Linux
    /// leaves unchecked (`null`).
    public static func expectations(of check: RuntimeCheck, onLinux: Bool = quizRunsOnLinux)
        -> (expect: [String: ValueExpectation], differs: String?)
    {
        guard onLinux, let linux = check.linux else { return (check.expect, nil) }
        let merged = check.expect.merging(linux.value) { _, linux in linux }
        return (merged.filter { $0.value != .notChecked }, linux.note)
    }

    /// The observed values a check names, in order.
    static func names(of check: RuntimeCheck) -> [String] {
        Set(check.expect.keys).union(check.expectSome.keys).union(check.linux?.value.keys ?? [:].keys).sorted()
    }

    /// `drops 1, lost 0`: the named values of one observation.
    static func show(_ names: [String]) -> @Sendable (Observation) -> String {
        { observation in names.map { "\($0) \(observation[$0].map(\.description) ?? "?")" }.joined(separator: ", ") }
    }

    /// The condition that every value named in `expect` meets its expectation.
    static func condition(_ expect: [String: ValueExpectation]) -> Condition<Observation> {
        let names = expect.keys.sorted()
        return Condition(names.map { "\($0) \(expect[$0]!)" }.joined(separator: ", ")) { observation in
            let misses = names.compactMap { name -> String? in
                guard let value = observation[name] else { return "the scenario reported no \"\(name)\"" }
                return expect[name]!.holds(for: value) ? nil : "\(name) = \(value), expected \(expect[name]!)"
            }
            return misses.isEmpty ? nil : misses.joined(separator: "; ")
        }
    }

    /// The claim a check makes: its scenario under its schedules, its expectations (Linux's where they differ),
    /// and its control. A check that runs only on the real runtime reads its runs from `systemRuns`, if given.
    public static func claim(_ check: RuntimeCheck, scenario: QuizScenario, statement: String? = nil,
                             onLinux: Bool = quizRunsOnLinux, systemRuns: SystemRuns? = nil) -> Claim<Observation> {
        let (expect, _) = expectations(of: check, onLinux: onLinux)
        var expectation: Expectation<Observation>
        if let kind = check.failsWith {
            expectation = .fails(kind)
        } else {
            expectation = Expectation(every: condition(expect),
                                      some: check.expectSome.isEmpty ? nil : condition(check.expectSome))
        }
        let runs: [Runs] = check.schedules.map { schedule in
            switch schedule {
            case .strict: .strict
            case .system: .system
            case .seeded: .seeds(check.seeds, search: .random)
            }
        }
        let arguments = ScenarioArguments(defaults: scenario.parameters, given: check.arguments)
        let kept = check.schedules == [.system] ? systemRuns : nil
        @Sendable func observe(_ arguments: ScenarioArguments) async throws -> Observation {
            var paced = arguments
            paced.pace = Pace.current
            guard let kept else { return try await scenario.run(paced) }
            return try await kept.observation(of: scenario, paced)
        }
        let control: Control<Observation>
        switch check.control {
        case .none(let why):
            control = .none(why: why)
        case .arguments(let changed, _):
            let counterfactual = ScenarioArguments(defaults: arguments.values, given: changed)
            control = .counterfactual(check.control.description) { try await observe(counterfactual) }
        }
        return Claim(statement ?? "\(check.scenario): \(expectation)", runs: runs, options: scenario.options,
                     expect: expectation, control: control) { try await observe(arguments) }
    }

    /// The verdict on a claim's result (`judge(held:control:)`, the one rule), with what the check observed.
    public static func judge(_ check: RuntimeCheck, _ result: ClaimResult<Observation>,
                             onLinux: Bool = quizRunsOnLinux) -> CheckResult {
        let (_, differs) = expectations(of: check, onLinux: onLinux)
        let names = names(of: check)
        var observed = "\(check.scenario): " + result.observed(show(names))
        if differs != nil, let linux = check.linux {
            let lesson = linux.value.keys.sorted().compactMap { name in check.expect[name].map { "\(name) \($0)" } }
            observed += " (the lesson: \(lesson.joined(separator: ", ")))"
        }
        if let bad = result.badSetting ?? result.misfit {
            observed = "\(check.scenario): nothing ran: \(bad)"
        } else if !result.held {
            let shown = result.counterexamples.prefix(3).map(\.description).joined(separator: "; ")
            let more = result.counterexamples.count > 3 ? " (and \(result.counterexamples.count - 3) more)" : ""
            observed = "\(check.scenario): \(shown)\(more) — observed \(result.observed(show(names)))"
        }
        let verdict = Verdict(ConcurrencyHarness.judge(held: result.held && result.misfit == nil, control: result.control))
        var judged = CheckResult(verdict, observed: observed, differs: differs, expect: result.expectation,
                                 runs: RunSummary.of(result.runs, names: names), control: result.control,
                                 adapted: check.adapted)
        judged.controlFailedOn = result.controlFailedOn
        switch check.control {
        case .arguments(_, let why), .none(let why): judged.controlWhy = why
        }
        return judged
    }
}

/// What a schedule (or a group of seeds) observed, for `--json`: the schedule, how many seeds gave it, and the
/// values the check names (or the harness's failure).
public struct RunSummary: Sendable, Hashable {
    /// `strict`, `system`, or `seeded`.
    public var schedule: String
    /// For seeded runs: how many seeds gave these values.
    public var seeds: Int?
    /// The values, by name; nil if the run failed.
    public var values: Observation?
    /// The harness failure, if the run failed.
    public var failure: String?
    /// Whether it ran on the real runtime (`system`) or in the harness's model (`strict`, seeds).
    package var on: ObservedOn = .model

    /// Single runs one by one; seeded runs grouped by what they gave, most frequent first.
    static func of(_ runs: [ClaimRun<Observation>], names: [String]) -> [RunSummary] {
        func summary(_ run: ClaimRun<Observation>, seeds: Int?) -> RunSummary {
            let schedule = !run.schedule.isVirtualTime ? "\(run.schedule)" : "seeded"
            var summary = switch run.result {
            case .success(let observation):
                RunSummary(schedule: schedule, seeds: seeds, values: observation.filter { names.contains($0.key) })
            case .failure(let failure):
                RunSummary(schedule: schedule, seeds: seeds, failure: failure.kind.rawValue)
            }
            summary.on = run.on
            return summary
        }
        let single = runs.filter { $0.schedule.seed == nil }.map { summary($0, seeds: nil) }
        let seeded = mostFrequentFirst(runs.filter { $0.schedule.isVirtualTime }.map { summary($0, seeds: nil) }) { $0 }
        return single + seeded.map { group in
            var one = group.key
            one.seeds = group.items.count
            return one
        }
    }
}
