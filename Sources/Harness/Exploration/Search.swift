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
    public static let defaultPCTDepth = 3

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
    public static func parse(_ text: String, pctDepth: Int = defaultPCTDepth) -> Search? {
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
