import Harness

/// Whether this build runs on Linux, where a check's `linux` expectation replaces the lesson's.
public let quizRunsOnLinux: Bool = {
    #if os(Linux)
    true
    #else
    false
    #endif
}()

/// One run of a runtime check's scenario: under which schedule, and what it observed or how it failed.
public struct ScheduledObservation: Sendable {
    /// The schedule (with its seed).
    public var schedule: Schedule
    /// What the scenario observed, or the harness's failure.
    public var result: Result<Observation, HarnessFailure>

    /// One run's observation.
    public init(schedule: Schedule, result: Result<Observation, HarnessFailure>) {
        self.schedule = schedule
        self.result = result
    }
}

/// Runs runtime checks' scenarios under the harness and judges what they observed.
public struct RuntimeValidator: Sendable {
    /// Where scenarios are looked up.
    public var catalog: QuizCatalog

    /// A validator over `catalog`.
    public init(catalog: QuizCatalog) {
        self.catalog = catalog
    }

    /// Runs the check and judges it.
    @concurrent public func validate(_ check: RuntimeCheck) async -> CheckResult {
        guard let scenario = catalog.scenarios[check.scenario] else {
            return CheckResult(.notCovered(Self.awaiting(check.scenario, in: catalog)), observed: "")
        }
        let runs = await Self.runs(of: scenario, for: check)
        return Self.evaluate(check, runs: runs)
    }

    /// "scenario countdown.whileLet, from issue 4 (StreamTests)".
    static func awaiting(_ name: String, in catalog: QuizCatalog) -> String {
        if let pending = catalog.pending[name] { return "scenario \(name), from \(pending.awaiting)" }
        return "scenario \(name) is not in the catalog"
    }

    /// Every run the check asks for: once under strict and system, `seeds` seeds under seeded.
    @concurrent public static func runs(of scenario: QuizScenario, for check: RuntimeCheck) async -> [ScheduledObservation] {
        let arguments = ScenarioArguments(defaults: scenario.parameters, given: check.arguments)
        let body: @Sendable () async throws -> Observation = { try await scenario.run(arguments) }
        var runs: [ScheduledObservation] = []
        for schedule in check.schedules {
            switch schedule {
            case .strict, .system:
                let harnessSchedule: Schedule = schedule == .strict ? .strict : .system
                do {
                    let run = try await Harness.run(harnessSchedule, options: scenario.options, body)
                    runs.append(ScheduledObservation(schedule: run.ranAs, result: .success(run.value)))
                } catch {
                    runs.append(ScheduledObservation(schedule: harnessSchedule, result: .failure(error)))
                }
            case .seeded:
                do {
                    let exploration = try await explore(scenario.name, seeds: check.seeds, options: scenario.options, body)
                    for run in exploration.runs {
                        runs.append(ScheduledObservation(schedule: .seeded(run.seed), result: run.result))
                    }
                } catch {
                    runs.append(ScheduledObservation(schedule: .seeded(0), result: .failure(error)))
                }
            }
        }
        return runs
    }

    /// The expectations that apply here: the lesson's, with Linux's in place of the values it names.
    public static func expectations(of check: RuntimeCheck, onLinux: Bool = quizRunsOnLinux)
        -> (expect: [String: ValueExpectation], differs: String?)
    {
        guard onLinux, let linux = check.linux else { return (check.expect, nil) }
        return (check.expect.merging(linux.value) { _, linux in linux }, linux.note)
    }

    /// Judges `runs` against the check's expectations: validated if every run observed what is expected.
    public static func evaluate(_ check: RuntimeCheck, runs: [ScheduledObservation], onLinux: Bool = quizRunsOnLinux)
        -> CheckResult
    {
        let (expect, differs) = expectations(of: check, onLinux: onLinux)
        if let kind = check.failsWith {
            return evaluateFailures(check, kind: kind, runs: runs)
        }
        var problems: [String] = []
        for run in runs {
            switch run.result {
            case .failure(let failure):
                problems.append("\(failure)")
            case .success(let observation):
                for name in expect.keys.sorted() {
                    guard let value = observation[name] else {
                        problems.append("under \(run.schedule) the scenario reported no \"\(name)\"")
                        continue
                    }
                    if !expect[name]!.holds(for: value) {
                        problems.append("under \(run.schedule) \(name) = \(value), expected \(expect[name]!)")
                    }
                }
            }
        }
        let seededRuns = runs.filter { $0.schedule.seed != nil }
        if !check.expectSome.isEmpty, !seededRuns.isEmpty {
            let someHold = seededRuns.contains { run in
                guard case .success(let observation) = run.result else { return false }
                return check.expectSome.allSatisfy { name, expectation in observation[name].map(expectation.holds) == true }
            }
            if !someHold {
                let wanted = check.expectSome.keys.sorted().map { "\($0) \(check.expectSome[$0]!)" }.joined(separator: ", ")
                problems.append("no seed of \(seededRuns.count) observed \(wanted)")
            }
        }
        let names = Set(expect.keys).union(check.expectSome.keys).sorted()
        var observed = summary(of: runs, names: names)
        if differs != nil, let linux = check.linux {
            let lesson = linux.value.keys.sorted().compactMap { name in check.expect[name].map { "\(name) \($0)" } }
            observed += " (the lesson: \(lesson.joined(separator: ", ")))"
        }
        guard problems.isEmpty else {
            let shown = problems.prefix(3).joined(separator: "; ")
            let more = problems.count > 3 ? " (and \(problems.count - 3) more)" : ""
            return CheckResult(.contradicted, observed: "\(check.scenario): \(shown)\(more) — observed \(observed)")
        }
        return CheckResult(.validated, observed: "\(check.scenario): \(observed)", differs: differs)
    }

    /// Judges a check whose every run must fail with `kind`: "deadlock (strict); deadlock → 20 seeds".
    static func evaluateFailures(_ check: RuntimeCheck, kind: HarnessFailure.Kind, runs: [ScheduledObservation])
        -> CheckResult
    {
        var problems: [String] = []
        var seen: [String: Int] = [:]
        for run in runs {
            switch run.result {
            case .success(let observation):
                problems.append("under \(run.schedule) it finished (\(observation.keys.sorted().map { "\($0) \(observation[$0]!)" }.joined(separator: ", "))), expected \(kind.rawValue)")
            case .failure(let failure) where failure.kind != kind:
                problems.append("under \(run.schedule): \(failure)")
            case .failure:
                let name = run.schedule.seed == nil ? "\(kind.rawValue) (\(run.schedule))" : "\(kind.rawValue) → seeds"
                seen[name, default: 0] += 1
            }
        }
        let observed = "\(check.scenario): " + seen.keys.sorted().map { seen[$0]! > 1 ? "\($0) \(seen[$0]!)" : $0 }
            .joined(separator: "; ")
        guard problems.isEmpty else {
            return CheckResult(.contradicted, observed: observed + " — " + problems.prefix(3).joined(separator: "; "))
        }
        return CheckResult(.validated, observed: observed)
    }

    /// `drops 1 (strict); drops 1 → 20 seeds`: each named value, per schedule, seeded runs as a distribution.
    static func summary(of runs: [ScheduledObservation], names: [String]) -> String {
        var parts: [String] = []
        let single = runs.filter { $0.schedule.seed == nil }
        for run in single {
            guard case .success(let observation) = run.result else { continue }
            let values = names.map { "\($0) \(observation[$0].map(\.description) ?? "?")" }
            parts.append(values.joined(separator: ", ") + " (\(run.schedule))")
        }
        let seeded = runs.filter { $0.schedule.seed != nil }
        if !seeded.isEmpty {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for run in seeded {
                guard case .success(let observation) = run.result else { continue }
                let key = names.map { "\($0) \(observation[$0].map(\.description) ?? "?")" }.joined(separator: ", ")
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
            let ranked = order.sorted { counts[$0]! > counts[$1]! }
            let shown = ranked.prefix(4).map { "\($0) → \(counts[$0]!) seed\(counts[$0]! == 1 ? "" : "s")" }
            parts.append(shown.joined(separator: "; ") + (ranked.count > 4 ? "; …" : ""))
        }
        return parts.joined(separator: "; ")
    }
}
