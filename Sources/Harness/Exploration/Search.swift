import Foundation

/// How the seeded runs of a claim (or an exploration) pick their schedules: `Runs.seeds(n, search:)`,
/// `HARNESS_STRATEGY`.
///
///     Claim("…", runs: [.seeds(200)], …)                           // the portfolio: random and PCT in turn
///     Claim("…", runs: [.seeds(500, search: .pct(depth: 2))], …)   // PCT alone
///     Claim("…", runs: [.exhaustive(bound: 2)], …)                 // every schedule with at most 2 preemptions
public enum Search: Sendable, Hashable, CustomStringConvertible {
    /// The default: even seeds take the random walk, odd ones PCT (at depth 2, its change point drawn among twice
    /// the run's choice points: `schedule(seed:horizon:)`), so a bug that one finds fast and the other slowly is
    /// found a few times slower at most than by the better alone, without knowing which it is.
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

// Where a seed becomes a schedule, and a schedule its picker: one search, one file. Which job runs next at each
// choice point is then the picker's (`RandomPicker`, `PCTPicker`, `ReplayPicker`).

extension Search {
    /// The schedule seed `seed` runs under (`horizon`: PCT's, see `pctHorizon`); `exhaustive` has none by seed.
    ///
    /// The portfolio runs even seeds as the random walk and odd ones as PCT at depth 2 with its change point drawn
    /// among twice the calm run's choice points, so that half its PCT runs keep their priorities all the way (PCT
    /// at depth 1, which finds "one task runs whole first") and half change once inside the run (depth 2: "the other
    /// comes in between"); the random walk finds the bugs that need a switch at one particular step. A function of
    /// the seed alone, so `HARNESS_SEED` replays a portfolio's run by itself. The bench's time-to-bug table shows
    /// what each costs.
    package func schedule(seed: UInt64, horizon: Int) -> Schedule {
        switch self {
        case .portfolio: seed % 2 == 0 ? .seeded(seed) : .pct(seed: seed, depth: 2, horizon: 2 * horizon)
        case .random, .exhaustive: .seeded(seed)
        case .pct(let depth): .pct(seed: seed, depth: depth, horizon: horizon)
        }
    }

    /// Which of its strategies this search gave a run under `schedule`, in a report's words, where it mixes them: the
    /// portfolio's "random walk for even seeds" or "PCT for odd seeds". Nil for a search of one strategy, whose schedule
    /// says it all.
    package func strategyName(of schedule: Schedule) -> String? {
        guard case .portfolio = self else { return nil }
        return switch schedule {
        case .seeded: "the portfolio's random walk for even seeds"
        case .pct: "the portfolio's PCT for odd seeds"
        default: nil
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
