import Foundation

/// What the seeded runs of a check or an exploration do: the `HARNESS_*` variables, read once per process, under a
/// test's `.harness(…)` trait (`Scope`). Each field says where it comes from ("defaults to `HARNESS_X`"), as loom's
/// `Builder` does; the claim's own search, where it names one, comes before all of them.
///
/// A bad value is never ignored: it becomes a `SettingsError` naming the variable, the value and the limit, and every
/// run or exploration under it throws a `badSetting` failure saying so. The harness never ends the process;
/// `HarnessTesting` stops a test process at its first use with that one line and exit status 2.
package struct Plan: Sendable, Equatable {
    /// The most `HARNESS_ITERATIONS` may ask for: with the largest default count in the package (300 seeds) that is
    /// 300 000 runs, well inside `maxSeeds`.
    package static let maxIterations = 1_000
    /// The most seeds one exploration runs: a million seeded runs take hours; more is a soak to shard with
    /// `HARNESS_SEEDS` slices.
    package static let maxSeeds: UInt64 = 1_000_000

    /// The factor applied to each explorer's default count of seeds, 1 to `maxIterations` (soak runs). Defaults to
    /// `HARNESS_ITERATIONS`, else the trait's `iterations`, else 1.
    package var iterations: Int = 1
    /// The seeds to explore in place of `0..<count`, at most `maxSeeds` of them (to shard a soak across machines).
    /// Defaults to `HARNESS_SEEDS=a..<b` (or `a...b`), else the trait's `seeds`, else none.
    package var slice: ClosedRange<UInt64>? = nil
    /// The one seed every explorer runs in place of any slice (to replay one). Defaults to `HARNESS_SEED`, else the
    /// trait's `seed`, else none.
    package var seed: UInt64? = nil
    /// The search of seeded runs whose claim names none. Defaults to `HARNESS_STRATEGY`
    /// (`portfolio|random|pct|exhaustive|exhaustive:k`), else the trait's `search`; nil: the portfolio.
    package var search: Search? = nil
    /// PCT's depth under `HARNESS_STRATEGY=pct`. Defaults to `HARNESS_PCT_DEPTH` (1 to 10), else 3.
    package var pctDepth = Search.defaultPCTDepth
    /// One printed interleaving that every explorer, and every seeded or PCT run, plays in place of its own (to
    /// replay a failure). Defaults to `HARNESS_SCHEDULE='s1-…'`, else none.
    package var replay: Interleaving? = nil
    /// Whether a counterexample is shrunk before it is reported: off where only the first failure counts
    /// (`scripts/time-to-bug` counts runs, and shrinking would cost more than they do). Defaults to
    /// `HARNESS_SHRINK=on|off`, else the trait's `shrink`, else on.
    package var shrinks = true
    /// The one claim to run, by its key (`Claim.key`), as a replay line names it; nil: every claim. Defaults to
    /// `HARNESS_CLAIM`, else none.
    package var claim: String? = nil
    /// Whether `system` runs go to the one-thread strict pool on Linux. Defaults to
    /// `LIBDISPATCH_COOPERATIVE_POOL_STRICT`, else no.
    package var strictPool: Bool = false
    /// Each `HARNESS_*` variable the environment set, with its text as given: what a trait may not override, and what
    /// a replay line repeats.
    package var environment: [String: String] = [:]

    /// The `HARNESS_*` variables the environment set, sorted.
    package var environmentVariables: [String] { environment.keys.sorted() }

    /// A plan with every default: one iteration, seeds from zero, the portfolio, no replay, the pool as it is.
    package init() {}

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

    /// The default count of seeds a `HARNESS_SEEDS` slice is sized for: an explorer of at least this many seeds
    /// (the usual 200) explores the whole slice; one of fewer — a costly case, such as 5 000 bees at 10 seeds —
    /// explores the slice's leading part in proportion (a twentieth, at least one seed), so that a slice of
    /// thousands of seeds costs every explorer about the same multiple of its usual time.
    package static let sliceReference = 200

    /// The seeds an explorer with a default of `count` seeds runs, one at a time: `count × iterations` of them
    /// (never more than `maxSeeds`), the slice (sized for `count`, see `sliceReference`), or the one seed.
    package func seeds(defaultCount count: Int) -> Seeds {
        if let seed { return Seeds(seed...seed) }
        if let slice {
            let share = UInt64(min(max(count, 0), Self.sliceReference))
            let width = UInt64(slice.count)  // at most maxSeeds: no overflow below
            let sized = max((width * share + UInt64(Self.sliceReference) - 1) / UInt64(Self.sliceReference), 1)
            return Seeds(slice.lowerBound...(slice.lowerBound + (min(sized, width) - 1)))
        }
        let (product, overflow) = UInt64(max(count, 0)).multipliedReportingOverflow(by: UInt64(iterations))
        let total = overflow ? Self.maxSeeds : min(product, Self.maxSeeds)
        return total == 0 ? Seeds() : Seeds(0...(total - 1))
    }

    /// The plan of a check, an exploration or a run starting now: the process's environment under the calling task's
    /// `Scope` (a test's `.harness(…)` trait), or a `badSetting` failure naming the variable, its value and what was
    /// expected. Called once where each starts, and the plan passed down: nothing below reads the settings again. The
    /// harness is a library: it never ends the process. Stopping once per process (exit status 2, one line) is the
    /// adapter's choice (`HarnessTesting`) or an executable's (`environmentError`).
    package static func resolve() throws(HarnessFailure) -> Plan {
        switch process {
        case .success(let read): return Scope.current.map(read.under) ?? read
        case .failure(let error):
            throw HarnessFailure(.badSetting, schedule: nil, summary: "\(error) — nothing was run")
        }
    }

    /// The search the seeded runs of an explorer take under this plan: `asked` (a claim's own, or an `explore`'s),
    /// else `search`, else the portfolio. An exhaustive search runs every schedule rather than one per seed, so a seed
    /// or a slice beside it would be ignored in silence: that is refused, naming both, and nothing runs.
    package func search(asked: Search?) throws(HarnessFailure) -> Search {
        let chosen = asked ?? search ?? .portfolio
        guard case .exhaustive = chosen, seed != nil || slice != nil else { return chosen }
        let given = if let text = environment["HARNESS_SEED"] { "HARNESS_SEED=\(text)" }
            else if let text = environment["HARNESS_SEEDS"] { "HARNESS_SEEDS=\(text)" }
            else if let seed { "the .harness(seed: \(Seed.format(seed))) trait" }
            else { "the .harness(seeds: \(slice.map { "\($0)" } ?? "")) trait" }
        let searching = if asked != nil { "\(chosen), the search this claim or exploration names" }
            else if let text = environment["HARNESS_STRATEGY"] { "HARNESS_STRATEGY=\(text)" }
            else { "\(chosen), the search its .harness(search:) trait names" }
        throw HarnessFailure(.badSetting, schedule: nil, summary: "\(given) cannot be played by \(searching): an "
            + "exhaustive search runs every schedule, not one per seed, so the seed would be ignored. Unset one of the two "
            + "(a run of an exhaustive search replays by the HARNESS_SCHEDULE line it printed) — nothing was run")
    }

    /// What a run asked for `schedule` plays under this plan: a replay line's interleaving in place of a seeded or PCT
    /// run (either may have printed it), its seed in place of a seeded run's, so that a test that picks its own seeds
    /// replays the failing one too; a `replay` asked for by name (the shrinker's, an exhaustive step) stays itself.
    package func substitute(_ schedule: Schedule) -> Schedule {
        if schedule.seed != nil, let replay { return .replay(replay) }
        if case .seeded = schedule, let seed { return .seeded(seed) }
        return schedule
    }

    /// This plan with what `scope` asks wherever the environment asks nothing: a variable set in the environment
    /// overrides the scope's same setting.
    package func under(_ scope: Scope) -> Plan {
        var plan = self
        let set = Set(environment.keys)
        if !set.contains("HARNESS_ITERATIONS"), let iterations = scope.iterations { plan.iterations = iterations }
        // A seed or a slice from the environment replaces the scope's seed and slice together: they are one choice.
        if set.isDisjoint(with: ["HARNESS_SEED", "HARNESS_SEEDS", "HARNESS_SCHEDULE"]) {
            if let seeds = scope.seeds { plan.slice = seeds }
            if let seed = scope.seed { plan.seed = seed }
        }
        if !set.contains("HARNESS_STRATEGY"), !set.contains("HARNESS_SCHEDULE"), let search = scope.search {
            plan.search = search
        }
        if !set.contains("HARNESS_SHRINK"), let shrinks = scope.shrinks { plan.shrinks = shrinks }
        return plan
    }

    /// The plan the process's environment asks for, read once (the environment does not change under a test run):
    /// the one read of it. A check or an exploration takes it through `resolve()`, a process's start through the two
    /// accessors below.
    private static let process: Result<Plan, SettingsError> = Result { () throws(SettingsError) in
        try Plan(environment: ProcessInfo.processInfo.environment)
    }

    /// The environment's bad value, if it has one: what a process refuses at its start (a test process, the bench,
    /// the quiz), once, before anything runs.
    package static var environmentError: SettingsError? {
        if case .failure(let error) = process { return error }
        return nil
    }

    /// The process's plan before any trait or claim, for what is decided once per process rather than per check: a
    /// suite's time limit, the shared pool's width, the claim a replay line selects, the string the exit check names.
    /// Every default under a bad value (the process stops at its start then, `environmentError`).
    package static var processDefaults: Plan {
        (try? process.get()) ?? Plan()
    }
}

extension Plan {
    /// What a test or a suite asks of the harness in code (`HarnessTesting`'s `.harness(…)` trait): the
    /// `HARNESS_*` settings for the runs of the task that sets it and its children, each overridden by its
    /// variable when the environment sets one. Nil fields ask nothing.
    package struct Scope: Sendable, Equatable {
        /// The search of seeded runs that name none (`HARNESS_STRATEGY`).
        package var search: Search?
        /// The factor for seed counts (`HARNESS_ITERATIONS`), 1 to `Plan.maxIterations`.
        package var iterations: Int?
        /// The seeds to explore instead of each explorer's `0..<count` (`HARNESS_SEEDS`).
        package var seeds: ClosedRange<UInt64>?
        /// The one seed every explorer runs (`HARNESS_SEED`).
        package var seed: UInt64?
        /// Whether a counterexample is shrunk (`HARNESS_SHRINK`).
        package var shrinks: Bool?

        /// A scope that asks for what is given.
        package init(search: Search? = nil, iterations: Int? = nil, seeds: ClosedRange<UInt64>? = nil, seed: UInt64? = nil,
                     shrinks: Bool? = nil) {
            self.search = search
            self.iterations = iterations
            self.seeds = seeds
            self.seed = seed
            self.shrinks = shrinks
        }

        /// This scope with what `inner` asks on top: a test's trait over its suite's.
        package func refined(by inner: Scope) -> Scope {
            Scope(search: inner.search ?? search, iterations: inner.iterations ?? iterations,
                  seeds: inner.seed != nil ? nil : inner.seeds ?? seeds,
                  seed: inner.seeds != nil ? nil : inner.seed ?? seed, shrinks: inner.shrinks ?? shrinks)
        }

        /// The scope of the calling task, if a trait set one.
        @TaskLocal package static var current: Scope?
    }
}

/// The seeds of one exploration, in order, produced one at a time: a million seeds take no memory.
package struct Seeds: Sequence, Sendable, Equatable {
    /// The first seed and the last, or nil for none.
    package let bounds: ClosedRange<UInt64>?

    /// No seeds.
    package init() { bounds = nil }

    /// The seeds in `bounds`, both ends included.
    package init(_ bounds: ClosedRange<UInt64>) { self.bounds = bounds }

    /// How many seeds (at most 2^64 − 1 is never reached: settings bound it by `Plan.maxSeeds`).
    package var count: UInt64 { bounds.map { $0.upperBound - $0.lowerBound &+ 1 } ?? 0 }

    /// At least this many seeds, for `Array(_:)` and the like.
    package var underestimatedCount: Int { Int(clamping: count) }

    /// Walks the seeds from the first to the last.
    package func makeIterator() -> Iterator { Iterator(upcoming: bounds?.lowerBound, last: bounds?.upperBound ?? 0) }

    /// The walk over `Seeds`: the next seed, or nil once the last was given.
    package struct Iterator: IteratorProtocol, Sendable {
        /// The seed to give next; nil when done.
        var upcoming: UInt64?
        /// The last seed to give.
        let last: UInt64

        /// The next seed, or nil after the last (which may be `UInt64.max`: no overflow).
        package mutating func next() -> UInt64? {
            guard let seed = upcoming else { return nil }
            upcoming = seed == last ? nil : seed + 1
            return seed
        }
    }
}
