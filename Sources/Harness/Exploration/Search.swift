import Foundation

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

// Where a seed becomes a schedule, and a schedule its picker: one search, one file. Which job runs next at each
// choice point is then the picker's (`RandomPicker`, `PCTPicker`, `ReplayPicker`).

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
