/// Where a claim's scenario runs, and how its seeded runs search the schedules: what a test names its runs with.
///
///     Claim("two withdrawals of 80 from 100 leave 20", runs: [.strict, .system, .seeds(200)], …)
///
/// `.strict` and `.system` run once each; `.seeds(200)` runs 200 seeds on the harness's thread in virtual time,
/// each schedule picked by the default search (the portfolio, `Search`), unless the test's `.harness(…)` trait or
/// `HARNESS_STRATEGY` names another; `.seeds(500, search: .pct(depth: 2))` names its own.
public enum Runs: Sendable, Hashable, CustomStringConvertible {
    /// Once on the harness's one thread, first in first out, real time.
    case strict
    /// Once on the real global executor, real time. In a process that links `Harness` (a test target that uses it),
    /// that is the real pool behind the harness's default executor, which the harness installs as the process loads
    /// and which passes through every job not enqueued on a harness thread: to check a runtime the harness never
    /// touched, run the code in an executable that does not link it (as `swift run corpus` does).
    case system
    /// `count` runs on the harness's one thread, in virtual time, each under the schedule `search` picks for its
    /// seed (nil: the default, the portfolio); for `exhaustive`, `count` is the budget of runs.
    case seeds(Int, search: Search? = nil)

    /// Every schedule with at most `bound` preemptions (nil: every schedule), depth first, up to `budget` runs.
    public static func exhaustive(bound: Int? = nil, budget: Int = 10_000) -> Runs {
        .seeds(budget, search: .exhaustive(preemptionBound: bound))
    }

    /// `strict`, `system`, `200 seeds`, `500 seeds, pct(depth 2)` or `exhaustive(bound 2), up to 10000 runs`:
    /// how a report names where a claim ran.
    public var description: String {
        switch self {
        case .strict: "strict"
        case .system: "system"
        case .seeds(let count, let search?):
            if case .exhaustive = search { "\(search), up to \(count) runs" } else { "\(count) seeds, \(search)" }
        case .seeds(let count, nil): "\(count) seeds"
        }
    }

    /// Whether the scenario runs in virtual time (its pace, `Pace`): under seeds, yes.
    var isSeeded: Bool {
        if case .seeds = self { return true }
        return false
    }
}
