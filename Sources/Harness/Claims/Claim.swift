// One mechanism for "this claim holds, and could have failed": a scenario, the schedules it runs under, what
// must hold, and a control — the same claim against a counterfactual, under which it must fail. The topic
// tests render a `ClaimResult` as Swift Testing issues (HarnessTesting); the quiz renders it as a verdict.

/// What must hold for one outcome: nil if it holds, else what was wrong (`drops = 99, expected 1...5`).
public struct Condition<Outcome: Sendable>: Sendable, CustomStringConvertible {
    /// The condition in words: `drops 1...5`.
    public var description: String
    /// Nil if `outcome` satisfies the condition, else the miss in words.
    public var miss: @Sendable (Outcome) -> String?

    /// A condition described as `description`, judged by `miss`.
    public init(_ description: String, miss: @escaping @Sendable (Outcome) -> String?) {
        self.description = description
        self.miss = miss
    }

    /// A condition that holds when `holds` is true; a miss shows the outcome.
    public static func that(_ description: String, _ holds: @escaping @Sendable (Outcome) -> Bool) -> Condition {
        Condition(description) { holds($0) ? nil : abbreviated($0) }
    }
}

extension Condition where Outcome: Equatable {
    /// The outcome is exactly `expected`.
    public static func equals(_ expected: Outcome) -> Condition {
        Condition("\(expected)") { $0 == expected ? nil : "\($0), expected \(expected)" }
    }
}

/// What a claim expects of its runs: a condition on every run, a condition at least one seed shows, or a
/// harness failure (a deadlock) every run must end in.
public struct Expectation<Outcome: Sendable>: Sendable, CustomStringConvertible {
    /// Must hold for every run; a run that fails in the harness is a miss.
    public var every: Condition<Outcome>?
    /// Must hold for at least one seeded run (all runs, if none is seeded): a race some interleavings show.
    public var some: Condition<Outcome>?
    /// Every run must end in this harness failure.
    public var fails: HarnessFailure.Kind?

    /// `every` must hold for every run, and `some` for at least one seed.
    public init(every: Condition<Outcome>? = nil, some: Condition<Outcome>? = nil) {
        self.every = every
        self.some = some
    }

    /// Every run must end in `kind`.
    public static func fails(_ kind: HarnessFailure.Kind) -> Expectation {
        var expectation = Expectation()
        expectation.fails = kind
        return expectation
    }

    /// `every run: drops 1...5; some seed: drops 2`.
    public var description: String {
        if let fails { return "every run ends in \(fails.rawValue)" }
        var parts: [String] = []
        if let every { parts.append("every run: \(every)") }
        if let some { parts.append("some seed: \(some)") }
        return parts.joined(separator: "; ")
    }

    /// The misses among `runs`: each with the schedule that shows it (nil: no single run shows it).
    public func misses(_ runs: [ClaimRun<Outcome>]) -> [Counterexample] {
        var misses: [Counterexample] = []
        for run in runs {
            switch (run.result, fails) {
            case (.success(let outcome), nil):
                if let miss = every?.miss(outcome) { misses.append(Counterexample(run, miss)) }
            case (.success(let outcome), let kind?):
                misses.append(Counterexample(run, "finished with \(outcome), expected \(kind.rawValue)"))
            case (.failure(let failure), nil):
                misses.append(Counterexample(run, "\(failure)"))
            case (.failure(let failure), let kind?):
                if failure.kind != kind { misses.append(Counterexample(run, "ended otherwise: \(failure)")) }
            }
        }
        if let some, fails == nil {
            let seeded = runs.filter { $0.schedule.isVirtualTime }
            let pool = seeded.isEmpty ? runs : seeded
            let shown = pool.contains { run in
                if case .success(let outcome) = run.result { return some.miss(outcome) == nil }
                return false
            }
            if !shown { misses.append(Counterexample(nil, "no run of \(pool.count) showed \(some)")) }
        }
        return misses
    }
}

/// How fast a scenario's clock runs: `virtual` under a claim's seeded runs (a sleep costs nothing, so the lesson's
/// seconds may stay seconds), `real` under strict and system (where a scenario wants its times scaled down).
///
///     Claim("a stubborn sibling holds the group for 1 s", …) {
///         await errorWaitsForStubbornSibling(busyFor: Pace.current.pick(virtual: .seconds(1), real: .milliseconds(300)))
///     }
public enum Pace: Sendable, Hashable {
    /// Under seeds: time is virtual, a sleep lasts exactly what it asked, and margins can be wide for free.
    case virtual
    /// Under strict and system: time is real, and a loaded machine stretches it.
    case real

    /// `virtual` under `.seeds(n)`, `real` otherwise.
    init(_ runs: Runs) {
        self = runs.isSeeded ? .virtual : .real
    }

    /// The value for this pace: `pace.pick(virtual: .seconds(5), real: .milliseconds(200))`.
    public func pick<Value>(virtual: Value, real: Value) -> Value {
        self == .virtual ? virtual : real
    }

    /// The pace of the claim's run the calling task is in (its child tasks too: a task-local): `real` outside any.
    /// A `Task.detached` does not inherit it; read it where the scenario starts.
    @TaskLocal public static var current: Pace = .real
}

/// The counterfactual a claim must fail against: the lesson's wrong shape, a breakage, the scenario with its
/// property removed — or, where none can exist, why.
public enum Control<Outcome: Sendable>: Sendable {
    /// Runs `body` instead of the claim's scenario, under the same schedules and paces (`Pace.current`); the
    /// expectation must miss.
    case counterfactual(String, @Sendable () async throws -> Outcome)
    /// No counterfactual exists: the claim is reported as unguarded, with this reason.
    case none(why: String)
}

/// A claim: a scenario, where it runs, what must hold, and the control under which it must not.
public struct Claim<Outcome: Hashable & Sendable>: Sendable {
    /// What the lesson claims, in words: the first thing a failure says.
    public var statement: String
    /// The schedules it runs under, in order.
    public var runs: [Runs]
    /// How the harness runs it.
    public var options: RunOptions
    /// What must hold.
    public var expectation: Expectation<Outcome>
    /// The scenario (`Pace.current` tells it its pace).
    public var body: @Sendable () async throws -> Outcome
    /// Under what the expectation must fail.
    public var control: Control<Outcome>
    /// Harness failures that count as the control's miss: how its wrong shape shows, where that is a failure (a
    /// producer that never stops ends in leftover work). Any other failure of a control run is no evidence.
    public var controlMissedBy: Set<HarnessFailure.Kind> = []

    /// A claim about `body`: under each of `runs` it must meet `expectation`, and under `control` miss it. `body`
    /// may scale its timings by `Pace.current` (virtual under seeds, real under strict and system).
    public init(_ statement: String, runs: [Runs] = [.strict, .seeds(200)], options: RunOptions = RunOptions(),
                expect expectation: Expectation<Outcome>, control: Control<Outcome>,
                _ body: @escaping @Sendable () async throws -> Outcome) {
        self.statement = statement
        self.runs = runs
        self.options = options
        self.expectation = expectation
        self.control = control
        self.body = body
    }
}

/// Where a run was observed: on the real runtime, or in the harness's one-thread model of it.
public enum ObservedOn: String, Sendable, Hashable, CustomStringConvertible {
    /// The real runtime: the `system` schedule — Linux's global pool and main actor, as the runtime schedules them.
    case runtime
    /// The harness's model: `strict` and seeded runs, one thread that the harness schedules. It loses no update
    /// whatever the code (nothing runs beside a job), so what it shows is what the model allows, not what Linux does.
    case model

    /// Where a run under `schedule` was observed (a `system` run sent to the strict pool by
    /// `LIBDISPATCH_COOPERATIVE_POOL_STRICT` ran as `strict`, in the model).
    public init(_ schedule: Schedule) {
        self = schedule == .system ? .runtime : .model
    }

    /// `runtime` or `model`.
    public var description: String { rawValue }
}

/// One run of a claim's scenario (or its control's): the schedule, and what it gave or how it failed.
public struct ClaimRun<Outcome: Sendable>: Sendable {
    /// The schedule it ran as (strict, a seed, system).
    public var schedule: Schedule
    /// The outcome, or the harness's failure.
    public var result: Result<Outcome, HarnessFailure>
    /// Its choices, for a run on the harness's thread under a virtual-time schedule (replayable with
    /// `HARNESS_SCHEDULE`); nil otherwise.
    public var interleaving: Interleaving?
    /// Its notes, with the tasks that left them.
    public var timeline: Timeline

    /// A run.
    public init(_ schedule: Schedule, _ result: Result<Outcome, HarnessFailure>, interleaving: Interleaving? = nil,
                timeline: Timeline = Timeline()) {
        self.schedule = schedule
        self.result = result
        self.interleaving = interleaving
        self.timeline = timeline
    }

    /// Whether it ran on the real runtime or in the harness's model.
    public var on: ObservedOn { ObservedOn(schedule) }

    /// The failure, if the run played a `HARNESS_SCHEDULE` string it does not fit (it replayed nothing).
    var misfit: HarnessFailure? {
        if case .failure(let failure) = result, failure.isScheduleMisfit { return failure }
        return nil
    }
}

/// A run that shows an expectation missed: its schedule (nil when no single run shows it) and what it showed.
public struct Counterexample: Sendable, Hashable, CustomStringConvertible {
    /// The schedule that replays it, if one does.
    public var schedule: Schedule?
    /// What was observed instead.
    public var what: String
    /// The run's choices, if it has them: the replay string that shows it in any process.
    public var interleaving: Interleaving? = nil
    /// How the run's tasks interleaved, by their notes.
    public var timeline = Timeline()

    /// A counterexample.
    public init(_ schedule: Schedule?, _ what: String) {
        self.schedule = schedule
        self.what = what
    }

    /// The counterexample that `run` shows: `what` under its schedule, with its choices and notes.
    init<Outcome>(_ run: ClaimRun<Outcome>, _ what: String) {
        self.init(run.schedule, what)
        interleaving = run.interleaving
        timeline = run.timeline
    }

    /// `under seeded(0x…): drops = 99, expected 1...5`.
    public var description: String {
        schedule.map { "under \($0): \(what)" } ?? what
    }
}

/// How the control came out.
public enum ControlResult: Sendable, Hashable, CustomStringConvertible {
    /// The expectation missed under the counterfactual, as it must: the claim could have failed.
    case failed(name: String, evidence: String)
    /// The expectation held under the counterfactual too: the check cannot tell right from wrong.
    case held(name: String, observed: String)
    /// No counterfactual exists.
    case none(why: String)

    /// `failed`, `held` or `none`: the word the quiz's JSON uses.
    public var word: String {
        switch self {
        case .failed: "failed"
        case .held: "held"
        case .none: "none"
        }
    }

    /// `control plainClass failed: drops = 100 …`.
    public var description: String {
        switch self {
        case .failed(let name, let evidence): "control \(name) failed it: \(evidence)"
        case .held(let name, let observed): "control \(name) held too (\(observed)): the check cannot fail"
        case .none(let why): "no control: \(why)"
        }
    }
}

/// What checking a claim found: every run, the misses, and the control's result.
public struct ClaimResult<Outcome: Hashable & Sendable>: Sendable {
    /// The claim's statement.
    public var statement: String
    /// The expectation, in words.
    public var expectation: String
    /// Every run of the scenario, in order.
    public var runs: [ClaimRun<Outcome>]
    /// The runs (or the absence of one) that show the expectation missed; empty if it held.
    public var counterexamples: [Counterexample]
    /// The control's result (not run when the claim itself missed).
    public var control: ControlResult?
    /// A malformed `HARNESS_*` setting: nothing ran.
    public var badSetting: HarnessFailure?
    /// Why some run of the claim or its control gave no evidence either way, if one did: a time limit cut it twice
    /// (`HarnessFailure.hitTimeLimit`: a loaded machine, or a pool held by other work). The claim is then unguarded
    /// for that reason (`control` is `.none` with it); a claim's own such run keeps its control from running.
    public var noEvidence: String?
    /// A `HARNESS_SCHEDULE` string this claim's seeded runs do not fit (`HarnessFailure.isScheduleMisfit`):
    /// they replayed nothing, so they are left out of `runs`, and the control is not run.
    public var misfit: HarnessFailure?

    /// Whether the expectation held on every run (a misfit's runs left out).
    public var held: Bool { badSetting == nil && counterexamples.isEmpty }

    /// Whether it held, and the control made it fail: the only result the quiz calls validated
    /// (`judge(held:control:)`).
    public var validated: Bool {
        judge(held: held && misfit == nil, control: control) == .validated
    }

    /// Where the control made the expectation miss: `runtime` if a run on the real runtime shows it, else `model`;
    /// nil if the control did not fail. A claim about what the runtime does is validated only `on: .runtime`.
    public var controlFailedOn: ObservedOn?

    /// `1 (strict); 1 → 18 seeds, 2 → 2 seeds`: what each schedule gave, seeds as a distribution.
    public func observed(_ show: (Outcome) -> String = { "\($0)" }) -> String {
        ClaimResult.distribution(runs, show)
    }

    /// What `runs` gave: single runs by schedule, seeded runs as a distribution, most frequent first.
    static func distribution(_ runs: [ClaimRun<Outcome>], _ show: (Outcome) -> String) -> String {
        func text(_ result: Result<Outcome, HarnessFailure>) -> String {
            switch result {
            case .success(let outcome): show(outcome)
            case .failure(let failure): failure.kind.rawValue
            }
        }
        var parts = runs.filter { !$0.schedule.isVirtualTime }.map { "\(text($0.result)) (\($0.schedule))" }
        let ranked = mostFrequentFirst(runs.filter { $0.schedule.isVirtualTime }) { text($0.result) }
        let shown = ranked.prefix(4).map { "\($0.key) → \($0.items.count) seed\($0.items.count == 1 ? "" : "s")" }
        if !shown.isEmpty { parts.append(shown.joined(separator: "; ") + (ranked.count > 4 ? "; …" : "")) }
        return parts.joined(separator: "; ")
    }
}

/// Runs `claim` under each of its schedules, judges every run, and — if it held — runs the control under the
/// same schedules, which must make it miss.
public func check<Outcome>(_ claim: Claim<Outcome>, show: @escaping @Sendable (Outcome) -> String = { "\($0)" })
    async -> ClaimResult<Outcome>
{
    var result = ClaimResult<Outcome>(statement: claim.statement, expectation: "\(claim.expectation)", runs: [],
                                      counterexamples: [], control: nil)
    do {
        (result.runs, result.noEvidence) = try await runsPastTimeLimits(of: claim.body, claim.runs, options: claim.options)
        // A run cut twice by a time limit is neither a pass nor a miss of the claim (a timeout is never a catch).
        result.runs.removeAll { $0.result.failure?.hitTimeLimit ?? false }
    } catch {
        result.badSetting = error
        return result
    }
    result.misfit = result.runs.lazy.compactMap(\.misfit).first
    result.runs.removeAll { $0.misfit != nil }
    result.counterexamples = claim.expectation.misses(result.runs)
    guard result.counterexamples.isEmpty, result.misfit == nil else { return result }
    if let why = result.noEvidence {
        result.control = ControlResult.none(why: "no evidence: \(why)")
        return result
    }
    switch claim.control {
    case .none(let why):
        result.control = ControlResult.none(why: why)
    case .counterfactual(let name, let body):
        // Every control run counts by what it shows (`Expectation.evidence`); one a time limit cut twice shows nothing
        // about the control and keeps it from holding (`ControlResult.judging`).
        let (runs, _) = (try? await runsPastTimeLimits(of: body, claim.runs, options: claim.options)) ?? ([], nil)
        let shown = claim.expectation.evidence(runs, missedBy: claim.controlMissedBy)
        result.control = .judging(name, shown, observed: ClaimResult.distribution(runs, show))
        if case .none(let why)? = result.control { result.noEvidence = why }
        if case .failed? = result.control {
            // Where it failed: a run on the real runtime that missed is the evidence wherever there is one; a miss no
            // single run shows (`evidence`'s last item, past the runs) is the runtime's only if every finished run was.
            let finished = runs.filter { if case .success = $0.result { true } else { false } }
            let collective = shown.count > runs.count && finished.allSatisfy { $0.on == .runtime } ? shown.last : nil
            let runtimeMiss = zip(runs, shown).first { run, evidence in
                if case .missed = evidence { run.on == .runtime } else { false }
            }?.1 ?? collective
            if case .missed(let evidence)? = runtimeMiss { result.control = .failed(name: name, evidence: evidence) }
            result.controlFailedOn = runtimeMiss == nil ? .model : .runtime
        }
    }
    return result
}

/// `runs(of:)`, with every single run (strict, system) that a time limit cut run once more: a run cut by a time limit
/// (`HarnessFailure.hitTimeLimit`) shows only that the machine did not finish it in time (a loaded machine, a real
/// pool held by other work), not what the scenario does. One cut twice stays cut, and is said in the reason.
func runsPastTimeLimits<Outcome: Hashable & Sendable>(
    of scenario: @escaping @Sendable () async throws -> Outcome, _ schedules: [Runs], options: RunOptions
) async throws(HarnessFailure) -> (runs: [ClaimRun<Outcome>], noEvidence: String?) {
    var all = try await runs(of: scenario, schedules, options: options)
    var reasons: [String] = []
    for index in all.indices.reversed() {
        guard case .failure(let failure) = all[index].result, failure.hitTimeLimit,
              let asked: Runs = all[index].schedule == .system ? .system
                : all[index].schedule == .strict ? .strict : nil else { continue }
        let again = try await runs(of: scenario, [asked], options: options)
        if let rerun = again.first { all[index] = rerun }
        if all[index].result.failure?.hitTimeLimit ?? false {
            reasons.append("its run under \(asked) hit its time limit twice (\(failure.summary))")
        }
    }
    return (all, reasons.isEmpty ? nil : reasons.reversed().joined(separator: "; "))
}

extension Result {
    /// The failure, if this is one.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// Every run of `body` under `schedules`, each told its pace; throws only for a malformed `HARNESS_*` setting.
func runs<Outcome: Hashable & Sendable>(of scenario: @escaping @Sendable () async throws -> Outcome,
                                        _ schedules: [Runs],
                                        options: RunOptions) async throws(HarnessFailure) -> [ClaimRun<Outcome>] {
    var runs: [ClaimRun<Outcome>] = []
    for schedule in schedules {
        let pace = Pace(schedule)
        let body: @Sendable () async throws -> Outcome = { try await Pace.$current.withValue(pace) { try await scenario() } }
        switch schedule {
        case .strict, .system:
            let asked: Schedule = schedule == .strict ? .strict : .system
            do {
                let run = try await run(asked, options: options, body)
                runs.append(ClaimRun(run.ranAs, .success(run.value), timeline: run.timeline))
            } catch where error.kind == .badSetting {
                throw error
            } catch {
                runs.append(ClaimRun(asked, .failure(error), timeline: error.timeline))
            }
        case .seeds(let count, let search):
            let exploration = try await explore("claim", seeds: count, strategy: search, options: options, body)
            runs += exploration.runs.map { run in
                ClaimRun(run.schedule, run.result, interleaving: run.interleaving, timeline: run.timeline)
            }
        }
    }
    return runs
}
