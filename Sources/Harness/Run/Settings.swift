import Foundation

/// What the environment asks of the harness, read once per process and checked strictly.
///
/// | variable | meaning |
/// | --- | --- |
/// | `HARNESS_ITERATIONS=<n>` | multiply every explorer's default seed count by n, 1 to 1 000 (soak runs) |
/// | `HARNESS_SEEDS=a..<b` or `a...b` | explore these seeds (an explorer of fewer than 200 its leading part in proportion), at most 1 000 000 (shard a soak across machines) |
/// | `HARNESS_SEED=0x…` | replay one seed: every explorer runs only it |
/// | `HARNESS_CLAIM=<8 hex digits>` | run only the claim a replay line names (`Claim.key`); the test's other claims and cases do not run |
/// | `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` | `system` runs go to the one-thread strict pool on Linux |
///
/// A bad value is never ignored: it becomes a `SettingsError` naming the variable, the value and
/// the limit, and every run or exploration under it throws a `badSetting` failure saying so. The
/// harness never ends the process; `HarnessTesting` stops a test process at its first use with that
/// one line and exit status 2.
public struct Settings: Sendable, Equatable {
    /// The most `HARNESS_ITERATIONS` may ask for: with the largest default count in the package
    /// (300 seeds) that is 300 000 runs, well inside `maxSeeds`.
    public static let maxIterations = 1_000
    /// The most seeds one exploration runs: a million seeded runs take hours; more is a soak to shard
    /// with `HARNESS_SEEDS` slices.
    public static let maxSeeds: UInt64 = 1_000_000

    /// The factor applied to default seed counts, 1 to `maxIterations`.
    public var iterations: Int = 1
    /// Seeds to explore instead of the default `0..<count`, at most `maxSeeds` of them.
    public var seeds: ClosedRange<UInt64>? = nil
    /// One seed to replay instead of any range.
    public var seed: UInt64? = nil
    /// The one claim to run, by its key (`Claim.key`), as a replay line names it; nil: every claim.
    package var claim: String? = nil
    /// Whether `LIBDISPATCH_COOPERATIVE_POOL_STRICT` asks for a one-thread pool.
    public var strictPool: Bool = false
    /// The exploration strategy's variables.
    public var exploration = ExplorationSettings()
    /// The `HARNESS_*` variables the environment set, sorted: what a `Scope` may not override.
    public var environmentVariables: [String] = []

    /// The variables this harness reads; any other `HARNESS_*` variable is a typo and an error. (The build's own,
    /// `Capability.executorSPIVariable`, which `Package.swift` reads on a Mac, is known too: it reaches the tests.)
    public static let knownVariables = ["HARNESS_ITERATIONS", "HARNESS_SEEDS", "HARNESS_SEED", "HARNESS_CLAIM"]
        + explorationVariables + [Capability.executorSPIVariable]

    /// The prefix the variables had before they were named for the harness: refused, never read.
    public static let formerPrefix = "SUBJECTS_"

    /// Settings with every default: one iteration, seeds from zero, no replay, the pool as it is.
    public init() {}

    /// Reads and checks `environment` (for the process's own, use `Settings.current`).
    public init(environment: [String: String]) throws(SettingsError) {
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
            environmentVariables.append(name)
        }
        if let text = environment["HARNESS_ITERATIONS"] {
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), n > 0, n <= Self.maxIterations else {
                throw SettingsError(variable: "HARNESS_ITERATIONS", value: text, expected:
                    "a whole number from 1 to \(Self.maxIterations), like 10 (for more seeds, shard with HARNESS_SEEDS)")
            }
            iterations = n
        }
        if let text = environment["HARNESS_SEEDS"] {
            seeds = try Self.parseRange(text)
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
        try readExplorationSettings(environment)
        if let text = environment["LIBDISPATCH_COOPERATIVE_POOL_STRICT"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "true", "yes": strictPool = true
            case "0", "false", "no", "": strictPool = false
            default:
                throw SettingsError(variable: "LIBDISPATCH_COOPERATIVE_POOL_STRICT", value: text, expected: "1 or 0")
            }
        }
    }

    /// The default count of seeds a `HARNESS_SEEDS` slice is sized for: an explorer of at least this many seeds
    /// (the usual 200) explores the whole slice; one of fewer — a costly case, such as 5 000 bees at 10 seeds —
    /// explores the slice's leading part in proportion (a twentieth, at least one seed), so that a slice of
    /// thousands of seeds costs every explorer about the same multiple of its usual time.
    public static let sliceReference = 200

    /// The seeds an explorer with a default of `count` seeds runs under these settings, one at a
    /// time: `count × iterations` of them (never more than `maxSeeds`), the `HARNESS_SEEDS` slice
    /// (sized for `count`, see `sliceReference`), or the one `HARNESS_SEED`.
    public func seedsToExplore(defaultCount count: Int) -> Seeds {
        if let seed { return Seeds(seed...seed) }
        if let seeds {
            let share = UInt64(min(max(count, 0), Self.sliceReference))
            let width = UInt64(seeds.count)  // at most maxSeeds: no overflow below
            let sized = max((width * share + UInt64(Self.sliceReference) - 1) / UInt64(Self.sliceReference), 1)
            return Seeds(seeds.lowerBound...(seeds.lowerBound + (min(sized, width) - 1)))
        }
        let (product, overflow) = UInt64(max(count, 0)).multipliedReportingOverflow(by: UInt64(iterations))
        let total = overflow ? Self.maxSeeds : min(product, Self.maxSeeds)
        return total == 0 ? Seeds() : Seeds(0...(total - 1))
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

    /// The settings of this process under the calling task's `Scope` (a test's `.harness(…)` trait), or a
    /// `badSetting` failure naming the variable, its value and what was expected. The harness is a library: it
    /// never ends the process. Stopping once per process (exit status 2, one line) is the adapter's choice
    /// (`HarnessTesting`) or an executable's.
    static func checked() throws(HarnessFailure) -> Settings {
        switch current {
        case .success(let read): return Scope.current.map(read.under) ?? read
        case .failure(let error):
            throw HarnessFailure(.badSetting, schedule: nil, summary: "\(error) — nothing was run")
        }
    }

    /// These settings with what `scope` asks wherever the environment asks nothing: a variable set in the
    /// environment overrides the scope's same setting.
    public func under(_ scope: Scope) -> Settings {
        var settings = self
        let set = Set(environmentVariables)
        if !set.contains("HARNESS_ITERATIONS"), let iterations = scope.iterations { settings.iterations = iterations }
        // A seed or a slice from the environment replaces the scope's seed and slice together: they are one choice.
        if set.isDisjoint(with: ["HARNESS_SEED", "HARNESS_SEEDS", "HARNESS_SCHEDULE"]) {
            if let seeds = scope.seeds { settings.seeds = seeds }
            if let seed = scope.seed { settings.seed = seed }
        }
        if !set.contains("HARNESS_STRATEGY"), !set.contains("HARNESS_SCHEDULE"), let search = scope.search {
            settings.exploration.strategy = search
        }
        if !set.contains("HARNESS_SHRINK"), let shrinks = scope.shrinks { settings.exploration.shrinks = shrinks }
        return settings
    }

    /// The settings of this process, read once: the environment does not change under a test run.
    public static let current: Result<Settings, SettingsError> = Result { () throws(SettingsError) in
        try Settings(environment: ProcessInfo.processInfo.environment)
    }
}

extension Settings {
    /// What a test or a suite asks of the harness in code (`HarnessTesting`'s `.harness(…)` trait): the
    /// `HARNESS_*` settings for the runs of the task that sets it and its children, each overridden by its
    /// variable when the environment sets one. Nil fields ask nothing.
    public struct Scope: Sendable, Equatable {
        /// The search of seeded runs that name none (`HARNESS_STRATEGY`).
        public var search: Search?
        /// The factor for seed counts (`HARNESS_ITERATIONS`), 1 to `Settings.maxIterations`.
        public var iterations: Int?
        /// The seeds to explore instead of each explorer's `0..<count` (`HARNESS_SEEDS`).
        public var seeds: ClosedRange<UInt64>?
        /// The one seed every explorer runs (`HARNESS_SEED`).
        public var seed: UInt64?
        /// Whether a counterexample is shrunk (`HARNESS_SHRINK`).
        public var shrinks: Bool?

        /// A scope that asks for what is given.
        public init(search: Search? = nil, iterations: Int? = nil, seeds: ClosedRange<UInt64>? = nil, seed: UInt64? = nil,
                    shrinks: Bool? = nil) {
            self.search = search
            self.iterations = iterations
            self.seeds = seeds
            self.seed = seed
            self.shrinks = shrinks
        }

        /// This scope with what `inner` asks on top: a test's trait over its suite's.
        public func refined(by inner: Scope) -> Scope {
            Scope(search: inner.search ?? search, iterations: inner.iterations ?? iterations,
                  seeds: inner.seed != nil ? nil : inner.seeds ?? seeds,
                  seed: inner.seeds != nil ? nil : inner.seed ?? seed, shrinks: inner.shrinks ?? shrinks)
        }

        /// The scope of the calling task, if a trait set one.
        @TaskLocal public static var current: Scope?
    }
}
