import Foundation

// The exploration variables: how seeded runs search, and what they replay.

/// | variable | meaning |
/// | --- | --- |
/// | `HARNESS_STRATEGY=portfolio\|random\|pct\|exhaustive\|exhaustive:k` | how seeded runs pick schedules where the test names no search (default portfolio) |
/// | `HARNESS_PCT_DEPTH=<1…10>` | PCT's depth (default 3) |
/// | `HARNESS_SCHEDULE='s1-…'` | replay one printed interleaving: every explorer, and every seeded or PCT run, plays only it |
/// | `HARNESS_SHRINK=on\|off` | whether a counterexample is shrunk before it is reported (default on) |
extension Settings {
    /// The variables of this block.
    static let explorationVariables = ["HARNESS_STRATEGY", "HARNESS_PCT_DEPTH", "HARNESS_SCHEDULE", "HARNESS_SHRINK"]

    /// Reads this block's variables into `exploration`.
    mutating func readExplorationSettings(_ environment: [String: String]) throws(SettingsError) {
        if let text = environment["HARNESS_PCT_DEPTH"] {
            guard let depth = Int(text.trimmingCharacters(in: .whitespaces)), (1...10).contains(depth) else {
                throw SettingsError(variable: "HARNESS_PCT_DEPTH", value: text, expected: "a depth from 1 to 10, like 3")
            }
            exploration.pctDepth = depth
        }
        if let text = environment["HARNESS_STRATEGY"] {
            guard let strategy = Search.parse(text, pctDepth: exploration.pctDepth) else {
                throw SettingsError(variable: "HARNESS_STRATEGY", value: text,
                                    expected: "portfolio, random, pct, exhaustive, or exhaustive:k for at most k preemptions (0 to 100)")
            }
            exploration.strategy = strategy
        } else if environment["HARNESS_PCT_DEPTH"] != nil {
            throw SettingsError(variable: "HARNESS_PCT_DEPTH", value: environment["HARNESS_PCT_DEPTH"]!,
                                expected: "HARNESS_STRATEGY=pct beside it (alone it would change nothing)")
        }
        if let text = environment["HARNESS_SCHEDULE"] {
            guard let interleaving = Interleaving(parsing: text) else {
                throw SettingsError(variable: "HARNESS_SCHEDULE", value: text,
                                    expected: "a replay string as a failure prints it, like s1-10*3*2_104_")
            }
            if let build = interleaving.build, build != .current {
                throw SettingsError(variable: "HARNESS_SCHEDULE", value: text, expected:
                    "a string printed by a \(Interleaving.Build.current) build: this one was printed by a \(build) build, "
                    + "where the optimizer \(build == .release ? "merges" : "keeps") hops this build "
                    + "\(build == .release ? "keeps" : "merges"), so its choices would play another schedule here — "
                    + "replay it in the build that printed it (\(build == .release ? "swift test -c release" : "swift test"))")
            }
            exploration.schedule = interleaving
            // The interleaving decides every seeded run alone: a seed, a slice or a strategy beside it would
            // be silently ignored.
            let beside = ["HARNESS_SEED", "HARNESS_SEEDS", "HARNESS_ITERATIONS", "HARNESS_STRATEGY"]
            for other in beside where environment[other] != nil {
                throw SettingsError(variable: other, value: environment[other]!, expected:
                    "nothing beside HARNESS_SCHEDULE, which replays one interleaving whatever the seed or strategy " +
                    "(unset one of the two)")
            }
        }
        if let text = environment["HARNESS_SHRINK"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "on": exploration.shrinks = true
            case "off": exploration.shrinks = false
            default: throw SettingsError(variable: "HARNESS_SHRINK", value: text, expected: "on or off")
            }
        }
    }
}

/// What the exploration variables asked for.
public struct ExplorationSettings: Sendable, Equatable {
    /// The strategy explorers use when the test names none; nil for the default, the portfolio.
    public var strategy: Search? = nil
    /// PCT's depth.
    public var pctDepth = Search.defaultPCTDepth
    /// One interleaving to replay instead of exploring.
    public var schedule: Interleaving? = nil
    /// Whether a counterexample is shrunk before it is reported: off where only the first failure
    /// counts (`scripts/time-to-bug` counts runs, and shrinking would cost more than they do).
    public var shrinks = true
}
