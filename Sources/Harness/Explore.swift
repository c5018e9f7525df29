/// One seed's run in an exploration: what the scenario returned, or how it failed.
public struct SeededRun<Outcome: Sendable>: Sendable {
    /// The seed.
    public var seed: UInt64
    /// The outcome, or the harness's failure under this seed.
    public var result: Result<Outcome, HarnessFailure>
    /// The schedule's hash (0 when the run failed).
    public var scheduleHash: UInt64
    /// Scenario time at the end (virtual).
    public var elapsed: Duration
}

/// The outcomes of one scenario over many seeds, and how often each came up.
public struct Exploration<Outcome: Hashable & Sendable>: Sendable, CustomStringConvertible {
    /// What is being counted, e.g. "requests".
    public var label: String
    /// Every run, in seed order.
    public var runs: [SeededRun<Outcome>]

    /// The outcomes of the runs that finished, in seed order.
    public var outcomes: [Outcome] {
        runs.compactMap { try? $0.result.get() }
    }

    /// The runs that failed, with their failures.
    public var failures: [(seed: UInt64, failure: HarnessFailure)] {
        runs.compactMap { run in
            if case .failure(let failure) = run.result { return (run.seed, failure) }
            return nil
        }
    }

    /// Each outcome with its seeds, most frequent first (ties in order of first appearance).
    public var distribution: [(outcome: Outcome, seeds: [UInt64])] {
        var order: [Outcome] = []
        var seeds: [Outcome: [UInt64]] = [:]
        for run in runs {
            guard case .success(let outcome) = run.result else { continue }
            if seeds[outcome] == nil { order.append(outcome) }
            seeds[outcome, default: []].append(run.seed)
        }
        let ranked = order.enumerated().sorted { left, right in
            let (l, r) = (seeds[left.element]!.count, seeds[right.element]!.count)
            return l != r ? l > r : left.offset < right.offset
        }
        return ranked.map { ($0.element, seeds[$0.element]!) }
    }

    /// How many distinct schedules the runs took.
    public var distinctSchedules: Int {
        Set(runs.filter { $0.scheduleHash != 0 }.map(\.scheduleHash)).count
    }

    /// The seeds whose outcome makes `isCounterexample` true.
    public func seeds(where isCounterexample: (Outcome) -> Bool) -> [UInt64] {
        runs.compactMap { run in
            guard case .success(let outcome) = run.result, isCounterexample(outcome) else { return nil }
            return run.seed
        }
    }

    /// `requests: 1 → 137 seeds, 2 → 63 seeds` (and failures by kind, if any).
    public var description: String {
        let ranked = distribution
        var parts = ranked.prefix(8).map { "\($0.outcome) → \(counted($0.seeds.count, "seed"))" }
        if ranked.count > 8 {
            parts.append("\(counted(ranked.count - 8, "other outcome")) → \(counted(ranked.dropFirst(8).map(\.seeds.count).reduce(0, +), "seed"))")
        }
        var failed: [String: Int] = [:]
        for (_, failure) in failures { failed[failure.kind.rawValue, default: 0] += 1 }
        parts += failed.keys.sorted().map { "\($0) → \(counted(failed[$0]!, "seed"))" }
        return "\(label): " + (parts.isEmpty ? "no runs" : parts.joined(separator: ", "))
    }
}

/// Runs `body` once per seed under `seeded(seed)`, and collects what each run returned.
///
/// The seeds are `0..<seeds` by default, times `SUBJECTS_ITERATIONS`; `SUBJECTS_SEEDS=a..<b` runs
/// exactly that slice of the seed space (to shard a soak), and `SUBJECTS_SEED=0x…` only that seed
/// (to replay a failure); they are produced one at a time, at most `Settings.maxSeeds`. A run that
/// fails does not stop the others: its failure is in `runs`. A malformed variable stops the process
/// once with one line naming it (`Settings`).
public func explore<Outcome: Hashable & Sendable>(
    _ label: String,
    seeds count: Int = 200,
    options: RunOptions = RunOptions(),
    _ body: @escaping @Sendable () async throws -> Outcome
) async throws(HarnessFailure) -> Exploration<Outcome> {
    let settings = try Settings.checked()
    var runs: [SeededRun<Outcome>] = []
    for seed in settings.seedsToExplore(defaultCount: count) {
        do {
            let run = try await run(.seeded(seed), options: options, body)
            runs.append(SeededRun(seed: seed, result: .success(run.value), scheduleHash: run.scheduleHash,
                                  elapsed: run.elapsed))
        } catch {
            runs.append(SeededRun(seed: seed, result: .failure(error), scheduleHash: 0, elapsed: error.elapsed))
        }
        if Task.isCancelled { break }
    }
    return Exploration(label: label, runs: runs)
}

/// Runs `body` twice under `seeded(seed)` and fails if the two schedules differ: the shuttle-style
/// self-check that a scenario is deterministic (nothing from outside the harness steers it).
///
/// - Returns: the first run.
/// - Throws: `HarnessFailure` of kind `nondeterministic`, or the runs' own failures.
public func checkDeterminism<Value: Sendable & Equatable>(
    seed: UInt64,
    options: RunOptions = RunOptions(),
    _ body: @escaping @Sendable () async throws -> Value
) async throws(HarnessFailure) -> Run<Value> {
    let first = try await run(.seeded(seed), options: options, body)
    let second = try await run(.seeded(seed), options: options, body)
    if first.guessedTimers + second.guessedTimers > 0 {
        throw HarnessFailure(.nondeterministic, schedule: first.ranAs, summary:
            "\(first.guessedTimers + second.guessedTimers) sleeps had their duration guessed from real time, because " +
            "the standard clocks could not be shown virtual time here: the schedule may differ from run to run.")
    }
    guard first.scheduleHash == second.scheduleHash, first.value == second.value else {
        throw HarnessFailure(.nondeterministic, schedule: first.ranAs, summary:
            "the same seed gave two schedules (hash \(Seed.format(first.scheduleHash)) then " +
            "\(Seed.format(second.scheduleHash)); values \(first.value) then \(second.value)): something outside " +
            "the harness — another thread, real time, a random number — steers this scenario.")
    }
    return first
}
