import Foundation

// How `Plan` reads the search variables and a `HARNESS_SEEDS` slice: each checked strictly, a bad value named with
// what was expected. (Which variable each field defaults to is said on the field; the user's table is in
// Harness.docc/Schedules.md.)
extension Plan {
    /// Reads how seeded runs search, and what they replay: `HARNESS_STRATEGY`, `HARNESS_PCT_DEPTH`,
    /// `HARNESS_SCHEDULE`, `HARNESS_SHRINK`.
    mutating func readSearch(_ environment: [String: String]) throws(SettingsError) {
        if let text = environment["HARNESS_PCT_DEPTH"] {
            guard let depth = Int(text.trimmingCharacters(in: .whitespaces)), (1...10).contains(depth) else {
                throw SettingsError(variable: "HARNESS_PCT_DEPTH", value: text, expected: "a depth from 1 to 10, like 3")
            }
            pctDepth = depth
        }
        if let text = environment["HARNESS_STRATEGY"] {
            guard let strategy = Search.parse(text, pctDepth: pctDepth) else {
                throw SettingsError(variable: "HARNESS_STRATEGY", value: text,
                                    expected: "portfolio, random, pct, exhaustive, or exhaustive:k for at most k preemptions (0 to 100)")
            }
            search = strategy
            // An exhaustive search runs every schedule, not one per seed: a seed or a slice beside it would be ignored.
            if case .exhaustive = strategy, let other = ["HARNESS_SEED", "HARNESS_SEEDS"].first(where: { environment[$0] != nil }) {
                throw SettingsError(variable: other, value: environment[other]!, expected:
                    "nothing beside HARNESS_STRATEGY=\(text), an exhaustive search, which runs every schedule rather than "
                    + "one per seed (unset one of the two)")
            }
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
            replay = interleaving
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
            case "on": shrinks = true
            case "off": shrinks = false
            default: throw SettingsError(variable: "HARNESS_SHRINK", value: text, expected: "on or off")
            }
        }
    }

    /// `a..<b` or `a...b`, each bound decimal or `0x` hex, non-empty and at most `maxSeeds` long.
    static func parseRange(_ text: String) throws(SettingsError) -> ClosedRange<UInt64> {
        func bad(_ why: String) -> SettingsError {
            SettingsError(variable: "HARNESS_SEEDS", value: text, expected:
                "a range of 1 to \(maxSeeds) seeds, like 1000..<2000 or 0x10...0x1f\(why)")
        }
        let closed = text.components(separatedBy: "...")
        let open = text.components(separatedBy: "..<")
        let low: UInt64, high: UInt64
        if closed.count == 2, let a = Seed.parse(closed[0]), let b = Seed.parse(closed[1]) {
            guard a <= b else { throw bad(" (this one is empty)") }
            (low, high) = (a, b)
        } else if open.count == 2, let a = Seed.parse(open[0]), let b = Seed.parse(open[1]) {
            guard a < b else { throw bad(" (this one is empty)") }
            (low, high) = (a, b - 1)
        } else {
            throw bad("")
        }
        guard high - low < maxSeeds else {
            throw bad(" (this one holds \(UInt128(high) - UInt128(low) + 1); shard it into slices)")
        }
        return low...high
    }
}
