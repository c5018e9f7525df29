import Foundation

// How `Plan` reads the environment: each variable checked strictly, a bad value named with what was expected.
//
// | variable | meaning |
// | --- | --- |
// | `HARNESS_ITERATIONS=<n>` | multiply every explorer's default seed count by n, 1 to 1 000 (soak runs) |
// | `HARNESS_SEEDS=a..<b` or `a...b` | explore these seeds (an explorer of fewer than 200 its leading part in proportion), at most 1 000 000 (shard a soak across machines) |
// | `HARNESS_SEED=0x…` | replay one seed: every explorer runs only it |
// | `HARNESS_CLAIM=<8 hex digits>` | run only the claim a replay line names (`Claim.key`); the test's other claims and cases do not run |
// | `HARNESS_STRATEGY=portfolio\|random\|pct\|exhaustive\|exhaustive:k` | how seeded runs pick schedules where the test names no search (default portfolio) |
// | `HARNESS_PCT_DEPTH=<1…10>` | PCT's depth (default 3) |
// | `HARNESS_SCHEDULE='s1-…'` | replay one printed interleaving: every explorer, and every seeded or PCT run, plays only it |
// | `HARNESS_SHRINK=on\|off` | whether a counterexample is shrunk before it is reported (default on) |
// | `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` | `system` runs go to the one-thread strict pool on Linux |
extension Plan {
    /// The variables this harness reads; any other `HARNESS_*` variable is a typo and an error. (The build's own,
    /// `Capability.executorSPIVariable`, which `Package.swift` reads on a Mac, is known too: it reaches the tests.)
    package static let knownVariables = ["HARNESS_ITERATIONS", "HARNESS_SEEDS", "HARNESS_SEED", "HARNESS_CLAIM",
                                         "HARNESS_STRATEGY", "HARNESS_PCT_DEPTH", "HARNESS_SCHEDULE", "HARNESS_SHRINK",
                                         Capability.executorSPIVariable]

    /// The prefix the variables had before they were named for the harness: refused, never read.
    package static let formerPrefix = "SUBJECTS_"

    /// Reads and checks `environment` (for the process's own, `Plan.process`).
    package init(environment: [String: String]) throws(SettingsError) {
        // The variables were once named for this package's Subjects target; an old name set by a script or a
        // habit would otherwise be ignored in silence, so it is refused with its new name.
        for name in environment.keys.sorted() where name.hasPrefix(Self.formerPrefix) {
            let renamed = "HARNESS_" + name.dropFirst(Self.formerPrefix.count)
            throw SettingsError(variable: name, value: environment[name] ?? "",
                                expected: "the harness's variables are named HARNESS_* now: set \(renamed) instead")
        }
        for name in environment.keys.sorted() where name.hasPrefix("HARNESS_") {
            guard Self.knownVariables.contains(name) else {
                throw SettingsError(variable: name, value: environment[name] ?? "",
                                    expected: "one of \(Self.knownVariables.joined(separator: ", ")) (is it misspelt?)")
            }
            self.environment[name] = environment[name]
        }
        if let text = environment["HARNESS_ITERATIONS"] {
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), n > 0, n <= Self.maxIterations else {
                throw SettingsError(variable: "HARNESS_ITERATIONS", value: text, expected:
                    "a whole number from 1 to \(Self.maxIterations), like 10 (for more seeds, shard with HARNESS_SEEDS)")
            }
            iterations = n
        }
        if let text = environment["HARNESS_SEEDS"] {
            slice = try Self.parseRange(text)
        }
        if let text = environment["HARNESS_SEED"] {
            guard let one = Seed.parse(text) else {
                throw SettingsError(variable: "HARNESS_SEED", value: text, expected: "one seed, like 0x2a or 42")
            }
            seed = one
        }
        if let text = environment["HARNESS_CLAIM"] {
            let key = text.trimmingCharacters(in: .whitespaces).lowercased()
            guard key.count == 8, key.allSatisfy(\.isHexDigit) else {
                throw SettingsError(variable: "HARNESS_CLAIM", value: text, expected:
                    "a claim's key as a replay line prints it: 8 hex digits, like 5f3a9c21")
            }
            claim = key
        }
        try readSearch(environment)
        if let text = environment["LIBDISPATCH_COOPERATIVE_POOL_STRICT"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "true", "yes": strictPool = true
            case "0", "false", "no", "": strictPool = false
            default:
                throw SettingsError(variable: "LIBDISPATCH_COOPERATIVE_POOL_STRICT", value: text, expected: "1 or 0")
            }
        }
    }

    /// Reads how seeded runs search, and what they replay: `HARNESS_STRATEGY`, `HARNESS_PCT_DEPTH`,
    /// `HARNESS_SCHEDULE`, `HARNESS_SHRINK`.
    private mutating func readSearch(_ environment: [String: String]) throws(SettingsError) {
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
