import Foundation

/// How an exploration picks its schedules (`explore(…, strategy:)`, `HARNESS_STRATEGY`).
public enum SearchStrategy: Sendable, Hashable, CustomStringConvertible {
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

    /// `random`, `pct(depth 3)`, `exhaustive`, `exhaustive(bound 2)`.
    public var description: String {
        switch self {
        case .random: "random"
        case .pct(let depth): "pct(depth \(depth))"
        case .exhaustive(nil): "exhaustive"
        case .exhaustive(let bound?): "exhaustive(bound \(bound))"
        }
    }

    /// Reads `random`, `pct`, `exhaustive` or `exhaustive:k` (k preemptions at most); nil otherwise.
    /// `pct` takes `pctDepth`.
    public static func parse(_ text: String, pctDepth: Int = defaultPCTDepth) -> SearchStrategy? {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(separator: ":", omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
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
