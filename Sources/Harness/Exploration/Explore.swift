import Foundation

/// One seed's run in an exploration: what the scenario returned, or how it failed.
public struct SeededRun<Outcome: Sendable>: Sendable {
    /// The seed.
    public var seed: UInt64
    /// The outcome, or the harness's failure under this seed.
    public var result: Result<Outcome, HarnessFailure>
    /// The schedule's hash (0 when the run failed).
    package var scheduleHash: UInt64
    /// Scenario time at the end (virtual).
    package var elapsed: Duration
    /// The schedule it ran under: `seeded(seed)`, `pct(…)` or `replay(…)`.
    package var schedule: Schedule = .strict
    /// Its choices, replayable with `HARNESS_SCHEDULE` (up to the failure, for a run that failed).
    package var interleaving = Interleaving([])
    /// Its notes, with the tasks that left them.
    package var timeline = Timeline()
    /// Times a job waited for a `Synchronization.Mutex` another held (`Run.mutexWaits`).
    package var mutexWaits = 0
}

/// The outcomes of one scenario over many seeds, and how often each came up.
public struct Exploration<Outcome: Hashable & Sendable>: Sendable, CustomStringConvertible {
    /// What is being counted, e.g. "requests".
    package var label: String
    /// Every run, in seed order.
    public var runs: [SeededRun<Outcome>]
    /// How the schedules were picked.
    package var strategy: Search = .portfolio
    /// For `exhaustive`: every schedule (within the bound, if any) was run.
    package var exhausted = false
    /// For `exhaustive`: whether the preemption bound left some schedules out.
    package var bounded = false
    /// Runs the scenario again under a schedule, with its choice points (for `shrink`).
    var rerun: (@Sendable (Schedule) async -> (SeededRun<Outcome>, [ChoicePoint]))? = nil
    /// The plan it ran under (`shrink` reads whether to shrink there).
    var plan = Plan()

    /// The outcomes of the runs that finished, in seed order.
    package var outcomes: [Outcome] {
        runs.compactMap { try? $0.result.get() }
    }

    /// The runs that failed, with their failures.
    package var failures: [(seed: UInt64, failure: HarnessFailure)] {
        runs.compactMap { run in
            if case .failure(let failure) = run.result { return (run.seed, failure) }
            return nil
        }
    }

    /// Each outcome with its seeds, most frequent first (ties in order of first appearance).
    package var distribution: [(outcome: Outcome, seeds: [UInt64])] {
        let finished = runs.compactMap { run in (try? run.result.get()).map { (outcome: $0, seed: run.seed) } }
        return mostFrequentFirst(finished, by: \.outcome).map { ($0.key, $0.items.map(\.seed)) }
    }

    /// How many distinct schedules the runs took.
    package var distinctSchedules: Int {
        Set(runs.filter { $0.scheduleHash != 0 }.map(\.scheduleHash)).count
    }

    /// The seeds whose outcome makes `isCounterexample` true.
    package func seeds(where isCounterexample: (Outcome) -> Bool) -> [UInt64] {
        runs.compactMap { run in
            guard case .success(let outcome) = run.result, isCounterexample(outcome) else { return nil }
            return run.seed
        }
    }

    /// `requests: 1 → 137 seeds, 2 → 63 seeds` (and failures by kind, if any).
    public var description: String {
        let ranked = distribution
        let unit = if case .exhaustive = strategy { "schedule" } else { "seed" }
        var parts = ranked.prefix(8).map { "\(abbreviated($0.outcome)) → \(counted($0.seeds.count, unit))" }
        if ranked.count > 8 {
            parts.append("\(ranked.count - 8) other outcomes → \(counted(ranked.dropFirst(8).map(\.seeds.count).reduce(0, +), unit))")
        }
        var failed: [String: Int] = [:]
        for (_, failure) in failures { failed[failure.kind.rawValue, default: 0] += 1 }
        parts += failed.keys.sorted().map { "\($0) → \(counted(failed[$0]!, unit))" }
        return "\(label): " + (parts.isEmpty ? "no runs" : parts.joined(separator: ", ")) + coverage
            + NotExplored.mutex(contended: runs.filter { $0.mutexWaits > 0 }.count, of: runs.count)
    }

    /// What the runs cover, for an exhaustive exploration: ` — all 6 schedules`.
    package var coverage: String {
        guard case .exhaustive(let bound) = strategy else { return "" }
        let count = counted(runs.count, "schedule")
        if !exhausted { return " — stopped after \(count), the run budget: not every schedule was tried" }
        if bounded, let bound { return " — \(count), every one with at most \(counted(bound, "preemption")) (bound \(bound))" }
        return " — all \(count)"
    }
}

/// Runs `body` once per schedule that `strategy` picks, and collects what each run returned.
///
/// ```swift
/// let balances = try await explore("two withdrawals of 80 from 100", seeds: 100) {
///     let account = CheckOnceAccount(balance: 100)   // reads its balance only before the fraud check's await
///     async let first = account.withdraw(80), second = account.withdraw(80)
///     _ = await (first, second)
///     return await account.balance
/// }
/// print(balances)      // two withdrawals of 80 from 100: -60 → 58 seeds, 20 → 42 seeds
/// #expect(balances.runs.contains { (try? $0.result.get()) == -60 })   // some seed overdraws
/// ```
///
/// `portfolio` (the default), `random` and `pct` run one seed per run: `0..<seeds` by default, times
/// `HARNESS_ITERATIONS`; `HARNESS_SEEDS=a..<b` runs exactly that slice of the seed space (to
/// shard a soak), and `HARNESS_SEED=0x…` only that seed; they are produced one at a time, at most
/// `Plan.maxSeeds`. `exhaustive` runs every schedule, up to `seeds` runs. `HARNESS_STRATEGY`
/// picks the strategy where the caller names none, and `HARNESS_SCHEDULE=s1-…` runs only that
/// interleaving (to replay a failure). A run that fails does not stop the others: its failure is in
/// `runs`. A malformed variable throws a `badSetting` failure naming it (`Plan`).
public func explore<Outcome: Hashable & Sendable>(
    _ label: String,
    seeds count: Int = 200,
    strategy: Search? = nil,
    options: RunOptions = RunOptions(),
    _ body: @escaping @Sendable () async throws -> Outcome
) async throws(HarnessFailure) -> Exploration<Outcome> {
    try await explore(label, seeds: count, strategy: strategy, options: options, plan: try Plan.resolve(), body)
}

/// `explore` under `plan`, resolved where the check or the exploration started.
func explore<Outcome: Hashable & Sendable>(
    _ label: String, seeds count: Int, strategy: Search?, options: RunOptions, plan: Plan,
    _ body: @escaping @Sendable () async throws -> Outcome
) async throws(HarnessFailure) -> Exploration<Outcome> {
    let strategy = try plan.search(asked: strategy)
    var exploration = Exploration<Outcome>(label: label, runs: [], strategy: strategy)
    exploration.plan = plan
    exploration.rerun = { schedule in await tracedRun(seed: 0, schedule, options: options, plan: plan, body) }
    if let replayed = plan.replay {
        var (run, trace) = await tracedRun(seed: 0, .replay(replayed), options: options, plan: plan, body)
        let misfit = replayed.misfit(trace)
        ReplayTally.count(fitted: misfit == nil)
        if let misfit {
            run.result = .failure(.scheduleMisfit(replayed, misfit))
        }
        exploration.runs = [run]
        return exploration
    }
    if case .exhaustive(let bound) = strategy {
        var prefix: [UInt32]? = []
        while let next = prefix, exploration.runs.count < max(count, 1) * plan.iterations, !Task.isCancelled {
            let (run, trace) = await tracedRun(number: UInt64(exploration.runs.count), next, options: options, plan: plan,
                                               body)
            exploration.runs.append(run)
            let step = DepthFirst.next(after: trace, bound: bound)
            prefix = step.prefix
            exploration.bounded = exploration.bounded || step.pruned
        }
        exploration.exhausted = prefix == nil
        return exploration
    }
    // PCT's horizon costs a run: measured once, the first time a seed needs it.
    var horizon: Int? = nil
    for seed in plan.seeds(defaultCount: count) {
        var schedule = strategy.schedule(seed: seed, horizon: 0)
        if case .pct = schedule {
            if horizon == nil { horizon = await pctHorizon(options: options, plan: plan, body) }
            schedule = strategy.schedule(seed: seed, horizon: horizon!)
        }
        exploration.runs.append(await tracedRun(seed: seed, schedule, options: options, plan: plan, body).run)
        if Task.isCancelled { break }
    }
    return exploration
}

/// One run of an exhaustive exploration, following `prefix`, with its choice points.
func tracedRun<Outcome: Sendable>(
    number: UInt64, _ prefix: [UInt32], options: RunOptions, plan: Plan,
    _ body: @escaping @Sendable () async throws -> Outcome
) async -> (run: SeededRun<Outcome>, trace: [ChoicePoint]) {
    await tracedRun(seed: number, .replay(Interleaving(prefix)), options: options, plan: plan, body)
}

/// One run under `schedule`, as given, with its choice points (recorded under `replay` only).
func tracedRun<Outcome: Sendable>(
    seed: UInt64, _ schedule: Schedule, options: RunOptions, plan: Plan,
    _ body: @escaping @Sendable () async throws -> Outcome
) async -> (run: SeededRun<Outcome>, trace: [ChoicePoint]) {
    do {
        let run = try await run(schedule, options: options, plan: plan, body)
        return (SeededRun(seed: seed, result: .success(run.value), scheduleHash: run.scheduleHash, elapsed: run.elapsed,
                          schedule: schedule, interleaving: run.interleaving, timeline: run.timeline,
                          mutexWaits: run.mutexWaits), run.trace)
    } catch {
        return (SeededRun(seed: seed, result: .failure(error), scheduleHash: 0, elapsed: error.elapsed,
                          schedule: schedule, interleaving: error.interleaving ?? Interleaving(error.choices, points: error.choices.count), timeline: error.timeline),
                error.trace)
    }
}

/// Runs `body` twice under `seeded(seed)` and fails if the two schedules differ: the shuttle-style
/// self-check that a scenario is deterministic (nothing from outside the harness steers it).
///
/// ```swift
/// let paid = try await checkDeterminism(seed: 7) {
///     let account = Account(balance: 100)
///     async let first = account.withdraw(80), second = account.withdraw(80)
///     return await [first, second]
/// }
/// #expect(paid.value.filter { $0 }.count == 1)   // both runs of seed 7 made the same choices and paid once
/// ```
///
/// A scenario steered from outside the seed — a `Date()` it branches on, a `Double.random(in:)`, a thread it waits
/// for — throws here instead of replaying later.
///
/// - Returns: the first run.
/// - Throws: `HarnessFailure` of kind `nondeterministic`, or the runs' own failures.
public func checkDeterminism<Value: Sendable & Equatable>(
    seed: UInt64,
    options: RunOptions = RunOptions(),
    _ body: @escaping @Sendable () async throws -> Value
) async throws(HarnessFailure) -> Run<Value> {
    let plan = try Plan.resolve()
    let first = try await run(asked: .seeded(seed), options: options, plan: plan, body)
    let second = try await run(asked: .seeded(seed), options: options, plan: plan, body)
    if first.guessedTimers + second.guessedTimers > 0 {
        throw HarnessFailure(.nondeterministic, schedule: first.ranAs, summary:
            "\(first.guessedTimers + second.guessedTimers) sleeps had their duration guessed from real time, because " +
            "the standard clocks could not be shown virtual time here: the schedule may differ from run to run.")
    }
    guard first.scheduleHash == second.scheduleHash, first.value == second.value else {
        throw HarnessFailure(.nondeterministic, schedule: first.ranAs, summary:
            "the same seed gave two schedules (hash \(Seed.format(first.scheduleHash)) then " +
            "\(Seed.format(second.scheduleHash)); values \(abbreviated(first.value)) then \(abbreviated(second.value))): something outside " +
            "the harness — another thread, real time, a random number — steers this scenario.")
    }
    return first
}

/// How the seeded runs of a claim (or an exploration) pick their schedules: `Runs.seeds(n, search:)`,
/// `HARNESS_STRATEGY`.
///
///     Claim("…", runs: [.seeds(200)], …)                           // the portfolio: random and PCT by turns
///     Claim("…", runs: [.seeds(500, search: .pct(depth: 2))], …)   // PCT alone
///     Claim("…", runs: [.exhaustive(bound: 2)], …)                 // every schedule with at most 2 preemptions
public enum Search: Sendable, Hashable, CustomStringConvertible {
    /// The default: the random walk, PCT at depth 2 and PCT at depth 1 by turns, seed by seed, with 7, 7 and 6 of
    /// every 20 seeds (`seed % 20 % 3` is 0, 1 or 2), so a bug that one finds fast and the others slowly is found in
    /// at most about three times the runs the best would need alone, without knowing which it is.
    case portfolio
    /// Every ready job equally likely at every choice point, one seed per run: `seeded(seed)`.
    case random
    /// PCT (`Schedule.pct`): random task priorities with `depth − 1` change points, one seed per
    /// run. A bug that needs d orderings is found with a probability that does not shrink with the
    /// number of choice points as fast as under `random`.
    case pct(depth: Int)
    /// Every schedule, depth first, up to the run budget; with a bound, only those with at most
    /// that many preemptions (`DepthFirst`).
    case exhaustive(preemptionBound: Int?)

    /// The depth PCT takes unless told otherwise (`HARNESS_PCT_DEPTH`).
    package static let defaultPCTDepth = 3

    /// `portfolio`, `random`, `pct(depth 3)`, `exhaustive`, `exhaustive(bound 2)`.
    public var description: String {
        switch self {
        case .portfolio: "portfolio"
        case .random: "random"
        case .pct(let depth): "pct(depth \(depth))"
        case .exhaustive(nil): "exhaustive"
        case .exhaustive(let bound?): "exhaustive(bound \(bound))"
        }
    }

    /// Reads `portfolio`, `random`, `pct`, `exhaustive` or `exhaustive:k` (k preemptions at most); nil otherwise.
    /// `pct` takes `pctDepth`.
    package static func parse(_ text: String, pctDepth: Int = defaultPCTDepth) -> Search? {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(separator: ":", omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("portfolio", 1): return .portfolio
        case ("random", 1): return .random
        case ("pct", 1): return .pct(depth: pctDepth)
        case ("exhaustive", 1): return .exhaustive(preemptionBound: nil)
        case ("exhaustive", 2):
            guard let bound = Int(parts[1]), (0...100).contains(bound) else { return nil }
            return .exhaustive(preemptionBound: bound)
        default: return nil
        }
    }
}

// Where a seed becomes a schedule, and a schedule its picker, beside the loop over the seeds above: the whole way
// from a seed to the run that takes it is in this file. Which job runs next at each choice point is then the
// picker's (`RandomPicker`, `PCTPicker`, `ReplayPicker`), asked by `Scheduler.pick()`.

extension Search {
    /// The schedule seed `seed` runs under (`horizon`: PCT's, see `pctHorizon`); `exhaustive` has none by seed.
    package func schedule(seed: UInt64, horizon: Int) -> Schedule {
        switch self {
        case .portfolio: Self.portfolioPart(of: seed).schedule(seed: seed, horizon: horizon)
        case .random, .exhaustive: .seeded(seed)
        case .pct(let depth): .pct(seed: seed, depth: depth, horizon: horizon)
        }
    }

    /// The strategy the portfolio gives `seed` (its turns: `portfolio`). Each finds bugs the others miss: the random
    /// walk a switch at one particular step (a check-then-store race), PCT at depth 1 one task run whole first, at depth
    /// 2 another coming in between. By turns, not in blocks, so that a bug only one of them finds does not wait out the
    /// others' seeds; so mixed, the runs to a bug from seed 0 on, on average, stay within 3× of the best single
    /// strategy's on every row of the bench's chance table (`docs/bench.md`). A function of the seed alone, so
    /// `HARNESS_SEED` replays a portfolio's run by itself.
    package static func portfolioPart(of seed: UInt64) -> Search {
        switch seed % portfolioCycle % 3 {
        case 0: .random
        case 1: .pct(depth: 2)
        default: .pct(depth: 1)
        }
    }

    /// The portfolio's turns start again every this many seeds: 20 is not a multiple of 3, so the random walk and PCT
    /// at depth 2 take one seed in 20 more than PCT at depth 1.
    private static let portfolioCycle: UInt64 = 20

    /// Which of its strategies this search gave a run under `schedule`, in a report's words, where it mixes them: the
    /// portfolio's "random walk (7 seeds in 20)", "PCT at depth 1 (6 seeds in 20)" or "PCT at depth 2 (7 seeds in 20)".
    /// Nil for a search of one strategy, whose schedule says it all, and for a replayed schedule.
    package func strategyName(of schedule: Schedule) -> String? {
        guard case .portfolio = self, let seed = schedule.seed else { return nil }
        let part = Self.portfolioPart(of: seed)
        let share = "(\((0..<Self.portfolioCycle).filter { Self.portfolioPart(of: $0) == part }.count) seeds in \(Self.portfolioCycle))"
        return switch part {
        case .pct(let depth): "the portfolio's PCT at depth \(depth) \(share)"
        default: "the portfolio's random walk \(share)"
        }
    }
}

extension Schedule {
    /// How the next job is chosen under this schedule where more than one is ready: its picker, started from its seed
    /// (or its recorded choices); nil for `strict` and `system`, which run the oldest job first.
    var picker: (any Picker)? {
        switch self {
        case .seeded(let seed): RandomPicker(seed: seed)
        case .pct(let seed, let depth, let horizon): PCTPicker(seed: seed, depth: depth, horizon: horizon)
        case .replay(let interleaving): ReplayPicker(interleaving.choices)
        case .strict, .system: nil
        }
    }
}

/// PCT's horizon for a scenario: the choice points of its run that never preempts (a run of
/// `replay` with no choices), so that change points fall where the scenario really chooses. It is a
/// function of the scenario alone, so a PCT seed replays alone too.
func pctHorizon<Outcome: Sendable>(
    options: RunOptions, plan: Plan, _ body: @escaping @Sendable () async throws -> Outcome
) async -> Int {
    do {
        return max(try await run(.replay(Interleaving([])), options: options, plan: plan, body).choices.count, 1)
    } catch {
        return max(error.choices.count, 1)
    }
}
